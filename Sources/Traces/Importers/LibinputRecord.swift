import Foundation
import Yams

/// Imports a `libinput record` recording (YAML, file version 1).
///
/// The file's header and each device's description (`devices: - node: … evdev: {name, absinfo,
/// properties}`) are read through Yams; each device's `events:` list, which holds the recording's
/// bulk, is streamed line by line: its `- [SEC, USEC, TYPE, CODE, VALUE]` rows are evdev events
/// (the `libinput:` entries libinput adds beside them are skipped). The first touchscreen's
/// events are read (or those of the device `--device` names), decoded by the kernel's multitouch
/// rules (see `EvdevTouchDecoder`). A description longer than `TraceLimits.maxDescriptionBytes`
/// is an error.
public struct LibinputRecordReader: TouchSampleStream, EvdevRecordingReader {
    public let screen: TraceScreen?
    public var warnings: [TraceWarning] { core.warnings.all }
    public var contactsCancelledAtEnd: Int { core.contactsCancelledAtEnd }
    public var format: String { "libinput-record \(version)" }

    /// The libinput record file version uisim reads.
    public static let supportedVersion = 1

    private var lines: LineReader
    var core: EvdevImport
    private var version = 1
    private var description = ""
    private var descriptionStart = 1
    private var sawVersion = false
    /// Whether the current device's events are read; nil while reading a description.
    private var reading: Bool?

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
        screen = options.screen
        core = EvdevImport(file: lines.name, options: options)
    }

    private func error(_ message: String, line: Int? = nil) -> TraceError {
        TraceError(file: lines.name, line: line ?? lines.lineNumber, message)
    }

    public mutating func next() throws -> TouchSample? {
        try nextDecodedSample()
    }

    mutating func readMore() throws {
        while let line = try lines.next() {
            try read(line)
            if core.hasSamples { return }
        }
        guard sawVersion else { throw error("not a libinput recording: no 'version:' line", line: nil) }
        try core.finish()
    }

    private mutating func read(_ line: String) throws {
        let trimmed = TraceText.trimmed(Substring(line))
        if let reading {
            if trimmed.isEmpty || trimmed.hasPrefix("#") { return }
            if trimmed.hasPrefix("- [") || trimmed.hasPrefix("[") {
                if reading {
                    try core.feed(try event(trimmed), line: lines.lineNumber)
                } else {
                    core.skip(device ?? EvdevDevice())
                }
                return
            }
            let item = trimmed.hasPrefix("- ") ? TraceText.trimmed(trimmed.dropFirst(2)) : trimmed
            if ["evdev:", "libinput:"].contains(item) || item.hasPrefix("{") { return }
            // The events list ended: a new description begins.
            self.reading = nil
            device = nil
            description = ""
        }
        if description.isEmpty { descriptionStart = lines.lineNumber }
        guard description.utf8.count + line.utf8.count < TraceLimits.maxDescriptionBytes else {
            throw error("a device description is longer than \(TraceLimits.maxDescriptionBytes) bytes", line: descriptionStart)
        }
        description += line + "\n"
        if trimmed == "events:" || trimmed == "- events:" {
            do {
                try describe()
            } catch {
                core.stop()   // nothing after a broken description can be placed
                throw error
            }
        }
    }

    private var device: EvdevDevice?

    /// Reads the description gathered so far, up to its `events:` key, and decides whether the
    /// device's events are read.
    private mutating func describe() throws {
        let root: Node?
        do {
            root = try Yams.compose(yaml: description)
        } catch let yaml as YamlError {
            throw yamlError(yaml)
        } catch {
            throw self.error("bad YAML: \(TraceEcho.capped("\(error)"))", line: descriptionStart)
        }
        if let versionNode = root?.mapping?["version"] {
            guard let number = versionNode.int else { throw error("bad version \(TraceEcho.quoted(versionNode.string ?? "")): expected 1", line: line(of: versionNode)) }
            guard number == Self.supportedVersion else {
                throw error("libinput record version \(number) is not supported: uisim reads version \(Self.supportedVersion)", line: line(of: versionNode))
            }
            version = number
            sawVersion = true
        }
        guard sawVersion else { throw error("not a libinput recording: it starts with 'version: 1'", line: descriptionStart) }
        let entries = root?.mapping?["devices"]?.sequence.map(Array.init) ?? root?.sequence.map(Array.init) ?? []
        guard let entry = entries.last?.mapping, let evdev = entry["evdev"]?.mapping else {
            throw error("a device without an 'evdev:' description before its events", line: lines.lineNumber)
        }
        var device = EvdevDevice(name: evdev["name"]?.string ?? "", node: entry["node"]?.string ?? "")
        if let absinfo = evdev["absinfo"]?.mapping {
            for (key, value) in absinfo {
                let numbers = value.sequence?.compactMap(\.int) ?? []
                guard let code = key.int, numbers.count >= 2, numbers.count == value.sequence?.count else {
                    throw error("bad absinfo entry: expected 'CODE: [MIN, MAX, FUZZ, FLAT, RESOLUTION]'", line: line(of: key))
                }
                do {
                    device.axes[code] = try AxisRange.declared(code: code, min: numbers[0], max: numbers[1])
                } catch {
                    throw self.error(error.message, line: line(of: key))
                }
            }
        }
        if let properties = evdev["properties"]?.sequence {
            device.properties = Set(properties.compactMap(\.int))
        }
        self.device = device
        reading = try core.accepts(device, line: lines.lineNumber)
        description = ""
    }

    private func line(of node: Node) -> Int {
        descriptionStart + (node.mark?.line ?? 1) - 1
    }

    private func yamlError(_ error: YamlError) -> TraceError {
        switch error {
        case let .scanner(_, problem, mark, _), let .parser(_, problem, mark, _), let .composer(_, problem, mark, _):
            return self.error("bad YAML: \(TraceEcho.capped(problem))", line: descriptionStart + mark.line - 1)
        default:
            return self.error("bad YAML: \(TraceEcho.capped("\(error)"))", line: descriptionStart)
        }
    }

    /// `- [  0,  12345,   3,  53,   1218] # EV_ABS / ABS_MT_POSITION_X …`
    private func event(_ line: Substring) throws -> EvdevEvent {
        guard let open = line.firstIndex(of: "["), let close = line.firstIndex(of: "]"), open < close else {
            throw error("bad event: expected '- [SEC, USEC, TYPE, CODE, VALUE]'")
        }
        let numbers = line[line.index(after: open)..<close].utf8.split(separator: UInt8(ascii: ",")).map { Int64(TraceText.trimmed(Substring($0))) }
        guard numbers.count == 5, let sec = numbers[0], let usec = numbers[1], let type = numbers[2], let code = numbers[3], let value = numbers[4],
              sec >= 0, sec < 1 << 40, usec >= 0, usec < 1_000_000, type >= 0, type <= 0xffff, code >= 0, code <= 0xffff,
              value >= Int64(Int32.min), value <= Int64(Int32.max) else {
            throw error("bad event: expected '- [SEC, USEC, TYPE, CODE, VALUE]' with whole numbers in range")
        }
        return EvdevEvent(micros: sec * 1_000_000 + usec, type: Int(type), code: Int(code), value: Int(value))
    }
}
