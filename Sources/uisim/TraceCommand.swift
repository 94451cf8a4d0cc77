import ArgumentParser
import Foundation
import UISim

/// `uisim trace`: tools for trace files.
struct TraceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trace", abstract: "Make and inspect trace files.", subcommands: [SynthCommand.self])
}

/// `uisim trace synth`: a gesture made by hand, written in the native format.
struct SynthCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "synth", abstract: "Write a synthesized gesture as a uisim trace.")

    enum Gesture: String, ExpressibleByArgument, CaseIterable {
        case tap, drag
    }

    @Argument(help: "The gesture: tap or drag.")
    var gesture: Gesture

    @Option(help: "Where the gesture starts, in points: x,y.")
    var from: String = "195,600"

    @Option(help: "Where a drag ends, in points: x,y.")
    var to: String = "195,200"

    @Option(help: "How long the gesture lasts, in seconds.")
    var duration: Double = 0.5

    @Option(help: "Samples per second: 60, 120 or 240.")
    var rate: Double = 120

    @Option(help: "When the gesture starts, in seconds.")
    var start: Double = 0.1

    @Option(name: .shortAndLong, help: "The trace file to write.")
    var output: String

    func validate() throws {
        guard [60, 120, 240].contains(rate) else { throw ValidationError("--rate must be 60, 120 or 240") }
        guard duration > 0, duration.isFinite else { throw ValidationError("--duration must be a positive number of seconds") }
        guard start >= 0, start.isFinite else { throw ValidationError("--start must be zero or more seconds") }
        _ = try point(from, "from")
        _ = try point(to, "to")
    }

    private func point(_ text: String, _ name: String) throws -> CGPoint {
        let parts = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 2, let x = parts[0], let y = parts[1], x.isFinite, y.isFinite else {
            throw ValidationError("--\(name) must be two numbers x,y, such as 195,600")
        }
        return CGPoint(x: x, y: y)
    }

    func run() throws {
        var trace = Trace(screen: .default)
        switch gesture {
        case .tap: trace.tap(1, at: try point(from, "from"), time: start, duration: duration)
        case .drag: trace.drag(1, from: try point(from, "from"), to: try point(to, "to"), time: start, duration: duration, rate: rate)
        }
        do {
            try trace.write(to: URL(fileURLWithPath: output))
        } catch {
            report("\(output): cannot write: \(error.localizedDescription)")
            throw Exit.cannotWrite
        }
    }
}
