import Foundation
import HID
import RunLoop

/// The run-loop source through which hardware touch samples reach the app, as the HID event
/// port does on iOS: it never delivers by a direct call from whoever produces the samples.
///
/// Samples are pulled one at a time from `next` (memory stays flat however long the trace) and
/// delivered on the display's vsync grid: at each frame, every sample due by that vsync is
/// packaged into one `UIEvent` and sent through `UIApplication.sendEvent`. This is the event
/// phase of the frame; it runs before the frame's timers and its commit.
///
/// When `next` runs out, contacts still down are cancelled at the next frame. When `next`
/// throws, the error is kept in `error`, delivery stops, and the running loop is stopped.
public final class DigitizerSource: LoopSource {
    /// Counts of touch phases delivered and hit tests made over the source's life: the sum of the
    /// `EventReport`s it handed on (the packager counts each touch once, in its report).
    public struct Statistics: Equatable, Sendable {
        public var began = 0, moved = 0, ended = 0, cancelled = 0
        /// Touches hit-tested (one per touch, when it begins).
        public var hitTests = 0

        public init(began: Int = 0, moved: Int = 0, ended: Int = 0, cancelled: Int = 0, hitTests: Int = 0) {
            self.began = began
            self.moved = moved
            self.ended = ended
            self.cancelled = cancelled
            self.hitTests = hitTests
        }

        /// `report`'s touches added (each touch that began was hit-tested once).
        mutating func add(_ report: EventReport) {
            began += report.began
            moved += report.moved
            ended += report.ended
            cancelled += report.cancelled
            hitTests += report.began
        }
    }

    /// What asking for the next sample gives.
    public enum Pull: Sendable {
        case sample(TouchSample)
        /// None yet (a real-time producer has not delivered it); the source waits for a signal.
        case later
        /// No more samples.
        case end
    }

    private let pull: () throws -> Pull
    private let grid: VsyncGrid
    private let packager: TouchPackager
    private var lookahead: TouchSample?
    private var lastFrame = Int.min
    private weak var loop: EventRunLoop?

    /// Whether every sample has been read.
    public private(set) var isExhausted = false
    /// The error that stopped reading, if any.
    public private(set) var error: Error?
    /// Wraps each frame's event phase (packaging and delivery), for a profiler to time it and to
    /// take what it delivered.
    public var eventPhase: ((() -> EventReport) -> Void)?

    /// A source for a display of `refreshRate` Hz; touches land in `windows` (front-most
    /// first), by default the app's visible windows.
    public convenience init(refreshRate: Int, windows: @escaping () -> [UIWindow] = { UIApplication.shared.windows.reversed() },
                            next: @escaping () throws -> TouchSample?) {
        self.init(refreshRate: refreshRate, windows: windows) { try next().map(Pull.sample) ?? .end }
    }

    /// A source that asks `pull` for samples, which may answer "later" (real-time input): it is
    /// then woken by `signal()` when more arrive.
    public init(refreshRate: Int, windows: @escaping () -> [UIWindow] = { UIApplication.shared.windows.reversed() },
                pull: @escaping () throws -> Pull) {
        self.pull = pull
        grid = VsyncGrid(rate: refreshRate)
        packager = TouchPackager(frameInterval: grid.period, windows: windows)
        super.init(order: -1_000)
    }

    public private(set) var statistics = Statistics()

    /// Whether nothing from before waits to be delivered (samples still to come in the trace may:
    /// see `readyTime`): touches may be down, held still, but no vsync has anything to deliver
    /// until the next sample.
    public var isWaitingForInput: Bool {
        !packager.hasCarriedSamples && !hasContactsToCancel
    }

    /// Whether no touch is down and nothing waits to be delivered.
    public var isIdle: Bool {
        isExhausted && lookahead == nil && packager.activeTouches.allSatisfy { $0.phase == .ended || $0.phase == .cancelled }
            && !packager.hasCarriedSamples
    }

    public override func didAttach(to loop: EventRunLoop) {
        self.loop = loop
    }

    /// The vsync of the next sample, or the next frame when samples were carried over or
    /// contacts must be cancelled; never a frame already delivered.
    public override var readyTime: TimeInterval? {
        pullIfNeeded()
        var frame = lookahead.map { grid.frame(atOrAfter: $0.time) }
        if packager.hasCarriedSamples || hasContactsToCancel {
            frame = min(frame ?? .max, lastFrame &+ 1)
        }
        return frame.map { grid.time(ofFrame: max($0, lastFrame &+ 1)) }
    }

    private var hasContactsToCancel: Bool {
        isExhausted && error == nil && lookahead == nil
            && packager.activeTouches.contains { $0.phase != .ended && $0.phase != .cancelled }
    }

    public override func perform() {
        if let eventPhase {
            eventPhase { deliverDueSamples() }
        } else {
            _ = deliverDueSamples()
        }
    }

    /// Sends this vsync's event, if it has one; returns what it delivered.
    private func deliverDueSamples() -> EventReport {
        guard let now = loop?.clock.now else { return EventReport() }
        let frame = grid.frame(atOrBefore: now)
        guard frame > lastFrame else { return EventReport() }
        lastFrame = frame
        var batch: [TouchSample] = []
        while true {
            pullIfNeeded()
            guard let sample = lookahead, grid.frame(atOrAfter: sample.time) <= frame else { break }
            batch.append(sample)
            lookahead = nil
        }
        if hasContactsToCancel && batch.isEmpty && !packager.hasCarriedSamples {
            for touch in packager.activeTouches where touch.phase != .ended && touch.phase != .cancelled {
                batch.append(TouchSample(time: now, contact: touch.contact, phase: .cancel,
                                                 location: touch.location(in: nil).applying(touch.window!.transformToScreenCoordinates)))
            }
        }
        // Keys go to the first responder after the vsync's touches (a tap that focuses a field,
        // then typing), each as the keyboard sends it.
        let isSystem = { (sample: TouchSample) in sample.phase == .key || sample.phase == .appearance }
        let system = batch.filter(isSystem)
        if !system.isEmpty { batch.removeAll(where: isSystem) }
        let (event, report) = packager.package(batch)
        statistics.add(report)
        if let event { UIApplication.shared.sendEvent(event) }
        for sample in system {
            if sample.phase == .key {
                UIApplication.shared.typeKeys(sample.text ?? "", at: sample.time)
            } else {
                UIApplication.shared.switchAppearance(to: sample.text == "dark" ? .dark : .light)
            }
        }
        return report
    }

    private func pullIfNeeded() {
        guard lookahead == nil, !isExhausted else { return }
        do {
            switch try pull() {
            case .sample(let sample): lookahead = sample
            case .later: break
            case .end: isExhausted = true
            }
        } catch {
            self.error = error
            isExhausted = true
            packager.abandon()
            loop?.stop()
        }
    }
}
