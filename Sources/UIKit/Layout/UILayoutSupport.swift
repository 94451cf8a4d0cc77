import Foundation
import CoreGraphics
import UIFoundation

/// iOS 7's layout guides of a view controller (UIKit's `UILayoutSupport`, which iOS 11 replaced
/// with the safe area but still offers): an object with vertical anchors and a `length`.
@preconcurrency @MainActor
public protocol UILayoutSupport: NSObjectProtocol {
    /// The guide's height, in points: valid once the view is laid out (`viewDidLayoutSubviews`).
    var length: CGFloat { get }
    var topAnchor: NSLayoutYAxisAnchor { get }
    var bottomAnchor: NSLayoutYAxisAnchor { get }
    var heightAnchor: NSLayoutDimension { get }
}

/// `topLayoutGuide` and `bottomLayoutGuide`: a guide of the controller's view, from the view's top
/// to its safe area's top (under the status and navigation bars), or from the safe area's bottom
/// (above a toolbar, a tab bar, the home indicator) to the view's bottom, as wide as the view.
final class LayoutSupportGuide: UILayoutGuide, UILayoutSupport {
    var length: CGFloat { layoutFrame.height }
}

extension UIViewController {
    /// The controller's top or bottom layout guide, made and constrained the first time it is asked for.
    func layoutSupport(top: Bool) -> UILayoutSupport {
        LayoutSupportGuide.guide(of: view, top: top)
    }
}

extension LayoutSupportGuide {
    /// The top or bottom layout guide of a controller whose view is `view` (a storyboard scene's
    /// `<viewControllerLayoutGuide>` is made on the scene's view as it loads).
    static func guide(of view: UIView, top: Bool) -> LayoutSupportGuide {
        let identifier = top ? "_UIViewControllerTopLayoutGuide" : "_UIViewControllerBottomLayoutGuide"
        if let guide = view.layoutGuides.first(where: { $0.identifier == identifier }) as? LayoutSupportGuide { return guide }
        let guide = LayoutSupportGuide()
        guide.identifier = identifier
        view.addLayoutGuide(guide)
        let safeArea = view.safeAreaLayoutGuide
        NSLayoutConstraint.activate([
            guide.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            guide.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            top ? guide.topAnchor.constraint(equalTo: view.topAnchor) : guide.topAnchor.constraint(equalTo: safeArea.bottomAnchor),
            top ? guide.bottomAnchor.constraint(equalTo: safeArea.topAnchor) : guide.bottomAnchor.constraint(equalTo: view.bottomAnchor),
        ])
        return guide
    }
}
