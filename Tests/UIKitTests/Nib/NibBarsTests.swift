import Foundation
import Geometry
import Testing
@testable import UIKit

/// An owner whose outlets hold a toolbar's item, an effect view's label and a constraint.
final class NibBarsOwner: UIResponder {
    var playItem: UIBarButtonItem?
    var caption: UILabel?
    var collapsed: NSLayoutConstraint?
    var counter: NibCounter?
    var done = 0
    func finish() { done += 1 }
    override class var interfaceBuilderConnections: [UINibConnection] {
        [.outlet("playItem", \NibBarsOwner.playItem), .outlet("caption", \NibBarsOwner.caption),
         .outlet("collapsed", \NibBarsOwner.collapsed), .outlet("counter", \NibBarsOwner.counter),
         .action(Selector("finish:", NibBarsOwner.finish))]
    }
}

/// An object a document holds that is not a view (a `<customObject>`).
final class NibCounter: NSObject {
    var start = 0
}

/// A controller a nib holds among its objects (not its File's Owner).
final class NibHeldController: UIViewController {
    var title2: UILabel?
    var loaded = 0
    override func viewDidLoad() {
        super.viewDidLoad()
        loaded += 1
    }
    override class var interfaceBuilderConnections: [UINibConnection] {
        super.interfaceBuilderConnections + [.outlet("title2", \NibHeldController.title2)]
    }
}

/// Bars, effect views, custom objects and controllers among a nib's objects, constraints the
/// traits leave out, as Xcode writes them (our own documents).
extension UINibTests {
    static func barsDocument(_ body: String, owner: String = "") -> Data {
        let text = String(decoding: document(body, owner: owner), as: UTF8.self)
        return Data(text.replacingOccurrences(of: "customClass=\"NibOwner\"", with: "customClass=\"NibBarsOwner\"").utf8)
    }

    /// A toolbar 375 wide: "Edit", a flexible space, the system play item. UIKit's toolbar puts
    /// its items 16 pt in from its edges, so "Edit" starts at x = 16 and play ends at 375 − 16 =
    /// 359, the flexible space taking what is left; both are 44 pt tall rows' buttons, centred. The
    /// play item's action goes to the File's Owner; its outlet holds it.
    @Test func aToolbarWithItsItems() throws {
        let owner = NibBarsOwner()
        let objects = try UINib(data: Self.barsDocument("""
            <toolbar opaque="NO" clearsContextBeforeDrawing="NO" contentMode="scaleToFill" translucent="NO" id="bar">
                <rect key="frame" x="0.0" y="0.0" width="375" height="44"/>
                <autoresizingMask key="autoresizingMask" widthSizable="YES" flexibleMinY="YES"/>
                <items>
                    <barButtonItem title="Edit" id="edit"/>
                    <barButtonItem style="plain" systemItem="flexibleSpace" id="space"/>
                    <barButtonItem systemItem="play" id="play">
                        <connections><action selector="finish:" destination="-1" id="a1"/></connections>
                    </barButtonItem>
                </items>
            </toolbar>
            """, owner: "<connections><outlet property=\"playItem\" destination=\"play\" id=\"o1\"/></connections>"),
            bundle: nil).instantiateThrowing(withOwner: owner)
        let toolbar = try #require(objects.first as? UIToolbar)
        #expect(!toolbar.isTranslucent && toolbar.items?.count == 3 && toolbar.items?.first?.title == "Edit")
        #expect(owner.playItem === toolbar.items?.last && owner.playItem?.systemItem == .play)
        toolbar.layoutIfNeeded()
        let buttons = toolbar.subviews.compactMap { $0 as? UIButton }.sorted { $0.frame.minX < $1.frame.minX }
        #expect(buttons.count == 2)
        #expect(abs((buttons.first?.frame.minX ?? 0) - 16) < 1e-9 && abs((buttons.last?.frame.maxX ?? 0) - 359) < 1e-9)
        buttons.last?.sendActions(for: .touchUpInside)
        #expect(owner.done == 1)
    }

