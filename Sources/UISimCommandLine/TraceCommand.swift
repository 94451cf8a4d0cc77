import ArgumentParser
import Foundation
import UISim

/// `uisim trace`: tools for trace files.
struct TraceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trace", abstract: "Make and inspect trace files.", subcommands: [InfoCommand.self, ValidateCommand.self, ConvertCommand.self, CutCommand.self, SynthCommand.self])
}

/// `uisim trace synth`: a gesture made by hand, written in the native format.
struct SynthCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "synth", abstract: "Write a synthesized gesture as a uisim trace.")

    enum Gesture: String, ExpressibleByArgument, CaseIterable {
        case tap, doubleTap = "double-tap", longPress = "long-press", drag, fling, edgeSwipe = "edge-swipe", pinch, rotate, type
    }

    @Argument(help: "The gesture: tap, double-tap, long-press, drag, fling, edge-swipe (a drag from the screen's left edge: a navigation controller's back swipe), pinch, rotate, or type (a tap at --from to focus a text field, then --text typed).")
    var gesture: Gesture

    // Numbers are read `.unconditional`ly, as every option of a number is: ArgumentParser would
    // take "-1" for a flag and say "Missing value"; read as a value, a negative number is a
    // valid one (--degrees -90, --from -20,100) or reaches `validate`, which says what to give.

    @Option(parsing: .unconditional, help: "Where the gesture starts, in points: x,y (default 195,600; edge-swipe 1,420).")
    var from: String?

    @Option(parsing: .unconditional, help: "Where a drag ends, in points: x,y (default 195,200; edge-swipe 290,420).")
    var to: String?

    /// Where the gesture starts and ends: what was given, or the gesture's defaults (an edge
    /// swipe starts on the left edge and crosses three quarters of the screen).
    private var fromText: String { from ?? (gesture == .edgeSwipe ? "1,420" : "195,600") }
    private var toText: String { to ?? (gesture == .edgeSwipe ? "290,420" : "195,200") }

    @Option(name: .customLong("duration"), parsing: .unconditional, help: "How long the gesture lasts, in seconds.")
    var durationArgument = DecimalArgument(0.5)
    var duration: Double { durationArgument.value }

    @Option(name: .customLong("rate"), parsing: .unconditional, help: "Samples per second: 60, 120 or 240.")
    var rateArgument = DecimalArgument(120)
    var rate: Double { rateArgument.value }

    @Option(name: .customLong("start"), parsing: .unconditional, help: "When the gesture starts, in seconds.")
    var startArgument = DecimalArgument(0.1)
    var start: Double { startArgument.value }

    @Option(name: .customLong("hold"), parsing: .unconditional, help: "Seconds a drag's finger rests at its end before lifting (0: lifts moving).")
    var holdArgument = DecimalArgument(0)
    var hold: Double { holdArgument.value }

    @Option(parsing: .unconditional, help: "Pinch and rotate: the fingers' distance at the start and the end, in points: a,b.")
    var distance: String = "100,300"

    @Option(name: .customLong("degrees"), parsing: .unconditional, help: "Rotate: the turn in degrees.")
    var degreesArgument = DecimalArgument(90)
    var degrees: Double { degreesArgument.value }

    @Option(name: .customLong("jitter"), parsing: .unconditional, help: "Move every position by up to this many points at random (reproducible with --seed).")
    var jitterArgument = DecimalArgument(0)
    var jitter: Double { jitterArgument.value }

    @Option(parsing: .unconditional, help: "The seed of --jitter, a whole number from 0.")
    var seed: UInt64 = 1

    @Option(parsing: .unconditional, help: ArgumentHelp("Type: the text typed after the tap, a key every --interval seconds; \\n is the return key, \\b delete.",
                               valueName: "text"))
    var text: String?

    @Option(name: .customLong("interval"), parsing: .unconditional, help: "Type: seconds between two keys (0.2: five a second).")
    var intervalArgument = DecimalArgument(0.2)
    var interval: Double { intervalArgument.value }

    @Option(name: .shortAndLong, help: "The trace file to write.")
    var output: String

    func validate() throws {
        guard [60, 120, 240].contains(rate) else { throw ValidationError("--rate must be 60, 120 or 240") }
        let week = TraceLimits.maxTime, far = TraceLimits.maxCoordinate
        guard duration > 0, duration <= week else { throw ValidationError("--duration must be more than 0 and at most \(Int(week)) seconds (a week)") }
        guard start >= 0, hold >= 0, start + duration + hold <= week else {
            throw ValidationError("--start, --duration and --hold must be zero or more and end within \(Int(week)) seconds (a week)")
        }
        guard jitter >= 0, jitter <= far else { throw ValidationError("--jitter must be between 0 and \(Int(far)) points") }
        guard degrees.isFinite, abs(degrees) <= 3600 else { throw ValidationError("--degrees must be a number of degrees within ±3600 (ten turns)") }
        try requireOutputPath(output, "-o")
        if gesture == .type {
            guard let text, !text.isEmpty else { throw ValidationError("type needs --text, the text to type (\\n for return, \\b for delete)") }
            guard interval > 0, interval <= 60 else { throw ValidationError("--interval must be more than 0 and at most 60 seconds") }
            guard start + 0.05 + interval * Double(typedText.count) <= week else { throw ValidationError("--text typed at --interval ends past \(Int(week)) seconds (a week)") }
        } else if text != nil {
            throw ValidationError("--text is for type: \(gesture.rawValue) types nothing")
        }
        let (d0, d1) = try distances()
        // Every position the gesture reaches (a finger half the distance out, then jittered) stays within the limits.
        let reach = Double(jitter) + Double(gesture == .pinch || gesture == .rotate ? max(d0, d1) / 2 : 0)
        for (point, name) in [(try point(fromText, "from"), "from"), (try point(toText, "to"), "to")]
        where abs(Double(point.x)) + reach > far || abs(Double(point.y)) + reach > far {
            throw ValidationError("--\(name) with --jitter and --distance reaches past ±\(Int(far)) points")
        }
    }

    /// "x,y" as a point within the limits every trace reader enforces (`TraceLimits`).
    private func point(_ text: String, _ name: String) throws -> CGPoint {
        let parts = text.split(separator: ",").map { TraceNumber.decimal(Substring($0.trimmingCharacters(in: .whitespaces))) }
        guard parts.count == 2, let x = parts[0], let y = parts[1], abs(x) <= TraceLimits.maxCoordinate, abs(y) <= TraceLimits.maxCoordinate else {
            throw ValidationError("--\(name) must be two numbers x,y between ±\(Int(TraceLimits.maxCoordinate)), such as 195,600")
        }
        return CGPoint(x: x, y: y)
    }

    private func distances() throws -> (CGFloat, CGFloat) {
        let parts = distance.split(separator: ",").map { TraceNumber.decimal(Substring($0.trimmingCharacters(in: .whitespaces))) }
        guard parts.count == 2, let a = parts[0], let b = parts[1], a > 0, b > 0, a <= TraceLimits.maxCoordinate, b <= TraceLimits.maxCoordinate else {
            throw ValidationError("--distance must be two positive numbers a,b up to \(Int(TraceLimits.maxCoordinate)), such as 100,300")
        }
        return (CGFloat(a), CGFloat(b))
    }

    /// `--text` with its escapes read: `\n` the return key, `\b` delete, `\\` a backslash.
    private var typedText: String {
        var out = "", escaping = false
        for character in text ?? "" {
            if escaping {
                switch character {
                case "n": out.append("\n")
                case "b": out.append("\u{8}")
                case "t": out.append("\t")
                default: out.append(character)
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                out.append(character)
            }
        }
        return escaping ? out + "\\" : out
    }

    func run() throws {
        // The samples are made one at a time as they are written: a drag of days is never in memory.
        let a = try point(fromText, "from"), b = try point(toText, "to")
        var taps = Trace(screen: .default)
        let samples: AnySequence<TouchSample>
        switch gesture {
        case .type:
            taps.tap(1, at: a, time: start)
            taps.type(typedText, time: start + 0.05 + interval, interval: interval)
            samples = AnySequence(taps.samples)
        case .tap, .doubleTap, .longPress:
            switch gesture {
            case .tap: taps.tap(1, at: a, time: start, duration: duration)
            case .doubleTap: taps.doubleTap(1, at: a, time: start)
            default: taps.longPress(1, at: a, time: start, duration: duration)
            }
            samples = AnySequence(taps.samples)
        case .drag, .fling, .edgeSwipe:
            // A fling is a drag released at full speed (`Trace.fling`); an edge swipe, a drag.
            samples = AnySequence(Trace.dragSamples(1, from: a, to: b, time: start, duration: duration, rate: rate,
                                                    hold: gesture == .drag ? hold : 0))
        case .pinch, .rotate:
            let (d0, d1) = try distances()
            samples = AnySequence(Trace.twoFingerSamples(center: a, startDistance: d0, endDistance: gesture == .pinch ? d1 : d0,
                                                         rotation: gesture == .rotate ? CGFloat(degrees * .pi / 180) : 0,
                                                         time: start, duration: duration, rate: rate))
        }
        var jitter = self.jitter > 0 ? Jitter(amount: self.jitter, seed: seed) : nil
        let writer = try NativeTraceFileWriter(url: URL(fileURLWithPath: output), screen: .default)
        for (index, sample) in samples.enumerated() {
            // A signal stops a long synthesis (a drag of days) with no file written.
            if index % 4096 == 0, let signal = Interruption.signal { throw Interrupted(signal: signal, unwritten: "no trace written") }
            var jittered = jitter?.apply(sample) ?? sample
            // Jitter leaves an edge swipe's finger on the edge it came down on (13 pt: UIKit's region).
            if gesture == .edgeSwipe, sample.phase == .down, sample.location.x <= 12 { jittered.location.x = min(max(jittered.location.x, 0), 12) }
            try writer.write(jittered)
        }
        try writer.finish()
    }
}

