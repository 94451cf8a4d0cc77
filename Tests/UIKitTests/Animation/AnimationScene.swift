import Foundation
import Geometry
import CoreGraphics
@testable import QuartzCore
@testable import UIKit

/// A media clock a test sets (the app's `CACurrentMediaTime()`), and a window with one 100 × 100
/// view at the origin on screen (committed at time 0): what the animation tests start from.
@MainActor
enum AnimationScene {
    final class Clock { var now = 0.0 }

    static func make(_ clock: Clock, background: UIColor? = .red) -> (UIWindow, UIView) {
        AnimationRegistry.current.mediaClock = { clock.now }
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        view.backgroundColor = background
        window.addSubview(view)
        window.isHidden = false
        window.commit(at: 0)
        return (window, view)
    }
}
