import Foundation
import Geometry
import CoreGraphics

/// A value an animation moves a layer property through: what Core Animation boxes in `NSValue`
/// and `NSNumber` (`fromValue`, `toValue`, `values`), unboxed once.
enum AnimatableValue: Equatable {
    case scalar(Double)
    case point(CGPoint)
    case size(CGSize)
    case rect(CGRect)
    /// Boxed: a transform is 128 bytes, which every other value would otherwise be copied as.
    indirect case transform(CATransform3D)
    case color(CGColor?)
    case path(CGPath?)
    case bool(Bool)

    /// The value an app gave as `Any` (numbers, points, sizes, rectangles, transforms, colours,
    /// paths, as Swift code passes them), or nil for one Core Animation could not animate.
    init?(_ any: Any?) {
        switch any {
        case let v as CGPoint: self = .point(v)
        case let v as CGFloat: self = .scalar(Double(v))
        case let v as Double: self = .scalar(v)
        case let v as CGRect: self = .rect(v)
        case let v as CGSize: self = .size(v)
        case let v as CATransform3D: self = .transform(v)
        case let v as Float: self = .scalar(Double(v))
        case let v as Int: self = .scalar(Double(v))
        case let v as Bool: self = .bool(v)
        case let v as NSNumber: self = .scalar(v.doubleValue)
        case let v as CGAffineTransform: self = .transform(CATransform3DMakeAffineTransform(v))
        case let v as CGColor: self = .color(v)
        case let v as any CoreAnimationColor: self = .color(v.animatedCGColor)
        case let v as CGPath: self = .path(v)
        case let v as any CoreAnimationPath: self = .path(v.animatedCGPath)
        default: return nil
        }
    }

    /// The value as Swift code reads it back (`presentation()`'s properties are typed; this is for
    /// `value(forKeyPath:)`).
    var any: Any? {
        switch self {
        case .scalar(let v): v
        case .point(let v): v
        case .size(let v): v
        case .rect(let v): v
        case .transform(let v): v
        case .color(let v): v
        case .path(let v): v
        case .bool(let v): v
        }
    }

    /// The value a fraction `f` of the way from `self` to `to`. Transforms go through their parts
    /// (translation, scale, rotation, shear), as Core Animation interpolates them, so a quarter
    /// turn stays a rotation of rigid size; colours by their components; paths point by point when
    /// they have the same elements (otherwise they switch halfway, as Core Animation leaves them
    /// undefined); booleans switch at the end.
    func interpolated(to other: AnimatableValue, _ f: Double) -> AnimatableValue {
        let t = CGFloat(f)
        func mix(_ a: CGFloat, _ b: CGFloat) -> CGFloat { a + (b - a) * t }
        switch (self, other) {
        case (.scalar(let a), .scalar(let b)): return .scalar(a + (b - a) * f)
        case (.point(let a), .point(let b)): return .point(CGPoint(x: mix(a.x, b.x), y: mix(a.y, b.y)))
        case (.size(let a), .size(let b)): return .size(CGSize(width: mix(a.width, b.width), height: mix(a.height, b.height)))
        case (.rect(let a), .rect(let b)):
            // The raw components: an additive offset's size may be negative (CGRect's `width`,
            // `minX`… read it standardized, which would flip its sign).
            return .rect(CGRect(x: mix(a.origin.x, b.origin.x), y: mix(a.origin.y, b.origin.y),
                                width: mix(a.size.width, b.size.width), height: mix(a.size.height, b.size.height)))
        case (.transform(let a), .transform(let b)):
            return .transform(TransformParts(a).interpolated(to: TransformParts(b), t).transform)
        case (.color(let a), .color(let b)):
            let x = a?.components ?? [0, 0, 0, 0], y = b?.components ?? [0, 0, 0, 0]
            return .color(CGColor(red: mix(x[0], y[0]), green: mix(x[1], y[1]), blue: mix(x[2], y[2]), alpha: mix(x[3], y[3])))
        case (.path(let a), .path(let b)):
            if let a, let b, let mixed = Self.interpolate(a, b, t) { return .path(mixed) }
            return f < 0.5 ? self : other
        case (.bool, .bool):
            return f < 1 ? self : other
        default:
            return f < 0.5 ? self : other
        }
    }

    /// `self + other`: what an additive animation adds to the property, a `byValue` to the start.
    /// Transforms concatenate (the animation's applied first, then the property's).
    func adding(_ other: AnimatableValue) -> AnimatableValue {
        switch (self, other) {
        case (.scalar(let a), .scalar(let b)): .scalar(a + b)
        case (.point(let a), .point(let b)): .point(CGPoint(x: a.x + b.x, y: a.y + b.y))
        case (.size(let a), .size(let b)): .size(CGSize(width: a.width + b.width, height: a.height + b.height))
        case (.rect(let a), .rect(let b)):
            .rect(CGRect(x: a.origin.x + b.origin.x, y: a.origin.y + b.origin.y,
                         width: a.size.width + b.size.width, height: a.size.height + b.size.height))
        case (.transform(let a), .transform(let b)): .transform(CATransform3DConcat(b, a))
        case (.color(let a), .color(let b)):
            .color(Self.color(a, b) { $0 + $1 })
        default: other
        }
    }