/// `uisim trace info`: what a trace holds.
struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "info", abstract: "Show a trace's format, screen, samples, contacts and rate.")

    @Argument(help: "The trace file (any supported format).")
    var file: String

    @OptionGroup(title: "Recordings of other tools")
    var input: TraceInputOptions

    @Flag(help: "Print JSON.")
    var json = false

    func validate() throws {
        if file != "-" { try requireReadable(file, "the trace file") }
    }

    func run() throws {
        var stream = try TraceFile.open(path: file, options: input.options())
        let screen = stream.screen
        let info = try TraceInfo(reading: &stream)
        for warning in stream.warnings { report("warning: \(warning)") }
        if json {
            print(String(decoding: try JSONEncoder.sorted.encode(info), as: UTF8.self))
            return
        }
        print("format            \(info.format)")
        if let screen {
            print("screen            \(Int(screen.size.width))×\(Int(screen.size.height)) pt @\(screen.scale)x, \(screen.refreshRate) Hz\(screen.deviceName.map { " (\(TraceEcho.capped($0)))" } ?? "")")
        }
        print("samples           \(info.samples)\(info.keys > 0 ? ", of them \(info.keys) keys typed" : "")")
        print("contacts          \(info.contacts), at most \(info.maxSimultaneous) at once")
        print("duration          \(String(format: "%.3f", info.duration)) s")
        print("sample rate       \(String(format: "%.0f", info.rate)) Hz (median)")
        print("left down         \(info.unfinished)\(info.unfinished > 0 ? " (still down when the recording ends: a replay cancels them)" : "")")
    }
}

