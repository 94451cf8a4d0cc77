import Foundation

extension UIView {
    /// Problems with how the hierarchy under this view is built, one sentence each. Today: views
    /// added to a `UIVisualEffectView` rather than its `contentView` (UIKit logs them), and views
    /// an app added inside a `UIControl` — the seed notes' fifth piece of advice says not to
    /// customize system controls that way (their inner structure may change).
    public func hierarchyWarnings() -> [String] {
        var warnings: [String] = []
        forEachInSubtree { view in
            if view is UIVisualEffectView {
                for subview in view.subviews where !view.systemSubviews.contains(where: { $0 === subview }) {
                    warnings.append("UIVisualEffectView has a subview \(type(of: subview)) added to it directly: add it to contentView")
                }
                return
            }
            guard view is UIControl else { return }
            for subview in view.subviews where !view.systemSubviews.contains(where: { $0 === subview }) {
                let f = view.frame
                warnings.append("\(type(of: view)) at (\(Int(f.minX)), \(Int(f.minY)), \(Int(f.width))×\(Int(f.height))) has a subview"
                                + " \(type(of: subview)) added to it: customize controls through their API, not with subviews")
            }
        }
        return warnings
    }
}
