import Foundation
import Geometry
import CoreGraphics
import QuartzCore

/// A control that turns touches into events, as UIKit's `UIControl`: it tracks a touch while
/// it is down, is highlighted while the touch is inside (with UIKit's 70 pt of slack once
/// tracking), and sends `.touchDown`, `.touchDragInside/Outside`, `.touchUpInside/Outside`,
/// `.touchCancel` and `.valueChanged` to its actions. Actions are closures (`UIAction`), as
/// UIKit's own closure API; there are no selectors on Linux.
open class UIControl: UIView {
    /// The events a control sends.
    public struct Event: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let touchDown = Event(rawValue: 1 << 0)
        public static let touchDownRepeat = Event(rawValue: 1 << 1)
        public static let touchDragInside = Event(rawValue: 1 << 2)
        public static let touchDragOutside = Event(rawValue: 1 << 3)
        public static let touchDragEnter = Event(rawValue: 1 << 4)
        public static let touchDragExit = Event(rawValue: 1 << 5)
        public static let touchUpInside = Event(rawValue: 1 << 6)
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        public static let touchCancel = Event(rawValue: 1 << 8)
        public static let valueChanged = Event(rawValue: 1 << 12)
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        public static let allTouchEvents = Event(rawValue: 0xFFF)
        public static let allEvents = Event(rawValue: 0xFFFF_FFFF)
    }

    /// The control's states, as `UIControl.State`.
    public struct State: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let normal: State = []
        public static let highlighted = State(rawValue: 1 << 0)
        public static let disabled = State(rawValue: 1 << 1)
        public static let selected = State(rawValue: 1 << 2)
    }

    /// How far outside its bounds a tracked touch still counts as inside (UIKit's slack).
    public static let trackingSlack: CGFloat = 70

    /// Whether the control responds to touches. A disabled control is drawn dimmed by its subclass.
    open var isEnabled = true {
        didSet { if isEnabled != oldValue { stateDidChange() } }
    }

    /// Whether the control is selected (a toggled state its subclass shows).
    open var isSelected = false {
        didSet { if isSelected != oldValue { stateDidChange() } }
    }

    /// Whether a touch is down inside the control.
    open var isHighlighted = false {
        didSet { if isHighlighted != oldValue { stateDidChange() } }
    }

    /// Whether a touch is being tracked.
    public private(set) var isTracking = false
    /// Whether the tracked touch is inside (with slack).
    public private(set) var isTouchInside = false

    /// The control's state.
    public var state: State {
        var s: State = []
        if isHighlighted { s.insert(.highlighted) }
        if !isEnabled { s.insert(.disabled) }
        if isSelected { s.insert(.selected) }
        return s
    }

    private var actions: [(UIAction, Event)] = []

    /// Called when `isEnabled`, `isSelected` or `isHighlighted` changes; subclasses redraw.
    open func stateDidChange() {}

    /// Adds `action`, run for each of `events`.
    public func addAction(_ action: UIAction, for events: Event) {
        actions.append((action, events))
    }

    /// Removes `action` for `events`.
    public func removeAction(_ action: UIAction, for events: Event) {
        actions.removeAll { $0.0 === action && !$0.1.intersection(events).isEmpty }
    }

    /// The events some action listens for.
    public var allControlEvents: Event {
        actions.reduce(Event()) { $0.union($1.1) }
    }

    /// Runs the actions of `events`.
    open func sendActions(for events: Event) {
        for (action, listened) in actions where !listened.intersection(events).isEmpty {
            action.handler(action)
        }
    }

    // MARK: Tracking (UIKit's overridable hooks)

    /// Whether to start tracking `touch`; default true.
    open func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }
    /// Whether to keep tracking after `touch` moved; default true.
    open func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }
    /// Tracking ended with `touch` lifted (nil when cancelled).
    open func endTracking(_ touch: UITouch?, with event: UIEvent?) {}
    /// Tracking was cancelled.
    open func cancelTracking(with event: UIEvent?) {}

    private func inside(_ touch: UITouch) -> Bool {
        bounds.insetBy(dx: -Self.trackingSlack, dy: -Self.trackingSlack).contains(touch.location(in: self))
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isEnabled, !isTracking, let touch = touches.first else { return }
        guard beginTracking(touch, with: event) else { return }
        isTracking = true
        isTouchInside = true
        isHighlighted = true
        sendActions(for: touch.tapCount > 1 ? [.touchDown, .touchDownRepeat] : .touchDown)
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isTracking, let touch = touches.first else { return }
        let wasInside = isTouchInside
        isTouchInside = inside(touch)
        isHighlighted = isTouchInside
        if isTouchInside != wasInside { sendActions(for: isTouchInside ? .touchDragEnter : .touchDragExit) }
        sendActions(for: isTouchInside ? .touchDragInside : .touchDragOutside)
        if !continueTracking(touch, with: event) { finish(touch, event: event, cancelled: false) }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isTracking, let touch = touches.first else { return }
        finish(touch, event: event, cancelled: false)
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isTracking else { return }
        finish(touches.first, event: event, cancelled: true)
    }

    private func finish(_ touch: UITouch?, event: UIEvent?, cancelled: Bool) {
        isTracking = false
        isHighlighted = false
        if cancelled {
            cancelTracking(with: event)
            sendActions(for: .touchCancel)
            return
        }
        let upInside = touch.map(inside) ?? false
        endTracking(touch, with: event)
        sendActions(for: upInside ? .touchUpInside : .touchUpOutside)
        if upInside { sendActions(for: .primaryActionTriggered) }
    }
}

/// An element of a menu (UIKit's `UIMenuElement`): an action or a menu.
@preconcurrency @MainActor
open class UIMenuElement: NSObject {
    public let title: String
    public let image: UIImage?

    init(title: String, image: UIImage?) {
        self.title = title
        self.image = image
    }
}

/// A closure a control runs for an event, or a menu's item, as UIKit's `UIAction`.
@preconcurrency @MainActor
public final class UIAction: UIMenuElement {
    let handler: (UIAction) -> Void

    public init(title: String = "", image: UIImage? = nil, handler: @escaping (UIAction) -> Void) {
        self.handler = handler
        super.init(title: title, image: image)
    }
}

/// A menu of actions and submenus (UIKit's `UIMenu`), as a bar button item's `menu` holds one.
@preconcurrency @MainActor
public final class UIMenu: UIMenuElement {
    public let children: [UIMenuElement]

    public init(title: String = "", image: UIImage? = nil, children: [UIMenuElement] = []) {
        self.children = children
        super.init(title: title, image: image)
    }
}
