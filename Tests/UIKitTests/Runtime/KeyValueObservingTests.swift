import Foundation
import Testing
@testable import UIKit

// Key-value observing of UIKit's properties, as iOS code uses it: `observe(_:options:)` with an
// NSKeyValueObservation, and addObserver / observeValue / removeObserver.

/// An observer as real code writes one: a view that overrides `observeValue` and keeps what it
/// was told (the override is nonisolated, as NSObject's is on iOS).
final class ObservingView: UIView {
    nonisolated struct Change {
        let keyPath: String?
        let object: AnyObject?
        let change: [NSKeyValueChangeKey: Any]
        let context: UnsafeMutableRawPointer?
    }

    nonisolated(unsafe) var changes: [Change] = []

    nonisolated override func observeValue(forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
                                           context: UnsafeMutableRawPointer?) {
        changes.append(Change(keyPath: keyPath, object: object as AnyObject?, change: change ?? [:], context: context))
    }
}

/// A plain NSObject observer: it conforms to NSKeyValueObserving itself (NSObject's method
/// cannot be overridden from uisim), as `uisim port` writes such a class.
final class ModelObserver: NSObject, NSKeyValueObserving {
    nonisolated(unsafe) var keyPaths: [String] = []

    nonisolated func observeValue(forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
                                  context: UnsafeMutableRawPointer?) {
        keyPaths.append(keyPath ?? "nil")
    }
}

/// A subclass that overrides a property it is observed by (not final: a final class's override
/// is called directly, and its key path names it instead of UIView's property).
class FramedView: UIView {
    var frameSets = 0
    override var frame: CGRect {
        didSet { frameSets += 1 }
    }
}

private final class ScrollRecorder: UIScrollViewDelegate {
    var scrolls = 0
    func scrollViewDidScroll(_ scrollView: UIScrollView) { scrolls += 1 }
}

nonisolated(unsafe) private var firstContext = 1
nonisolated(unsafe) private var secondContext = 2

@Suite struct KeyValueObservingTests {
    /// A 100 × 100 scroll view over 100 × 1000 of content.
    func scrollView() -> UIScrollView {
        let view = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        view.contentSize = CGSize(width: 100, height: 1000)
        return view
    }

    // MARK: observe(_:options:changeHandler:)

    @Test func eachSetOfTheOffsetIsAChangeWithItsOldAndNewValues() {
        let view = scrollView()
        let recorder = ScrollRecorder()
        view.delegate = recorder
        var changes: [(old: CGPoint?, new: CGPoint?, prior: Bool)] = []
        let observation = view.observe(\.contentOffset, options: [.old, .new]) { observed, change in
            #expect(observed === view)
            #expect(change.kind == .setting && change.indexes == nil)
            changes.append((change.oldValue, change.newValue, change.isPrior))
        }
        view.contentOffset = CGPoint(x: 0, y: 10)
        view.contentOffset = CGPoint(x: 0, y: 40)
        // The same offset again is no change: an observer that holds the offset where it is
        // (PanModal's, setting it in its handler) is not called again without end, as on iOS.
        view.contentOffset = CGPoint(x: 0, y: 40)
        #expect(changes.map(\.old) == [CGPoint(x: 0, y: 0), CGPoint(x: 0, y: 10)])
        #expect(changes.map(\.new) == [CGPoint(x: 0, y: 10), CGPoint(x: 0, y: 40)])
        #expect(changes.allSatisfy { !$0.prior })
        #expect(recorder.scrolls == 2)
        // setContentOffset(_:animated:) without animation, and scrollRectToVisible: two more.
        view.setContentOffset(CGPoint(x: 0, y: 100), animated: false)
        view.scrollRectToVisible(CGRect(x: 0, y: 500, width: 10, height: 50), animated: false)
        #expect(changes.count == 4)
        #expect(changes[3].old == CGPoint(x: 0, y: 100) && changes[3].new == CGPoint(x: 0, y: 450))
        // A handler that sets the offset it holds (30) whenever it is told of another: one call
        // for the move away, one for the move back, and none for its own set of the same value.
        var holds = 0
        let holder = view.observe(\.contentOffset) { observed, _ in
            holds += 1
            observed.contentOffset = CGPoint(x: 0, y: 30)
        }
        view.contentOffset = CGPoint(x: 0, y: 60)
        #expect(holds == 2 && view.contentOffset.y == 30)
        holder.invalidate()
        observation.invalidate()
    }

