import Foundation
import Geometry
import Testing
@testable import UIKit

/// The list scene's controller, as an app declares it (its outlets and actions as `uisim port`
/// writes them from `@IBOutlet` and `@IBAction`).
final class StoryListController: UIViewController {
    weak var openButton: UIButton!
    var prepared: [String] = []
    var allowsShow = true
    var unwoundFrom: [String] = []

    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
        prepared.append("\(segue.identifier ?? "-") → \(type(of: segue.destination)), sender \(sender.map { "\(type(of: $0))" } ?? "nil")")
        (segue.destination as? StoryDetailController)?.name = "Milk"
    }

    override func shouldPerformSegue(withIdentifier identifier: String, sender: Any?) -> Bool { allowsShow }

    func unwindToList(_ segue: UIStoryboardSegue) {
        unwoundFrom.append("\(type(of: segue.source))")
    }

    override class var interfaceBuilderConnections: [UINibConnection] {
        super.interfaceBuilderConnections + [
            .outlet("openButton", \StoryListController.openButton),
            .action(Selector("unwindToList:", StoryListController.unwindToList(_:))),
        ]
    }
}

final class StoryDetailController: UIViewController {
    weak var nameLabel: UILabel!
    var name: String?

    override func viewDidLoad() {
        super.viewDidLoad()
        nameLabel.text = name
    }

    override class var interfaceBuilderConnections: [UINibConnection] {
        super.interfaceBuilderConnections + [.outlet("nameLabel", \StoryDetailController.nameLabel)]
    }
}

final class StoryBadgeController: UIViewController {}

/// A storyboard as Xcode 15 writes one (our own): a navigation controller (the initial scene)
/// whose root is a list with a "+" bar button presenting an editor full screen, an "Open" button
/// showing the detail (segue "showDetail"), and a 100 × 40 container view embedding a badge
/// scene; the detail (Storyboard ID "Detail") has a name label and a button unwinding to the list.
@MainActor
@Suite(.serialized) struct UIStoryboardTests {
    static let storyboard = Data("""
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22155" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES" initialViewController="nav-1">
        <device id="retina6_12" orientation="portrait" appearance="light"/>
        <dependencies>
            <plugIn identifier="com.apple.InterfaceBuilder.IBCocoaTouchPlugin" version="22131"/>
        </dependencies>
        <scenes>
            <!--Navigation Controller-->
            <scene sceneID="s-nav">
                <objects>
                    <navigationController id="nav-1" sceneMemberID="viewController">
                        <navigationBar key="navigationBar" contentMode="scaleToFill" id="bar-1">
                            <rect key="frame" x="0.0" y="59" width="393" height="44"/>
                            <autoresizingMask key="autoresizingMask"/>
                        </navigationBar>
                        <connections>
                            <segue destination="list-1" kind="relationship" relationship="rootViewController" id="rel-1"/>
                        </connections>
                    </navigationController>
                    <placeholder placeholderIdentifier="IBFirstResponder" id="fr-1" userLabel="First Responder" sceneMemberID="firstResponder"/>
                </objects>
            </scene>
            <!--Items-->
            <scene sceneID="s-list">
                <objects>
                    <viewController id="list-1" customClass="StoryListController" customModule="UIKitTests" sceneMemberID="viewController">
                        <view key="view" contentMode="scaleToFill" id="list-view">
                            <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                            <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                            <subviews>
                                <button opaque="NO" contentMode="scaleToFill" buttonType="system" lineBreakMode="middleTruncation" id="open-1">
                                    <rect key="frame" x="20" y="120" width="120" height="44"/>
                                    <state key="normal" title="Open"/>
                                    <connections>
                                        <segue destination="detail-1" kind="show" identifier="showDetail" id="seg-show"/>
                                    </connections>
                                </button>
                                <containerView opaque="NO" contentMode="scaleToFill" id="box-1">
                                    <rect key="frame" x="20" y="200" width="100" height="40"/>
                                    <connections>
                                        <segue destination="badge-1" kind="embed" identifier="embedBadge" id="seg-embed"/>
                                    </connections>
                                </containerView>
                            </subviews>
                            <viewLayoutGuide key="safeArea" id="list-safe"/>
                            <color key="backgroundColor" systemColor="systemBackgroundColor"/>
                        </view>
                        <navigationItem key="navigationItem" title="Items" id="list-item">
                            <barButtonItem key="rightBarButtonItem" systemItem="add" id="add-1">
                                <connections>
                                    <segue destination="editor-1" kind="presentation" modalPresentationStyle="fullScreen" id="seg-add"/>
                                </connections>
                            </barButtonItem>
                        </navigationItem>
                        <connections>
                            <outlet property="openButton" destination="open-1" id="out-1"/>
                        </connections>
                    </viewController>
                    <placeholder placeholderIdentifier="IBFirstResponder" id="fr-2" userLabel="First Responder" sceneMemberID="firstResponder"/>
                </objects>
            </scene>
            <!--Detail-->
            <scene sceneID="s-detail">
                <objects>
                    <viewController storyboardIdentifier="Detail" title="Detail" id="detail-1" customClass="StoryDetailController" customModule="UIKitTests" sceneMemberID="viewController">
                        <view key="view" contentMode="scaleToFill" id="detail-view">
                            <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                            <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                            <subviews>
                                <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Name" id="name-1">
                                    <rect key="frame" x="20" y="120" width="200" height="21"/>
                                    <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                </label>
                                <button opaque="NO" contentMode="scaleToFill" buttonType="system" id="back-1">
                                    <rect key="frame" x="20" y="160" width="120" height="44"/>
                                    <state key="normal" title="Back to list"/>
                                    <connections>
                                        <segue destination="exit-1" kind="unwind" unwindAction="unwindToList:" id="seg-unwind"/>
                                    </connections>
                                </button>
                            </subviews>
                        </view>
                        <connections>
                            <outlet property="nameLabel" destination="name-1" id="out-2"/>
                        </connections>
                    </viewController>
                    <placeholder placeholderIdentifier="IBFirstResponder" id="fr-3" sceneMemberID="firstResponder"/>
                    <exit id="exit-1" userLabel="Exit" sceneMemberID="exit"/>
                </objects>
            </scene>
            <scene sceneID="s-badge">
                <objects>
                    <viewController id="badge-1" customClass="StoryBadgeController" customModule="UIKitTests" sceneMemberID="viewController"/>
                </objects>
            </scene>
            <scene sceneID="s-editor">
                <objects>
                    <viewController storyboardIdentifier="Editor" id="editor-1" sceneMemberID="viewController">
                        <view key="view" contentMode="scaleToFill" id="editor-view">
                            <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                        </view>
                    </viewController>
                </objects>
            </scene>
        </scenes>
    </document>
    """.utf8)

