// Declarations the SDK facts check (Tests/UIKitDeclarationTests) found spelled otherwise than the
// iOS 17.0 SDK's, written here as Swift 5 code uses them: settable where the header's property is
// readwrite, designated where its initializer is NS_DESIGNATED_INITIALIZER, overridable where
// UIKit's is, and an @optional protocol requirement a conformer may leave out.
import XCTest
import UIKit

/// A navigation controller that records how its setters reach UIKit's methods.
private final class RecordingNavigationController: UINavigationController {
    var barHiding: [(hidden: Bool, animated: Bool)] = []
    override func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {
        barHiding.append((hidden, animated))
        super.setNavigationBarHidden(hidden, animated: animated)
    }
}

/// UIActivityIndicatorView.h: `- (instancetype)initWithCoder:(NSCoder *)coder NS_DESIGNATED_INITIALIZER;`,
/// not nullable, so Swift's is `required init(coder:)`.
private final class BrandSpinner: UIActivityIndicatorView {
    override init(style: UIActivityIndicatorView.Style) { super.init(style: style) }
    required init(coder: NSCoder) { super.init(coder: coder) }
}

/// UIRefreshControl.h: `- (instancetype)init NS_DESIGNATED_INITIALIZER;`.
private final class BrandRefreshControl: UIRefreshControl {
    var madeBy = ""
    override init() {
        madeBy = "init()"
        super.init()
    }
    required init?(coder: NSCoder) { super.init(coder: coder) }
}

/// UISegmentedControl.h: `- (instancetype)initWithItems:(nullable NSArray *)items NS_DESIGNATED_INITIALIZER;`.
private final class FilterControl: UISegmentedControl {
    override init(items: [Any]?) { super.init(items: items) }
    override init(frame: CGRect) { super.init(frame: frame) }
    required init?(coder: NSCoder) { super.init(coder: coder) }
}

/// A self-sizing view that answers for its own fitting size, as cells in real code do.
private final class FixedHeightView: UIView {
    var asked: [(CGSize, UILayoutPriority, UILayoutPriority)] = []
    override func systemLayoutSizeFitting(_ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
                                          verticalFittingPriority: UILayoutPriority) -> CGSize {
        asked.append((targetSize, horizontalFittingPriority, verticalFittingPriority))
        return CGSize(width: targetSize.width, height: 88)
    }
    override func setNeedsUpdateConstraints() { super.setNeedsUpdateConstraints() }
}

/// A trait of the app's own (UITraitDefinition's `name` is @optional in the SDK).
private enum ThemeTrait: UITraitDefinition {}

final class SDKSpellingFixesTests: XCTestCase {
    func testViewControllersIsSettableAsSetViewControllersWithoutAnimation() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let root = UIViewController(), second = UIViewController(), other = UIViewController()
        let navigation = UINavigationController(rootViewController: root)
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        navigation.viewControllers = [root, second]
        XCTAssertTrue(navigation.viewControllers == [root, second])
        XCTAssertTrue(navigation.topViewController === second)
        XCTAssertTrue(second.parent === navigation)
        navigation.viewControllers = [other]
        XCTAssertTrue(navigation.viewControllers == [other])
        XCTAssertEqual(navigation.navigationBar.items?.count, 1)
    }

    func testNavigationBarHiddenIsSettableAsSetNavigationBarHiddenWithoutAnimation() {
        let navigation = RecordingNavigationController(rootViewController: UIViewController())
        navigation.isNavigationBarHidden = true
        XCTAssertTrue(navigation.isNavigationBarHidden)
        XCTAssertEqual(navigation.barHiding.map(\.hidden), [true])
        XCTAssertEqual(navigation.barHiding.map(\.animated), [false])
        // UINavigationController.h: `@property(nonatomic,readonly) UIToolbar *toolbar` outside the
        // audited region, so Swift's is `UIToolbar!`.
        let toolbar: UIToolbar! = navigation.toolbar
        XCTAssertNotNil(toolbar)
    }

    func testGestureRecognizersIsSettable() {
        let view = UIView(), first = UITapGestureRecognizer(), second = UIPanGestureRecognizer(), third = UISwipeOrTap()
        view.gestureRecognizers = [first, second]
        XCTAssertTrue(first.view === view && second.view === view)
        view.gestureRecognizers = [third]
        XCTAssertNil(first.view)
        XCTAssertNil(second.view)
        XCTAssertTrue(view.gestureRecognizers?.first === third)
        view.gestureRecognizers = nil
        XCTAssertNil(third.view)
        XCTAssertTrue(view.gestureRecognizers?.isEmpty ?? true)
    }

    func testLayoutGuideOwningViewIsSettable() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100)), guide = UILayoutGuide()
        guide.owningView = view
        XCTAssertTrue(view.layoutGuides.contains(guide))
        XCTAssertTrue(guide.owningView === view)
        guide.widthAnchor.constraint(equalToConstant: 60).isActive = true
        guide.owningView = nil
        XCTAssertFalse(view.layoutGuides.contains(guide))
        XCTAssertNil(guide.owningView)
    }

    func testDesignatedInitializersAsTheSDKs() {
        let refresh = BrandRefreshControl()
        XCTAssertEqual(refresh.madeBy, "init()")
        XCTAssertEqual(refresh.frame.size.width, 320)
        let filters = FilterControl(items: ["All", "Unread"])
        XCTAssertEqual(filters.numberOfSegments, 2)
        XCTAssertEqual(filters.titleForSegment(at: 1), "Unread")
        XCTAssertEqual(BrandSpinner(style: .large).style, .large)
        let cubic = UICubicTimingParameters()
        XCTAssertEqual(cubic.controlPoint1, CGPoint(x: 0.42, y: 0))
        XCTAssertEqual(cubic.controlPoint2, CGPoint(x: 0.58, y: 1))
        XCTAssertEqual(UISpringTimingParameters().initialVelocity, CGVector(dx: 0, dy: 0))
    }

    func testFittingSizeIsOverridable() {
        let view = FixedHeightView()
        // The one-size form asks the overridable two-priority form, as UIKit's does.
        XCTAssertEqual(view.systemLayoutSizeFitting(CGSize(width: 320, height: 0)), CGSize(width: 320, height: 88))
        XCTAssertEqual(view.asked.count, 1)
        XCTAssertEqual(view.asked.first?.1, .fittingSizeLevel)
        XCTAssertEqual(view.asked.first?.2, .fittingSizeLevel)
    }

    /// Raw values as the SDK's headers give them (UIBarButtonItem.h, UIEvent.h): code that stores
    /// or compares them gets UIKit's numbers.
    func testRawValuesAsTheSDKs() {
        XCTAssertEqual(UIBarButtonItem.Style.done.rawValue, 2)
        XCTAssertEqual(UIBarButtonItem.Style(rawValue: 2), .done)
        XCTAssertEqual(UIEvent.EventType.scroll.rawValue, 10)
        XCTAssertEqual(UIEvent.EventType.hover.rawValue, 11)
        XCTAssertEqual(UIEvent.EventType.transform.rawValue, 14)
    }

    func testNavigationBarItemsIsSettable() {
        let bar = UINavigationBar(frame: CGRect(x: 0, y: 0, width: 390, height: 44))
        let back = UINavigationItem(title: "Inbox"), top = UINavigationItem(title: "Message")
        bar.items = [back, top]
        XCTAssertTrue(bar.topItem === top)
        XCTAssertTrue(bar.backItem === back)
        bar.items = nil
        XCTAssertNil(bar.topItem)
    }

    func testVisibleRowsAreOptionalAsTheSDKs() {
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 390, height: 200))
        // `?.` compiles only on an optional, as real code writes it against the SDK.
        XCTAssertEqual(table.indexPathsForVisibleRows?.count ?? 0, 0)
    }

    func testATraitOfTheAppsOwnNeedsNoName() {
        XCTAssertEqual(ThemeTrait.name, "ThemeTrait")
        XCTAssertEqual(UITraitUserInterfaceStyle.name, "UserInterfaceStyle")
    }
}

