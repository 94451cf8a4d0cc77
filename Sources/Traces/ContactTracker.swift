import Foundation

/// Follows the contacts of a sample sequence and checks that it makes sense: times are finite
/// and never go back, a contact goes down before it moves or lifts, no contact goes down twice,
/// and no more than `TraceLimits.maxSimultaneousContacts` are down at once.
public struct ContactTracker: Sendable {
    /// Where each contact that is down was last.
    public private(set) var down: [Int: CGPoint] = [:]
    /// The time of the last sample accepted.
    public private(set) var lastTime: TimeInterval?
    /// The most contacts down at once so far.
    public private(set) var maxSimultaneous = 0
    /// Contacts that went down so far (a reused id counts again).
    public private(set) var contacts = 0
    /// Samples accepted so far (key samples too).
    public private(set) var samples = 0
    /// Key samples accepted so far.
    public private(set) var keys = 0

    public init() {}

    /// Accepts `sample`, or says what is wrong with it (without a place; the reader adds it).
    public mutating func accept(_ sample: TouchSample) throws(SampleProblem) {
        let t = sample.time
        guard t.isFinite else { throw SampleProblem("time \(t) is not a finite number") }
        guard t >= 0 else { throw SampleProblem("time \(format(t)) is negative") }
        guard t <= TraceLimits.maxTime else { throw SampleProblem("time \(format(t)) is past the limit of \(format(TraceLimits.maxTime)) s") }
        if let lastTime, t < lastTime {
            throw SampleProblem("time \(format(t)) is earlier than the previous \(format(lastTime))")
        }
        let p = sample.location
        guard p.x.isFinite, p.y.isFinite else { throw SampleProblem("position (\(p.x), \(p.y)) is not finite") }
        guard abs(p.x) <= TraceLimits.maxCoordinate, abs(p.y) <= TraceLimits.maxCoordinate else {
            throw SampleProblem("position (\(p.x), \(p.y)) is past the limit of \(TraceLimits.maxCoordinate)")
        }
        // One check per attribute, without an array: this runs for every sample of every trace.
        try Self.checkFinite("force", sample.force)
        try Self.checkFinite("radius", sample.majorRadius)
        try Self.checkFinite("altitude", sample.altitude)
        try Self.checkFinite("azimuth", sample.azimuth)
        switch sample.phase {
        case .key:
            guard let text = sample.text, !text.isEmpty else { throw SampleProblem("a key sample types nothing") }
            guard text.utf8.count <= TraceLimits.maxKeyText else {
                throw SampleProblem("a key sample types \(text.utf8.count) bytes: at most \(TraceLimits.maxKeyText)")
            }
            keys += 1
        case .appearance:
            guard sample.text == "light" || sample.text == "dark" else { throw SampleProblem("an appearance is light or dark") }
        case .down:
            if down[sample.contact] != nil { throw SampleProblem("contact \(sample.contact) goes down while already down") }
            guard down.count < TraceLimits.maxSimultaneousContacts else {
                throw SampleProblem("more than \(TraceLimits.maxSimultaneousContacts) contacts down at once")
            }
            down[sample.contact] = p
            contacts += 1
            maxSimultaneous = max(maxSimultaneous, down.count)
        case .move:
            guard down[sample.contact] != nil else { throw SampleProblem("contact \(sample.contact) moves but is not down") }
            down[sample.contact] = p
        case .up, .cancel:
            guard down[sample.contact] != nil else {
                throw SampleProblem("contact \(sample.contact) \(sample.phase == .up ? "lifts" : "is cancelled") but is not down")
            }
            down[sample.contact] = nil
        }
        lastTime = t
        samples += 1
    }

    private static func checkFinite(_ name: String, _ value: Double?) throws(SampleProblem) {
        if let value, !value.isFinite { throw SampleProblem("\(name) \(value) is not a finite number") }
    }

    private func format(_ t: TimeInterval) -> String {
        TraceNumber.format(t)
    }
}

/// What is wrong with one sample, before a reader gives it a place.
public struct SampleProblem: Error, Sendable {
    public let message: String
    public init(_ message: String) { self.message = message }
}
