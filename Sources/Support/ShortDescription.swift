import Foundation

extension CGFloat {
    /// The number with no trailing ".0", as UIKit's descriptions print geometry.
    package var shortDescription: String {
        let d = Double(self)
        return d == d.rounded() && Swift.abs(d) < 1e15 ? String(Int(d)) : String(d)
    }
}
