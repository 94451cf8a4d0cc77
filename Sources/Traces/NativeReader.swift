import Foundation

/// Reads uisim's native trace format (see `Traces/FORMAT.md`) as a stream: the header when
/// opened, then one sample per `next()`. Every problem is a `TraceError` with file and line.
public struct NativeTraceReader: TouchSampleStream {
    /// The first word of every native trace.
    public static let magic = "uisim-trace"
    /// The format version this reader writes and fully understands.
    public static let version = (major: 1, minor: 1)

    public private(set) var screen: TraceScreen?
    public private(set) var warnings: [TraceWarning] = []
    public var format: String { "\(Self.magic) \(fileVersion.major).\(fileVersion.minor)" }

    private var lines: LineReader
    private var fileVersion = (major: 0, minor: 0)
    private var pending: Substring?
    private var tracker = ContactTracker()
    /// The lines of the header's `screen` and `device` keys, each of which may be given once.
    private var headerLines: [Substring: Int] = [:]

    /// Opens `url` and reads its header.
    public init(url: URL) throws {
        try self.init(lines: LineReader(url: url))
    }

    /// Reads a trace held in memory; `name` stands for the file in errors.
    public init(text: String, name: String = "<memory>") throws {
        try self.init(lines: LineReader(name: name, text: text))
    }

    init(lines: LineReader) throws {
        self.lines = lines
        self.lines.requiresUTF8 = true
        try readHeader()
    }

    private func error(_ message: String) -> TraceError {
        TraceError(file: lines.name, line: lines.lineNumber, message)
    }

    private mutating func readHeader() throws {
        guard let first = try nextMeaningfulLine() else {
            throw TraceError(file: lines.name, line: nil, "empty file: expected '\(Self.magic) 1.0' on the first line")
        }
        let words = TraceText.fields(first)
        guard words.count == 2, words[0] == Self.magic else {
            throw error("not a uisim trace: the first line must be '\(Self.magic) 1.0'")
        }
        let parts = words[1].split(separator: ".")
        guard parts.count == 2, let major = Int(parts[0]), let minor = Int(parts[1]) else {
            throw error("bad version \(TraceEcho.quoted(words[1])): expected MAJOR.MINOR such as 1.0")
        }
        guard major == Self.version.major else {
            throw error("version \(major).\(minor) is not supported: this uisim reads \(Self.version.major).x")
        }
        fileVersion = (major, minor)
        while let line = try nextMeaningfulLine() {
            if let first = line.first, first.isNumber || first == "-" || first == "." || first == "+"
                || TraceText.fields(line).first.flatMap({ Double($0) }) != nil {
                pending = line
                return
            }
            try readHeaderLine(line)
        }
    }

    private mutating func readHeaderLine(_ line: Substring) throws {
        let words = TraceText.fields(line)
        if words[0] == "screen" || words[0] == "device" {
            if let first = headerLines[words[0]] {
                throw error("a second '\(words[0])' line: the first is on line \(first)")
            }
            headerLines[words[0]] = lines.lineNumber
        }
        switch words[0] {
        case "screen":
            var screen = self.screen ?? .default
            screen.deviceName = self.screen?.deviceName
            let size = words.count > 1 ? words[1].split(separator: "x") : []
            guard size.count == 2, let w = TraceNumber.decimal(size[0]), let h = TraceNumber.decimal(size[1]), w > 0, h > 0 else {
                throw error("bad screen size: expected 'screen WIDTHxHEIGHT scale=S refresh=HZ', such as 'screen 390x844 scale=3 refresh=60'")
            }
            screen.size = CGSize(width: w, height: h)
            var keys: Set<Substring> = []
            for word in words.dropFirst(2) {
                let (key, value) = try keyValue(word)
                guard keys.insert(key).inserted else { throw error("screen attribute \(TraceEcho.quoted(key)) is given twice") }
                switch key {
                case "scale":
                    guard let scale = TraceNumber.decimal(value), scale > 0, scale <= 10 else { throw error("bad scale \(TraceEcho.quoted(value)): expected a number in (0, 10]") }
                    screen.scale = scale
                case "refresh":
                    guard let hz = Int(value), hz > 0, hz <= 1000 else { throw error("bad refresh rate \(TraceEcho.quoted(value)): expected whole frames per second in 1...1000") }
                    screen.refreshRate = hz
                default:
                    try unknown("screen attribute \(TraceEcho.quoted(key))")
                }
            }
            self.screen = screen
        case "device":
            var screen = self.screen ?? .default
            screen.deviceName = words.dropFirst().joined(separator: " ")
            self.screen = screen
        default:
            try unknown("header key \(TraceEcho.quoted(words[0]))")
        }
    }

