import Foundation

/// The floor of compositing, to measure uisim's compositor against: one `width × height` ARGB32
/// image painted 1:1 onto another with cairo's SOURCE operator (a copy) or OVER (a blend) —
/// pixman's fastest paths, with nothing of uisim's around them. (Not UIKit API: a profiler's
/// reference point, used by the benchmarks.)
public final class RasterBaseline {
    public enum Operation: Sendable {
        /// The destination's pixels replaced: what an opaque layer costs at best.
        case copy
        /// The source blended over the destination: what a translucent layer costs at best.
        case blend
    }

    private let source: CairoImage
    private let context: CairoContext

    /// Two images of `width × height` pixels; the source is filled with a colour of
    /// `sourceAlpha` opacity (1 for the copy; below 1 so the blend does real work).
    public init(width: Int, height: Int, sourceAlpha: Double = 0.5) throws {
        source = try CairoImage(width: width, height: height)
        let fill = CairoContext(image: source)
        fill.setOperator(.source)
        fill.setSourceRGBA(0.2, 0.4, 0.8, sourceAlpha)
        fill.paint()
        let destination = try CairoImage(width: width, height: height)
        context = CairoContext(image: destination)
        context.setOperator(.source)
        context.setSourceRGBA(1, 1, 1, 1)
        context.paint()
    }

    /// Paints the whole source onto the destination once.
    public func paint(_ operation: Operation) {
        context.setOperator(operation == .copy ? .source : .over)
        context.setSource(source, x: 0, y: 0, filter: .nearest)
        context.paint()
    }
}