    func register() {
        UINib.register(StoryListController.self)
        UINib.register(StoryDetailController.self)
        UINib.register(StoryBadgeController.self)
    }

    /// The storyboard's initial navigation controller, on screen, and its list (the root screen).
    func listOnScreen() throws -> (storyboard: UIStoryboard, navigation: UINavigationController, list: StoryListController, window: UIWindow) {
        register()
        let storyboard = try UIStoryboard.load(data: Self.storyboard)
        let navigation = try #require(storyboard.instantiateInitialViewController() as? UINavigationController)
        let window = window(navigation)
        let list = try #require(navigation.topViewController as? StoryListController)
        return (storyboard, navigation, list, window)
    }

    func window(_ root: UIViewController) -> UIWindow {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        window.rootViewController = root
        window.makeKeyAndVisible()
        _ = window.layoutPass()
        window.endAppearances()
        return window
    }

    /// The initial scene: a navigation controller whose root, from the relationship segue, is the
    /// list (the storyboard's, titled "Items", its "+" item made with it); loading the list's view
    /// connects its outlet and embeds the badge in the 100 × 40 container (the list prepared first).
    @Test func theInitialSceneIsANavigationControllerWithItsRootScreen() throws {
        register()
        let storyboard = try UIStoryboard.load(data: Self.storyboard)
        let navigation = try #require(storyboard.instantiateInitialViewController() as? UINavigationController)
        #expect(navigation.viewControllers.count == 1 && navigation.storyboard === storyboard)
        let list = try #require(navigation.viewControllers.first as? StoryListController)
        #expect(list.storyboard === storyboard && list.navigationItem.title == "Items")
        #expect(list.navigationItem.rightBarButtonItem?.title == "add" || list.navigationItem.rightBarButtonItem != nil)
        #expect(!list.isViewLoaded)
        list.loadViewIfNeeded()
        #expect(list.openButton?.title(for: .normal) == "Open")
        #expect(list.openButton.frame == CGRect(x: 20, y: 120, width: 120, height: 44))
        let badge = try #require(list.children.first as? StoryBadgeController)
        #expect(badge.parent === list && badge.view.frame == CGRect(x: 0, y: 0, width: 100, height: 40))
        #expect(badge.view.superview?.frame == CGRect(x: 20, y: 200, width: 100, height: 40))
        #expect(list.prepared == ["embedBadge → StoryBadgeController, sender nil"])
    }

