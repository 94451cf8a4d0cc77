import Foundation

/// Imports an `evemu-record` recording of a Linux touchscreen (multitouch protocol B: slots and
/// tracking ids), mapping the device's axis ranges onto `screen` (stretched to fill it).
///
/// Each `SYN_REPORT` closes one report: a slot whose tracking id appears goes down, one whose id
/// becomes -1 lifts where it was, one whose position changed moves. Contacts are numbered 1, 2…
/// in the order they appear; times count from the first event. Contacts still down at the end
/// are cancelled at the last event's time.
public struct EvemuReader: TouchSampleStream {
    public let screen: TraceScreen?
    public private(set) var warnings: [TraceWarning] = []
    public var format: String { "evemu \(version)" }

    /// The device name from the `N:` line.
    public private(set) var deviceName = ""

    private var lines: LineReader
    private var version = "1.x"
    private var axes: [Int: (min: Int, max: Int)] = [:]
    private var slots: [Slot]
    private var currentSlot = 0
    private var firstTime: (seconds: Int, micros: Int)?
    private var lastTime: TimeInterval = 0
    private var nextContact = 1
    private var output: [TouchSample] = []
    private var outputIndex = 0
    private var pendingLine: String?
    private var finished = false
    private var tracker = ContactTracker()
    private let targetSize: CGSize

    private struct Slot {
        var trackingID = -1
        var contact = 0
        var x = 0, y = 0
        var changed = false
        var wasDown = false
        var lastLocation = CGPoint.zero
    }

    private enum Code {
        static let synReport = 0, synMTReport = 2, synDropped = 3
        static let absX = 0x00, absY = 0x01, mtSlot = 0x2f, mtX = 0x35, mtY = 0x36, mtTrackingID = 0x39
    }

    /// Opens `url` and reads the device description; samples are read as `next()` asks.
    public init(url: URL, screen: TraceScreen = .default) throws {
        try self.init(lines: LineReader(url: url), screen: screen)
    }

    /// Reads a recording held in memory; `name` stands for the file in errors.
    public init(text: String, name: String = "<memory>", screen: TraceScreen = .default) throws {
        try self.init(lines: LineReader(name: name, text: text), screen: screen)
    }

    init(lines: LineReader, screen: TraceScreen) throws {
        self.lines = lines
        self.screen = screen
        targetSize = screen.size
        slots = []
        try readHeader()
    }

    private func error(_ message: String) -> TraceError {
        TraceError(file: lines.name, line: lines.lineNumber, message)
    }

    private mutating func readHeader() throws {
        while let line = try lines.next() {
            if line.hasPrefix("E:") {
                pendingLine = line
                break
            }
            if line.hasPrefix("# EVEMU ") {
                version = String(line.dropFirst("# EVEMU ".count)).trimmingCharacters(in: .whitespaces)
            } else if line.hasPrefix("N:") {
                deviceName = line.dropFirst(2).trimmingCharacters(in: .whitespaces)
            } else if line.hasPrefix("A:") {
                let fields = line.dropFirst(2).split(separator: " ", omittingEmptySubsequences: true)
                guard fields.count >= 3, let code = Int(fields[0], radix: 16), let min = Int(fields[1]), let max = Int(fields[2]) else {
                    throw error("bad axis line: expected 'A: CODE MIN MAX FUZZ FLAT [RESOLUTION]'")
                }
                axes[code] = (min, max)
            }
        }
        guard pendingLine != nil else {
            throw TraceError(file: lines.name, line: nil, "no events: an evemu recording has 'E:' lines")
        }
        guard let x = axes[Code.mtX], let y = axes[Code.mtY] else {
            throw TraceError(file: lines.name, line: nil,
                             "not a multitouch device: no ABS_MT_POSITION_X/Y axes ('A: 35 …' and 'A: 36 …')")
        }
        for (name, axis) in [("ABS_MT_POSITION_X", x), ("ABS_MT_POSITION_Y", y)] where axis.max <= axis.min {
            throw TraceError(file: lines.name, line: nil, "axis \(name) has an empty range \(axis.min)...\(axis.max)")
        }
        let slotCount = (axes[Code.mtSlot]?.max ?? 0) + 1
        guard slotCount >= 1, slotCount <= TraceLimits.maxSimultaneousContacts else {
            throw TraceError(file: lines.name, line: nil, "ABS_MT_SLOT allows \(slotCount) slots; the limit is \(TraceLimits.maxSimultaneousContacts)")
        }
        slots = Array(repeating: Slot(), count: slotCount)
    }

    public mutating func next() throws -> TouchSample? {
        while outputIndex == output.count {
            output.removeAll(keepingCapacity: true)
            outputIndex = 0
            if finished { return nil }
            try readReport()
        }
        defer { outputIndex += 1 }
        return output[outputIndex]
    }

