import Foundation

/// Turns one input device's events into touch samples, as the kernel's multitouch protocol
/// (Documentation/input/multi-touch-protocol.rst) defines them. Events are gathered until each
/// `SYN_REPORT`, then the report is read as a whole:
/// - **protocol B** (the device has `ABS_MT_SLOT`, or reports tracking ids without
///   `SYN_MT_REPORT`): a slot whose tracking id appears goes down, one whose id becomes -1 lifts
///   where it was, one whose position changed moves; values persist from report to report;
/// - **protocol A** (`SYN_MT_REPORT` closes each contact): contacts are anonymous, so each report's
///   are matched to the previous report's by tracking id when the device sends one, otherwise by
///   nearest position (closest pairs first, as the kernel's `input_mt_assign_slots` and mtdev do);
///   a contact with nothing within a tenth of the device's diagonal is new. `BTN_TOUCH` 0, or a
///   report without contacts, lifts them all;
/// - **single touch** (no multitouch events): `BTN_TOUCH` puts the one contact down and up,
///   `ABS_X`/`ABS_Y` move it.
/// Contacts are numbered 1, 2… in the order they appear; times count from the first event.
/// Pressure becomes `force` (the middle of the device's range is 1.0, an average touch) and
/// `ABS_MT_TOUCH_MAJOR` becomes `majorRadius` (half the major axis, in points).
struct EvdevTouchDecoder {
    /// Problems skipped since the last call of `takeWarnings()`, without their place.
    var pendingWarnings: [String] = []
    /// Contacts still down when the recording ended, cancelled by `finish`.
    private(set) var cancelledAtEnd = 0
    /// Unknown type and code pairs warned about, at most `TraceLimits.maxWarnings` (the warnings
    /// kept stop there anyway), so that a stream of ever new codes cannot fill memory.
    private(set) var warnedCodes: Set<Int> = []

    let multitouch: AxisMapping?
    let single: AxisMapping?
    let pressureRange: AxisRange?
    let singlePressureRange: AxisRange?
    let slotCount: Int?
    let nearDistanceSquared: Double

    var frame: [EvdevEvent] = []
    var dropping = false
    var origin: Int64?
    private(set) var lastTime: TimeInterval = 0
    var nextContact = 1
    var tracker = ContactTracker()

    // Protocol B.
    var slots: [Slot] = []
    var currentSlot = 0
    // Protocol A.
    var anonymous: [Active] = []
    var sawMTReport = false
    // Single touch.
    var singleState = Single()

    /// The fraction of the device's diagonal within which a protocol A contact is the same as one
    /// of the previous report.
    static let nearFraction = 0.1

    struct Slot {
        var trackingID = -1
        var x = 0, y = 0
        var pressure: Int?
        var major: Int?
        var changed = false
        /// A new tracking id arrived while the slot's contact was down: that contact ended.
        var replaced = false
        var contact = 0
        var isDown = false
        var location = CGPoint.zero
        var force: Double?
        var radius: Double?
    }

    struct Active {
        var contact: Int
        var trackingID: Int?
        var x: Int, y: Int
        var location: CGPoint
        var force: Double?
        var radius: Double?
    }

    struct Reported {
        var x: Int?, y: Int?
        var pressure: Int?, major: Int?, trackingID: Int?
        var isEmpty: Bool { x == nil && y == nil && pressure == nil && major == nil && trackingID == nil }
    }

    struct Single {
        var x = 0, y = 0
        var pressure: Int?
        var touching = false
        var isDown = false
        var contact = 0
        var location = CGPoint.zero
    }

    /// A decoder for `device`, whose axes must give positions.
    init(device: EvdevDevice, options: TraceImportOptions) throws(SampleProblem) {
        func range(_ code: Int, _ name: String) throws(SampleProblem) -> AxisRange? {
            guard let axis = device.axes[code] else { return nil }
            guard axis.max > axis.min else { throw SampleProblem("axis \(name) has an empty range \(axis.min)...\(axis.max)") }
            return axis
        }
        let mtX = try range(Evdev.mtPositionX, "ABS_MT_POSITION_X"), mtY = try range(Evdev.mtPositionY, "ABS_MT_POSITION_Y")
        let stX = try range(Evdev.absX, "ABS_X"), stY = try range(Evdev.absY, "ABS_Y")
        let size = options.screen.size
        multitouch = mtX.flatMap { x in mtY.map { AxisMapping(x: x, y: $0, screen: size, fit: options.fit) } }
        single = stX.flatMap { x in stY.map { AxisMapping(x: x, y: $0, screen: size, fit: options.fit) } }
        guard let reference = multitouch ?? single else {
            throw SampleProblem("\(device.label) has no position axes: neither ABS_MT_POSITION_X/Y (0x35, 0x36) nor ABS_X/Y (0x00, 0x01)")
        }
        pressureRange = device.axes[Evdev.mtPressure].flatMap { $0.max > $0.min ? $0 : nil }
        singlePressureRange = device.axes[Evdev.absPressure].flatMap { $0.max > $0.min ? $0 : nil }
        if let slotAxis = device.axes[Evdev.mtSlot] {
            guard slotAxis.min == 0, slotAxis.max >= 0, slotAxis.max < TraceLimits.maxSimultaneousContacts else {
                throw SampleProblem("ABS_MT_SLOT allows \(slotAxis.min)...\(slotAxis.max): uisim reads 1 to \(TraceLimits.maxSimultaneousContacts) slots from 0")
            }
            slotCount = slotAxis.max + 1
        } else {
            slotCount = nil
        }
        let w = reference.x.span, h = reference.y.span
        nearDistanceSquared = (w * w + h * h) * Self.nearFraction * Self.nearFraction
    }