    /// `performSegue(withIdentifier:)`: the detail is made, the list prepares it (no
    /// `shouldPerformSegue` asked), and it is pushed; its outlet shows what was prepared.
    @Test func performSegueMakesPreparesAndShowsTheDestination() throws {
        let (_, navigation, list, window) = try listOnScreen()
        defer { withExtendedLifetime(window) {} }
        list.allowsShow = false
        list.performSegue(withIdentifier: "showDetail", sender: nil)
        #expect(list.prepared.last == "showDetail → StoryDetailController, sender nil")
        let detail = try #require(navigation.topViewController as? StoryDetailController)
        #expect(detail.title == "Detail" && detail.nameLabel.text == "Milk")
    }

    /// A tap's segue asks `shouldPerformSegue` first: refused, nothing happens; allowed, the
    /// detail is pushed with the button as the sender. Its unwind button then runs the list's
    /// `unwindToList:` and pops back to it.
    @Test func aButtonsSegueAsksFirstAndItsUnwindComesBack() throws {
        let (_, navigation, list, window) = try listOnScreen()
        defer { withExtendedLifetime(window) {} }
        list.allowsShow = false
        list.openButton.sendActions(for: .touchUpInside)
        #expect(navigation.viewControllers.count == 1 && list.prepared == ["embedBadge → StoryBadgeController, sender nil"])
        list.allowsShow = true
        list.openButton.sendActions(for: .touchUpInside)
        #expect(list.prepared.last == "showDetail → StoryDetailController, sender UIButton")
        let detail = try #require(navigation.topViewController as? StoryDetailController)
        let back = try #require(detail.view.subviews.compactMap { $0 as? UIButton }.first)
        back.sendActions(for: .touchUpInside)
        #expect(list.unwoundFrom == ["StoryDetailController"])
        #expect(navigation.topViewController === list)
    }

    /// The "+" item's segue presents the editor full screen.
    @Test func aBarButtonItemsSeguePresentsWithItsStyle() throws {
        let (storyboard, navigation, list, window) = try listOnScreen()
        defer { withExtendedLifetime(window) {} }
        let add = try #require(list.navigationItem.rightBarButtonItem)
        let action = try #require(add.primaryAction)
        action.handler(action)   // what the bar's button runs when tapped
        let editor = try #require(list.presentedViewController)
        #expect(editor.modalPresentationStyle == .fullScreen && editor.storyboard === storyboard)
        #expect(list.prepared.last == "- → UIViewController, sender UIBarButtonItem")
    }

    /// By Storyboard ID: a new controller each time; an unknown ID is not there.
    @Test func scenesAreMadeByTheirStoryboardID() throws {
        register()
        let storyboard = try UIStoryboard.load(data: Self.storyboard)
        let one = storyboard.instantiateViewController(withIdentifier: "Detail")
        let two: StoryDetailController = storyboard.instantiateViewController(identifier: "Detail")
        #expect(one is StoryDetailController && one !== two && one.title == "Detail")
        var made: [String] = []
        let three = storyboard.instantiateViewController(identifier: "Detail") { coder in
            made.append("creator")
            return StoryDetailController(coder: coder)
        }
        #expect(made == ["creator"] && three.storyboard === storyboard)
    }

