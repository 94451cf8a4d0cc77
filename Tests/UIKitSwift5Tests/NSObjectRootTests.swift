// UIKit's classes descend from NSObject (issue 45 §2): real code overrides `description`,
// `isEqual(_:)` and `hash`, asks `isKind(of:)`, constrains delegates to `NSObjectProtocol`, and
// keeps views in sets and dictionaries by identity. Written as Swift 5 code on iOS writes it.
import Foundation
import XCTest
import UIKit

protocol BadgeViewDelegate: NSObjectProtocol {
    func badgeViewWasTapped(_ view: BadgeView)
}

final class BadgeView: UIView {
    weak var delegate: BadgeViewDelegate?
    var count = 3

    override var description: String { "BadgeView(\(count))" }
}

final class BadgeController: UIViewController, BadgeViewDelegate {
    var taps = 0
    func badgeViewWasTapped(_ view: BadgeView) { taps += 1 }
}

/// A model object compared by value, as Objective-C-era code overrides isEqual and hash.
final class Contact: NSObject {
    let id: Int
    init(id: Int) { self.id = id }
    override func isEqual(_ object: Any?) -> Bool { (object as? Contact)?.id == id }
    override var hash: Int { id }
}

final class NSObjectRootTests: XCTestCase {
    func testUIKitClassesAreNSObjects() {
        let objects: [NSObject] = [UIView(), UIViewController(), UIGestureRecognizer(), UIBarButtonItem(),
                                   UIView().widthAnchor.constraint(equalToConstant: 4), CALayer(), UIColor.red, UIFont.systemFont(ofSize: 17),
                                   UITraitCollection(userInterfaceStyle: .dark), CAMediaTimingFunction(name: .linear),
                                   CABasicAnimation(keyPath: "opacity")]
        XCTAssertEqual(objects.count, 11)
        let button = UIButton(type: .system)
        XCTAssertTrue(button.isKind(of: UIControl.self))
        XCTAssertTrue(button.isKind(of: UIView.self))
        XCTAssertFalse(button.isMember(of: UIView.self))
        XCTAssertFalse(UIView().isKind(of: UIControl.self))
    }

    func testViewsAreEqualAndHashedByIdentity() {
        let a = UIView(), b = UIView()
        XCTAssertNotEqual(a, b)
        XCTAssertEqual(a, a)
        XCTAssertEqual(Set([a, b, a]).count, 2)
        var heights: [UIView: CGFloat] = [:]
        heights[a] = 44
        XCTAssertEqual(heights[a], 44)
        XCTAssertNil(heights[b])
    }

    func testAnOverriddenDescriptionIsTheOnePrinted() {
        let badge = BadgeView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        XCTAssertEqual("\(badge)", "BadgeView(3)")
        XCTAssertEqual(String(describing: badge as UIView), "BadgeView(3)")
        // UIKit's own description: the frame, without the address.
        XCTAssertEqual(UIView(frame: CGRect(x: 1, y: 2, width: 3, height: 4)).description, "<UIView: frame = (1 2; 3 4)>")
    }

    func testColorsAndFontsAreEqualByValue() {
        XCTAssertEqual(UIColor(red: 1, green: 0, blue: 0, alpha: 1), UIColor.red)
        XCTAssertTrue(UIColor.red.isEqual(UIColor(red: 1, green: 0, blue: 0, alpha: 1)))
        XCTAssertEqual(UIColor.red.hash, UIColor(red: 1, green: 0, blue: 0, alpha: 1).hash)
        XCTAssertFalse(UIColor.red.isEqual(UIFont.systemFont(ofSize: 17)))
        XCTAssertEqual(UIFont.systemFont(ofSize: 17), UIFont.systemFont(ofSize: 17))
        XCTAssertNotEqual(UIFont.systemFont(ofSize: 17), UIFont.boldSystemFont(ofSize: 17))
        XCTAssertEqual(Set([UIFont.systemFont(ofSize: 17), UIFont.systemFont(ofSize: 17)]).count, 1)
    }

    func testAModelsIsEqualIsTheOneCollectionsUse() {
        let contacts: Set<Contact> = [Contact(id: 1), Contact(id: 1), Contact(id: 2)]
        XCTAssertEqual(contacts.count, 2)
        XCTAssertTrue([Contact(id: 7)].contains(Contact(id: 7)))
    }

    func testADelegateConstrainedToNSObjectProtocol() {
        let controller = BadgeController()
        let badge = BadgeView()
        badge.delegate = controller
        badge.delegate?.badgeViewWasTapped(badge)
        XCTAssertEqual(controller.taps, 1)
        XCTAssertTrue(badge.delegate?.isEqual(controller) ?? false)
    }

    func testADescriptionAskedOffTheMainActorIsNSObjects() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        // The other thread's answer, handed back through the semaphore (which orders the write
        // before the read).
        final class Answer: @unchecked Sendable { var text = "" }
        let described = Answer()
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            described.text = view.description
            done.signal()
        }
        done.wait()
        XCTAssertTrue(described.text.hasPrefix("<UIView: 0x"), described.text)
        XCTAssertEqual(view.description, "<UIView: frame = (0 0; 10 10)>")
    }
}
