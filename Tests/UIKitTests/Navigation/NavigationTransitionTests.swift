import Foundation
import Geometry
import Replay
import RunLoop
import Testing
import UIKitTestSupport
import Traces
@testable import UIKit

/// Animated navigation, driven by taps in a replay: a button pushes a screen, the bar's back
/// button pops it; each transition slides on a 0.35 s spring, and the callbacks come in UIKit's
/// order with `animated` true.
@MainActor
@Suite struct NavigationTransitionTests {
    final class Screen: UIViewController {
        let name: String
        var log: [String] = []
        var onTap: (() -> Void)?
        var shared: ((String) -> Void)?

        init(_ name: String) {
            self.name = name
            super.init(nibName: nil, bundle: nil)
            title = name
        }

        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

        override func viewDidLoad() {
            view.backgroundColor = .white
            let button = UIButton(frame: CGRect(x: 95, y: 380, width: 200, height: 40))
            button.setTitle("Open", for: .normal)
            button.addAction(UIAction { [weak self] _ in self?.onTap?() }, for: .touchUpInside)
            view.addSubview(button)
            shared?("\(name).viewDidLoad")
        }
        override func viewWillAppear(_ animated: Bool) { shared?("\(name).viewWillAppear(\(animated))") }
        override func viewDidAppear(_ animated: Bool) { shared?("\(name).viewDidAppear(\(animated))") }
        override func viewWillDisappear(_ animated: Bool) { shared?("\(name).viewWillDisappear(\(animated))") }
        override func viewDidDisappear(_ animated: Bool) { shared?("\(name).viewDidDisappear(\(animated))") }
        override func willMove(toParent parent: UIViewController?) { shared?("\(name).willMove(\(parent == nil ? "nil" : "nav"))") }
        override func didMove(toParent parent: UIViewController?) { shared?("\(name).didMove(\(parent == nil ? "nil" : "nav"))") }
    }