    /// A tab bar controller's tabs come from its relationship segues, in order, each a navigation
    /// controller with its root; their tab bar items are the scenes'.
    @Test func aTabBarControllersTabsComeFromItsRelationships() throws {
        let data = Data("""
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22155" targetRuntime="iOS.CocoaTouch" initialViewController="tabs">
            <scenes>
                <scene sceneID="a"><objects>
                    <tabBarController id="tabs" sceneMemberID="viewController">
                        <connections>
                            <segue destination="n1" kind="relationship" relationship="viewControllers" id="r1"/>
                            <segue destination="n2" kind="relationship" relationship="viewControllers" id="r2"/>
                        </connections>
                    </tabBarController>
                </objects></scene>
                <scene sceneID="b"><objects>
                    <navigationController id="n1" sceneMemberID="viewController">
                        <tabBarItem key="tabBarItem" title="Inbox" id="t1"/>
                        <connections><segue destination="v1" kind="relationship" relationship="rootViewController" id="r3"/></connections>
                    </navigationController>
                </objects></scene>
                <scene sceneID="c"><objects>
                    <navigationController id="n2" sceneMemberID="viewController">
                        <tabBarItem key="tabBarItem" title="Settings" id="t2"/>
                        <connections><segue destination="v2" kind="relationship" relationship="rootViewController" id="r4"/></connections>
                    </navigationController>
                </objects></scene>
                <scene sceneID="d"><objects><viewController title="Mail" id="v1" sceneMemberID="viewController"/></objects></scene>
                <scene sceneID="e"><objects><viewController title="Options" id="v2" sceneMemberID="viewController"/></objects></scene>
            </scenes>
        </document>
        """.utf8)
        let storyboard = try UIStoryboard.load(data: data)
        let tabs = try #require(storyboard.instantiateInitialViewController() as? UITabBarController)
        let stacks = (tabs.viewControllers ?? []).compactMap { $0 as? UINavigationController }
        #expect(stacks.map { $0.tabBarItem.title } == ["Inbox", "Settings"])
        #expect(stacks.map { $0.topViewController?.title } == ["Mail", "Options"])
        #expect(tabs.selectedViewController === stacks.first)
    }

