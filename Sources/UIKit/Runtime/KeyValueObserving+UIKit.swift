import Foundation

// The UIKit properties that can be observed (KeyValueObserving.swift), by the Objective-C key
// `addObserver(_:forKeyPath:options:context:)` names and the Swift key path `observe(_:)` takes.
// Each notifies from its setter, when UIKit's would (the runtime's notifying setter wraps the
// SDK's, so a set notifies even when the value is the same, and a setter UIKit calls inside
// another notifies too):
//
// - UIView: "frame", "bounds", "center", "transform", "alpha", "hidden", "backgroundColor",
//   "tintColor", "userInteractionEnabled". Per key, as on iOS: setting the frame notifies
//   "frame" and not "bounds" or "center" (UIView's setFrame: sets the layer's); autoresizing
//   sets a view's frame ("frame" only); Auto Layout sets bounds and center ("bounds" and
//   "center", not "frame"); a scroll view's offset is its bounds' origin ("bounds" as well).
// - UIScrollView: "contentOffset" at every step of a drag, a deceleration, an animated
//   `setContentOffset` and a programmatic set; "contentSize" whenever set (a table, a collection
//   view and a text view set theirs as their content changes); "contentInset";
//   "adjustedContentInset" when it changes (the inset, the safe area's part, a refresh).
// - UILabel, UITextView, UITextField: "text" and "attributedText" when set by code (typing sets
//   neither, as on iOS; a text view's "contentSize" follows its text).
// - UIImageView: "image", "highlighted". UIControl: "enabled", "selected", "highlighted" (a
//   touch highlights a button through its setter). UIGestureRecognizer: "state" at every
//   transition, "enabled".

/// The classes that have observable properties, one protocol each, so that a key path can be
/// made from the class itself (a subclass's `\.frame` is not `\UIView.frame`).
protocol ObservableView: UIView {}
protocol ObservableScrollView: UIScrollView {}
protocol ObservableLabel: UILabel {}
protocol ObservableTextView: UITextView {}
protocol ObservableTextField: UITextField {}
protocol ObservableImageView: UIImageView {}
protocol ObservableControl: UIControl {}
protocol ObservableGestureRecognizer: UIGestureRecognizer {}

extension UIView: ObservableView {}
extension UIScrollView: ObservableScrollView {}
extension UILabel: ObservableLabel {}
extension UITextView: ObservableTextView {}
extension UITextField: ObservableTextField {}
extension UIImageView: ObservableImageView {}
extension UIControl: ObservableControl {}
extension UIGestureRecognizer: ObservableGestureRecognizer {}

extension UIResponder: KeyValueObservable {}
extension UIGestureRecognizer: KeyValueObservable {}

extension KeyValueObserving {
    /// `type`'s observable properties, rooted at `type`.
    @MainActor static func uikitProperties(of type: AnyClass) -> [ObservableProperty] {
        var properties: [ObservableProperty] = []
        if let view = type as? any ObservableView.Type { properties += viewProperties(view) }
        if let scrollView = type as? any ObservableScrollView.Type { properties += scrollViewProperties(scrollView) }
        if let label = type as? any ObservableLabel.Type { properties += labelProperties(label) }
        if let textView = type as? any ObservableTextView.Type { properties += textViewProperties(textView) }
        if let textField = type as? any ObservableTextField.Type { properties += textFieldProperties(textField) }
        if let imageView = type as? any ObservableImageView.Type { properties += imageViewProperties(imageView) }
        if let control = type as? any ObservableControl.Type { properties += controlProperties(control) }
        if let recognizer = type as? any ObservableGestureRecognizer.Type { properties += recognizerProperties(recognizer) }
        return properties
    }

    @MainActor private static func viewProperties<T: ObservableView>(_: T.Type) -> [ObservableProperty] {
        [ObservableProperty("frame", \T.frame), ObservableProperty("bounds", \T.bounds), ObservableProperty("center", \T.center),
         ObservableProperty("transform", \T.transform), ObservableProperty("alpha", \T.alpha), ObservableProperty("hidden", \T.isHidden),
         ObservableProperty("backgroundColor", \T.backgroundColor), ObservableProperty("tintColor", \T.tintColor),
         ObservableProperty("userInteractionEnabled", \T.isUserInteractionEnabled)]
    }

    @MainActor private static func scrollViewProperties<T: ObservableScrollView>(_: T.Type) -> [ObservableProperty] {
        [ObservableProperty("contentOffset", \T.contentOffset), ObservableProperty("contentSize", \T.contentSize),
         ObservableProperty("contentInset", \T.contentInset), ObservableProperty("adjustedContentInset", \T.adjustedContentInset)]
    }

    @MainActor private static func labelProperties<T: ObservableLabel>(_: T.Type) -> [ObservableProperty] {
        [ObservableProperty("text", \T.text), ObservableProperty("attributedText", \T.attributedText)]
    }

    @MainActor private static func textViewProperties<T: ObservableTextView>(_: T.Type) -> [ObservableProperty] {
        [ObservableProperty("text", \T.text), ObservableProperty("attributedText", \T.attributedText)]
    }

    @MainActor private static func textFieldProperties<T: ObservableTextField>(_: T.Type) -> [ObservableProperty] {
        [ObservableProperty("text", \T.text), ObservableProperty("attributedText", \T.attributedText)]
    }

    @MainActor private static func imageViewProperties<T: ObservableImageView>(_: T.Type) -> [ObservableProperty] {
        [ObservableProperty("image", \T.image), ObservableProperty("highlighted", \T.isHighlighted)]
    }

    @MainActor private static func controlProperties<T: ObservableControl>(_: T.Type) -> [ObservableProperty] {
        [ObservableProperty("enabled", \T.isEnabled), ObservableProperty("selected", \T.isSelected),
         ObservableProperty("highlighted", \T.isHighlighted)]
    }

    @MainActor private static func recognizerProperties<T: ObservableGestureRecognizer>(_: T.Type) -> [ObservableProperty] {
        [ObservableProperty("state", \T.state), ObservableProperty("enabled", \T.isEnabled)]
    }
}

extension KeyValueObservable where Self: NSObject {
    /// Tells the observers of `key` (if any) that its setter is about to run; paired with
    /// `keyValueDidChange`. The whole cost while nobody observes is one check of an optional.
    @inline(__always)
    func keyValueWillChange(_ key: String) {
        keyValueObservers?.willChange(key, of: self)
    }

    /// Tells the observers of `key` (if any) that its setter has run.
    @inline(__always)
    func keyValueDidChange(_ key: String) {
        keyValueObservers?.didChange(key, of: self)
    }

    /// Runs `body`, a change UIKit makes as the setter of `key`, setting others (`quiet`) that do
    /// not notify on iOS.
    func keyValueChange(_ key: String, quieting quiet: [String], _ body: () -> Void) {
        guard let observers = keyValueObservers else { return body() }
        observers.willChange(key, of: self)
        observers.quieting(quiet, body)
        observers.didChange(key, of: self)
    }
}

// UIKit's classes that descend from NSObject declare `observeValue` in their bodies (so that a
// subclass overrides it as on iOS) and can observe.
extension UIResponder: NSKeyValueObserving {}
extension UIGestureRecognizer: NSKeyValueObserving {}
extension UIEvent: NSKeyValueObserving {}
extension UITouch: NSKeyValueObserving {}
extension UIScreen: NSKeyValueObserving {}
extension NSLayoutConstraint: NSKeyValueObserving {}
extension UIBarItem: NSKeyValueObserving {}
extension UIMenuElement: NSKeyValueObserving {}