/// `uisim trace validate`: every problem of a trace, with its line.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "validate", abstract: "List every problem of a trace file (exit 65 when any).")

    @Argument(help: "The trace file.")
    var file: String

    @OptionGroup(title: "Recordings of other tools")
    var input: TraceInputOptions

    func validate() throws {
        try requireReadable(file, "the trace file")
    }

    func run() throws {
        let problems = try TraceFile.problems(in: URL(fileURLWithPath: file), options: input.options())
        for problem in problems { print(problem.description) }
        if problems.isEmpty { print("\(file): ok") } else { throw Exit.badData }
    }
}

/// `uisim trace convert`: any supported format to uisim's native one.
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "convert", abstract: "Convert a trace to uisim's native format.")

    @Argument(help: "The trace file (any supported format).")
    var input: String

    @OptionGroup(title: "Recordings of other tools")
    var recording: TraceInputOptions

    @Option(name: .shortAndLong, help: "The native trace to write.")
    var output: String

    func validate() throws {
        try requireReadable(input, "the trace file")
        try requireOutputPath(output, "-o")
    }

    func run() throws {
        try TraceFile.copy(input, options: recording.options(), to: URL(fileURLWithPath: output))
    }
}

/// `uisim trace cut`: the part of a trace between two times.
struct CutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cut", abstract: "Keep the part of a trace between two times (shifted to start at 0).",
        discussion: "Contacts already down at --from go down at 0 where they were; contacts still down at --to are left down (a replay cancels them).")

    @Argument(help: "The trace file.")
    var file: String

    @Option(name: .customLong("from"), parsing: .unconditional, help: "Start, in seconds.")
    var fromArgument: DecimalArgument
    var from: Double { fromArgument.value }

    @Option(name: .customLong("to"), parsing: .unconditional, help: "End, in seconds.")
    var toArgument: DecimalArgument
    var to: Double { toArgument.value }

    @Option(name: .shortAndLong, help: "The native trace to write.")
    var output: String

    @OptionGroup(title: "Recordings of other tools")
    var input: TraceInputOptions

    func validate() throws {
        guard from >= 0, to > from, from.isFinite, to.isFinite else {
            throw ValidationError("need 0 ≤ --from < --to, in seconds from the trace's start, such as --from 1 --to 3")
        }
        try requireReadable(file, "the trace file")
        try requireOutputPath(output, "-o")
    }

    func run() throws {
        try TraceFile.copy(file, options: input.options(), to: URL(fileURLWithPath: output), cut: TraceCut(from: from, to: to))
    }
}

/// A number option read as the trace format reads numbers (`Traces/FORMAT.md`): decimal only, so
/// `--duration 0x1p-1`, `nan` or `inf` (which Swift's `Double(_:)` takes) is a usage error, as
/// the same number in a trace is an error.
struct DecimalArgument: ExpressibleByArgument {
    let value: Double

    init(_ value: Double) { self.value = value }

    init?(argument: String) {
        guard let value = TraceNumber.decimal(Substring(argument)) else { return nil }
        self.value = value
    }

    var defaultValueDescription: String { TraceNumber.format(value) }
}