    /// A navigation bar with one item: its title and its left Done item, whose action reaches
    /// the File's Owner. A standalone tab bar with two items (the system one titled as UIKit shows
    /// it), the first selected.
    @Test func aNavigationBarAndATabBar() throws {
        let owner = NibBarsOwner()
        let objects = try UINib(data: Self.barsDocument("""
            <view contentMode="scaleToFill" id="root">
                <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                <subviews>
                    <navigationBar contentMode="scaleToFill" id="nav">
                        <rect key="frame" x="0.0" y="20" width="375" height="44"/>
                        <items>
                            <navigationItem title="Title" id="item">
                                <barButtonItem key="leftBarButtonItem" systemItem="done" id="doneItem">
                                    <connections><action selector="finish:" destination="-1" id="a2"/></connections>
                                </barButtonItem>
                            </navigationItem>
                        </items>
                    </navigationBar>
                    <tabBar contentMode="scaleToFill" id="tabs">
                        <rect key="frame" x="0.0" y="618" width="375" height="49"/>
                        <items>
                            <tabBarItem title="Inbox" id="t1"/>
                            <tabBarItem systemItem="favorites" tag="2" id="t2"/>
                        </items>
                    </tabBar>
                </subviews>
            </view>
            """), bundle: nil).instantiateThrowing(withOwner: owner)
        let root = try #require(objects.first as? UIView)
        let bar = try #require(root.subviews.first as? UINavigationBar)
        #expect(bar.items?.count == 1 && bar.topItem?.title == "Title")
        let done = try #require(bar.topItem?.leftBarButtonItem)
        #expect(done.systemItem == .done && done.target === owner)
        _ = UIApplication.shared.sendAction(try #require(done.action), to: done.target, from: done, for: nil)
        #expect(owner.done == 1)
        let tabs = try #require(root.subviews.last as? UITabBar)
        #expect(tabs.items?.map(\.title) == ["Inbox", "Favorites"] && tabs.items?.last?.tag == 2 && tabs.selectedItem === tabs.items?.first)
    }

    /// A blur effect view: its effect is the document's style, and the subviews of its content
    /// view go in its `contentView` (where UIKit puts them), not beside it.
    @Test func aVisualEffectViewFromADocument() throws {
        let owner = NibBarsOwner()
        let objects = try UINib(data: Self.barsDocument("""
            <visualEffectView opaque="NO" contentMode="scaleToFill" id="blur">
                <rect key="frame" x="0.0" y="0.0" width="375" height="308"/>
                <view key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" id="content">
                    <rect key="frame" x="0.0" y="0.0" width="375" height="308"/>
                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                    <subviews>
                        <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Name" id="name">
                            <rect key="frame" x="20" y="140" width="335" height="21"/>
                            <fontDescription key="fontDescription" type="system" pointSize="17"/>
                        </label>
                    </subviews>
                </view>
                <blurEffect style="dark"/>
            </visualEffectView>
            """, owner: "<connections><outlet property=\"caption\" destination=\"name\" id=\"o2\"/></connections>"),
            bundle: nil).instantiateThrowing(withOwner: owner)
        let effectView = try #require(objects.first as? UIVisualEffectView)
        #expect((effectView.effect as? UIBlurEffect)?.style == .dark)
        #expect(owner.caption?.superview === effectView.contentView && owner.caption?.frame == CGRect(x: 20, y: 140, width: 335, height: 21))
        #expect(!effectView.subviews.contains { $0 === owner.caption })
    }

    /// A `<customObject>`: the app's class, made as the app registered it, its outlet connected;
    /// a plain one is an `NSObject`. An unregistered class is said once and its outlet stays nil.
    @Test func customObjectsAreMadeAsTheAppSays() throws {
        try UIApplication.withNewApplication {
            let body = """
                <customObject id="counter" customClass="NibCounter" customModule="UIKitTests"/>
                <customObject id="plain"/>
                """
            let outlet = "<connections><outlet property=\"counter\" destination=\"counter\" id=\"o3\"/></connections>"
            let unregistered = NibBarsOwner()
            _ = try UINib(data: Self.barsDocument(body, owner: outlet), bundle: nil).instantiateThrowing(withOwner: unregistered)
            #expect(unregistered.counter == nil)
            #expect(UIApplication.shared.layoutIssues.contains { $0.hasPrefix("<data>:10: the custom object NibCounter is not made") })
            UINib.register(NibCounter.self) {
                let counter = NibCounter()
                counter.start = 7
                return counter
            }
            let owner = NibBarsOwner()
            let objects = try UINib(data: Self.barsDocument(body, owner: outlet), bundle: nil).instantiateThrowing(withOwner: owner)
            #expect(owner.counter?.start == 7 && objects.first as? NibCounter === owner.counter)
            #expect(type(of: objects.last as AnyObject) == NSObject.self)
        }
    }

    /// A view controller among a nib's objects: made with the document's title, its view made
    /// from the document and handed over when it loads its view (then `viewDidLoad`, once), its
    /// outlets connected.
    @Test func aControllerAmongANibsObjects() throws {
        let objects = try UINib(data: Self.barsDocument("""
            <viewController title="Web" id="held" customClass="NibHeldController" customModule="UIKitTests">
                <view key="view" contentMode="scaleToFill" id="heldView">
                    <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                    <subviews>
                        <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Page" id="page">
                            <rect key="frame" x="16" y="80" width="343" height="21"/>
                        </label>
                    </subviews>
                </view>
                <connections><outlet property="title2" destination="page" id="o4"/></connections>
            </viewController>
            """), bundle: nil).instantiateThrowing(withOwner: nil)
        let controller = try #require(objects.first as? NibHeldController)
        #expect(controller.title == "Web" && !controller.isViewLoaded && controller.title2?.text == "Page")
        #expect(controller.view.subviews.first === controller.title2 && controller.view.frame.size == CGSize(width: 375, height: 667))
        #expect(controller.loaded == 1)
    }

    /// A constraint a size-class variation leaves out is made but not installed, as UIKit makes
    /// it: an outlet to it holds it (to turn on later), and it is not active.
    @Test func aConstraintTheTraitsLeaveOutStillFillsItsOutlet() throws {
        let owner = NibBarsOwner()
        _ = try UINib(data: Self.barsDocument("""
            <view contentMode="scaleToFill" id="root">
                <rect key="frame" x="0.0" y="0.0" width="375" height="100"/>
                <subviews>
                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="box">
                        <rect key="frame" x="0.0" y="0.0" width="375" height="50"/>
                        <constraints>
                            <constraint firstAttribute="height" id="zero"/>
                        </constraints>
                        <variation key="default">
                            <mask key="constraints">
                                <exclude reference="zero"/>
                            </mask>
                        </variation>
                    </view>
                </subviews>
            </view>
            """, owner: "<connections><outlet property=\"collapsed\" destination=\"zero\" id=\"o5\"/></connections>"),
            bundle: nil).instantiateThrowing(withOwner: owner)
        let collapsed = try #require(owner.collapsed)
        #expect(!collapsed.isActive && collapsed.constant == 0 && collapsed.firstAttribute == .height)
    }
}