    /// The warnings found since the last call.
    mutating func takeWarnings() -> [String] {
        defer { pendingWarnings.removeAll() }
        return pendingWarnings
    }

    /// Takes one event; at each `SYN_REPORT` appends the report's samples to `output`.
    mutating func feed(_ event: EvdevEvent, into output: inout [TouchSample]) throws(SampleProblem) {
        let start = origin ?? event.micros
        origin = start
        let (delta, overflow) = event.micros.subtractingReportingOverflow(start)
        let t = overflow ? -.infinity : Double(delta) / 1e6
        guard t >= lastTime else {
            throw SampleProblem("time \(TraceNumber.format(t)) is earlier than the previous \(TraceNumber.format(lastTime))")
        }
        guard t <= TraceLimits.maxTime else {
            throw SampleProblem("time \(TraceNumber.format(t)) is past the limit of \(TraceNumber.format(TraceLimits.maxTime)) s")
        }
        lastTime = t
        guard Evdev.isKnown(type: event.type, code: event.code) else {
            if warnedCodes.count < TraceLimits.maxWarnings, warnedCodes.insert(event.type << 16 | (event.code & 0xffff)).inserted {
                pendingWarnings.append("unknown event type \(hex(event.type)) code \(hex(event.code)): skipped")
            }
            return
        }
        if event.type == Evdev.synType {
            switch event.code {
            case Evdev.synReport:
                if dropping {
                    dropping = false
                    frame.removeAll(keepingCapacity: true)
                    return
                }
                try report(at: t, into: &output)
                return
            case Evdev.synDropped:
                dropping = true
                frame.removeAll(keepingCapacity: true)
                pendingWarnings.append("SYN_DROPPED: the device's buffer overflowed; events up to the next SYN_REPORT are skipped")
                return
            default:
                break
            }
        }
        guard !dropping else { return }
        if event.type == Evdev.absType && event.code == Evdev.mtSlot {
            let limit = slotCount ?? TraceLimits.maxSimultaneousContacts
            guard event.value >= 0 && event.value < limit else {
                throw SampleProblem("slot \(event.value) is outside the device's \(limit) slots")
            }
        }
        guard frame.count < TraceLimits.maxEventsPerReport else {
            throw SampleProblem("more than \(TraceLimits.maxEventsPerReport) events without a SYN_REPORT")
        }
        frame.append(event)
    }

    /// Cancels the contacts still down at the end, with a warning each.
    mutating func finish(into output: inout [TouchSample]) {
        if !frame.isEmpty {
            pendingWarnings.append("the recording ends inside a report: its last \(frame.count) events, without a SYN_REPORT, are skipped")
            frame.removeAll()
        }
        var open: [(contact: Int, location: CGPoint)] = []
        for i in slots.indices where slots[i].isDown {
            open.append((slots[i].contact, slots[i].location))
            slots[i].isDown = false
        }
        open += anonymous.map { ($0.contact, $0.location) }
        anonymous.removeAll()
        if singleState.isDown {
            open.append((singleState.contact, singleState.location))
            singleState.isDown = false
        }
        for (contact, location) in open.sorted(by: { $0.contact < $1.contact }) {
            let sample = TouchSample(time: lastTime, contact: contact, phase: .cancel, location: location)
            try? tracker.accept(sample)
            output.append(sample)
            pendingWarnings.append("contact \(contact) was still down at the end: cancelled at \(TraceNumber.format(lastTime)) s")
            cancelledAtEnd += 1
        }
    }

    func hex(_ value: Int) -> String {
        "0x" + String(value, radix: 16)
    }

    mutating func report(at t: TimeInterval, into output: inout [TouchSample]) throws(SampleProblem) {
        defer { frame.removeAll(keepingCapacity: true) }
        let hasMTReport = frame.contains { $0.type == Evdev.synType && $0.code == Evdev.synMTReport }
        let hasMT = frame.contains { $0.type == Evdev.absType && ($0.code == Evdev.mtSlot || $0.code == Evdev.mtTrackingID
                                                                   || $0.code == Evdev.mtPositionX || $0.code == Evdev.mtPositionY) }
        sawMTReport = sawMTReport || hasMTReport
        if multitouch != nil && slotCount == nil && sawMTReport {
            try anonymousReport(at: t, into: &output)
        } else if multitouch != nil && (slotCount != nil || hasMT || !slots.isEmpty) {
            try slotReport(at: t, into: &output)
        } else if single != nil {
            try singleReport(at: t, into: &output)
        } else if hasMT || hasMTReport {
            throw SampleProblem("multitouch events, but the device declares no ABS_MT_POSITION_X/Y axes")
        }
    }

    mutating func emit(_ sample: TouchSample, into output: inout [TouchSample]) throws(SampleProblem) {
        try tracker.accept(sample)
        output.append(sample)
    }

    mutating func newContact() -> Int {
        defer { nextContact += 1 }
        return nextContact
    }

    func force(_ pressure: Int?, _ range: AxisRange?) -> Double? {
        guard let pressure, let range else { return nil }
        return (Double(pressure) - Double(range.min)) / range.span * 2
    }

    func radius(_ major: Int?, _ mapping: AxisMapping) -> Double? {
        major.map { mapping.length($0) / 2 }
    }
}
