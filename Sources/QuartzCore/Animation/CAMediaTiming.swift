import Foundation

#if !canImport(Darwin)
/// Core Foundation's time interval in seconds (Foundation on Linux lacks it).
public typealias CFTimeInterval = Double
#endif

/// What a timed object shows outside its active time, as Core Animation's `CAMediaTimingFillMode`.
public struct CAMediaTimingFillMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Nothing outside the active time (the default): the model shows.
    public static let removed = CAMediaTimingFillMode(rawValue: "removed")
    /// The last value stays after the end (while the animation is not removed).
    public static let forwards = CAMediaTimingFillMode(rawValue: "forwards")
    /// The first value shows before the start (during a delay).
    public static let backwards = CAMediaTimingFillMode(rawValue: "backwards")
    /// Both.
    public static let both = CAMediaTimingFillMode(rawValue: "both")

    var fillsBackwards: Bool { self == .backwards || self == .both }
    var fillsForwards: Bool { self == .forwards || self == .both }
}

/// Core Animation's timing protocol: when a timed object starts, how long it lasts, how it
/// repeats. Times are seconds: the local time of an object is `(parent time − beginTime) × speed
/// + timeOffset`.
public protocol CAMediaTiming: AnyObject {
    /// When the object starts, in its parent's time (an animation added to a layer: media time; 0
    /// is replaced by the time of the frame that commits it).
    var beginTime: CFTimeInterval { get set }
    /// One iteration's length (0 means Core Animation's default of 0.25 s for an animation).
    var duration: CFTimeInterval { get set }
    /// How fast local time runs against the parent's (2: twice as fast).
    var speed: Float { get set }
    /// Added to local time (starts the object part-way).
    var timeOffset: CFTimeInterval { get set }
    /// Iterations, possibly fractional (0 means one; `.infinity`, for ever).
    var repeatCount: Float { get set }
    /// Repeats for this long instead (takes precedence over `repeatCount` when not 0).
    var repeatDuration: CFTimeInterval { get set }
    /// Whether each iteration plays backwards after playing forwards.
    var autoreverses: Bool { get set }
    var fillMode: CAMediaTimingFillMode { get set }
}

/// The name of one of Core Animation's predefined timing functions.
public struct CAMediaTimingFunctionName: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let linear = CAMediaTimingFunctionName(rawValue: "linear")
    public static let easeIn = CAMediaTimingFunctionName(rawValue: "easeIn")
    public static let easeOut = CAMediaTimingFunctionName(rawValue: "easeOut")
    public static let easeInEaseOut = CAMediaTimingFunctionName(rawValue: "easeInEaseOut")
    /// The curve of implicit animations.
    public static let `default` = CAMediaTimingFunctionName(rawValue: "default")
}

