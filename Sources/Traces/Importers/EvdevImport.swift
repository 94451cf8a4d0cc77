import Foundation

/// What the evemu, getevent and libinput record readers share: choosing the touchscreen among the
/// recording's devices, decoding its events, and giving every problem its place. A reader parses
/// its own lines into devices and events and hands them here.
struct EvdevImport {
    let file: String
    let options: TraceImportOptions
    var warnings: WarningLog
    /// The device whose events are read, once chosen.
    private(set) var chosen: EvdevDevice?
    private(set) var decoder: EvdevTouchDecoder?
    /// The devices met, and why each was not read if it was not, for the error when none is.
    private var seen: [(label: String, problem: String?)] = []
    private var seenLabels: Set<String> = []
    private var skipped: [String: Int] = [:]
    private var output: [TouchSample] = []
    private var outputIndex = 0
    private(set) var finished = false
    /// Contacts the recording left down, cancelled at its end.
    var contactsCancelledAtEnd: Int { decoder?.cancelledAtEnd ?? 0 }

    init(file: String, options: TraceImportOptions) {
        self.file = file
        self.options = options
        warnings = WarningLog(file: file)
    }

    /// Whether the events of `device` are to be read: the device `--device` names, or else the
    /// first touchscreen. Only one device is read; the first chosen stays chosen.
    mutating func accepts(_ device: EvdevDevice, line: Int?) throws -> Bool {
        if !seenLabels.contains(device.label) {
            guard seenLabels.count < TraceLimits.maxDevices else {
                throw TraceError(file: file, line: line, "more than \(TraceLimits.maxDevices) input devices in the recording")
            }
            seenLabels.insert(device.label)
            seen.append((device.label, !device.hasPositions ? "has no position axes (ABS_MT_POSITION_X/Y or ABS_X/Y)"
                                       : !device.isTouchscreen ? "is a touchpad (INPUT_PROP_POINTER)" : nil))
        }
        if let chosen { return chosen.label == device.label }
        let wanted = options.device.map(device.matches) ?? device.isTouchscreen
        guard wanted else { return false }
        do {
            decoder = try EvdevTouchDecoder(device: device, options: options)
        } catch {
            throw TraceError(file: file, line: line, error.message)
        }
        chosen = device
        return true
    }

    /// Counts an event of a device that is not read.
    mutating func skip(_ device: EvdevDevice) {
        skipped[device.label, default: 0] += 1
    }

    /// Decodes one event of the chosen device, read at `line`.
    mutating func feed(_ event: EvdevEvent, line: Int) throws {
        guard var decoder else { preconditionFailure("EvdevImport: feed before a device was accepted") }
        defer {
            for message in decoder.takeWarnings() { warnings.add(line: line, message) }
            self.decoder = decoder
        }
        do {
            try decoder.feed(event, into: &output)
        } catch {
            throw TraceError(file: file, line: line, error.message)
        }
    }

    /// Ends the recording: cancels contacts still down, reports skipped devices, and fails when
    /// no device was read.
    mutating func finish() throws {
        guard !finished else { return }
        finished = true
        for (label, count) in skipped.sorted(by: { $0.key < $1.key }) {
            warnings.add(line: nil, "skipped \(count) events of \(label): uisim reads one touchscreen (choose with --input-device)")
        }
        guard var decoder else {
            let listed = Self.listedDevices
            let more = seen.count > listed ? "; and \(seen.count - listed) more" : ""
            let devices = seen.isEmpty ? "no device"
                : seen.prefix(listed).map { [$0.label, $0.problem].compactMap { $0 }.joined(separator: " ") }.joined(separator: "; ") + more
            if let filter = options.device {
                throw TraceError(file: file, line: nil, "no device matches \(TraceEcho.quoted(filter)): \(devices)")
            }
            throw TraceError(file: file, line: nil, "no touchscreen in the recording: \(devices)")
        }
        decoder.finish(into: &output)
        for message in decoder.takeWarnings() { warnings.add(line: nil, message) }
        self.decoder = decoder
    }

    /// How many of the devices met the error for a recording without a touchscreen names.
    static let listedDevices = 8

    /// Ends reading without cancelling anything: what follows a broken part cannot be trusted.
    mutating func stop() {
        finished = true
    }

    /// Whether decoded samples wait to be taken.
    var hasSamples: Bool { outputIndex < output.count }

    /// The next decoded sample, or nil when the reader must read on.
    mutating func nextSample() -> TouchSample? {
        guard outputIndex < output.count else {
            output.removeAll(keepingCapacity: true)
            outputIndex = 0
            return nil
        }
        defer { outputIndex += 1 }
        return output[outputIndex]
    }
}

/// A reader whose lines become the events of an `EvdevImport` (evemu, getevent, libinput record).
protocol EvdevRecordingReader {
    var core: EvdevImport { get set }
    /// Reads on until samples are decoded or the recording ends (then `core.finish()`).
    mutating func readMore() throws
}

extension EvdevRecordingReader {
    /// The next decoded sample, reading on as needed; nil at the end.
    mutating func nextDecodedSample() throws -> TouchSample? {
        while true {
            if let sample = core.nextSample() { return sample }
            if core.finished { return nil }
            try readMore()
        }
    }
}
