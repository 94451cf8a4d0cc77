import Foundation

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
        var text = "\(TraceNumber.format(sample.time)) \(sample.contact) \(sample.phase.rawValue)"
            + " \(TraceNumber.format(sample.location.x)) \(TraceNumber.format(sample.location.y))"
        for (key, value) in [("force", sample.force), ("radius", sample.majorRadius),
                             ("altitude", sample.altitude), ("azimuth", sample.azimuth)] {
            if let value { text += " \(key)=\(TraceNumber.format(value))" }
        }
        return text + "\n"
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
        try Data(NativeTraceWriter.text(for: self).utf8).write(to: url, options: .atomic)
    }
}