    /// A key this version does not know: skipped with a warning when the file is from a newer
    /// minor version (it may add keys), an error otherwise.
    private mutating func unknown(_ what: String) throws {
        if fileVersion.minor > Self.version.minor {
            warn(error("unknown \(what) from version \(fileVersion.major).\(fileVersion.minor) skipped"))
        } else {
            throw error("unknown \(what)")
        }
    }

    /// Keeps a warning, at most `TraceLimits.maxWarnings` of them, then one saying how many more.
    private mutating func warn(_ warning: TraceError) {
        if warnings.count < TraceLimits.maxWarnings {
            warnings.append(warning)
        } else {
            skippedWarnings += 1
            let note = TraceError(file: lines.name, line: nil, "\(skippedWarnings) more warnings like these")
            if warnings.count == TraceLimits.maxWarnings { warnings.append(note) } else { warnings[warnings.count - 1] = note }
        }
    }

    private var skippedWarnings = 0

    private func keyValue(_ word: Substring) throws -> (Substring, Substring) {
        guard let equals = word.firstIndex(of: "="), equals != word.startIndex else {
            throw error("expected KEY=VALUE, found \(TraceEcho.quoted(word))")
        }
        return (word[..<equals], word[word.index(after: equals)...])
    }

    private mutating func nextMeaningfulLine() throws -> Substring? {
        while let raw = try lines.next() {
            let line = TraceText.uncommented(Substring(raw))
            if !line.isEmpty { return line }
        }
        return nil
    }

    public mutating func next() throws -> TouchSample? {
        var sample: TouchSample?
        while sample == nil {
            let line: Substring
            if let pending {
                line = pending
                self.pending = nil
            } else {
                guard let next = try nextMeaningfulLine() else { return nil }
                line = next
            }
            sample = try parseSample(line)
        }
        guard let sample else { return nil }
        do {
            try tracker.accept(sample)
        } catch {
            throw self.error(error.message)
        }
        return sample
    }

    /// The text of a key line: a double-quoted string (escapes `\"`, `\\`, `\n` return, `\b`
    /// delete, `\t`, `\uXXXX`) or one of the words `return`, `delete`, `tab`, `space`.
    private func keyText(_ rest: Substring) throws -> String {
        switch rest {
        case "return": return "\n"
        case "delete": return "\u{8}"
        case "tab": return "\t"
        case "space": return " "
        default: break
        }
        guard rest.first == "\"" else {
            throw error("bad key \(TraceEcho.quoted(rest)): expected text in double quotes, or return, delete, tab or space")
        }
        var text = String.UnicodeScalarView()
        var scalars = rest.unicodeScalars.dropFirst()
        while let scalar = scalars.popFirst() {
            switch scalar {
            case "\"":
                guard scalars.isEmpty else { throw error("text after the key's closing quote: \(TraceEcho.quoted(Substring(String(scalars))))") }
                guard !text.isEmpty else { throw error("a key line types nothing: \"\"") }
                return String(text)
            case "\\":
                guard let escaped = scalars.popFirst() else { break }
                switch escaped {
                case "\"", "\\", "/": text.append(escaped)
                case "n": text.append("\n")
                case "b": text.append("\u{8}")
                case "t": text.append("\t")
                case "u":
                    let hex = String(String.UnicodeScalarView(scalars.prefix(4)))
                    guard hex.count == 4, let value = UInt32(hex, radix: 16), let unicode = Unicode.Scalar(value) else {
                        throw error("bad escape \\u\(TraceEcho.capped(Substring(hex))): expected four hexadecimal digits of a character")
                    }
                    text.append(unicode)
                    scalars = scalars.dropFirst(4)
                default:
                    throw error("bad escape \\\(escaped) in a key's text: expected \\\", \\\\, \\n, \\b, \\t or \\uXXXX")
                }
            default:
                text.append(scalar)
            }
        }
        throw error("a key's text has no closing quote (write # as \\u0023: it starts a comment)")
    }

