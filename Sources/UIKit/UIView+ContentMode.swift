import QuartzCore
import UIFoundation

extension UIView {
    /// How a view places its content when its size changes, as UIKit's `UIView.ContentMode`.
    /// Every mode but `.redraw` reuses the drawn content and lets the compositor scale or place it.
    public enum ContentMode: Int, Sendable, CaseIterable {
        case scaleToFill, scaleAspectFit, scaleAspectFill, redraw
        case center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight

        /// The layer gravity that places the content the same way.
        var contentsGravity: CALayerContentsGravity {
            switch self {
            case .scaleToFill, .redraw: .resize
            case .scaleAspectFit: .resizeAspect
            case .scaleAspectFill: .resizeAspectFill
            case .center: .center
            case .top: .top
            case .bottom: .bottom
            case .left: .left
            case .right: .right
            case .topLeft: .topLeft
            case .topRight: .topRight
            case .bottomLeft: .bottomLeft
            case .bottomRight: .bottomRight
            }
        }
    }
}