/// Any recognizer: the list holds recognizers of any class.
private final class UISwipeOrTap: UITapGestureRecognizer {}

/// SnapKit's way into the iOS 7 layout guides: `typealias ConstraintLayoutSupport = UILayoutSupport`.
typealias ConstraintLayoutSupport = UILayoutSupport

final class LayoutSupportClientTests: XCTestCase {
    /// An iPhone 14 (390 × 844): the status bar takes 47 pt and a navigation bar 44, the home
    /// indicator 34. A label 8 pt below the top guide's bottom is at 47 + 44 + 8 = 99.
    func testTopAndBottomLayoutGuidesAreTheSafeAreasEdges() {
        UIApplication.withNewApplication {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let screen = UIViewController()
            window.rootViewController = UINavigationController(rootViewController: screen)
            window.makeKeyAndVisible()
            let label = UILabel()
            label.translatesAutoresizingMaskIntoConstraints = false
            screen.view.addSubview(label)
            let top: ConstraintLayoutSupport = screen.topLayoutGuide
            NSLayoutConstraint.activate([
                label.topAnchor.constraint(equalTo: top.bottomAnchor, constant: 8),
                label.leadingAnchor.constraint(equalTo: screen.view.leadingAnchor, constant: 16),
                label.bottomAnchor.constraint(lessThanOrEqualTo: screen.bottomLayoutGuide.topAnchor),
            ])
            window.layoutIfNeeded()
            // (The safe area's 91 comes from the navigation bar, which sets it during this layout
            // pass: the guides follow it in the same pass.)
            XCTAssertEqual(screen.topLayoutGuide.length, 91)
            XCTAssertEqual(screen.bottomLayoutGuide.length, 34)
            XCTAssertEqual(label.frame.minY, 99)
            XCTAssertTrue(screen.topLayoutGuide === screen.topLayoutGuide)
        }
    }

    /// The same screen constrained to its safe area (the iOS 11 way): the bar's 44 pt, set as the
    /// navigation controller lays out, reach the constraints in that pass: 47 + 44 + 8 = 99.
    func testASafeAreaConstraintUnderANavigationBarFollowsTheBar() {
        UIApplication.withNewApplication {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let screen = UIViewController()
            let label = UILabel()
            label.translatesAutoresizingMaskIntoConstraints = false
            screen.view.addSubview(label)
            NSLayoutConstraint.activate([
                label.topAnchor.constraint(equalTo: screen.view.safeAreaLayoutGuide.topAnchor, constant: 8),
                label.leadingAnchor.constraint(equalTo: screen.view.safeAreaLayoutGuide.leadingAnchor, constant: 16),
            ])
            window.rootViewController = UINavigationController(rootViewController: screen)
            window.makeKeyAndVisible()
            window.layoutIfNeeded()
            XCTAssertEqual(label.frame.origin, CGPoint(x: 16, y: 99))
        }
    }
}
