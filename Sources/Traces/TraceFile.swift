import Foundation

/// Opens trace files of every supported format, recognized by their content.
public enum TraceFile {
    /// The formats uisim reads.
    public enum Format: String, Sendable, CaseIterable {
        /// uisim's own (`Traces/FORMAT.md`).
        case native
        /// `evemu-record` output.
        case evemu
        /// Android's `getevent -lt` or `getevent -t` output.
        case getevent
        /// `libinput record` YAML.
        case libinputRecord = "libinput-record"
        /// W3C WebDriver actions JSON (touch pointers).
        case webDriverActions = "webdriver-actions"
    }

    /// A stream of the file's samples. Native traces keep their own screen; recordings of
    /// devices are mapped onto `screen`, stretched.
    public static func open(_ url: URL, screen: TraceScreen = .default) throws -> any TouchSampleStream {
        try open(url, options: TraceImportOptions(screen: screen))
    }

    /// A stream of the file's samples. Native traces keep their own screen; recordings of other
    /// tools are mapped onto `options.screen` as `options` say.
    public static func open(_ url: URL, options: TraceImportOptions) throws -> any TouchSampleStream {
        try format(of: url).reader(of: .file(url), options: options)
    }

    /// The format of the file at `url`, from its first meaningful line.
    public static func format(of url: URL) throws -> Format {
        var lines = try LineReader(url: url)
        while true {
            let line: String?
            do {
                line = try lines.next()
            } catch let error as TraceError where error.message.hasPrefix("line is longer") {
                // Minified JSON is one long line.
                if try firstByte(of: url).map({ $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "[") }) == true {
                    return .webDriverActions
                }
                throw error
            }
            guard let line else {
                throw TraceError(file: url.path, line: nil, "empty file: no trace in it")
            }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { continue }
            if trimmed.hasPrefix("# EVEMU") { return .evemu }
            if trimmed.hasPrefix("#") { continue }
            if let format = format(ofFirstLine: trimmed) { return format }
            throw TraceError(file: url.path, line: lines.lineNumber, """
                unknown trace format: expected a uisim trace ('\(NativeTraceReader.magic) 1.0'), an evemu recording, \
                getevent -lt output, a libinput recording or WebDriver actions JSON
                """)
        }
    }

    static func format(ofFirstLine line: String) -> Format? {
        if line.hasPrefix(NativeTraceReader.magic) { return .native }
        if line.hasPrefix("{") || line.hasPrefix("[") && !line.hasPrefix("[ ") && !GeteventReader.looksLikeEvent(line) {
            return .webDriverActions
        }
        if ["N:", "I:", "P:", "B:", "A:", "E:"].contains(where: line.hasPrefix) { return .evemu }
        if ["version:", "ndevices:", "libinput:", "system:", "devices:"].contains(where: line.hasPrefix) { return .libinputRecord }
        if GeteventReader.looksLikeGetevent(line) { return .getevent }
        return nil
    }

    private static func firstByte(of url: URL) throws -> UInt8? {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        while let data = try handle.read(upToCount: 4096), !data.isEmpty {
            if let byte = data.first(where: { ![0x20, 0x09, 0x0a, 0x0d, 0xEF, 0xBB, 0xBF].contains($0) }) { return byte }   // BOM too
        }
        return nil
    }
}

/// Where a reader's input comes from: a file, or bytes in memory (tests, fuzzing).
enum TraceSource {
    case file(URL)
    case memory(name: String, bytes: [UInt8])

    /// The input line by line (streamed from a file).
    func lines() throws -> LineReader {
        switch self {
        case let .file(url): return try LineReader(url: url)
        case let .memory(name, bytes): return LineReader(name: name, bytes: bytes)
        }
    }

    /// The input whole, for a format read whole: a file of at most
    /// `TraceLimits.maxWholeFileBytes`.
    func whole() throws -> (name: String, bytes: [UInt8]) {
        switch self {
        case let .memory(name, bytes):
            return (name, bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes)
        case let .file(url):
            do {
                let handle = try FileHandle(forReadingFrom: url)
                defer { try? handle.close() }
                let data = try handle.read(upToCount: TraceLimits.maxWholeFileBytes + 1) ?? Data()
                guard data.count <= TraceLimits.maxWholeFileBytes else {
                    throw TraceError(file: url.path, line: nil, "larger than \(TraceLimits.maxWholeFileBytes) bytes: too large to read whole")
                }
                return (url.path, Array(data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data[...]))
            } catch let error as TraceError {
                throw error
            } catch {
                throw TraceError(file: url.path, line: nil, "cannot read: \(error.localizedDescription)")
            }
        }
    }
}

extension TraceFile.Format {
    /// The reader of this format over `source`: the one place a format is tied to its reader.
    func reader(of source: TraceSource, options: TraceImportOptions) throws -> any TouchSampleStream {
        switch self {
        case .native: return try NativeTraceReader(lines: source.lines())
        case .evemu: return try EvemuReader(lines: source.lines(), options: options)
        case .getevent: return try GeteventReader(lines: source.lines(), options: options)
        case .libinputRecord: return try LibinputRecordReader(lines: source.lines(), options: options)
        case .webDriverActions:
            let (name, bytes) = try source.whole()
            return try WebDriverActionsReader(bytes: bytes, name: name, options: options)
        }
    }
}
