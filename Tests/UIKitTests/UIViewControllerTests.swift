import Foundation
import Testing
@testable import UIKit

/// UIViewController as UIKit has it: the view loaded on demand, appearance and layout callbacks
/// in UIKit's order, containment, the responder chain, and a window's resize.
@Suite struct UIViewControllerTests {
    /// A view controller that logs its callbacks as "name: callback".
    final class Logged: UIViewController {
        let name: String
        let log: Log
        var touched = 0

        init(_ name: String, log: Log) {
            self.name = name
            self.log = log
            super.init(nibName: nil, bundle: nil)
        }

        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

        override func loadView() {
            log.add("\(name): loadView")
            view = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        }
        override func viewDidLoad() { log.add("\(name): viewDidLoad") }
        override func viewWillAppear(_ animated: Bool) { log.add("\(name): viewWillAppear") }
        override func viewDidAppear(_ animated: Bool) { log.add("\(name): viewDidAppear") }
        override func viewWillDisappear(_ animated: Bool) { log.add("\(name): viewWillDisappear") }
        override func viewDidDisappear(_ animated: Bool) { log.add("\(name): viewDidDisappear") }
        override func viewWillLayoutSubviews() { log.add("\(name): viewWillLayoutSubviews") }
        override func viewDidLayoutSubviews() { log.add("\(name): viewDidLayoutSubviews") }
        override func willMove(toParent parent: UIViewController?) { log.add("\(name): willMove(toParent: \(parent == nil ? "nil" : "parent"))") }
        override func didMove(toParent parent: UIViewController?) { log.add("\(name): didMove(toParent: \(parent == nil ? "nil" : "parent"))") }
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
            touched += 1
            super.touchesBegan(touches, with: event)
        }
        override func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {
            log.add("\(name): viewWillTransition to \(Int(size.width))x\(Int(size.height)), window \(Int(view.window!.bounds.width)) wide")
            coordinator.animate(alongsideTransition: { _ in
                self.log.add("\(self.name): alongside, view \(Int(self.view.bounds.width)) wide")
            }, completion: { _ in self.log.add("\(self.name): completion") })
            super.viewWillTransition(to: size, with: coordinator)
        }
    }

    final class Log {
        var entries: [String] = []
        func add(_ entry: String) { entries.append(entry) }
        func take() -> [String] { defer { entries = [] }; return entries }
    }

    @Test func theViewLoadsOnDemandOnce() {
        let log = Log()
        let controller = Logged("root", log: log)
        #expect(!controller.isViewLoaded && controller.viewIfLoaded == nil)
        #expect(log.entries.isEmpty)
        let view = controller.view
        #expect(controller.isViewLoaded && controller.view === view)
        #expect(log.take() == ["root: loadView", "root: viewDidLoad"])
        // The default loadView makes a plain view the size of the main screen.
        let plain = UIViewController()
        #expect(plain.view.bounds == UIScreen.main.bounds)
    }

    @Test func aRootViewControllerAppearsInUIKitsOrder() {
        let log = Log()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let root = Logged("root", log: log)
        window.rootViewController = root
        // The view fills the window and follows it.
        #expect(root.view.frame == window.bounds && root.view.superview === window)
        #expect(root.view.autoresizingMask == [.flexibleWidth, .flexibleHeight])
        #expect(log.take() == ["root: loadView", "root: viewDidLoad"])   // a hidden window shows nothing yet
        window.makeKeyAndVisible()
        #expect(log.take() == ["root: viewWillAppear"])
        _ = window.layoutPass()
        #expect(log.take() == ["root: viewWillLayoutSubviews", "root: viewDidLayoutSubviews", "root: viewDidAppear"])
        _ = window.layoutPass()
        #expect(log.take().isEmpty)   // appeared once; nothing marked for layout
        root.view.setNeedsLayout()
        _ = window.layoutPass()
        #expect(log.take() == ["root: viewWillLayoutSubviews", "root: viewDidLayoutSubviews"])
        // Replacing the root view controller takes the old view out.
        let next = Logged("next", log: log)
        window.rootViewController = next
        #expect(log.take() == ["next: loadView", "next: viewDidLoad", "root: viewWillDisappear", "root: viewDidDisappear", "next: viewWillAppear"])
        #expect(root.view.superview == nil && window.subviews.first === next.view)
    }

    @Test func childrenAppearAndDisappearInUIKitsOrder() {
        let log = Log()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let parent = Logged("parent", log: log), child = Logged("child", log: log)
        window.rootViewController = parent
        window.makeKeyAndVisible()
        _ = window.layoutPass()
        _ = log.take()

        parent.addChild(child)
        parent.view.addSubview(child.view)
        child.didMove(toParent: parent)
        #expect(parent.children.count == 1 && parent.children[0] === child && child.parent === parent)
        #expect(log.take() == ["child: willMove(toParent: parent)", "child: loadView", "child: viewDidLoad", "child: viewWillAppear",
                               "child: didMove(toParent: parent)"])
        _ = window.layoutPass()
        #expect(log.take() == ["parent: viewWillLayoutSubviews", "parent: viewDidLayoutSubviews",
                               "child: viewWillLayoutSubviews", "child: viewDidLayoutSubviews", "child: viewDidAppear"])

        child.willMove(toParent: nil)
        child.view.removeFromSuperview()
        child.removeFromParent()
        #expect(log.take() == ["child: willMove(toParent: nil)", "child: viewWillDisappear", "child: viewDidDisappear",
                               "child: didMove(toParent: nil)"])
        #expect(parent.children.isEmpty && child.parent == nil)
    }

    /// A window whose root view controller holds a child, its view inside the root's view.
    func rootWithChild(_ log: Log) -> (UIWindow, Logged, Logged) {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let root = Logged("root", log: log), child = Logged("child", log: log)
        window.rootViewController = root
        root.addChild(child)
        root.view.addSubview(child.view)
        child.didMove(toParent: root)
        return (window, root, child)
    }

    @Test func theResponderChainRunsThroughViewControllers() {
        let (window, root, child) = rootWithChild(Log())
        let button = UIView(frame: CGRect(x: 10, y: 10, width: 40, height: 40))
        child.view.addSubview(button)

        var chain: [String] = []
        var responder: UIResponder? = button
        while let r = responder {
            chain.append(r === button ? "button" : r === child.view ? "child.view" : r === child ? "child"
                : r === root.view ? "root.view" : r === root ? "root" : r === window ? "window" : "\(type(of: r))")
            responder = r.next
        }
        #expect(chain == ["button", "child.view", "child", "root.view", "root", "window", "UIApplication"])
        // A touch the button does not handle reaches both view controllers on its way up.
        button.touchesBegan([], with: nil)
        #expect(child.touched == 1 && root.touched == 1)
    }

    @Test func aWindowsResizeReachesViewControllersBeforeItHappens() {
        let log = Log()
        let (window, root, _) = rootWithChild(log)
        window.makeKeyAndVisible()
        _ = log.take()
        window.frame = CGRect(x: 0, y: 0, width: 844, height: 390)
        // Told first (the window still 390 wide), the children through the default
        // implementation; the alongside blocks run with the new size, then the completions.
        #expect(log.take() == ["root: viewWillTransition to 844x390, window 390 wide", "child: viewWillTransition to 844x390, window 390 wide",
                               "root: alongside, view 844 wide", "child: alongside, view 200 wide", "root: completion", "child: completion"])
        #expect(root.view.bounds.size == CGSize(width: 844, height: 390))
        window.frame.origin.x = 10   // no change of size: no transition
        #expect(log.take().isEmpty)
    }
}