    /// `self − other`: the additive offset that starts a property at `self` when it is `other`.
    func subtracting(_ other: AnimatableValue) -> AnimatableValue? {
        switch (self, other) {
        case (.scalar(let a), .scalar(let b)): .scalar(a - b)
        case (.point(let a), .point(let b)): .point(CGPoint(x: a.x - b.x, y: a.y - b.y))
        case (.size(let a), .size(let b)): .size(CGSize(width: a.width - b.width, height: a.height - b.height))
        case (.rect(let a), .rect(let b)):
            .rect(CGRect(x: a.origin.x - b.origin.x, y: a.origin.y - b.origin.y,
                         width: a.size.width - b.size.width, height: a.size.height - b.size.height))
        case (.color(let a), .color(let b)): .color(Self.color(a, b) { $0 - $1 })
        default: nil
        }
    }

    /// The value that adds nothing of the same kind.
    var zero: AnimatableValue {
        switch self {
        case .scalar: .scalar(0)
        case .point: .point(.zero)
        case .size: .size(.zero)
        case .rect: .rect(CGRect(x: 0, y: 0, width: 0, height: 0))
        case .transform: .transform(CATransform3DIdentity)
        case .color: .color(CGColor(red: 0, green: 0, blue: 0, alpha: 0))
        default: self
        }
    }

    /// The distance between two values, for paced keyframes.
    func distance(to other: AnimatableValue) -> Double {
        switch (self, other) {
        case (.scalar(let a), .scalar(let b)): return abs(b - a)
        case (.point(let a), .point(let b)): return Double(hypot(b.x - a.x, b.y - a.y))
        case (.size(let a), .size(let b)): return Double(hypot(b.width - a.width, b.height - a.height))
        case (.rect(let a), .rect(let b)):
            let dx = b.origin.x - a.origin.x, dy = b.origin.y - a.origin.y
            let dw = b.size.width - a.size.width, dh = b.size.height - a.size.height
            return Double((dx * dx + dy * dy + dw * dw + dh * dh).squareRoot())
        default: return self == other ? 0 : 1
        }
    }

    private static func color(_ a: CGColor?, _ b: CGColor?, _ op: (CGFloat, CGFloat) -> CGFloat) -> CGColor {
        let x = a?.components ?? [0, 0, 0, 0], y = b?.components ?? [0, 0, 0, 0]
        return CGColor(red: op(x[0], y[0]), green: op(x[1], y[1]), blue: op(x[2], y[2]), alpha: op(x[3], y[3]))
    }

    /// Two paths of the same elements, point by point; nil when their elements differ.
    private static func interpolate(_ a: CGPath, _ b: CGPath, _ t: CGFloat) -> CGPath? {
        guard a.elements.count == b.elements.count else { return nil }
        func mix(_ p: CGPoint, _ q: CGPoint) -> CGPoint { CGPoint(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t) }
        let path = CGMutablePath()
        for (x, y) in zip(a.elements, b.elements) {
            switch (x, y) {
            case (.moveToPoint(let p), .moveToPoint(let q)): path.move(to: mix(p, q))
            case (.addLineToPoint(let p), .addLineToPoint(let q)): path.addLine(to: mix(p, q))
            case (.addCurveToPoint(let p1, let p2, let p), .addCurveToPoint(let q1, let q2, let q)):
                path.addCurve(to: mix(p, q), control1: mix(p1, q1), control2: mix(p2, q2))
            case (.closeSubpath, .closeSubpath): path.closeSubpath()
            default: return nil
            }
        }
        return path
    }

    // MARK: Parts of a value (key paths such as `position.x`, `transform.rotation.z`)

    /// The part of the value that `path` names ("x", "size.width", "rotation.z", "scale"…), or nil.
    func part(_ path: Substring) -> AnimatableValue? {
        switch self {
        case .point(let p):
            switch path {
            case "x": return .scalar(Double(p.x))
            case "y": return .scalar(Double(p.y))
            default: return nil
            }
        case .size(let s):
            switch path {
            case "width": return .scalar(Double(s.width))
            case "height": return .scalar(Double(s.height))
            default: return nil
            }
        case .rect(let r):
            let (head, rest) = Self.split(path)
            let piece: AnimatableValue
            switch head {
            case "origin": piece = .point(r.origin)
            case "size": piece = .size(r.size)
            default: return nil
            }
            return rest.map { piece.part($0) } ?? piece
        case .transform(let m):
            let parts = TransformParts(m)
            switch path {
            case "scale": return .scalar(Double((parts.scaleX + parts.scaleY) / 2))
            case "scale.x": return .scalar(Double(parts.scaleX))
            case "scale.y": return .scalar(Double(parts.scaleY))
            case "scale.z": return .scalar(1)
            case "rotation", "rotation.z": return .scalar(Double(parts.rotation))
            case "translation": return .size(CGSize(width: parts.tx, height: parts.ty))
            case "translation.x": return .scalar(Double(parts.tx))
            case "translation.y": return .scalar(Double(parts.ty))
            case "translation.z": return .scalar(0)
            default: return nil
            }
        default:
            return nil
        }
    }

