import Foundation
import Geometry
import QuartzCore
import Replay
import RunLoop
import Testing
import UIKitTestSupport
import Traces
@testable import UIKit

/// Page sheets dragged by traced fingers on an iPhone 14: on release the sheet goes to the resting
/// place nearest to where its speed would carry it (0.099 s of it), "dismissed" (the screen's
/// bottom, 844) among them; the delegate hears UIKit's calls; the sheet its appearance callbacks.
@MainActor
@Suite struct SheetSwipeTests {
    typealias Screen = NavigationTransitionTests.Screen

    final class Delegate: NSObject, UISheetPresentationControllerDelegate {
        var log: [String] = []
        var refuse = false
        func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool {
            log.append("shouldDismiss")
            return !refuse
        }
        func presentationControllerWillDismiss(_ presentationController: UIPresentationController) { log.append("willDismiss") }
        func presentationControllerDidDismiss(_ presentationController: UIPresentationController) { log.append("didDismiss") }
        func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController) { log.append("didAttemptToDismiss") }
        func sheetPresentationControllerDidChangeSelectedDetentIdentifier(_ sheet: UISheetPresentationController) {
            log.append("detent \(sheet.selectedDetentIdentifier == .large ? "large" : "other")")
        }
    }

    /// A window on screen with A at its root, and S presented by A without animation once
    /// `configure` has set it up.
    func present(_ s: Screen, over a: Screen, configure: () -> Void) -> UIWindow {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        window.rootViewController = a
        window.makeKeyAndVisible()
        _ = window.layoutPass()
        window.endAppearances()
        configure()
        a.present(s, animated: false)
        return window
    }

    /// A presents S as a page sheet without animation, then `drag` runs in a replay. Returns the
    /// delegate's and S's calls, in one log.
    func run(detents: [UISheetPresentationController.Detent] = [.large()], modal: Bool = false, refuse: Bool = false,
             _ drag: (inout Trace) -> Void) throws -> (log: [String], a: Screen, s: Screen, window: UIWindow) {
        let delegate = Delegate()
        let a = Screen("A"), s = Screen("S")
        let window = present(s, over: a) {
            s.sheetPresentationController?.detents = detents
            s.presentationController?.delegate = delegate
            s.isModalInPresentation = modal
            delegate.refuse = refuse
        }
        s.shared = { delegate.log.append($0) }
        var trace = Trace()
        drag(&trace)
        _ = try Replay(window: window, clock: VirtualClock()).run(trace)
        return (delegate.log, a, s, window)
    }

    /// Dragged 400 pt down in 0.3 s (1 333 pt/s): the top at 57 + 400 = 457, projected 457 + 132 =
    /// 589, nearer 844 than 57: dismissed.
    @Test func aFastSwipeDownDismissesTheSheet() throws {
        let (log, a, s, _) = try run { $0.drag(1, from: CGPoint(x: 195, y: 300), to: CGPoint(x: 195, y: 700), time: 0.1, duration: 0.3) }
        #expect(log == ["shouldDismiss", "willDismiss", "S.viewWillDisappear(true)", "S.viewDidDisappear(true)", "didDismiss"], "\(log)")
        #expect(a.presentedViewController == nil && s.viewIfLoaded?.window == nil && a.view.transform == .identity)
    }

    /// Dragged 100 pt down slowly and held still (no speed): the top at 157, nearer 57: the sheet
    /// comes back; it heard it would disappear, then that it appears again, never that it
    /// disappeared; the delegate never hears didDismiss.
    @Test func aShortSlowDragSpringsBack() throws {
        let (log, a, s, _) = try run { $0.drag(1, from: CGPoint(x: 195, y: 300), to: CGPoint(x: 195, y: 400), time: 0.1, duration: 0.5, hold: 0.2) }
        #expect(log == ["shouldDismiss", "willDismiss", "S.viewWillDisappear(true)", "S.viewWillAppear(true)", "S.viewDidAppear(true)"], "\(log)")
        #expect(a.presentedViewController === s && s.view.frame.minY == 57)
    }

    /// A sheet that may not be dismissed (`isModalInPresentation`, or the delegate saying no)
    /// rubber-bands and springs back; the delegate hears the attempt and no dismissal.
    @Test func aModalSheetRefusesTheSwipe() throws {
        for (modal, refuse) in [(true, false), (false, true)] {
            let (log, a, s, _) = try run(modal: modal, refuse: refuse) {
                $0.drag(1, from: CGPoint(x: 195, y: 300), to: CGPoint(x: 195, y: 700), time: 0.1, duration: 0.3)
            }
            #expect(log == (modal ? [] : ["shouldDismiss"]) + ["didAttemptToDismiss"], "\(log)")
            #expect(a.presentedViewController === s && s.view.frame.minY == 57)
        }
    }

    /// At the medium detent (top 388.33), dragged up 250 pt in 0.3 s (−833 pt/s): the top at
    /// 138.3, projected 138.3 − 82.5 = 55.9, nearest the large detent's 57: the sheet goes there,
    /// the delegate hears the new detent, the screen behind shrinks.
    @Test func aSwipeUpTakesTheSheetToItsLargeDetent() throws {
        let (log, a, s, _) = try run(detents: [.medium(), .large()]) {
            $0.drag(1, from: CGPoint(x: 195, y: 500), to: CGPoint(x: 195, y: 250), time: 0.1, duration: 0.3)
        }
        #expect(log == ["shouldDismiss", "detent large"], "\(log)")
        #expect(s.view.frame.minY == 57 && s.sheetPresentationController?.selectedDetentIdentifier == .large)
        #expect(abs(a.view.transform.a - SheetPresentationTestsScale.behind) < 1e-9)
    }
}