    /// A tap at 0.1 s on A's button pushes B (animated); a tap at 1.5 s on the back button (16 pt
    /// in, centred on the 44 pt bar at y = 47) pops it. The log, after A's own appearance: the
    /// push's seven callbacks, then the pop's six, all animated.
    @Test func aTapPushesAndTheBackButtonPops() throws {
        var log: [String] = []
        let a = Screen("A"), b = Screen("B")
        a.shared = { log.append($0) }
        b.shared = { log.append($0) }
        let navigation = UINavigationController(rootViewController: a)
        a.onTap = { navigation.pushViewController(b, animated: true) }
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        var trace = Trace()
        trace.tap(1, at: CGPoint(x: 195, y: 400), time: 0.1, duration: 0.08)
        trace.tap(2, at: CGPoint(x: 30, y: 69), time: 1.5, duration: 0.08)
        let result = try Replay(window: window, clock: VirtualClock()).run(trace)
        let afterA = log.drop { !$0.hasPrefix("B.") }
        #expect(Array(afterA) == [
            "B.willMove(nav)", "B.viewDidLoad", "A.viewWillDisappear(true)", "B.viewWillAppear(true)",
            "A.viewDidDisappear(true)", "B.viewDidAppear(true)", "B.didMove(nav)",
            "B.willMove(nil)", "B.viewWillDisappear(true)", "A.viewWillAppear(true)",
            "B.viewDidDisappear(true)", "A.viewDidAppear(true)", "B.didMove(nil)",
        ], "\(log)")
        #expect(navigation.viewControllers.count == 1 && a.view.frame == window.bounds && a.view.superview === navigation.view)
        #expect(result.frames > 20)   // the two slides were drawn frame by frame
    }

    /// A tap presents a sheet, animated: it slides up for 0.5 s on a spring and ends 10 pt below
    /// the status bar (y = 57); the completion runs once it is there; a second tap, on its button,
    /// dismisses it.
    @Test func aTapPresentsASheetThatSlidesUp() throws {
        var log: [String] = []
        let a = Screen("A"), sheet = Screen("S")
        sheet.shared = { log.append($0) }
        a.onTap = { a.present(sheet, animated: true) { log.append("presented") } }
        sheet.onTap = { sheet.dismiss(animated: true) { log.append("dismissed") } }
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        window.rootViewController = a
        window.makeKeyAndVisible()
        var trace = Trace()
        trace.tap(1, at: CGPoint(x: 195, y: 400), time: 0.1, duration: 0.08)
        trace.tap(2, at: CGPoint(x: 195, y: 457), time: 1.5, duration: 0.08)   // the sheet's button: 400 + 57
        _ = try Replay(window: window, clock: VirtualClock()).run(trace)
        #expect(log == ["S.viewDidLoad", "S.viewWillAppear(true)", "S.viewDidAppear(true)", "presented",
                        "S.viewWillDisappear(true)", "S.viewDidDisappear(true)", "dismissed"], "\(log)")
        #expect(a.presentedViewController == nil && sheet.viewIfLoaded?.window == nil)
    }

    /// `.crossDissolve`: the sheet stays at y = 57 and fades in (its opacity between 0 and 1 while
    /// it comes), then fades out on dismissal and is whole again after.
    @Test func aCrossDissolveFadesInsteadOfSliding() throws {
        let a = Screen("A"), sheet = Screen("S")
        sheet.modalTransitionStyle = .crossDissolve
        a.onTap = { a.present(sheet, animated: true) }
        sheet.onTap = { sheet.dismiss(animated: true) }
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        window.rootViewController = a
        window.makeKeyAndVisible()
        var trace = Trace()
        trace.tap(1, at: CGPoint(x: 195, y: 400), time: 0.1, duration: 0.08)
        trace.tap(2, at: CGPoint(x: 195, y: 457), time: 1.5, duration: 0.08)
        var opacities: [Float] = [], tops: Set<CGFloat> = []
        let replay = Replay(window: window, clock: VirtualClock())
        replay.afterFrame = { _, _ in
            guard sheet.viewIfLoaded?.window != nil, let shown = sheet.view.layer.presentation() else { return }
            opacities.append(shown.opacity)
            tops.insert(shown.frame.minY)
        }
        _ = try replay.run(trace)
        #expect(tops == [57], "\(tops)")
        #expect(opacities.contains { $0 > 0.05 && $0 < 0.95 } && opacities.contains(1))
        #expect(sheet.view.alpha == 1 && a.presentedViewController == nil)
    }

    /// The back button tapped 0.15 s into a push: the push ends at once where it was going, then
    /// the pop slides; A is back on screen, whole, and every callback came in pairs.
    @Test func backDuringAPushEndsThePushFirst() throws {
        var log: [String] = []
        let a = Screen("A"), b = Screen("B")
        let navigation = UINavigationController(rootViewController: a)
        a.onTap = { navigation.pushViewController(b, animated: true) }
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        a.shared = { log.append($0) }
        b.shared = { log.append($0) }
        var trace = Trace()
        trace.tap(1, at: CGPoint(x: 195, y: 400), time: 0.1, duration: 0.05)
        trace.tap(2, at: CGPoint(x: 30, y: 69), time: 0.25, duration: 0.05)
        _ = try Replay(window: window, clock: VirtualClock()).run(trace)
        let afterA = Array(log.drop { !$0.hasPrefix("B.") })
        #expect(afterA == [
            "B.willMove(nav)", "B.viewDidLoad", "A.viewWillDisappear(true)", "B.viewWillAppear(true)",
            "A.viewDidDisappear(true)", "B.viewDidAppear(true)", "B.didMove(nav)",
            "B.willMove(nil)", "B.viewWillDisappear(true)", "A.viewWillAppear(true)",
            "B.viewDidDisappear(true)", "A.viewDidAppear(true)", "B.didMove(nil)",
        ], "\(log)")
        #expect(navigation.viewControllers.count == 1 && a.view.superview === navigation.view && a.view.frame == window.bounds)
        #expect(b.viewIfLoaded?.superview == nil)
    }
}
