import Foundation

/// Imports the output of Android's `getevent` with time stamps: `getevent -lt` (labelled,
/// `[   1234.567890] /dev/input/event2: EV_ABS       ABS_MT_POSITION_X    000001e0`) or
/// `getevent -t` (numeric, `… 0003 0035 000001e0`); values are hexadecimal.
///
/// Without a device argument getevent interleaves every device, each line naming its node; the
/// touchscreen's events are read (or those of the device `--device` names) and the others
/// skipped. Axis ranges come from `getevent -p` / `-lp` blocks in the same file (`add device 1:
/// /dev/input/event2` … `ABS_MT_POSITION_X : value 0, min 0, max 1079, …`); run
/// `getevent -lp > trace.txt; getevent -lt >> trace.txt` to record both. Without them (the
/// `add device` and `name:` lines alone, as `getevent -lt` prints them), a device whose events
/// carry multitouch or absolute positions is the touchscreen, and its positions are taken as
/// pixels of the replay screen (a stream cannot know the device's range before its last event),
/// with a warning. Events are decoded by the kernel's multitouch rules (see `EvdevTouchDecoder`).
public struct GeteventReader: TouchSampleStream, EvdevRecordingReader {
    public let screen: TraceScreen?
    public var warnings: [TraceWarning] { core.warnings.all }
    public var contactsCancelledAtEnd: Int { core.contactsCancelledAtEnd }
    public var format: String { labelled == false ? "getevent -t" : "getevent -lt" }

    private var lines: LineReader
    var core: EvdevImport
    private let options: TraceImportOptions
    private var devices: [String: EvdevDevice] = [:]
    /// The device the `-p` lines being read describe.
    private var describing: String?
    private var readingProperties = false
    private var decided: [String: Bool] = [:]
    private var labelled: Bool?
    /// Unknown event names warned about, at most `TraceLimits.maxWarnings` (the warnings kept
    /// stop there anyway), so that a stream of ever new names cannot fill memory.
    private(set) var unknownLabels: Set<String> = []
    private var sawEvent = false

    /// Opens `url`; samples are read as `next()` asks.
    public init(url: URL, options: TraceImportOptions = TraceImportOptions()) throws {
        try self.init(lines: LineReader(url: url, interruption: options.interruption), options: options)
    }

    /// Reads a recording held in memory; `name` stands for the file in errors.
    public init(text: String, name: String = "<memory>", options: TraceImportOptions = TraceImportOptions()) throws {
        try self.init(lines: LineReader(name: name, text: text), options: options)
    }

    init(lines: LineReader, options: TraceImportOptions) throws {
        self.lines = lines
        self.options = options
        screen = options.screen
        core = EvdevImport(file: lines.name, options: options)
    }

    private func error(_ message: String) -> TraceError {
        TraceError(file: lines.name, line: lines.lineNumber, message)
    }

    public mutating func next() throws -> TouchSample? {
        try nextDecodedSample()
    }

    mutating func readMore() throws {
        while let line = try lines.next() {
            try read(line)
            if core.hasSamples { return }
        }
        guard sawEvent else {
            throw TraceError(file: lines.name, line: nil, "no events: record with 'getevent -lt' (or -t)")
        }
        try core.finish()
    }

