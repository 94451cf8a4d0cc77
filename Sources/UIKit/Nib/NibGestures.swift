import Foundation

/// Gesture recognizers from documents: `<tapGestureRecognizer>` and its kind, a top-level object
/// of a nib or a storyboard scene, with the inspector's settings; its `<action>` connections are
/// its targets, and a view's `gestureRecognizers` outlet collection attaches it.
extension NibLoader {
    static let recognizerElements: Set<String> = [
        "tapGestureRecognizer", "panGestureRecognizer", "longPressGestureRecognizer", "swipeGestureRecognizer",
        "pinchGestureRecognizer", "screenEdgePanGestureRecognizer",
    ]

    /// The recognizer `element` makes, with its settings; its connections kept for later.
    func makeRecognizer(_ element: NibXMLElement) throws(NibLoadingError) -> UIGestureRecognizer {
        let properties = NibProperties(loader: self, element: element)
        func whole(_ name: String) throws(NibLoadingError) -> Int? {
            guard let text = element[name] else { return nil }
            guard let value = Int(text), value >= 0 else { throw error(element, "\(name) \"\(text)\" is not a whole number") }
            return value
        }
        let recognizer: UIGestureRecognizer
        switch element.name {
        case "tapGestureRecognizer":
            let tap = UITapGestureRecognizer(target: nil, action: nil)
            if let taps = try whole("numberOfTapsRequired") { tap.numberOfTapsRequired = taps }
            if let touches = try whole("numberOfTouchesRequired") { tap.numberOfTouchesRequired = touches }
            recognizer = tap
        case "longPressGestureRecognizer":
            let press = UILongPressGestureRecognizer(target: nil, action: nil)
            if let duration = try properties.number("minimumPressDuration") { press.minimumPressDuration = TimeInterval(duration) }
            if let touches = try whole("numberOfTouchesRequired") { press.numberOfTouchesRequired = touches }
            recognizer = press
        case "swipeGestureRecognizer":
            let swipe = UISwipeGestureRecognizer(target: nil, action: nil)
            if let direction = try properties.choice("direction", ["right": UISwipeGestureRecognizer.Direction.right, "left": .left,
                                                                   "up": .up, "down": .down]) {
                swipe.direction = direction
            }
            if let touches = try whole("numberOfTouchesRequired") { swipe.numberOfTouchesRequired = touches }
            recognizer = swipe
        case "pinchGestureRecognizer":
            recognizer = UIPinchGestureRecognizer(target: nil, action: nil)
        case "screenEdgePanGestureRecognizer":
            recognizer = UIScreenEdgePanGestureRecognizer(target: nil, action: nil)
        default:
            let pan = UIPanGestureRecognizer(target: nil, action: nil)
            if let touches = try whole("minimumNumberOfTouches") { pan.minimumNumberOfTouches = touches }
            if let touches = try whole("maximumNumberOfTouches") { pan.maximumNumberOfTouches = touches }
            recognizer = pan
        }
        if let custom = element["customClass"] {
            warn(element, "recognizer class \(custom)", "gesture recognizer class \(custom) is made as \(type(of: recognizer)) (uisim makes UIKit's recognizers only)")
        }
        if let cancels = try properties.bool("cancelsTouchesInView") { recognizer.cancelsTouchesInView = cancels }
        if let delays = try properties.bool("delaysTouchesBegan") { recognizer.delaysTouchesBegan = delays }
        if let delays = try properties.bool("delaysTouchesEnded") { recognizer.delaysTouchesEnded = delays }
        if let enabled = try properties.bool("enabled") { recognizer.isEnabled = enabled }
        if let id = element["id"] { objects[id] = recognizer }
        keepConnections(of: element, from: recognizer)
        return recognizer
    }
}
