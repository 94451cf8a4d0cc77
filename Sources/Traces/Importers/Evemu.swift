import Foundation

/// Imports an `evemu-record` recording of a Linux input device (format `# EVEMU 1.x`), mapping
/// the touchscreen's axis ranges onto the screen (`TraceImportOptions.fit`).
///
/// A device description (`N:`, `I:`, `P:`, `B:`, `A:` lines) is followed by its `E:` events; a
/// file may hold several devices, each description followed by its events (as when recordings
/// are joined). The first touchscreen's events are read (or those of the device `--device`
/// names); the others are skipped with a warning. Events are decoded by the kernel's multitouch
/// protocol B, A or single-touch rules (see `EvdevTouchDecoder`); contacts still down at the end
/// are cancelled.
public struct EvemuReader: TouchSampleStream, EvdevRecordingReader {
    public let screen: TraceScreen?
    public var warnings: [TraceWarning] { core.warnings.all }
    public var contactsCancelledAtEnd: Int { core.contactsCancelledAtEnd }
    public var format: String { "evemu \(version)" }

    /// The name of the device read (its `N:` line).
    public var deviceName: String { core.chosen?.name ?? device.name }

    private var lines: LineReader
    var core: EvdevImport
    private var version = "1.x"
    private var device = EvdevDevice()
    /// Whether the current device's events are read (nil until its first event).
    private var reading: Bool?
    private var pendingLine: String?
    /// Bytes of the current device's property bitmask read so far.
    private var propertyBytes = 0

    /// Opens `url` and reads the first device description.
    public init(url: URL, options: TraceImportOptions = TraceImportOptions()) throws {
        try self.init(lines: LineReader(url: url, interruption: options.interruption), options: options)
    }

    /// Opens `url` for `screen`, stretching the device's axes onto it.
    public init(url: URL, screen: TraceScreen) throws {
        try self.init(url: url, options: TraceImportOptions(screen: screen))
    }

    /// Reads a recording held in memory; `name` stands for the file in errors.
    public init(text: String, name: String = "<memory>", options: TraceImportOptions = TraceImportOptions()) throws {
        try self.init(lines: LineReader(name: name, text: text), options: options)
    }

    init(lines: LineReader, options: TraceImportOptions) throws {
        self.lines = lines
        screen = options.screen
        core = EvdevImport(file: lines.name, options: options)
        while let line = try self.lines.next() {
            if line.hasPrefix("E:") {
                pendingLine = line
                break
            }
            try describe(line)
        }
        guard pendingLine != nil else {
            throw TraceError(file: lines.name, line: nil, "no events: an evemu recording has 'E:' lines")
        }
    }

    private func error(_ message: String) -> TraceError {
        TraceError(file: lines.name, line: lines.lineNumber, message)
    }

    /// Reads one line of a device description.
    private mutating func describe(_ line: String) throws {
        if line.hasPrefix("# EVEMU ") {
            let text = line.dropFirst("# EVEMU ".count).trimmingCharacters(in: .whitespaces)
            guard let major = text.split(separator: ".").first.flatMap({ Int($0) }) else {
                throw error("bad evemu version \(TraceEcho.quoted(text)): expected MAJOR.MINOR such as 1.1")
            }
            guard major == 1 else { throw error("evemu format \(TraceEcho.capped(text)) is not supported: uisim reads 1.x") }
            version = text
            return
        }
        let body = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
        if line.hasPrefix("N:") {
            if reading != nil || !device.name.isEmpty || !device.axes.isEmpty {
                device = EvdevDevice()
                reading = nil
                propertyBytes = 0
            }
            device.name = body.dropFirst(2).trimmingCharacters(in: .whitespaces)
        } else if line.hasPrefix("P:") {
            try properties(body.dropFirst(2))
        } else if line.hasPrefix("A:") {
            try axis(body.dropFirst(2))
        }
    }

    /// `P:` lines: the device's property bitmask, 8 bytes a line, continued by the next line.
    /// Properties past `INPUT_PROP_CNT` do not exist and are not kept.
    private mutating func properties(_ text: Substring) throws {
        var properties = device.properties ?? []
        for word in text.split(separator: " ") {
            guard let byte = UInt8(word, radix: 16) else { throw error("bad property line: expected 'P: BYTE BYTE…' in hex") }
            for bit in 0..<8 where byte & (1 << bit) != 0 && propertyBytes * 8 + bit < Evdev.propertyCount {
                properties.insert(propertyBytes * 8 + bit)
            }
            propertyBytes += 1
        }
        device.properties = properties
    }

    private mutating func axis(_ text: Substring) throws {
        let fields = text.split(separator: " ", omittingEmptySubsequences: true)
        guard fields.count >= 3, let code = Int(fields[0], radix: 16), let min = Int(fields[1]), let max = Int(fields[2]) else {
            throw error("bad axis line: expected 'A: CODE MIN MAX FUZZ FLAT [RESOLUTION]'")
        }
        do {
            let range = try AxisRange.declared(code: code, min: min, max: max)
            if Evdev.isKnown(type: Evdev.absType, code: code) { device.axes[code] = range }
        } catch {
            throw self.error(error.message)
        }
    }

    public mutating func next() throws -> TouchSample? {
        try nextDecodedSample()
    }

    mutating func readMore() throws {
        while true {
            let line: String
            if let pendingLine {
                line = pendingLine
                self.pendingLine = nil
            } else if let next = try lines.next() {
                line = next
            } else {
                try core.finish()
                return
            }
            guard line.hasPrefix("E:") else {
                try describe(line)
                continue
            }
            if reading == nil { reading = try core.accepts(device, line: lines.lineNumber) }
            guard reading == true else {
                core.skip(device)
                continue
            }
            try core.feed(try event(line), line: lines.lineNumber)
            if core.hasSamples { return }
        }
    }

    /// `E: SECONDS.MICROS TYPE CODE VALUE`.
    private func event(_ line: String) throws -> EvdevEvent {
        let fields = TraceText.fields(TraceText.uncommented(Substring(line).dropFirst(2)))
        guard fields.count >= 4, let micros = Self.timestamp(fields[0]),
              let type = Int(fields[1], radix: 16), let code = Int(fields[2], radix: 16), let value = Int32(fields[3]) else {
            throw error("bad event: expected 'E: SECONDS.MICROS TYPE CODE VALUE'")
        }
        return EvdevEvent(micros: micros, type: type, code: code, value: Int(value))
    }

    /// "SECONDS.MICROS" in whole microseconds (a fraction of other than 6 digits is scaled).
    static func timestamp(_ text: Substring) -> Int64? {
        var seconds: Int64 = 0, micros: Int64 = 0, digits = 0, fractionDigits = 0, inFraction = false
        for byte in text.utf8 {
            if byte == UInt8(ascii: ".") {
                guard !inFraction, digits > 0 else { return nil }
                inFraction = true
                continue
            }
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let digit = Int64(byte - UInt8(ascii: "0"))
            if inFraction {
                fractionDigits += 1
                if fractionDigits <= 6 { micros = micros * 10 + digit }
            } else {
                digits += 1
                guard digits <= 13 else { return nil }   // below 2^40 s
                seconds = seconds * 10 + digit
            }
        }
        guard digits > 0, !inFraction || fractionDigits > 0, seconds < 1 << 40 else { return nil }
        for _ in min(fractionDigits, 6)..<6 { micros *= 10 }
        return seconds * 1_000_000 + micros
    }
}
