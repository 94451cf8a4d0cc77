// A bottom-sheet presentation as a Swift 5 library writes it against the SDK (PanModal's shape):
// a public presentation controller overriding `presentedView` with a non-optional view, the
// transition and layout hooks; a shared transitioning delegate vending it and an animator; the
// animator driving the appearance callbacks of the presenter itself, as `.custom` leaves it to.
import Foundation
import XCTest
import UIKit

public class BottomSheetPresentationController: UIPresentationController {
    private lazy var wrapper: UIView = {
        let view = UIView()
        view.addSubview(presentedViewController.view)
        return view
    }()
    public var layouts = 0

    public override var presentedView: UIView { wrapper }

    override public func containerViewWillLayoutSubviews() {
        super.containerViewWillLayoutSubviews()
        layouts += 1
        presentedView.frame = frameOfPresentedViewInContainerView
        presentedViewController.view.frame = presentedView.bounds
    }

    public override var frameOfPresentedViewInContainerView: CGRect {
        guard let container = containerView else { return .zero }
        return CGRect(x: 0, y: container.bounds.height - 300, width: container.bounds.width, height: 300)
    }

    override public func presentationTransitionWillBegin() {
        containerView?.addSubview(presentedView)
        presentedViewController.transitionCoordinator?.animate(alongsideTransition: { _ in
            self.presentedViewController.setNeedsStatusBarAppearanceUpdate()
        })
    }

    override public func dismissalTransitionDidEnd(_ completed: Bool) {
        if completed { presentedView.removeFromSuperview() }
    }

    public override func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {
        super.viewWillTransition(to: size, with: coordinator)
    }
}

public class BottomSheetAnimator: NSObject {
    let presenting: Bool
    public var appearanceCalls: [String] = []
    required public init(presenting: Bool) { self.presenting = presenting }
}

extension BottomSheetAnimator: UIViewControllerAnimatedTransitioning {
    public func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0 }

    public func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let toVC = transitionContext.viewController(forKey: .to),
              let fromVC = transitionContext.viewController(forKey: .from) else { return }
        if presenting {
            fromVC.beginAppearanceTransition(false, animated: true)
            let panView: UIView = transitionContext.containerView.subviews.last ?? toVC.view
            panView.frame = transitionContext.finalFrame(for: toVC)
            fromVC.endAppearanceTransition()
            appearanceCalls.append("presenter disappeared")
        } else {
            toVC.beginAppearanceTransition(true, animated: true)
            toVC.endAppearanceTransition()
            appearanceCalls.append("presenter appeared")
        }
        transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
    }
}

public class BottomSheetDelegate: NSObject, UIViewControllerTransitioningDelegate, UIAdaptivePresentationControllerDelegate {
    public static var `default` = BottomSheetDelegate()
    public let presentAnimator = BottomSheetAnimator(presenting: true)

    public func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                                    source: UIViewController) -> UIViewControllerAnimatedTransitioning? { presentAnimator }

    public func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        BottomSheetAnimator(presenting: false)
    }

    public func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                       source: UIViewController) -> UIPresentationController? {
        let controller = BottomSheetPresentationController(presentedViewController: presented, presenting: presenting)
        controller.delegate = self
        return controller
    }

    public func adaptivePresentationStyle(for controller: UIPresentationController, traitCollection: UITraitCollection) -> UIModalPresentationStyle {
        .none
    }
}

final class CustomTransitionClientTests: XCTestCase {
    func testABottomSheetPresentsAndDismissesThroughItsOwnController() {
        UIApplication.withNewApplication {
            let root = UIViewController(), sheet = UIViewController()
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            window.rootViewController = root
            window.makeKeyAndVisible()
            sheet.modalPresentationStyle = .custom
            sheet.modalPresentationCapturesStatusBarAppearance = true
            sheet.transitioningDelegate = BottomSheetDelegate.default
            root.present(sheet, animated: true)
            let controller = sheet.presentationController as? BottomSheetPresentationController
            XCTAssertNotNil(controller)
            XCTAssertEqual(BottomSheetDelegate.default.presentAnimator.appearanceCalls, ["presenter disappeared"])
            XCTAssertEqual(controller?.presentedView.frame, CGRect(x: 0, y: 544, width: 390, height: 300))
            window.layoutIfNeeded()
            XCTAssertGreaterThan(controller?.layouts ?? 0, 0)
            XCTAssertEqual(sheet.view.frame, CGRect(x: 0, y: 0, width: 390, height: 300))
            XCTAssertTrue(root.presentedViewController === sheet)
            sheet.dismiss(animated: true)
            XCTAssertNil(root.presentedViewController)
            XCTAssertNil(sheet.viewIfLoaded?.window)
            withExtendedLifetime(window) {}
        }
    }
}
