import Foundation
import Geometry
import CoreGraphics

/// How a keyframe animation moves between its values.
public struct CAAnimationCalculationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Straight between neighbours, at `keyTimes` (the default).
    public static let linear = CAAnimationCalculationMode(rawValue: "linear")
    /// Each value held until the next key time.
    public static let discrete = CAAnimationCalculationMode(rawValue: "discrete")
    /// At constant speed over the whole (key times and timing functions ignored).
    public static let paced = CAAnimationCalculationMode(rawValue: "paced")
    /// Through the values on a smooth curve (uisim: as linear).
    public static let cubic = CAAnimationCalculationMode(rawValue: "cubic")
    public static let cubicPaced = CAAnimationCalculationMode(rawValue: "cubicPaced")
}

/// An animation through several values (Core Animation's `CAKeyframeAnimation`): `values` at
/// `keyTimes` (fractions of the duration; evenly spaced when nil), each segment paced by its
/// entry of `timingFunctions`; or along `path` for a point property.
open class CAKeyframeAnimation: CAPropertyAnimation {
    open var values: [Any]? {
        didSet { parsedFrames = nil }
    }
    open var path: CGPath? {
        didSet { parsedFrames = nil }
    }
    open var keyTimes: [NSNumber]?
    /// The keyframes unboxed, once.
    private var parsedFrames: [AnimatableValue]?
    open var timingFunctions: [CAMediaTimingFunction]?
    open var calculationMode: CAAnimationCalculationMode = .linear

    public required init() { super.init() }

    open override func takeSettings(from other: CAAnimation) {
        super.takeSettings(from: other)
        guard let other = other as? CAKeyframeAnimation else { return }
        values = other.values
        path = other.path
        keyTimes = other.keyTimes
        timingFunctions = other.timingFunctions
        calculationMode = other.calculationMode
    }

    /// The keyframes: `path`'s points (its line and curve ends) or `values`.
    private var frames: [AnimatableValue] {
        if let parsedFrames { return parsedFrames }
        let frames = unboxedFrames
        parsedFrames = frames
        return frames
    }

    private var unboxedFrames: [AnimatableValue] {
        if let path {
            return path.elements.compactMap {
                switch $0 {
                case .moveToPoint(let p), .addLineToPoint(let p), .addCurveToPoint(_, _, let p): .point(p)
                case .closeSubpath: nil
                }
            }
        }
        return (values ?? []).compactMap { AnimatableValue($0) }
    }

    /// The key times: given, or as the mode spaces them.
    private func times(for frames: [AnimatableValue]) -> [Double] {
        let n = frames.count
        if calculationMode == .paced || calculationMode == .cubicPaced {
            var lengths = [0.0]
            for i in 1..<n { lengths.append(lengths[i - 1] + frames[i - 1].distance(to: frames[i])) }
            let total = lengths.last ?? 0
            return total > 0 ? lengths.map { $0 / total } : (0..<n).map { Double($0) / Double(max(n - 1, 1)) }
        }
        if let keyTimes, keyTimes.count == n { return keyTimes.map(\.doubleValue) }
        if calculationMode == .discrete { return (0..<n).map { Double($0) / Double(n) } }
        return (0..<n).map { Double($0) / Double(max(n - 1, 1)) }
    }

    override func value(atProgress progress: Double, base: AnimatableValue) -> AnimatableValue? {
        let frames = frames
        guard let first = frames.first else { return nil }
        if frames.count == 1 { return first }
        let times = times(for: frames)
        if calculationMode == .discrete {
            let index = times.lastIndex { $0 <= progress + 1e-12 } ?? 0
            return frames[index]
        }
        if progress <= times[0] { return frames[0] }
        if progress >= times[times.count - 1] { return frames[frames.count - 1] }
        var segment = 0
        while segment + 1 < times.count - 1 && progress >= times[segment + 1] { segment += 1 }
        let span = times[segment + 1] - times[segment]
        var local = span > 0 ? (progress - times[segment]) / span : 1
        if calculationMode != .paced && calculationMode != .cubicPaced, let functions = timingFunctions, segment < functions.count {
            local = functions[segment].value(at: local)
        }
        return frames[segment].interpolated(to: frames[segment + 1], local)
    }
}
