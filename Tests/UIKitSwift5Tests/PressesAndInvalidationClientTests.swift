// Issue 46's presses, memory warnings and layout invalidation contexts as Swift 5 libraries write
// them against the SDK: InputBarAccessoryView's and Eureka's text inputs that take a hardware
// keyboard's keys (pressesBegan, passing on what they do not handle), an app delegate and a
// controller freeing caches on a memory warning, and MessageKit's flow layout, whose bounds-change
// context asks its delegate again. Each compiles with the SDK's spelling (an override with another
// would not) and does what UIKit does.
import Foundation
import XCTest
import UIKit

/// A text view that sends on return and passes every other key on (InputBarAccessoryView's idea).
final class SendOnReturnTextView: UITextView {
    var sends = 0
    override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        var handled = false
        for press in presses {
            guard let key = press.key else { continue }
            if key.keyCode == .keyboardReturnOrEnter && !key.modifierFlags.contains(.shift) {
                sends += 1
                handled = true
            }
        }
        if !handled { super.pressesBegan(presses, with: event) }
    }
    override func pressesEnded(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        super.pressesEnded(presses, with: event)
    }
    override func pressesCancelled(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        super.pressesCancelled(presses, with: event)
    }
    override func pressesChanged(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        super.pressesChanged(presses, with: event)
    }
}

/// A row's controller that drops its image cache when memory runs low.
final class CachingController: UIViewController {
    var cache: [String: UIImage] = ["avatar": UIImage()]
    override func didReceiveMemoryWarning() {
        super.didReceiveMemoryWarning()
        cache.removeAll()
    }
}

final class ClientAppDelegate: UIResponder, UIApplicationDelegate {
    var warnings = 0
    func applicationDidReceiveMemoryWarning(_ application: UIApplication) { warnings += 1 }
}

/// MessageKit's MessagesCollectionViewFlowLayout, as it overrides the bounds change.
final class ClientMessagesLayout: UICollectionViewFlowLayout {
    override class var invalidationContextClass: AnyClass { UICollectionViewFlowLayoutInvalidationContext.self }
    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        return collectionView?.bounds.width != newBounds.width
    }
    override func invalidationContext(forBoundsChange newBounds: CGRect) -> UICollectionViewLayoutInvalidationContext {
        let context = super.invalidationContext(forBoundsChange: newBounds)
        guard let flowLayoutContext = context as? UICollectionViewFlowLayoutInvalidationContext else { return context }
        flowLayoutContext.invalidateFlowLayoutDelegateMetrics = shouldInvalidateLayout(forBoundsChange: newBounds)
        return flowLayoutContext
    }
    override func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        super.invalidateLayout(with: context)
    }
}

final class ClientMessages: NSObject, UICollectionViewDataSource, UICollectionViewDelegateFlowLayout {
    var sizeQuestions = 0
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 4 }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: "message", for: indexPath)
    }
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize {
        sizeQuestions += 1
        return CGSize(width: collectionView.bounds.width, height: 60)
    }
}

final class PressesAndInvalidationClientTests: XCTestCase {
    func testAMemoryWarningReachesTheDelegateAndTheControllers() {
        UIApplication.withNewApplication {
            let delegate = ClientAppDelegate()
            UIApplication.shared.delegate = delegate
            let controller = CachingController()
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            window.rootViewController = controller
            window.makeKeyAndVisible()
            UIApplication.shared.simulateMemoryWarning()
            XCTAssertEqual(delegate.warnings, 1)
            XCTAssertTrue(controller.cache.isEmpty)
            withExtendedLifetime(window) {}
        }
    }

    func testATextViewTakesPressesWithNothingToPassOn() {
        UIApplication.withNewApplication {
            let view = SendOnReturnTextView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
            view.pressesBegan([], with: nil)   // nothing pressed: passed on, as UIKit's default does
            XCTAssertEqual(view.sends, 0)
        }
    }

    /// Four messages as wide as the collection view: 390, then 300 after a width change, asked
    /// again (4 + 4 questions) because the layout's context says so.
    func testMessageKitsLayoutAsksForSizesAgainOnAWidthChange() {
        UIApplication.withNewApplication {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let messages = ClientMessages()
            let collection = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 600), collectionViewLayout: ClientMessagesLayout())
            collection.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "message")
            collection.dataSource = messages
            collection.delegate = messages
            window.addSubview(collection)
            window.makeKeyAndVisible()
            collection.layoutIfNeeded()
            XCTAssertEqual(messages.sizeQuestions, 4)
            collection.frame = CGRect(x: 0, y: 0, width: 300, height: 600)
            collection.layoutIfNeeded()
            XCTAssertEqual(messages.sizeQuestions, 8)
            XCTAssertEqual(collection.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame.width, 300)
            withExtendedLifetime(window) {}
        }
    }
}
