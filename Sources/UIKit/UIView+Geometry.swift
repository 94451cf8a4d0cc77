import Foundation
import Geometry
import QuartzCore
import UIFoundation

extension UIView {
    /// The layer whose coordinates `nil` stands for: the view's window, or the root of its tree
    /// when it is in no window.
    func targetLayer(_ view: UIView?) -> CALayer? {
        if let view { return view.layer }
        return window?.layer
    }
}