    /// A scene whose view is a kind uisim cannot make (MapKit's `<mapView>`) is not dropped
    /// silently: the controller makes its own view, and the document's line is reported once, for
    /// the first scene of that kind.
    @Test func aSceneViewUisimCannotMakeIsReported() throws {
        let data = Data("""
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="tvc">
            <scenes>
                <scene sceneID="s1">
                    <objects>
                        <viewController id="tvc" sceneMemberID="viewController">
                            <mapView key="view" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="scaleToFill" mapType="standard" id="tv">
                                <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                            </mapView>
                        </viewController>
                    </objects>
                </scene>
            </scenes>
        </document>
        """.utf8)
        try UIApplication.withNewApplication {
            let storyboard = try UIStoryboard.load(data: data, file: "Settings.storyboard")
            let first = storyboard.instantiateInitialViewController()
            #expect(first?.view.frame == UIScreen.main.bounds)
            _ = storyboard.instantiateInitialViewController()?.view
            #expect(UIApplication.shared.layoutIssues == ["Settings.storyboard:7: the scene's <mapView> is not read yet: "
                                                          + "UIViewController makes its own view, without the document's subviews, cells and outlets"])
        }
    }

    /// Bad documents: a nib is not a storyboard; an initial scene that is not there is named.
    @Test func aBrokenStoryboardSaysWhereAndWhat() {
        let nib = UINibTests.document("")
        #expect(throws: NibLoadingError.self) { try UIStoryboard.load(data: nib, file: "Login.xib") }
        do {
            _ = try UIStoryboard.load(data: nib, file: "Login.xib")
        } catch {
            #expect(error.description.contains("Login.xib:2") && error.description.contains("not an iOS storyboard"))
        }
        let missing = Data("""
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="nope">
            <scenes/>
        </document>
        """.utf8)
        do {
            _ = try UIStoryboard.load(data: missing, file: "Main.storyboard")
            Issue.record("loaded")
        } catch {
            #expect(error.description == "Main.storyboard:2: the initial view controller \"nope\" is not a scene of the storyboard")
        }
    }

    /// Storyboard references: the tab bar's first tab is "Inbox"'s initial scene (a navigation
    /// controller with its root), its second the scene "Profile" of "Account"; a button's segue to
    /// a reference pushes the referenced scene. Each controller belongs to the storyboard it comes
    /// from. A reference to a storyboard that is not there fails where it is written.
    @Test func storyboardReferencesMakeTheOtherStoryboardsScenes() throws {
        func storyboard(_ initial: String?, _ scenes: String) -> String {
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22155" targetRuntime="iOS.CocoaTouch"\(initial.map { " initialViewController=\"\($0)\"" } ?? "")>
                <scenes>
            \(scenes)
                </scenes>
            </document>
            """
        }
        let main = storyboard("tabs", """
                    <scene sceneID="a"><objects>
                        <tabBarController id="tabs" sceneMemberID="viewController">
                            <connections>
                                <segue destination="toInbox" kind="relationship" relationship="viewControllers" id="r1"/>
                                <segue destination="toProfile" kind="relationship" relationship="viewControllers" id="r2"/>
                            </connections>
                        </tabBarController>
                    </objects></scene>
                    <scene sceneID="b"><objects>
                        <viewControllerPlaceholder storyboardName="Inbox" id="toInbox" sceneMemberID="viewController"/>
                    </objects></scene>
                    <scene sceneID="c"><objects>
                        <viewControllerPlaceholder storyboardName="Account" referencedIdentifier="Profile" id="toProfile" sceneMemberID="viewController"/>
                    </objects></scene>
                    <scene sceneID="d"><objects>
                        <viewControllerPlaceholder storyboardName="Missing" id="toMissing" sceneMemberID="viewController"/>
                        <viewController storyboardIdentifier="Broken" id="broken" sceneMemberID="viewController">
                            <connections><segue destination="toMissing" kind="relationship" relationship="viewControllers" id="r3"/></connections>
                        </viewController>
                    </objects></scene>
            """)
        let inbox = storyboard("nav", """
                    <scene sceneID="e"><objects>
                        <navigationController id="nav" sceneMemberID="viewController">
                            <tabBarItem key="tabBarItem" title="Inbox" id="t1"/>
                            <connections><segue destination="list" kind="relationship" relationship="rootViewController" id="r4"/></connections>
                        </navigationController>
                    </objects></scene>
                    <scene sceneID="f"><objects>
                        <viewController title="Mail" id="list" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="listView">
                                <rect key="frame" x="0.0" y="0.0" width="390" height="844"/>
                                <subviews>
                                    <button opaque="NO" contentMode="scaleToFill" buttonType="system" id="me">
                                        <rect key="frame" x="20" y="100" width="100" height="44"/>
                                        <state key="normal" title="Me"/>
                                        <connections><segue destination="toProfile2" kind="show" identifier="showProfile" id="s1"/></connections>
                                    </button>
                                </subviews>
                            </view>
                        </viewController>
                    </objects></scene>
                    <scene sceneID="g"><objects>
                        <viewControllerPlaceholder storyboardName="Account" referencedIdentifier="Profile" id="toProfile2" sceneMemberID="viewController"/>
                    </objects></scene>
            """)
        let account = storyboard(nil, """
                    <scene sceneID="h"><objects>
                        <viewController title="Profile" storyboardIdentifier="Profile" id="profile" sceneMemberID="viewController"/>
                    </objects></scene>
            """)
        let (bundle, folder) = try UINibTests.bundle(with: ["Main.storyboard": main, "Inbox.storyboard": inbox, "Account.storyboard": account])
        defer { try? FileManager.default.removeItem(at: folder) }
        let storyboard = try UIStoryboard.load(name: "Main", bundle: bundle)
        let tabs = try #require(storyboard.instantiateInitialViewController() as? UITabBarController)
        let stack = try #require(tabs.viewControllers?.first as? UINavigationController)
        let profile = try #require(tabs.viewControllers?.last)
        #expect(stack.tabBarItem.title == "Inbox" && stack.topViewController?.title == "Mail" && profile.title == "Profile")
        #expect(stack.storyboard !== storyboard && stack.storyboard?.sceneIDs == ["list", "nav"] && profile.storyboard?.sceneIDs == ["profile"])
        let window = window(tabs)
        defer { withExtendedLifetime(window) {} }
        let list = try #require(stack.topViewController)
        let me = try #require(list.view.subviews.first as? UIButton)
        me.sendActions(for: .touchUpInside)
        #expect(stack.viewControllers.count == 2 && stack.topViewController?.title == "Profile")
        do throws(NibLoadingError) {
            try storyboard.checkScene("broken")
            Issue.record("a reference to a storyboard that is not there loaded")
        } catch {
            #expect(error.file == "\(folder.path)/Main.storyboard" && error.line == 19)
            #expect(error.message.hasPrefix("the storyboard reference to \"Missing\" cannot be followed: "))
        }
    }

    /// A connection from one scene to another scene's object (Xcode warns of it; ibtool leaves it
    /// out of the compiled storyboard) is dropped with a warning; the scene loads.
    @Test func aConnectionToAnotherScenesObjectIsDropped() throws {
        let data = Data("""
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="one">
            <scenes>
                <scene sceneID="s1"><objects>
                    <viewController id="one" sceneMemberID="viewController">
                        <view key="view" contentMode="scaleToFill" id="v1">
                            <rect key="frame" x="0.0" y="0.0" width="390" height="844"/>
                            <subviews>
                                <button opaque="NO" contentMode="scaleToFill" buttonType="system" id="b1">
                                    <rect key="frame" x="20" y="100" width="100" height="44"/>
                                    <connections><action selector="backTapped:" destination="two" eventType="touchUpInside" id="c1"/></connections>
                                </button>
                            </subviews>
                        </view>
                    </viewController>
                </objects></scene>
                <scene sceneID="s2"><objects><viewController id="two" sceneMemberID="viewController"/></objects></scene>
            </scenes>
        </document>
        """.utf8)
        try UIApplication.withNewApplication {
            let storyboard = try UIStoryboard.load(data: data, file: "Auction.storyboard")
            try storyboard.checkScene("one")
            #expect(UIApplication.shared.layoutIssues == ["Auction.storyboard:11: the connection to <viewController> \"two\" of another scene is dropped: "
                                                          + "a connection cannot cross scenes (Xcode warns of it, and the compiled storyboard leaves it out)"])
        }
    }

    /// A reference without a storyboard name, one to a Storyboard ID the other storyboard lacks,
    /// and a storyboard whose reference leads back to itself (its tab is its own initial scene):
    /// each an error where the reference is written, the loop stopped 16 references deep.
    @Test func badStoryboardReferencesSayWhere() throws {
        func storyboard(_ scenes: String) -> String {
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="tabs">
                <scenes>
            \(scenes)
                </scenes>
            </document>
            """
        }
        let nameless = Data(storyboard("""
                    <scene sceneID="a"><objects><viewControllerPlaceholder id="r" sceneMemberID="viewController"/></objects></scene>
            """).utf8)
        #expect(throws: NibLoadingError(file: "Main.storyboard", line: 4, "a storyboard reference without a storyboardName")) {
            try UIStoryboard.load(data: nameless, file: "Main.storyboard")
        }
        let loop = storyboard("""
                    <scene sceneID="a"><objects>
                        <tabBarController id="tabs" sceneMemberID="viewController">
                            <connections><segue destination="again" kind="relationship" relationship="viewControllers" id="r1"/></connections>
                        </tabBarController>
                    </objects></scene>
                    <scene sceneID="b"><objects>
                        <viewControllerPlaceholder storyboardName="Loop" id="again" sceneMemberID="viewController"/>
                        <viewController storyboardIdentifier="Lost" id="lost" sceneMemberID="viewController">
                            <connections><segue destination="missing" kind="relationship" relationship="viewControllers" id="r2"/></connections>
                        </viewController>
                        <viewControllerPlaceholder storyboardName="Loop" referencedIdentifier="Nowhere" id="missing" sceneMemberID="viewController"/>
                    </objects></scene>
            """)
        let (bundle, folder) = try UINibTests.bundle(with: ["Loop.storyboard": loop])
        defer { try? FileManager.default.removeItem(at: folder) }
        let looping = try UIStoryboard.load(name: "Loop", bundle: bundle)
        do throws(NibLoadingError) {
            try looping.checkScene("tabs")
            Issue.record("a storyboard that refers to itself without end loaded")
        } catch {
            #expect(error.line == 10 && error.message.contains("storyboard references followed 16 deep: \"Loop\" leads back"), "\(error)")
        }
        do throws(NibLoadingError) {
            try looping.checkScene("lost")
            Issue.record("a reference to a Storyboard ID that is not there loaded")
        } catch {
            #expect(error.line == 14 && error.message == "storyboard \"Loop\" has no view controller with identifier 'Nowhere'")
        }
    }
}