    private mutating func parseSample(_ line: Substring) throws -> TouchSample? {
        let words = TraceText.fields(line)
        if Double(words[0]) == nil, words[0].first?.isLetter == true {
            throw error("header line \(TraceEcho.quoted(words[0])) after the first sample")
        }
        if words.count >= 2, words[1] == "key" {
            guard let time = TraceNumber.decimal(words[0]) else {
                throw error("bad time \(TraceEcho.quoted(words[0])): expected seconds, a decimal number such as 0.25")
            }
            let rest = TraceText.trimmed(line[words[1].endIndex...])
            return TouchSample.key(time: time, text: try keyText(rest))
        }
        if words.count >= 2, words[1] == "appearance" {
            guard let time = TraceNumber.decimal(words[0]) else {
                throw error("bad time \(TraceEcho.quoted(words[0])): expected seconds, a decimal number such as 0.25")
            }
            guard words.count == 3, words[2] == "light" || words[2] == "dark" else {
                throw error("bad appearance: expected 'TIME appearance light' or 'TIME appearance dark'")
            }
            return TouchSample.appearance(time: time, style: String(words[2]))
        }
        if words.count >= 2, Int(words[1]) == nil, words[1].first?.isLetter == true, fileVersion.minor > Self.version.minor {
            // A kind of line a newer minor version added (as 1.1 added `key`): skipped.
            warn(error("unknown line kind \(TraceEcho.quoted(words[1])) from version \(fileVersion.major).\(fileVersion.minor) skipped"))
            return nil
        }
        guard words.count >= 3 else {
            throw error("expected 'TIME CONTACT PHASE [X Y] [KEY=VALUE…]', found \(TraceEcho.quoted(line))")
        }
        guard let time = TraceNumber.decimal(words[0]) else {
            throw error("bad time \(TraceEcho.quoted(words[0])): expected seconds, a decimal number such as 0.25")
        }
        guard let contact = Int(words[1]), contact >= 0 else {
            throw error("bad contact \(TraceEcho.quoted(words[1])): expected a whole number ≥ 0")
        }
        guard let phase = TouchSample.Phase(rawValue: String(words[2])) else {
            throw error("bad phase \(TraceEcho.quoted(words[2])): expected down, move, up or cancel")
        }
        guard phase != .key && phase != .appearance else {
            throw error(phase == .key ? "a key line has no contact: 'TIME key \"TEXT\"'" : "an appearance line has no contact: 'TIME appearance dark'")
        }
        var rest = words.dropFirst(3)
        var location: CGPoint
        if let x = rest.first, !TraceText.contains(x, UInt8(ascii: "=")) {
            guard rest.count >= 2, let xv = TraceNumber.decimal(x), let yv = TraceNumber.decimal(rest[rest.startIndex + 1]) else {
                throw error("bad position: expected two decimal numbers X Y after '\(phase.rawValue)'")
            }
            location = CGPoint(x: xv, y: yv)
            rest = rest.dropFirst(2)
        } else {
            guard phase == .up || phase == .cancel, let last = tracker.down[contact] else {
                throw error("'\(phase.rawValue)' needs a position X Y")
            }
            location = last
        }
        var sample = TouchSample(time: time, contact: contact, phase: phase, location: location)
        var keys: Set<Substring> = []
        for word in rest {
            let (key, value) = try keyValue(word)
            guard keys.insert(key).inserted else { throw error("attribute \(TraceEcho.quoted(key)) is given twice") }
            guard let number = TraceNumber.decimal(value) else { throw error("bad \(TraceEcho.capped(key)) \(TraceEcho.quoted(value)): expected a decimal number") }
            switch key {
            case "force": sample.force = number
            case "radius": sample.majorRadius = number
            case "altitude": sample.altitude = number
            case "azimuth": sample.azimuth = number
            default: try unknown("sample attribute \(TraceEcho.quoted(key))")
            }
        }
        return sample
    }
}
