import Foundation
import Geometry
import CoreGraphics
import UIFoundation

/// A trait a view or a view controller can follow (iOS 17's `UITraitDefinition`): the system
/// traits, each a type named as UIKit names it.
public protocol UITraitDefinition {
    static var name: String { get }
}

extension UITraitDefinition {
    /// Optional in UIKit's protocol: a trait that names none is known by its type's name.
    public static var name: String { String(describing: Self.self) }
}

/// One trait, as `registerForTraitChanges(_:handler:)` takes them: `UITraitUserInterfaceStyle.self`…
public typealias UITrait = any UITraitDefinition.Type

public enum UITraitUserInterfaceStyle: UITraitDefinition { public static let name = "UserInterfaceStyle" }
public enum UITraitHorizontalSizeClass: UITraitDefinition { public static let name = "HorizontalSizeClass" }
public enum UITraitVerticalSizeClass: UITraitDefinition { public static let name = "VerticalSizeClass" }
public enum UITraitPreferredContentSizeCategory: UITraitDefinition { public static let name = "PreferredContentSizeCategory" }
public enum UITraitDisplayScale: UITraitDefinition { public static let name = "DisplayScale" }
public enum UITraitLayoutDirection: UITraitDefinition { public static let name = "LayoutDirection" }
public enum UITraitUserInterfaceIdiom: UITraitDefinition { public static let name = "UserInterfaceIdiom" }

/// A registration made by `registerForTraitChanges(_:handler:)`, to unregister it with.
@preconcurrency @MainActor
public final class UITraitChangeRegistration {
    let traits: [String]
    let handler: (AnyObject, UITraitCollection) -> Void

    /// A registration calling `handler` with the view or controller it was made on (its type).
    init<Target: AnyObject>(traits: [UITrait], handler: @escaping (Target, UITraitCollection) -> Void) {
        self.traits = traits.map { $0.name }
        self.handler = { object, previous in
            if let target = object as? Target { handler(target, previous) }
        }
    }

    /// Whether a change of light and dark concerns it (the traits uisim changes while running).
    var followsAppearance: Bool { traits.contains(UITraitUserInterfaceStyle.name) }
}

extension UIView {
    /// Calls `handler` with the view and its traits before, each time one of `traits` changes
    /// for it (iOS 17's way instead of overriding `traitCollectionDidChange(_:)`); in uisim the
    /// traits that change while an app runs are light and dark (an override, or the system's
    /// appearance switched by a trace's `appearance` line). Name the view's class in the closure:
    /// `registerForTraitChanges([UITraitUserInterfaceStyle.self]) { (view: Badge, _) in … }`.
    @discardableResult
    public func registerForTraitChanges<Target: UIView>(_ traits: [UITrait], handler: @escaping (Target, UITraitCollection) -> Void)
        -> UITraitChangeRegistration {
        let registration = UITraitChangeRegistration(traits: traits, handler: handler)
        traitRegistrations.append(registration)
        return registration
    }

    public func unregisterForTraitChanges(_ registration: UITraitChangeRegistration) {
        traitRegistrations.removeAll { $0 === registration }
    }
}

extension UIViewController {
    /// As `UIView.registerForTraitChanges(_:handler:)`, for the controller (its view's traits).
    @discardableResult
    public func registerForTraitChanges<Target: UIViewController>(_ traits: [UITrait], handler: @escaping (Target, UITraitCollection) -> Void)
        -> UITraitChangeRegistration {
        let registration = UITraitChangeRegistration(traits: traits, handler: handler)
        traitRegistrations.append(registration)
        return registration
    }

    public func unregisterForTraitChanges(_ registration: UITraitChangeRegistration) {
        traitRegistrations.removeAll { $0 === registration }
    }
}