    /// Reads events up to the next SYN_REPORT (or the end) and queues the samples it makes.
    private mutating func readReport() throws {
        while true {
            let line: String
            if let pendingLine {
                line = pendingLine
                self.pendingLine = nil
            } else if let next = try lines.next() {
                line = next
            } else {
                finish()
                return
            }
            guard line.hasPrefix("E:") else { continue }
            let fields = line.dropFirst(2).split(separator: "#", maxSplits: 1)[0]
                .split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard fields.count >= 4, let time = Self.timestamp(fields[0]),
                  let type = Int(fields[1], radix: 16), let code = Int(fields[2], radix: 16), let value = Int(fields[3]) else {
                throw error("bad event: expected 'E: SECONDS.MICROS TYPE CODE VALUE'")
            }
            let start = firstTime ?? time
            firstTime = start
            // Whole seconds and microseconds apart: a double cannot hold 1.3e9 s to the microsecond.
            let t = Double((time.seconds - start.seconds) * 1_000_000 + time.micros - start.micros) / 1e6
            guard t >= lastTime else {
                throw error("time \(TraceNumber.format(t)) is earlier than the previous \(TraceNumber.format(lastTime))")
            }
            lastTime = t
            if type == 3 {
                try absolute(code: code, value: value)
            } else if type == 0 && code == Code.synReport {
                try report(at: t)
                if !output.isEmpty { return }
            }
        }
    }

    /// "SECONDS.MICROS" as two whole numbers (a fraction of other than 6 digits is scaled).
    private static func timestamp(_ text: Substring) -> (seconds: Int, micros: Int)? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let seconds = Int(parts[0]), seconds >= 0, seconds < 1 << 40 else { return nil }
        guard parts.count == 2 else { return (seconds, 0) }
        let fraction = parts[1].prefix(6)
        guard !fraction.isEmpty, fraction.allSatisfy(\.isASCII), let digits = Int(fraction), digits >= 0 else { return nil }
        var micros = digits
        for _ in fraction.count..<6 { micros *= 10 }
        return (seconds, micros)
    }

    private mutating func absolute(code: Int, value: Int) throws {
        switch code {
        case Code.mtSlot:
            guard value >= 0 && value < slots.count else {
                throw error("slot \(value) is outside the device's \(slots.count) slots")
            }
            currentSlot = value
        case Code.mtTrackingID:
            slots[currentSlot].trackingID = value
            slots[currentSlot].changed = true
        case Code.mtX:
            slots[currentSlot].x = value
            slots[currentSlot].changed = true
        case Code.mtY:
            slots[currentSlot].y = value
            slots[currentSlot].changed = true
        default:
            break
        }
    }

    private func map(_ slot: Slot) -> CGPoint {
        let ax = axes[Code.mtX]!, ay = axes[Code.mtY]!
        return CGPoint(x: Double(slot.x - ax.min) / Double(ax.max - ax.min) * targetSize.width,
                       y: Double(slot.y - ay.min) / Double(ay.max - ay.min) * targetSize.height)
    }

    private mutating func report(at t: TimeInterval) throws {
        for i in slots.indices where slots[i].changed {
            slots[i].changed = false
            let isDown = slots[i].trackingID >= 0
            let location = map(slots[i])
            if slots[i].wasDown && !isDown {
                try emit(TouchSample(time: t, contact: slots[i].contact, phase: .up, location: slots[i].lastLocation))
            } else if !slots[i].wasDown && isDown {
                slots[i].contact = nextContact
                nextContact += 1
                try emit(TouchSample(time: t, contact: slots[i].contact, phase: .down, location: location))
            } else if isDown && location != slots[i].lastLocation {
                try emit(TouchSample(time: t, contact: slots[i].contact, phase: .move, location: location))
            }
            slots[i].wasDown = isDown
            if isDown { slots[i].lastLocation = location }
        }
    }

    private mutating func emit(_ sample: TouchSample) throws {
        do {
            try tracker.accept(sample)
        } catch {
            throw self.error(error.message)
        }
        output.append(sample)
    }

    private mutating func finish() {
        finished = true
        for i in slots.indices where slots[i].wasDown {
            let sample = TouchSample(time: lastTime, contact: slots[i].contact, phase: .cancel, location: slots[i].lastLocation)
            try? tracker.accept(sample)
            output.append(sample)
            slots[i].wasDown = false
            warnings.append(TraceError(file: lines.name, line: nil,
                                       "contact \(sample.contact) was still down at the end: cancelled at \(TraceNumber.format(lastTime)) s"))
        }
    }
}
