import Foundation
import Support

/// Writes uisim's native trace format. What it writes reads back as the same samples
/// (numbers are printed in their shortest exact form).
public enum NativeTraceWriter {
    /// The header lines for `screen` (none when nil), ending with a column comment.
    public static func header(screen: TraceScreen?) -> String {
        var text = "\(NativeTraceReader.magic) \(NativeTraceReader.version.major).\(NativeTraceReader.version.minor)\n"
        if let screen {
            text += "screen \(TraceNumber.format(screen.size.width))x\(TraceNumber.format(screen.size.height))"
                + " scale=\(TraceNumber.format(screen.scale)) refresh=\(screen.refreshRate)\n"
            if let name = screen.deviceName, !name.isEmpty {
                text += "device \(name)\n"
            }
        }
        return text + "# time contact phase x y [force= radius= altitude= azimuth=]\n"
    }

    /// One sample as a line, with its terminator.
    public static func line(for sample: TouchSample) -> String {
        if sample.phase == .key { return "\(TraceNumber.format(sample.time)) key \(quoted(sample.text ?? ""))\n" }
        if sample.phase == .appearance { return "\(TraceNumber.format(sample.time)) appearance \(sample.text ?? "light")\n" }
        var text = "\(TraceNumber.format(sample.time)) \(sample.contact) \(sample.phase.rawValue)"
            + " \(TraceNumber.format(sample.location.x)) \(TraceNumber.format(sample.location.y))"
        for (key, value) in [("force", sample.force), ("radius", sample.majorRadius),
                             ("altitude", sample.altitude), ("azimuth", sample.azimuth)] {
            if let value { text += " \(key)=\(TraceNumber.format(value))" }
        }
        return text + "\n"
    }

    /// Typed text as a key line writes it: in double quotes, with `\"`, `\\`, `\n` (return),
    /// `\b` (delete), `\t`, and `\uXXXX` for other control characters and for `#` (which would
    /// otherwise start a comment for a reader of version 1.0).
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\u{8}": out += "\\b"
            case "\t": out += "\\t"
            case "#": out += "\\u0023"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += String(format: "\\u%04X", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// A whole trace as text.
    public static func text(for trace: Trace) -> String {
        var text = header(screen: trace.screen)
        for sample in trace.samples { text += line(for: sample) }
        return text
    }
}

extension Trace {
    /// Writes the trace in the native format, atomically (a reader never sees half a file).
    public func write(to url: URL) throws {
        try AtomicFile.write(Data(NativeTraceWriter.text(for: self).utf8), to: url)
    }
}

/// Writes a native trace file sample by sample, in constant memory, through an `AtomicFile`:
/// moved into place by `finish()`; given up (its temporary file removed) if dropped before.
public final class NativeTraceFileWriter {
    private let file: AtomicFile

    public init(url: URL, screen: TraceScreen?) throws {
        file = try AtomicFile(url)
        try file.append(NativeTraceWriter.header(screen: screen))
    }

    public func write(_ sample: TouchSample) throws {
        try file.append(NativeTraceWriter.line(for: sample))
    }

    /// Writes what is left and moves the file into place.
    public func finish() throws {
        try file.commit()
    }
}

/// The part of a stream of samples between two times, shifted to start at 0: contacts already
/// down at `start` go down at 0 where they were, and the appearance in effect at `start` (a dark
/// window) is set again at 0; samples after `end` are not read.
public struct TraceCut {
    public let start: TimeInterval, end: TimeInterval
    private var down: [Int: CGPoint] = [:]
    /// The last appearance line before `start`.
    private var appearance: TouchSample?
    private var opened = false

    public init(from start: TimeInterval, to end: TimeInterval) {
        self.start = start
        self.end = end
    }

    /// The samples `sample` becomes (none before `start`), or nil once past `end`.
    public mutating func take(_ sample: TouchSample) -> [TouchSample]? {
        if sample.time > end { return nil }
        if sample.time < start {
            switch sample.phase {
            case .down, .move: down[sample.contact] = sample.location
            case .up, .cancel: down[sample.contact] = nil
            case .appearance: appearance = sample
            case .key: break   // before the cut: typed already, gone with it
            }
            return []
        }
        var out: [TouchSample] = []
        if !opened {
            if var appearance, !(sample.phase == .appearance && sample.time == start) {
                appearance.time = 0
                out.append(appearance)
            }
            out += down.keys.sorted().map { TouchSample(time: 0, contact: $0, phase: .down, location: down[$0]!) }
            opened = true
        }
        var shifted = sample
        shifted.time -= start
        out.append(shifted)
        return out
    }
}
