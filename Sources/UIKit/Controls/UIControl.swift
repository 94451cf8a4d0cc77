import Foundation
import Geometry
import CoreGraphics
import QuartzCore
import UIFoundation

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
    package static let trackingSlack: CGFloat = 70

    /// Whether the control responds to touches. A disabled control is drawn dimmed by its subclass.
    open var isEnabled = true {
        willSet { keyValueWillChange("enabled") }
        didSet {
            if isEnabled != oldValue { stateDidChange() }
            keyValueDidChange("enabled")
        }
    }

    /// Whether the control is selected (a toggled state its subclass shows).
    open var isSelected = false {
        willSet { keyValueWillChange("selected") }
        didSet {
            if isSelected != oldValue { stateDidChange() }
            keyValueDidChange("selected")
        }
    }

    /// How a control places its content across its width (UIKit's `UIControl.ContentHorizontalAlignment`).
    public enum ContentHorizontalAlignment: Int, Sendable { case center = 0, left, right, fill, leading, trailing }
    /// How a control places its content across its height (UIKit's `UIControl.ContentVerticalAlignment`).
    public enum ContentVerticalAlignment: Int, Sendable { case center = 0, top, bottom, fill }

    /// Where a button puts its image and title across its width (default `.center`): `.left` and
    /// `.leading` at the content's leading edge, `.right` and `.trailing` at its trailing edge,
    /// `.fill` the title stretched over what the image leaves.
    open var contentHorizontalAlignment = ContentHorizontalAlignment.center {
        didSet { if contentHorizontalAlignment != oldValue { setNeedsLayout() } }
    }
    /// Where a button puts its image and title across its height (default `.center`).
    open var contentVerticalAlignment = ContentVerticalAlignment.center {
        didSet { if contentVerticalAlignment != oldValue { setNeedsLayout() } }
    }
    /// The horizontal alignment in force: `.leading` and `.trailing` resolved for the content's
    /// direction to `.left` or `.right`.
    open var effectiveContentHorizontalAlignment: ContentHorizontalAlignment {
        let rightToLeft = effectiveUserInterfaceLayoutDirection == .rightToLeft
        switch contentHorizontalAlignment {
        case .leading: return rightToLeft ? .right : .left
        case .trailing: return rightToLeft ? .left : .right
        case let alignment: return alignment
        }
    }

    /// Whether a touch is down inside the control.
    open var isHighlighted = false {
        willSet { keyValueWillChange("highlighted") }
        didSet {
            if isHighlighted != oldValue { stateDidChange() }
            keyValueDidChange("highlighted")
        }
    }

    /// Whether a touch is being tracked.
    open private(set) var isTracking = false
    /// Whether the tracked touch is inside (with slack).
    open private(set) var isTouchInside = false

    /// The control's state.
    open var state: State {
        var s: State = []
        if isHighlighted { s.insert(.highlighted) }
        if !isEnabled { s.insert(.disabled) }
        if isSelected { s.insert(.selected) }
        return s
    }

    /// The control's actions and target–action pairs, in the order they were added.
    private var actions: [ControlAction] = []
    /// The touch event being handled, passed with the actions it sends (nil when code sends them).
    private var eventBeingHandled: UIEvent?

    /// Called when `isEnabled`, `isSelected` or `isHighlighted` changes; subclasses redraw.
    open func stateDidChange() {}

    /// Adds `action`, run for each of `events`; it replaces an action of the same identifier.
    open func addAction(_ action: UIAction, for controlEvents: Event) {
        actions.removeAll { if case .action(let a) = $0.kind { a.identifier == action.identifier } else { false } }
        actions.append(ControlAction(kind: .action(action), events: controlEvents))
    }

    /// Removes `action` for `events`.
    open func removeAction(_ action: UIAction, for controlEvents: Event) {
        removeEvents(controlEvents) { if case .action(let a) = $0.kind { a === action } else { false } }
    }

    /// Removes the action whose identifier is `actionIdentifier` for `events`.
    open func removeAction(identifiedBy actionIdentifier: UIAction.Identifier, for controlEvents: Event) {
        removeEvents(controlEvents) { if case .action(let a) = $0.kind { a.identifier == actionIdentifier } else { false } }
    }

    /// Sends `action` to `target` for each of `events` (UIKit's target–action): `target` is not
    /// retained; a nil target sends it up the responder chain from the first responder. Adding a
    /// pair again adds its events to the pair's.
    open func addTarget(_ target: Any?, action: Selector, for controlEvents: Event) {
        let object = target.map { $0 as AnyObject }
        if let index = actions.firstIndex(where: { $0.pair?.isPair(object, action) == true }) {
            actions[index].events.formUnion(controlEvents)
        } else {
            actions.append(ControlAction(kind: .target(TargetAction(object, action)), events: controlEvents))
        }
    }

    /// Stops sending `action` (nil: every action) to `target` (nil: every target) for `events`.
    open func removeTarget(_ target: Any?, action: Selector?, for controlEvents: Event) {
        let object = target.map { $0 as AnyObject }
        removeEvents(controlEvents) { $0.pair?.isRemoved(byTarget: object, action: action) == true }
    }

    private func removeEvents(_ events: Event, where matches: (ControlAction) -> Bool) {
        for index in actions.indices where matches(actions[index]) {
            actions[index].events.subtract(events)
        }
        actions.removeAll { $0.events.isEmpty }
    }

    /// The targets of the control's target–action pairs (`NSNull` for a nil target).
    open var allTargets: Set<AnyHashable> {
        Set(actions.compactMap { entry -> AnyHashable? in
            guard let pair = entry.pair, !pair.isGone else { return nil }
            guard let object = pair.target else { return AnyHashable(NSNull()) }
            return (object as? NSObject).map(AnyHashable.init) ?? AnyHashable(ObjectIdentifier(object))
        })
    }

    /// The names of the actions sent to `target` for `controlEvent`, or nil when there are none.
    open func actions(forTarget target: Any?, forControlEvent controlEvent: Event) -> [String]? {
        let object = target.map { $0 as AnyObject }
        let names = actions.compactMap { entry -> String? in
            guard let pair = entry.pair, !entry.events.intersection(controlEvent).isEmpty,
                  pair.isPair(object, pair.action) else { return nil }
            return pair.action.name
        }
        return names.isEmpty ? nil : names
    }

    /// The events some action listens for.
    open var allControlEvents: Event {
        actions.reduce(Event()) { $0.union($1.events) }
    }

    /// Sends the actions of `events`: each `UIAction` (`sendAction(_:)`) and each target–action
    /// pair (`sendAction(_:to:for:)`), in the order they were added.
    open func sendActions(for controlEvents: Event) {
        for entry in actions where !entry.events.intersection(controlEvents).isEmpty {
            switch entry.kind {
            case .action(let action):
                sendAction(action)
            case .target(let pair):
                if pair.isGone { continue }
                sendAction(pair.action, to: pair.target, for: eventBeingHandled)
            }
        }
    }

    /// Runs `action`'s handler.
    open func sendAction(_ action: UIAction) {
        action.sender = self
        defer { action.sender = nil }
        action.handler(action)
    }

    /// Sends `action` to `target` through the application (`UIApplication.sendAction(_:to:from:for:)`),
    /// the control as the sender. Subclasses override it to watch or redirect their actions.
    open func sendAction(_ action: Selector, to target: Any?, for event: UIEvent?) {
        UIApplication.shared.sendAction(action, to: target, from: self, for: event)
    }

    /// UIKit's rule for gestures that overlap a control's own action: an ancestor's single-finger
    /// single tap does not begin on a button, switch, segmented control, stepper or page control
    /// (the control's action runs instead), nor a pan along a slider or a switch whose knob is held.
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        guard gestureRecognizer.view !== self else { return super.gestureRecognizerShouldBegin(gestureRecognizer) }
        if let tap = gestureRecognizer as? UITapGestureRecognizer, tap.numberOfTapsRequired == 1, tap.numberOfTouchesRequired == 1,
           self is UIButton || self is UISwitch || self is UISegmentedControl || self is UIStepper || self is UIPageControl {
            return false
        }
        if let pan = gestureRecognizer as? UIPanGestureRecognizer, isTracking, self is UISlider || self is UISwitch {
            let moved = pan.translation(in: self)
            return abs(moved.x) <= abs(moved.y)
        }
        return super.gestureRecognizerShouldBegin(gestureRecognizer)
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
        eventBeingHandled = event
        defer { eventBeingHandled = nil }
        guard isEnabled, !isTracking, let touch = touches.first else { return }
        guard beginTracking(touch, with: event) else { return }
        isTracking = true
        isTouchInside = true
        isHighlighted = true
        sendActions(for: touch.tapCount > 1 ? [.touchDown, .touchDownRepeat] : .touchDown)
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        eventBeingHandled = event
        defer { eventBeingHandled = nil }
        guard isTracking, let touch = touches.first else { return }
        let wasInside = isTouchInside
        isTouchInside = inside(touch)
        isHighlighted = isTouchInside
        if isTouchInside != wasInside { sendActions(for: isTouchInside ? .touchDragEnter : .touchDragExit) }
        sendActions(for: isTouchInside ? .touchDragInside : .touchDragOutside)
        if !continueTracking(touch, with: event) { finish(touch, event: event, cancelled: false) }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        eventBeingHandled = event
        defer { eventBeingHandled = nil }
        guard isTracking, let touch = touches.first else { return }
        finish(touch, event: event, cancelled: false)
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        eventBeingHandled = event
        defer { eventBeingHandled = nil }
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
    /// Called with each change of a property the object observes
    /// (`addObserver(_:forKeyPath:options:context:)`); a subclass that observes overrides it. The
    /// default is NSObject's: the change was not handled, a crash named.
    nonisolated open func observeValue(forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
                                       context: UnsafeMutableRawPointer?) {
        KeyValueObserving.unhandled(self, keyPath: keyPath, of: object, change: change, context: context)
    }

    open private(set) var title: String
    open private(set) var image: UIImage?

    init(title: String, image: UIImage?) {
        self.title = title
        self.image = image
    }
}

/// A closure a control runs for an event, or a menu's item, as UIKit's `UIAction`.
@preconcurrency @MainActor
public final class UIAction: UIMenuElement {
    /// An action's identity (`UIAction.Identifier`): a control keeps one action per identifier.
    public struct Identifier: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(_ rawValue: String) { self.rawValue = rawValue }
        public init(rawValue: String) { self.rawValue = rawValue }
    }

    let handler: (UIAction) -> Void
    /// The action's identifier (a unique one unless given).
    public let identifier: Identifier
    /// The control that is running the action, while it runs (nil otherwise).
    public internal(set) var sender: Any?

    public init(title: String = "", image: UIImage? = nil, identifier: Identifier? = nil, handler: @escaping (UIAction) -> Void) {
        self.handler = handler
        self.identifier = identifier ?? Identifier(UUID().uuidString)
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

/// One of a control's actions: a `UIAction`, or a target–action pair, with the events it is for.
private struct ControlAction {
    enum Kind {
        case action(UIAction)
        case target(TargetAction)
    }

    let kind: Kind
    var events: UIControl.Event

    /// The target–action pair, when the action is one.
    var pair: TargetAction? {
        if case .target(let pair) = kind { pair } else { nil }
    }
}