    private mutating func read(_ line: String) throws {
        let trimmed = TraceText.trimmed(Substring(line))
        if trimmed.isEmpty { return }
        if trimmed.hasPrefix("add device") {
            // add device 1: /dev/input/event2
            let node = trimmed.split(separator: ":", maxSplits: 1).dropFirst().first?.trimmingCharacters(in: .whitespaces) ?? ""
            guard devices[node] != nil || devices.count < TraceLimits.maxDevices else { throw tooManyDevices() }
            devices[node] = EvdevDevice(node: node)
            describing = node
            readingProperties = false
            return
        }
        if trimmed.hasPrefix("[") || trimmed.hasPrefix("/dev/input/") || Self.isNumericEvent(trimmed) {
            describing = nil
            try event(trimmed)
            return
        }
        guard let node = describing else { return }   // "could not open …", "remove device …", banners
        if trimmed.hasPrefix("name:") {
            devices[node]?.name = trimmed.dropFirst(5).trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        } else if trimmed.hasPrefix("input props:") {
            readingProperties = true
            devices[node]?.properties = []
        } else if trimmed.contains(": value ") {
            readingProperties = false
            try axis(String(trimmed), node: node)
        } else if readingProperties {
            let names = ["INPUT_PROP_POINTER": Evdev.propertyPointer, "INPUT_PROP_DIRECT": Evdev.propertyDirect]
            if let property = names[String(trimmed)] ?? Int(trimmed, radix: 16), (0..<Evdev.propertyCount).contains(property) {
                devices[node]?.properties?.insert(property)
            }
        }
    }

    /// `ABS (0003): ABS_MT_POSITION_X     : value 0, min 0, max 1079, fuzz 0, flat 0, resolution 0`,
    /// or with `0035` for the name.
    private mutating func axis(_ line: String, node: String) throws {
        let parts = line.components(separatedBy: ": value ")
        guard parts.count == 2, let name = parts[0].split(separator: " ").last.map({ $0.trimmingCharacters(in: CharacterSet(charactersIn: "*")) }) else { return }
        guard let code = Evdev.codeNames[Evdev.absType]?[name] ?? Int(name, radix: 16), Evdev.isKnown(type: Evdev.absType, code: code) else { return }
        var min: Int?, max: Int?
        for field in parts[1].split(separator: ",") {
            let words = field.split(separator: " ")
            guard words.count == 2 else { continue }
            if words[0] == "min" { min = Int(words[1]) }
            if words[0] == "max" { max = Int(words[1]) }
        }
        guard let min, let max else { throw error("bad axis line: expected ': value V, min MIN, max MAX, …'") }
        do {
            devices[node]?.axes[code] = try AxisRange.declared(code: code, min: min, max: max)
        } catch {
            throw self.error(error.message)
        }
    }

