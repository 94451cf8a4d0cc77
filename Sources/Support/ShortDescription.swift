import Foundation

extension CGFloat {
    /// The number with no trailing ".0", as UIKit's descriptions print geometry.
    package var shortDescription: String {
        let d = Double(self)
        return d == d.rounded() && Swift.abs(d) < 1e15 ? String(Int(d)) : String(d)
    }
}

extension CGFloat {
    /// The number `any` holds, as Objective-C APIs take numbers in dictionaries (attributes,
    /// metrics): a CGFloat, Double, Float, Int or NSNumber; nil for anything else.
    package init?(number any: Any?) {
        switch any {
        case let v as CGFloat: self = v
        case let v as Double: self = CGFloat(v)
        case let v as Float: self = CGFloat(v)
        case let v as Int: self = CGFloat(v)
        case let v as NSNumber: self = CGFloat(v.doubleValue)
        default: return nil
        }
    }
}