    /// The value with the part `path` names set to `value`; self when the part does not apply.
    func settingPart(_ path: Substring, to value: AnimatableValue) -> AnimatableValue {
        let scalar: CGFloat? = if case .scalar(let v) = value { CGFloat(v) } else { nil }
        switch self {
        case .point(var p):
            guard let scalar else { return self }
            if path == "x" { p.x = scalar } else if path == "y" { p.y = scalar }
            return .point(p)
        case .size(var s):
            guard let scalar else { return self }
            if path == "width" { s.width = scalar } else if path == "height" { s.height = scalar }
            return .size(s)
        case .rect(var r):
            let (head, rest) = Self.split(path)
            switch head {
            case "origin":
                let next = rest.map { AnimatableValue.point(r.origin).settingPart($0, to: value) } ?? value
                if case .point(let p) = next { r.origin = p }
            case "size":
                let next = rest.map { AnimatableValue.size(r.size).settingPart($0, to: value) } ?? value
                if case .size(let s) = next { r.size = s }
            default: break
            }
            return .rect(r)
        case .transform(let m):
            var parts = TransformParts(m)
            switch path {
            case "scale": if let scalar { parts.scaleX = scalar; parts.scaleY = scalar }
            case "scale.x": if let scalar { parts.scaleX = scalar }
            case "scale.y": if let scalar { parts.scaleY = scalar }
            case "rotation", "rotation.z": if let scalar { parts.rotation = scalar }
            case "translation": if case .size(let s) = value { parts.tx = s.width; parts.ty = s.height }
            case "translation.x": if let scalar { parts.tx = scalar }
            case "translation.y": if let scalar { parts.ty = scalar }
            default: return self
            }
            return .transform(parts.transform)
        default:
            return self
        }
    }

    static func split(_ path: Substring) -> (Substring, Substring?) {
        guard let dot = path.firstIndex(of: ".") else { return (path, nil) }
        return (path[..<dot], path[path.index(after: dot)...])
    }
}

/// An affine transform as translation, rotation, scale and shear (applied scale, then shear,
/// then rotation, then translation): how transforms are interpolated and how key paths such as
/// `transform.rotation.z` read and write one part. Depth and perspective are left out, as
/// uisim renders in the plane.
struct TransformParts {
    var tx: CGFloat, ty: CGFloat
    var rotation: CGFloat
    var scaleX: CGFloat, scaleY: CGFloat
    var shear: CGFloat

    init(_ m: CATransform3D) {
        let a = m.m11, b = m.m12, c = m.m21, d = m.m22
        tx = m.m41
        ty = m.m42
        var sx = (a * a + b * b).squareRoot()
        let determinant = a * d - b * c
        rotation = sx == 0 ? 0 : atan2(b, a)
        // The second row, less its part along the first, gives the shear and y scale.
        let ux = sx == 0 ? 1 : a / sx, uy = sx == 0 ? 0 : b / sx
        let k = c * ux + d * uy
        let rx = c - k * ux, ry = d - k * uy
        var sy = (rx * rx + ry * ry).squareRoot()
        if determinant < 0 {
            if sx != 0 { sx = -sx; rotation = atan2(-b, -a) } else { sy = -sy }
        }
        scaleX = sx
        scaleY = sy
        shear = sy == 0 ? 0 : k / sy
    }

    var transform: CATransform3D {
        let cs = cos(rotation), sn = sin(rotation)
        // scale, then shear (x += shear·y), then rotate.
        let a = scaleX * cs, b = scaleX * sn
        let c = shear * scaleY * cs - scaleY * sn, d = shear * scaleY * sn + scaleY * cs
        return CATransform3DMakeAffineTransform(CGAffineTransform(a: a, b: b, c: c, d: d, tx: tx, ty: ty))
    }

    func interpolated(to other: TransformParts, _ t: CGFloat) -> TransformParts {
        var result = self
        func mix(_ a: CGFloat, _ b: CGFloat) -> CGFloat { a + (b - a) * t }
        result.tx = mix(tx, other.tx)
        result.ty = mix(ty, other.ty)
        result.scaleX = mix(scaleX, other.scaleX)
        result.scaleY = mix(scaleY, other.scaleY)
        result.shear = mix(shear, other.shear)
        // The shorter way round.
        var delta = other.rotation - rotation
        while delta > .pi { delta -= 2 * .pi }
        while delta < -.pi { delta += 2 * .pi }
        result.rotation = rotation + delta * t
        return result
    }
}
