import Foundation

/// Opens trace files of every supported format, recognized by their content.
public enum TraceFile {
    /// A stream of the file's samples. Native traces keep their own screen; recordings of
    /// devices are mapped onto `screen`.
    public static func open(_ url: URL, screen: TraceScreen = .default) throws -> any TouchSampleStream {
        var lines = try LineReader(url: url)
        var first: String?
        while let line = try lines.next() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { continue }
            if trimmed.hasPrefix("#") && !trimmed.hasPrefix("# EVEMU") { continue }
            first = trimmed
            break
        }
        guard let first else {
            throw TraceError(file: url.path, line: nil, "empty file: no trace in it")
        }
        if first.hasPrefix(NativeTraceReader.magic) {
            return try NativeTraceReader(url: url)
        }
        if first.hasPrefix("# EVEMU") || first.hasPrefix("N:") || first.hasPrefix("I:") || first.hasPrefix("E:") {
            return try EvemuReader(url: url, screen: screen)
        }
        throw TraceError(file: url.path, line: lines.lineNumber,
                         "unknown trace format: expected a uisim trace ('\(NativeTraceReader.magic) 1.0') or an evemu recording")
    }
}