    @Test func withoutOptionsTheValuesAreNil() {
        let view = scrollView()
        var changes: [NSKeyValueObservedChange<CGPoint>] = []
        let observation = view.observe(\.contentOffset) { _, change in changes.append(change) }
        view.contentOffset = CGPoint(x: 0, y: 5)
        #expect(changes.count == 1)
        #expect(changes[0].oldValue == nil && changes[0].newValue == nil)
        _ = observation
    }

    @Test func initialIsOneCallbackAtOnce() {
        let view = scrollView()
        view.contentOffset = CGPoint(x: 0, y: 30)
        var changes: [(old: CGPoint?, new: CGPoint?)] = []
        let observation = view.observe(\.contentOffset, options: [.initial, .new, .old]) { _, change in
            changes.append((change.oldValue, change.newValue))
        }
        // Before any change: the value now, no old value.
        #expect(changes.count == 1)
        #expect(changes[0].old == nil && changes[0].new == CGPoint(x: 0, y: 30))
        view.contentOffset = CGPoint(x: 0, y: 60)
        #expect(changes.count == 2)
        #expect(changes[1].old == CGPoint(x: 0, y: 30) && changes[1].new == CGPoint(x: 0, y: 60))
        _ = observation
    }

    @Test func priorIsABeforeAndAnAfter() {
        let view = scrollView()
        var changes: [(old: CGPoint?, new: CGPoint?, prior: Bool, offsetThen: CGPoint)] = []
        let observation = view.observe(\.contentOffset, options: [.prior, .old, .new]) { view, change in
            changes.append((change.oldValue, change.newValue, change.isPrior, view.contentOffset))
        }
        view.contentOffset = CGPoint(x: 0, y: 20)
        #expect(changes.count == 2)
        // Before: the old value, no new one, told while the offset is still the old one.
        #expect(changes[0].prior && changes[0].old == .zero && changes[0].new == nil && changes[0].offsetThen == .zero)
        #expect(!changes[1].prior && changes[1].old == .zero && changes[1].new == CGPoint(x: 0, y: 20)
                && changes[1].offsetThen == CGPoint(x: 0, y: 20))
        _ = observation
    }

    @Test func invalidatingOrReleasingTheObservationStopsIt() {
        let view = scrollView()
        var count = 0
        let observation = view.observe(\.contentOffset) { _, _ in count += 1 }
        view.contentOffset = CGPoint(x: 0, y: 1)
        observation.invalidate()
        view.contentOffset = CGPoint(x: 0, y: 2)
        observation.invalidate()        // again: nothing
        #expect(count == 1)

        var released: NSKeyValueObservation? = view.observe(\.contentOffset) { _, _ in count += 1 }
        view.contentOffset = CGPoint(x: 0, y: 3)
        #expect(count == 2)
        weak let held = released
        released = nil
        #expect(held == nil)
        view.contentOffset = CGPoint(x: 0, y: 4)
        #expect(count == 2)
        #expect(view.keyValueObservers?.isEmpty == true)
    }

    @Test func anObservationOutlivingItsObjectIsHarmless() {
        var view: UIScrollView? = scrollView()
        let observation = view!.observe(\.contentOffset) { _, _ in }
        weak let held = view
        view = nil
        #expect(held == nil)        // the observation does not keep the object
        observation.invalidate()
    }

    @Test func aSubclassKeyPathAndAnOverriddenPropertyAreObserved() {
        let view = FramedView()
        let setsBefore = view.frameSets     // UIView's init sets the frame
        var frames: [CGRect?] = []
        let observation = view.observe(\.frame, options: .new) { _, change in frames.append(change.newValue) }
        view.frame = CGRect(x: 1, y: 2, width: 3, height: 4)
        #expect(frames == [CGRect(x: 1, y: 2, width: 3, height: 4)])
        #expect(view.frameSets == setsBefore + 1)
        // The same view through a UIView-typed reference: `\UIView.frame`.
        let asView: UIView = view
        var count = 0
        let other = asView.observe(\.frame) { _, _ in count += 1 }
        view.frame = .zero
        #expect(count == 1 && frames.count == 2)
        _ = (observation, other)
    }

    @Test func aFinalSubclassKeyPathIsObserved() {
        final class Sub: UIScrollView {}
        let view = Sub()
        var count = 0
        let observation = view.observe(\.contentOffset) { _, _ in count += 1 }
        view.contentOffset = CGPoint(x: 0, y: 3)
        #expect(count == 1)
        _ = observation
    }

    @Test func optionalValuesAreDoublyOptional() {
        let label = UILabel()
        var changes: [(old: String??, new: String??)] = []
        let observation = label.observe(\.text, options: [.old, .new]) { _, change in changes.append((change.oldValue, change.newValue)) }
        label.text = "Hi"
        label.text = nil
        #expect(changes.count == 2)
        #expect(changes[0].old == .some(nil) && changes[0].new == .some("Hi"))
        #expect(changes[1].old == .some("Hi") && changes[1].new == .some(nil))
        _ = observation
    }

    // MARK: addObserver / observeValue / removeObserver

    @Test func anObserverIsToldWithTheChangeDictionary() throws {
        let textView = UITextView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        let observer = ObservingView()
        textView.addObserver(observer, forKeyPath: "contentSize", options: [.new, .old], context: &firstContext)
        textView.contentSize = CGSize(width: 200, height: 300)
        let change = try #require(observer.changes.first)
        #expect(observer.changes.count == 1)
        #expect(change.keyPath == "contentSize")
        #expect(change.object === textView)
        #expect(change.context == UnsafeMutableRawPointer(&firstContext))
        // As real code reads it: the Swift value, a CGSize.
        #expect(change.change[.newKey] as? CGSize == CGSize(width: 200, height: 300))
        #expect(change.change[.oldKey] as? CGSize == CGSize.zero)
        #expect((change.change[.kindKey] as? NSNumber)?.uintValue == NSKeyValueChange.setting.rawValue)
        #expect(change.change[.kindKey] as? UInt == 1)
        #expect(change.change[.notificationIsPriorKey] == nil)
        textView.removeObserver(observer, forKeyPath: "contentSize")
        textView.contentSize = CGSize(width: 200, height: 400)
        #expect(observer.changes.count == 1)
    }

    @Test func priorAndInitialReachAnObserver() {
        let view = UIView()
        let observer = ObservingView()
        view.addObserver(observer, forKeyPath: "hidden", options: [.initial, .prior, .new, .old], context: nil)
        #expect(observer.changes.count == 1)
        #expect(observer.changes[0].change[.newKey] as? Bool == false)
        #expect(observer.changes[0].change[.oldKey] == nil)
        view.isHidden = true
        #expect(observer.changes.count == 3)
        let prior = observer.changes[1].change, after = observer.changes[2].change
        #expect(prior[.notificationIsPriorKey] as? Bool == true)
        #expect(prior[.oldKey] as? Bool == false && prior[.newKey] == nil)
        #expect(after[.oldKey] as? Bool == false && after[.newKey] as? Bool == true)
        #expect(after[.newKey] as? NSNumber == NSNumber(value: true))
        view.removeObserver(observer, forKeyPath: "hidden", context: nil)
    }

    @Test func nilIsNSNullInTheDictionary() {
        let imageView = UIImageView()
        let observer = ObservingView()
        imageView.addObserver(observer, forKeyPath: "image", options: [.old, .new], context: nil)
        let image = UIImage(systemName: "star")!
        imageView.image = image
        imageView.image = nil
        #expect(observer.changes.count == 2)
        #expect(observer.changes[0].change[.oldKey] is NSNull)
        #expect(observer.changes[0].change[.newKey] as? UIImage === image)
        #expect(observer.changes[1].change[.newKey] is NSNull)
        imageView.removeObserver(observer, forKeyPath: "image")
    }

    @Test func removingByContextLeavesTheOtherRegistration() {
        let view = UIView()
        let observer = ObservingView()
        view.addObserver(observer, forKeyPath: "alpha", options: .new, context: &firstContext)
        view.addObserver(observer, forKeyPath: "alpha", options: .new, context: &secondContext)
        view.alpha = 0.5
        #expect(observer.changes.map(\.context) == [UnsafeMutableRawPointer(&firstContext), UnsafeMutableRawPointer(&secondContext)])
        #expect(observer.changes[0].change[.newKey] as? CGFloat == 0.5)
        view.removeObserver(observer, forKeyPath: "alpha", context: &firstContext)
        observer.changes = []
        view.alpha = 1
        #expect(observer.changes.map(\.context) == [UnsafeMutableRawPointer(&secondContext)])
        view.removeObserver(observer, forKeyPath: "alpha")
        view.alpha = 0
        #expect(observer.changes.count == 1)
    }

    @Test func anObserverIsNotRetained() {
        let view = UIView()
        var observer: ObservingView? = ObservingView()
        weak let held = observer
        view.addObserver(observer!, forKeyPath: "alpha", context: nil)
        observer = nil
        #expect(held == nil)
        view.alpha = 0.2        // nobody to tell: nothing happens
    }

    @Test func aPlainObjectConformingToNSKeyValueObservingObserves() {
        let control = UIButton()
        let observer = ModelObserver()
        control.addObserver(observer, forKeyPath: "enabled", context: nil)
        control.addObserver(observer, forKeyPath: "selected", context: nil)
        control.isEnabled = false
        control.isSelected = true
        #expect(observer.keyPaths == ["enabled", "selected"])
        control.removeObserver(observer, forKeyPath: "enabled")
        control.removeObserver(observer, forKeyPath: "selected")
    }

    @Test func anObserverRemovesItselfInItsDeinit() {
        final class Owner: UIView {
            let textView: UITextView
            init(textView: UITextView) {
                self.textView = textView
                super.init(frame: .zero)
                textView.addObserver(self, forKeyPath: "contentSize", options: .new, context: nil)
            }
            required init?(coder: NSCoder) { nil }
            deinit { textView.removeObserver(self, forKeyPath: "contentSize") }
            nonisolated override func observeValue(forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
                                                   context: UnsafeMutableRawPointer?) {}
        }
        let textView = UITextView()
        var owner: Owner? = Owner(textView: textView)
        textView.contentSize = CGSize(width: 1, height: 1)
        owner = nil
        #expect(owner == nil)
        #expect(textView.keyValueObservers?.isEmpty == true)
    }

    // MARK: Which keys notify, and when

    @Test func frameBoundsAndCenterAreEachTheirOwnKey() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        var keys: [String] = []
        let observations = [
            view.observe(\.frame) { _, _ in keys.append("frame") },
            view.observe(\.bounds) { _, _ in keys.append("bounds") },
            view.observe(\.center) { _, _ in keys.append("center") },
        ]
        view.frame = CGRect(x: 10, y: 10, width: 50, height: 50)
        view.bounds = CGRect(x: 0, y: 0, width: 60, height: 60)
        view.center = CGPoint(x: 5, y: 5)
        #expect(keys == ["frame", "bounds", "center"])
        _ = observations
    }

    @Test func autoresizingSetsTheFrame() {
        let superview = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let child = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 50))
        child.autoresizingMask = .flexibleWidth
        superview.addSubview(child)
        var keys: [String] = []
        var frames: [CGRect?] = []
        let observations = [
            child.observe(\.frame, options: .new) { _, change in keys.append("frame"); frames.append(change.newValue) },
            child.observe(\.bounds) { _, _ in keys.append("bounds") },
            child.observe(\.center) { _, _ in keys.append("center") },
        ]
        superview.frame = CGRect(x: 0, y: 0, width: 300, height: 200)
        // 200 wide → 300 wide: the child's flexible width takes the 100.
        #expect(keys == ["frame"])
        #expect(frames == [CGRect(x: 0, y: 0, width: 300, height: 50)])
        _ = observations
    }

    @Test func autoLayoutSetsBoundsAndCenter() {
        let superview = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let child = UIView()
        child.translatesAutoresizingMaskIntoConstraints = false
        superview.addSubview(child)
        NSLayoutConstraint.activate([
            child.leadingAnchor.constraint(equalTo: superview.leadingAnchor, constant: 10),
            child.topAnchor.constraint(equalTo: superview.topAnchor, constant: 20),
            child.widthAnchor.constraint(equalToConstant: 100), child.heightAnchor.constraint(equalToConstant: 50),
        ])
        var keys: [String] = []
        var bounds: [CGRect?] = [], centers: [CGPoint?] = []
        let observations = [
            child.observe(\.frame) { _, _ in keys.append("frame") },
            child.observe(\.bounds, options: .new) { _, change in keys.append("bounds"); bounds.append(change.newValue) },
            child.observe(\.center, options: .new) { _, change in keys.append("center"); centers.append(change.newValue) },
        ]
        superview.layoutIfNeeded()
        // x 10, y 20, 100 × 50: the center is (10 + 50, 20 + 25).
        #expect(keys == ["bounds", "center"])
        #expect(bounds == [CGRect(x: 0, y: 0, width: 100, height: 50)])
        #expect(centers == [CGPoint(x: 60, y: 45)])
        _ = observations
    }

    @Test func theOffsetIsTheBoundsOrigin() {
        let view = scrollView()
        var keys: [String] = []
        let observations = [
            view.observe(\.contentOffset) { _, _ in keys.append("contentOffset") },
            view.observe(\.bounds) { _, _ in keys.append("bounds") },
        ]
        view.contentOffset = CGPoint(x: 0, y: 10)
        #expect(keys == ["bounds", "contentOffset"])        // the bounds' is told inside the offset's
        _ = observations
    }

    @Test func theAdjustedInsetIsToldWhenItChanges() {
        let view = scrollView()
        var changes: [(old: UIEdgeInsets?, new: UIEdgeInsets?)] = []
        var insets = 0
        let observations = [
            view.observe(\.adjustedContentInset, options: [.old, .new]) { _, change in changes.append((change.oldValue, change.newValue)) },
            view.observe(\.contentInset) { _, _ in insets += 1 },
        ]
        view.contentInset = UIEdgeInsets(top: 10, left: 0, bottom: 5, right: 0)
        view.contentInset = UIEdgeInsets(top: 10, left: 0, bottom: 5, right: 0)     // no change of the adjusted inset
        #expect(insets == 2)
        #expect(changes.count == 1)
        #expect(changes[0].old == .zero && changes[0].new == UIEdgeInsets(top: 10, left: 0, bottom: 5, right: 0))
        _ = observations
    }

    @Test func textIsToldWhenCodeSetsIt() {
        let field = UITextField()
        var keys: [String] = []
        let observations = [
            field.observe(\.text) { _, _ in keys.append("text") },
            field.observe(\.attributedText) { _, _ in keys.append("attributedText") },
        ]
        field.text = "a"
        field.attributedText = NSAttributedString(string: "b")
        // Typing goes through neither setter, as on iOS.
        field.insertText("c")
        #expect(keys == ["text", "attributedText"])
        #expect(field.text == "bc")
        _ = observations
    }

    @Test func aTouchHighlightsAButtonThroughItsSetter() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        let button = UIButton(frame: CGRect(x: 100, y: 100, width: 100, height: 40))
        window.addSubview(button)
        var highlights: [Bool?] = []
        let observation = button.observe(\.isHighlighted, options: .new) { _, change in highlights.append(change.newValue) }
        let touch = controlTouch(button, at: CGPoint(x: 150, y: 120), window: window)
        let event = UIEvent(timestamp: 0, touches: [touch], coalesced: [:], predicted: [:])
        button.touchesBegan([touch], with: event)
        button.touchesEnded([touch], with: event)
        #expect(highlights == [true, false])
        _ = observation
    }

    @Test func everyListedKeyIsObservable() {
        let keys: [(NSObject, [String])] = [
            (UIView(), ["frame", "bounds", "center", "transform", "alpha", "hidden", "backgroundColor", "tintColor", "userInteractionEnabled"]),
            (UIScrollView(), ["contentOffset", "contentSize", "contentInset", "adjustedContentInset"]),
            (UILabel(), ["text", "attributedText"]), (UITextView(), ["text", "attributedText", "contentSize"]),
            (UITextField(), ["text", "attributedText", "enabled"]), (UIImageView(), ["image", "highlighted"]),
            (UIButton(), ["enabled", "selected", "highlighted"]), (UIPanGestureRecognizer(), ["state", "enabled"]),
        ]
        let observer = ModelObserver()
        for (object, names) in keys {
            for name in names {
                object.addObserver(observer, forKeyPath: name, options: [.initial], context: nil)
                object.removeObserver(observer, forKeyPath: name)
            }
        }
        #expect(observer.keyPaths == keys.flatMap(\.1))
    }

    // MARK: The runtime's crashes

    @Test func anUnknownKeyIsTheRuntimesExceptionNamed() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run { UIView().addObserver(ModelObserver(), forKeyPath: "noSuchKey", context: nil) }
        }
    }

    @Test func anUnobservableKeyPathIsTheRuntimesExceptionNamed() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run { _ = UIView().observe(\.tag) { _, _ in } }
        }
    }

    @Test func aFinalClasssOverrideIsAKeyPathUISimCannotName() async {
        // Called directly, the override is its own key path, not UIScrollView's contentOffset: the
        // crash says to observe through the superclass's key path (which works) or by name.
        final class Sub: UIScrollView {
            override var contentOffset: CGPoint { didSet {} }
        }
        let view = Sub()
        var count = 0
        let observation = (view as UIScrollView).observe(\.contentOffset) { _, _ in count += 1 }
        view.contentOffset = CGPoint(x: 0, y: 1)
        #expect(count == 1)
        _ = observation
        await #expect(processExitsWith: .failure) {
            await MainActor.run { _ = Sub().observe(\.contentOffset) { _, _ in } }
        }
    }

    @Test func removingAnObserverNotRegisteredIsTheRuntimesCrash() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run { UIView().removeObserver(ModelObserver(), forKeyPath: "alpha") }
        }
    }

    @Test func aPlainObjectThatCannotBeToldIsStoppedAtOnce() async {
        // Without NSKeyValueObserving, observeValue cannot reach it: said when it registers.
        final class Plain: NSObject {}
        await #expect(processExitsWith: .failure) {
            await MainActor.run { UIView().addObserver(Plain(), forKeyPath: "alpha", context: nil) }
        }
    }

    @Test func anUnhandledChangeIsNSObjectsCrash() async {
        // A view that observes without overriding observeValue: NSObject's raises.
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let view = UIView(), observer = UIView()
                view.addObserver(observer, forKeyPath: "alpha", context: nil)
                view.alpha = 0.5
            }
        }
    }
}

extension KeyValueObservers {
    /// Whether no observation is left; for tests.
    var isEmpty: Bool { count == 0 }
}
