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
    /// tools are mapped onto `options.screen` as `options` say. The file is read once, from its
    /// start (its format told from its first bytes), so a pipe or a FIFO works as well as a file.
    public static func open(_ url: URL, options: TraceImportOptions) throws -> any TouchSampleStream {
        try open(InputChannel(path: url.path, interruption: options.interruption), options: options)
    }

    /// The trace at `path`, or standard input for "-" (read once, from its start, so pipes,
    /// FIFOs and `<(…)` work as well as files).
    public static func open(path: String, options: TraceImportOptions) throws -> any TouchSampleStream {
        if path == "-" {
            try StandardStreams.requireInput()
            return try open(FileHandle.standardInput, name: "<stdin>", options: options)
        }
        return try open(URL(fileURLWithPath: path), options: options)
    }

    /// A stream of the samples `handle` gives (standard input, say), named `name` in errors.
    public static func open(_ handle: FileHandle, name: String, options: TraceImportOptions) throws -> any TouchSampleStream {
        try open(InputChannel(descriptor: handle.fileDescriptor, name: name, interruption: options.interruption), options: options)
    }

    private static func open(_ channel: InputChannel, options: TraceImportOptions) throws -> any TouchSampleStream {
        let prefix = try readPrefix(of: channel)
        let name = channel.name
        return try format(ofPrefix: prefix, name: name).reader(of: .stream(name: name, channel: channel, prefix: prefix), options: options)
    }

    /// How much of a trace is read to tell its format.
    static let prefixBytes = 64 * 1024

    /// The first bytes of `channel`: up to `prefixBytes`, or fewer once the complete lines read
    /// tell the format (a pipe that writes a few lines and waits is replayed as it comes).
    private static func readPrefix(of channel: InputChannel) throws -> [UInt8] {
        var prefix: [UInt8] = []
        while prefix.count < prefixBytes {
            let data = try channel.read(upTo: prefixBytes - prefix.count)
            if data.isEmpty { break }
            prefix.append(contentsOf: data)
            if formatIsKnown(from: prefix) { break }
        }
        return prefix
    }

    /// Whether the complete lines of `prefix` tell its format (or that it is none).
    private static func formatIsKnown(from prefix: [UInt8]) -> Bool {
        guard let end = prefix.lastIndex(of: UInt8(ascii: "\n")) else { return false }
        do {
            // JSON is read whole, and a document on several lines tells nothing from its first.
            return try format(ofPrefix: Array(prefix[...end]), name: "") != .webDriverActions
        } catch let error as TraceError {
            return !(error.message.hasPrefix("no trace in its first") || error.message.hasPrefix("empty file"))
        } catch {
            return true
        }
    }

    /// The format of the file at `url`, from its first meaningful line.
    public static func format(of url: URL) throws -> Format {
        try format(ofPrefix: readPrefix(of: InputChannel(path: url.path, interruption: nil)), name: url.path)
    }

    /// The format of a trace whose first bytes are `prefix`, from its first meaningful line.
    static func format(ofPrefix prefix: [UInt8], name: String) throws -> Format {
        var lines = LineReader(name: name, bytes: prefix)
        while true {
            let line: String?
            do {
                line = try lines.next()
            } catch let error as TraceError where error.message.hasPrefix("line is longer") {
                // Minified JSON is one long line.
                if let first = prefix.first(where: { ![0x20, 0x09, 0x0a, 0x0d, 0xEF, 0xBB, 0xBF].contains($0) }),   // BOM too
                   first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
                    return .webDriverActions
                }
                throw error
            }
            guard let line else {
                throw TraceError(file: name, line: nil, prefix.isEmpty ? "empty file: no trace in it"
                                 : "no trace in its first \(prefixBytes / 1024) kB: only blank lines and comments")
            }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { continue }
            if trimmed.hasPrefix("# EVEMU") { return .evemu }
            if trimmed.hasPrefix("#") { continue }
            if let format = format(ofFirstLine: trimmed) { return format }
            throw TraceError(file: name, line: lines.lineNumber, """
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
}

/// Where a reader's input comes from: a file or a stream already opened (its first bytes read to
/// tell the format), or bytes in memory (tests, fuzzing).
enum TraceSource {
    case stream(name: String, channel: InputChannel, prefix: [UInt8])
    case memory(name: String, bytes: [UInt8])

    /// The file at `url`, opened to be read from its start.
    static func file(_ url: URL, interruption: Int32? = nil) throws -> TraceSource {
        .stream(name: url.path, channel: try InputChannel(path: url.path, interruption: interruption), prefix: [])
    }

    /// The input line by line (streamed from a file).
    func lines() throws -> LineReader {
        switch self {
        case let .stream(name, channel, prefix): return LineReader(name: name, channel: channel, prefix: prefix)
        case let .memory(name, bytes): return LineReader(name: name, bytes: bytes)
        }
    }

    /// The input whole, for a format read whole: at most `TraceLimits.maxWholeFileBytes`, without
    /// a byte-order mark.
    func whole() throws -> (name: String, bytes: [UInt8]) {
        switch self {
        case let .memory(name, bytes):
            return (name, bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes)
        case let .stream(name, channel, prefix):
            var bytes = prefix
            while bytes.count <= TraceLimits.maxWholeFileBytes {
                let data = try channel.read(upTo: 1 << 20)
                if data.isEmpty { break }
                bytes.append(contentsOf: data)
            }
            guard bytes.count <= TraceLimits.maxWholeFileBytes else {
                throw TraceError(file: name, line: nil, "larger than \(TraceLimits.maxWholeFileBytes) bytes: too large to read whole")
            }
            return try TraceSource.memory(name: name, bytes: bytes).whole()
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