extension SheetSwipeTests {
    /// A finger that catches the sheet while it springs from medium to large (S's button at
    /// y = 388⅓ + 380…420 asks for it at 1 s; the finger comes down 0.1 s later and moves 20 pt)
    /// holds it where it is shown: from frame to frame the sheet never jumps (at most what the
    /// spring or the finger moves in one frame), though the model was already at the large top.
    @Test func aSheetCaughtWhileMovingDoesNotJump() throws {
        let a = Screen("A"), s = Screen("S")
        let sheet = try #require(s.sheetPresentationController)
        let window = present(s, over: a) { sheet.detents = [.medium(), .large()] }
        s.onTap = { sheet.animateChanges { sheet.selectedDetentIdentifier = .large } }
        var trace = Trace()
        trace.tap(1, at: CGPoint(x: 195, y: 788), time: 1.0, duration: 0.03)
        trace.drag(2, from: CGPoint(x: 195, y: 700), to: CGPoint(x: 195, y: 720), time: 1.1, duration: 0.3, hold: 0.3)
        var tops: [CGFloat] = []
        let replay = Replay(window: window, clock: VirtualClock())
        // In `afterFrame` the layers hold the model; the presentation is what the frame showed.
        replay.afterFrame = { _, _ in tops.append(s.view.layer.presentation()?.frame.minY ?? s.view.frame.minY) }
        _ = try replay.run(trace)
        let jumps = zip(tops, tops.dropFirst()).map { abs($1 - $0) }
        #expect((jumps.max() ?? 0) < 60, "\(tops)")
        #expect(tops.contains { $0 > 57 + 1 && $0 < 388 - 1 })   // it was caught on its way
    }

    /// A popover on an iPhone is its adaptive page sheet: a fast swipe down dismisses it, and the
    /// popover's delegate hears UIKit's calls with the popover's controller (the sheet's delegate,
    /// unset, hears nothing).
    @Test func aPopoverAdaptedToASheetIsDismissedBySwipingItDown() throws {
        final class PopoverDelegate: NSObject, UIPopoverPresentationControllerDelegate {
            var log: [String] = []
            func presentationControllerShouldDismiss(_ controller: UIPresentationController) -> Bool {
                log.append("shouldDismiss \(controller is UIPopoverPresentationController)")
                return true
            }
            func presentationControllerWillDismiss(_ controller: UIPresentationController) { log.append("willDismiss") }
            func presentationControllerDidDismiss(_ controller: UIPresentationController) {
                log.append("didDismiss \(controller is UIPopoverPresentationController)")
            }
        }
        let delegate = PopoverDelegate()
        let a = Screen("A"), s = Screen("S")
        let window = present(s, over: a) {
            s.modalPresentationStyle = .popover
            s.popoverPresentationController?.delegate = delegate
            s.popoverPresentationController?.sourceView = a.view
        }
        #expect(s.view.frame == CGRect(x: 0, y: 57, width: 390, height: 787))
        var trace = Trace()
        trace.drag(1, from: CGPoint(x: 195, y: 300), to: CGPoint(x: 195, y: 700), time: 0.1, duration: 0.3)
        _ = try Replay(window: window, clock: VirtualClock()).run(trace)
        #expect(delegate.log == ["shouldDismiss true", "willDismiss", "didDismiss true"], "\(delegate.log)")
        #expect(a.presentedViewController == nil && s.viewIfLoaded?.window == nil)
    }
}

enum SheetPresentationTestsScale {
    static let behind: CGFloat = (422 - 47) / 422.0
}