    private mutating func event(_ line: Substring) throws {
        var rest = line
        var micros: Int64?
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { throw error("bad time stamp: expected '[ SECONDS.MICROS]'") }
            let stamp = TraceText.trimmed(rest[rest.index(after: rest.startIndex)..<close])
            guard let value = EvemuReader.timestamp(stamp) else {
                throw error("bad time stamp \(TraceEcho.quoted(stamp)): expected SECONDS.MICROS")
            }
            micros = value
            rest = rest[rest.index(after: close)...]
        }
        var words = TraceText.fields(rest)
        var node = ""
        if let first = words.first, first.hasSuffix(":") {
            node = String(first.dropLast())
            words.removeFirst()
        } else if devices.count == 1, let only = devices.keys.first {
            node = only   // getevent given one device prints no node before its events
        }
        guard let micros else { throw error("no time stamp: record with 'getevent -lt' (or -t)") }
        guard words.count == 3 else { throw error("bad event: expected 'TYPE CODE VALUE'") }
        sawEvent = true
        let isLabelled = Int(words[0], radix: 16) == nil
        if labelled == nil { labelled = isLabelled }
        guard let type = Evdev.typeNames[String(words[0])] ?? Int(words[0], radix: 16) else {
            return unknown(String(words[0]))
        }
        guard let code = Evdev.codeNames[type]?[String(words[1])] ?? Int(words[1], radix: 16) else {
            return unknown(String(words[1]))
        }
        let value: Int
        if let named = Evdev.keyValueNames[String(words[2])], type == Evdev.keyType {
            value = named
        } else if let bits = UInt32(words[2], radix: 16), words[2].count <= 8 {
            value = Int(Int32(bitPattern: bits))
        } else if isLabelled, let first = words[2].first, first.isUppercase,
                  words[2].allSatisfy({ ($0.isUppercase && $0.isASCII) || $0.isNumber || $0 == "_" }) {
            value = 0   // a named value uisim does not use, such as MT_TOOL_FINGER
        } else {
            throw error("bad value \(TraceEcho.quoted(words[2])): expected 8 hexadecimal digits")
        }
        let event = EvdevEvent(micros: micros, type: type, code: code, value: value)
        guard let read = try decide(node, event) else { return }
        if read {
            try core.feed(event, line: lines.lineNumber)
        } else {
            core.skip(devices[node] ?? EvdevDevice(node: node))
        }
    }

    /// Whether the events of `node` are read; nil while it cannot tell yet (a device whose
    /// capabilities are not in the file shows it is a touchscreen by sending positions).
    private mutating func decide(_ node: String, _ event: EvdevEvent) throws -> Bool? {
        if let known = decided[node] { return known }
        guard decided.count < TraceLimits.maxDevices else { throw tooManyDevices() }
        var device = devices[node] ?? EvdevDevice(node: node)
        // A device without its capability listing (no `getevent -p` block: only the `add device`
        // and `name:` lines that `getevent -lt` alone prints, or no line at all) shows that it is a
        // touchscreen by its events: multitouch or absolute positions.
        if device.axes.isEmpty && device.properties == nil {
            let touchCodes = [Evdev.mtSlot, Evdev.mtTrackingID, Evdev.mtPositionX, Evdev.mtPositionY, Evdev.absX, Evdev.absY]
            let named = options.device.map(device.matches) ?? false
            guard named || (event.type == Evdev.absType && touchCodes.contains(event.code)) else {
                // Not the named device, or a device already chosen: never read. Otherwise it may
                // still show it is the touchscreen.
                guard options.device != nil || core.chosen != nil else { return nil }
                decided[node] = false
                return false
            }
            if core.chosen == nil {
                let size = options.screen.size, scale = options.screen.scale
                let x = AxisRange(min: 0, max: max(1, Int((Double(size.width) * scale).rounded()) - 1))
                let y = AxisRange(min: 0, max: max(1, Int((Double(size.height) * scale).rounded()) - 1))
                device.axes = [Evdev.mtPositionX: x, Evdev.mtPositionY: y, Evdev.absX: x, Evdev.absY: y]
                core.warnings.add(line: lines.lineNumber, """
                    no axis ranges for \(device.label) (record 'getevent -lp' into the file first): \
                    positions are taken as pixels of the \(x.max + 1)×\(y.max + 1) screen
                    """)
            }
        }
        let read = try core.accepts(device, line: lines.lineNumber)
        decided[node] = read
        return read
    }

    private func tooManyDevices() -> TraceError {
        error("more than \(TraceLimits.maxDevices) input devices in the recording")
    }

    private mutating func unknown(_ label: String) {
        if unknownLabels.count < TraceLimits.maxWarnings, unknownLabels.insert(label).inserted {
            core.warnings.add(line: lines.lineNumber, "unknown event name \(TraceEcho.quoted(label)): skipped")
        }
    }

    /// `0003 0035 000001e0`: getevent's numeric form without time stamps.
    static func isNumericEvent<Line: StringProtocol>(_ line: Line) -> Bool {
        let words = line.split(separator: " ")
        return words.count == 3 && words[0].count == 4 && words[1].count == 4 && words[2].count == 8
            && words.allSatisfy { $0.allSatisfy(\.isHexDigit) }
    }

    /// Whether `line` starts with getevent's time stamp, `[   1234.567890]`.
    static func looksLikeEvent(_ line: String) -> Bool {
        guard line.hasPrefix("["), let close = line.firstIndex(of: "]") else { return false }
        let stamp = line[line.index(after: line.startIndex)..<close].trimmingCharacters(in: .whitespaces)
        return !stamp.isEmpty && stamp.allSatisfy { $0.isNumber || $0 == "." }
    }

    /// Whether `line` can begin getevent output.
    static func looksLikeGetevent(_ line: String) -> Bool {
        line.hasPrefix("add device") || line.hasPrefix("could not ") || line.hasPrefix("/dev/input/")
            || looksLikeEvent(line) || isNumericEvent(line)
    }
}