/// A pacing curve: a cubic Bézier from (0, 0) to (1, 1) whose x is the fraction of time and y
/// the fraction of change, as Core Animation's `CAMediaTimingFunction`. The named curves have
/// Apple's control points: linear (0,0 1,1), easeIn (0.42,0 1,1), easeOut (0,0 0.58,1),
/// easeInEaseOut (0.42,0 0.58,1), default (0.25,0.1 0.25,1).
public final class CAMediaTimingFunction: NSObject, @unchecked Sendable {
    // @unchecked: its control points never change once made; an NSObject subclass cannot be checked.
    let c1x: Double, c1y: Double, c2x: Double, c2y: Double

    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        self.c1x = Double(c1x)
        self.c1y = Double(c1y)
        self.c2x = Double(c2x)
        self.c2y = Double(c2y)
    }

    public convenience init(name: CAMediaTimingFunctionName) {
        switch name {
        case .easeIn: self.init(controlPoints: 0.42, 0, 1, 1)
        case .easeOut: self.init(controlPoints: 0, 0, 0.58, 1)
        case .easeInEaseOut: self.init(controlPoints: 0.42, 0, 0.58, 1)
        case .default: self.init(controlPoints: 0.25, 0.1, 0.25, 1)
        default: self.init(controlPoints: 0, 0, 1, 1)
        }
    }

    /// Control point `idx` (0: (0, 0), 1 and 2: the two given, 3: (1, 1)) into `ptr[0]`, `ptr[1]`.
    public func getControlPoint(at idx: Int, values ptr: UnsafeMutablePointer<Float>) {
        let points = [(0.0, 0.0), (c1x, c1y), (c2x, c2y), (1.0, 1.0)]
        let point = points[max(0, min(3, idx))]
        ptr[0] = Float(point.0)
        ptr[1] = Float(point.1)
    }

    private static func bezier(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
    }

    private static func slope(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * p1 + 6 * u * t * (p2 - p1) + 3 * t * t * (1 - p2)
    }

    /// The fraction of change at the fraction of time `x` (0...1): the curve's y where its x is
    /// `x`, solved by Newton's method, bisection where the slope is flat.
    public func value(at x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        if c1x == c1y && c2x == c2y { return x }
        var t = x
        for _ in 0..<8 {
            let error = Self.bezier(t, c1x, c2x) - x
            if abs(error) < 1e-12 { return Self.bezier(t, c1y, c2y) }
            let d = Self.slope(t, c1x, c2x)
            if abs(d) < 1e-9 { break }
            t -= error / d
        }
        var low = 0.0, high = 1.0
        t = x
        for _ in 0..<64 {
            let value = Self.bezier(t, c1x, c2x)
            if abs(value - x) < 1e-12 { break }
            if value < x { low = t } else { high = t }
            t = (low + high) / 2
        }
        return Self.bezier(t, c1y, c2y)
    }

    public override func isEqual(_ object: Any?) -> Bool {
        guard let b = object as? CAMediaTimingFunction else { return false }
        let a = self
        return         a.c1x == b.c1x && a.c1y == b.c1y && a.c2x == b.c2x && a.c2y == b.c2y
    }

    public override var hash: Int {
        var hasher = Hasher()
        hasher.combine(c1x)
        hasher.combine(c1y)
        hasher.combine(c2x)
        hasher.combine(c2y)
        return hasher.finalize()
    }

    public override var description: String { "CAMediaTimingFunction(\(c1x), \(c1y), \(c2x), \(c2y))" }
}

/// Where a timed object is at a moment: before it starts, in an iteration (with the fraction of
/// it), or after it ends.
enum TimingPhase: Equatable {
    case before
    /// The fraction of the iteration's duration (already reversed on an autoreversing way back),
    /// and the iteration (0 first).
    case active(fraction: Double, iteration: Int)
    /// Ended, with where it ended (a fractional repeat count ends part-way).
    case after(fraction: Double, iteration: Int)
}

extension CAMediaTiming {
    /// `duration`, or Core Animation's 0.25 s when it is 0.
    var effectiveDuration: Double { duration > 0 ? duration : 0.25 }

    /// How long the object is active, in its local time: its iterations (or `repeatDuration`).
    var activeDuration: Double {
        let cycle = effectiveDuration * (autoreverses ? 2 : 1)
        if repeatDuration > 0 { return repeatDuration }
        let count = repeatCount > 0 ? Double(repeatCount) : 1
        return count.isInfinite ? .infinity : count * cycle
    }

    /// Whether the object reaches its end: it moves (a speed other than 0) and its active
    /// duration is finite (not repeated for ever).
    var endsByItself: Bool { speed != 0 && activeDuration.isFinite }

    /// The local time of `parentTime`.
    func localTime(_ parentTime: Double) -> Double {
        (parentTime - beginTime) * Double(speed) + timeOffset
    }

    /// Where the object is at local time `local`.
    func phase(atLocal local: Double) -> TimingPhase {
        if local < 0 { return .before }
        let active = activeDuration
        let ended = local >= active
        let t = ended ? active : local
        let d = effectiveDuration
        let cycle = d * (autoreverses ? 2 : 1)
        var iteration = Int((t / cycle).rounded(.down))
        var within = t - Double(iteration) * cycle
        if ended && within < 1e-12 && iteration > 0 {
            // The end of a whole iteration is that iteration's end, not the next one's start.
            iteration -= 1
            within = cycle
        }
        let fraction = autoreverses && within > d ? (cycle - within) / d : min(within / d, 1)
        return ended ? .after(fraction: fraction, iteration: iteration) : .active(fraction: fraction, iteration: iteration)
    }
}
