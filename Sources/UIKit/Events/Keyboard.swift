import Foundation
import Geometry
import CoreGraphics
import RunLoop
import UIFoundation

/// What takes typed text, as UIKit's `UIKeyInput`: a first responder that conforms brings the
/// keyboard up, and a trace's `key` samples reach it (`insertText`, `deleteBackward`).
@preconcurrency @MainActor
public protocol UIKeyInput: AnyObject {
    var hasText: Bool { get }
    func insertText(_ text: String)
    func deleteBackward()
}

/// How a keyboard is asked to behave (UIKit's `UITextInputTraits`): kept as set; uisim's
/// keyboard is the same for all (`isSecureTextEntry` changes what a text field draws).
public enum UIKeyboardType: Int, Sendable {
    case `default`, asciiCapable, numbersAndPunctuation, URL, numberPad, phonePad, namePhonePad, emailAddress, decimalPad, twitter, webSearch, asciiCapableNumberPad
}

public enum UIReturnKeyType: Int, Sendable {
    case `default`, go, google, join, next, route, search, send, yahoo, done, emergencyCall, `continue`
}

public enum UITextAutocapitalizationType: Int, Sendable {
    case none, words, sentences, allCharacters
}

public enum UITextAutocorrectionType: Int, Sendable {
    case `default`, no, yes
}

/// What a text field's content is, for AutoFill (UIKit's `UITextContentType`): kept as set. Every
/// constant of the iOS 17 SDK, in its order; the raw values are the HTML autocomplete tokens iOS
/// gives them ("email", "postal-code", "one-time-code").
public struct UITextContentType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let name = UITextContentType(rawValue: "name")
    public static let namePrefix = UITextContentType(rawValue: "honorific-prefix")
    public static let givenName = UITextContentType(rawValue: "given-name")
    public static let middleName = UITextContentType(rawValue: "additional-name")
    public static let familyName = UITextContentType(rawValue: "family-name")
    public static let nameSuffix = UITextContentType(rawValue: "honorific-suffix")
    public static let nickname = UITextContentType(rawValue: "nickname")
    public static let jobTitle = UITextContentType(rawValue: "organization-title")
    public static let organizationName = UITextContentType(rawValue: "organization")
    public static let location = UITextContentType(rawValue: "location")
    public static let fullStreetAddress = UITextContentType(rawValue: "street-address")
    public static let streetAddressLine1 = UITextContentType(rawValue: "address-line1")
    public static let streetAddressLine2 = UITextContentType(rawValue: "address-line2")
    public static let addressCity = UITextContentType(rawValue: "address-level2")
    public static let addressState = UITextContentType(rawValue: "address-level1")
    public static let addressCityAndState = UITextContentType(rawValue: "address-level1+2")
    public static let sublocality = UITextContentType(rawValue: "address-level3")
    public static let countryName = UITextContentType(rawValue: "country-name")
    public static let postalCode = UITextContentType(rawValue: "postal-code")
    public static let telephoneNumber = UITextContentType(rawValue: "tel")
    public static let emailAddress = UITextContentType(rawValue: "email")
    public static let URL = UITextContentType(rawValue: "url")
    public static let creditCardNumber = UITextContentType(rawValue: "cc-number")
    public static let username = UITextContentType(rawValue: "username")
    public static let password = UITextContentType(rawValue: "password")
    public static let newPassword = UITextContentType(rawValue: "new-password")
    public static let oneTimeCode = UITextContentType(rawValue: "one-time-code")
    public static let shipmentTrackingNumber = UITextContentType(rawValue: "shipment-tracking-number")
    public static let flightNumber = UITextContentType(rawValue: "flight-number")
    public static let dateTime = UITextContentType(rawValue: "date-time")
    public static let birthdate = UITextContentType(rawValue: "bday")
    public static let birthdateDay = UITextContentType(rawValue: "bday-day")
    public static let birthdateMonth = UITextContentType(rawValue: "bday-month")
    public static let birthdateYear = UITextContentType(rawValue: "bday-year")
    public static let creditCardSecurityCode = UITextContentType(rawValue: "cc-csc")
    public static let creditCardName = UITextContentType(rawValue: "cc-name")
    public static let creditCardGivenName = UITextContentType(rawValue: "cc-given-name")
    public static let creditCardMiddleName = UITextContentType(rawValue: "cc-additional-name")
    public static let creditCardFamilyName = UITextContentType(rawValue: "cc-family-name")
    public static let creditCardExpiration = UITextContentType(rawValue: "cc-exp")
    public static let creditCardExpirationMonth = UITextContentType(rawValue: "cc-exp-month")
    public static let creditCardExpirationYear = UITextContentType(rawValue: "cc-exp-year")
    public static let creditCardType = UITextContentType(rawValue: "cc-type")
}

extension UIScreen.Model {
    /// The height of the system keyboard (English, with the predictive bar, portrait), in points.
    /// Apple publishes none: these are the heights iOS reports in `keyboardFrameEndUserInfoKey`
    /// as developers have logged them (390 × 844 and the other phones with a home indicator:
    /// 336; 430 × 932: 346; iPhone SE and 8: 260; 8 Plus: 271; iPads: 313), the bottom safe area
    /// included.
    public var keyboardHeight: CGFloat {
        switch identifier {
        case "iphone-se-3": 260
        case "iphone-8-plus": 271
        case "iphone-15-pro-max": 346
        default: userInterfaceIdiom == .pad ? 313 : 336
        }
    }
}

extension NSValue {
    /// A rectangle in a value, as UIKit's `NSValue(cgRect:)` (the keyboard's frames come so).
    public convenience init(cgRect rect: CGRect) {
        self.init(rect: rect)
    }

    public var cgRectValue: CGRect { rectValue }
}

/// The app's software keyboard: up while a first responder takes text (`UIKeyInput`), down
/// otherwise. It lives in another process on iOS, so it adds no view to the app and costs the app
/// nothing to draw (the input accessory is the app's own view, shown in its window); what the app sees is what UIKit tells it: `keyboardWillShowNotification`
/// and `keyboardWillChangeFrameNotification` with the frames and UIKit's animation (0.25 s,
/// curve 7), the `did` ones when the animation ends, the same for hiding; and every view's
/// `keyboardLayoutGuide` moving its top to the keyboard's (animated along).
@MainActor
final class Keyboard {
    /// The animation iOS reports for the keyboard coming up or going down.
    static let duration: TimeInterval = 0.25
    static let curve = 7

    private(set) var isVisible = false
    /// Layout guides that follow the keyboard.
    private var guides: [WeakGuide] = []
    private var pendingDid: LoopTimer?

    private struct WeakGuide {
        weak var guide: UIKeyboardLayoutGuide?
    }

    /// The height of what is up: the input view (or the system keyboard for a responder that takes
    /// text) and the accessory above it.
    private(set) var height: CGFloat = 0

    /// The keyboard's frame on the main screen when up (or where it is when down: below it).
    func frame(visible: Bool) -> CGRect {
        let size = UIScreen.main.bounds.size
        return CGRect(x: 0, y: visible ? size.height - height : size.height, width: size.width, height: height)
    }

    /// The current frame.
    var frame: CGRect { frame(visible: isVisible) }

    /// What `responder` brings up: its input view or, if it takes text, the system keyboard, and
    /// its accessory; 0 for nothing.
    private func height(for responder: UIResponder?) -> CGFloat {
        guard let responder else { return 0 }
        let input = Self.inputHeight(of: responder)
        guard let accessory = accessory(for: responder) else { return input }
        // Docked alone, the accessory reaches under the home indicator, as UIKit extends it by
        // the window's bottom safe area (its content kept above by its own safe area).
        let underIndicator = input == 0 ? Self.window(of: responder)?.safeAreaInsets.bottom ?? 0 : 0
        return input + accessoryHeight(accessory) + underIndicator
    }

    /// An accessory's own height: its frame's (or intrinsic) height, less what it was extended by
    /// under the home indicator when shown.
    private func accessoryHeight(_ accessory: UIView) -> CGFloat {
        // A height the app gave the accessory since it was placed is its own.
        let placed = accessory === shownAccessory && accessory.frame.height == placedHeight
        return Self.measured(accessory) - (placed ? shownExtension : 0)
    }

    /// What stands in place of the keyboard: `responder`'s input view, or the system keyboard if
    /// it takes text; 0 for neither.
    private static func inputHeight(of responder: UIResponder?) -> CGFloat {
        guard let responder else { return 0 }
        return responder.inputView.map(measured) ?? (responder is UIKeyInput ? UIScreen.main.model.keyboardHeight : 0)
    }

    private static func measured(_ view: UIView) -> CGFloat {
        view.frame.height > 0 ? view.frame.height : max(0, view.intrinsicContentSize.height)
    }

    /// The accessory shown above the keyboard (or at the screen's bottom with no keyboard), and
    /// how much taller than its own height it was made (the home indicator's area).
    private weak var shownAccessory: UIView?
    private var shownExtension: CGFloat = 0
    private var placedHeight: CGFloat = 0

    /// The accessory `responder` brings: its own; else, while it is inside the accessory shown
    /// (the text view of a chat bar that is a controller's `inputAccessoryView`), that one, as
    /// UIKit keeps it.
    private func accessory(for responder: UIResponder) -> UIView? {
        if let own = responder.inputAccessoryView { return own }
        if let shown = shownAccessory, let view = responder as? UIView, view.isDescendant(of: shown) { return shown }
        return nil
    }

    /// Shows `responder`'s accessory at the top of the keyboard's frame, the whole screen's width,
    /// in the responder's window (on iOS, a window of the app's own above the others), moving
    /// with the keyboard's animation; takes down an accessory no longer brought.
    private func placeAccessory(for responder: UIResponder?) {
        let accessory = responder.flatMap(accessory(for:))
        if let shown = shownAccessory, shown !== accessory {
            shown.removeFromSuperview()
            shownAccessory = nil
        }
        guard let accessory, let window = Self.window(of: responder) ?? UIApplication.shared.keyWindow else { return }
        let own = accessoryHeight(accessory)
        let target = CGRect(x: 0, y: frame.minY, width: window.bounds.width, height: max(0, height - Self.inputHeight(of: responder)))
        if accessory.superview === window, shownAccessory === accessory {
            window.bringSubviewToFront(accessory)
            UIView.animate(withDuration: Self.duration, delay: 0, options: [.beginFromCurrentState], animations: { accessory.frame = target })
        } else {
            accessory.removeFromSuperview()
            accessory.frame = target
            window.addSubview(accessory)
        }
        shownAccessory = accessory
        shownExtension = target.height - own
        placedHeight = target.height
    }

    private static func window(of responder: UIResponder?) -> UIWindow? {
        switch responder {
        case let view as UIView: view.window
        case let controller as UIViewController: controller.viewIfLoaded?.window
        default: nil
        }
    }

    /// The keyboard follows the first responder (`responder`, nil for none; again after its
    /// `reloadInputViews()`): it comes up with the height of its input views, goes down when it
    /// has none, and a height that changes while up (focus moving between responders whose input
    /// views differ, a taller accessory) changes the frame, with UIKit's notifications for each.
    func firstResponderChanged(to responder: UIResponder?) {
        let newHeight = height(for: responder)
        defer { placeAccessory(for: responder) }
        if (newHeight > 0) == isVisible {
            guard isVisible, newHeight != height else { return }
            let begin = frame
            height = newHeight
            return post(begin: begin, end: frame, will: [UIResponder.keyboardWillChangeFrameNotification],
                        did: [UIResponder.keyboardDidChangeFrameNotification])
        }
        isVisible = newHeight > 0
        if isVisible { height = newHeight }
        post(begin: frame(visible: !isVisible), end: frame,
             will: [isVisible ? UIResponder.keyboardWillShowNotification : UIResponder.keyboardWillHideNotification,
                    UIResponder.keyboardWillChangeFrameNotification],
             did: [isVisible ? UIResponder.keyboardDidShowNotification : UIResponder.keyboardDidHideNotification,
                   UIResponder.keyboardDidChangeFrameNotification])
    }

    /// Posts `will` with the frames and UIKit's animation, moves the layout guides along, and posts
    /// `did` when the animation ends.
    private func post(begin: CGRect, end: CGRect, will: [Notification.Name], did didNames: [Notification.Name]) {
        let info: [AnyHashable: Any] = [
            UIResponder.keyboardFrameBeginUserInfoKey: NSValue(cgRect: begin),
            UIResponder.keyboardFrameEndUserInfoKey: NSValue(cgRect: end),
            UIResponder.keyboardAnimationDurationUserInfoKey: NSNumber(value: Self.duration),
            UIResponder.keyboardAnimationCurveUserInfoKey: NSNumber(value: Self.curve),
            UIResponder.keyboardIsLocalUserInfoKey: NSNumber(value: true),
        ]
        let center = NotificationCenter.default
        for name in will { center.post(name: name, object: nil, userInfo: info) }
        moveGuides()
        let did = {
            for name in didNames { center.post(name: name, object: nil, userInfo: info) }
        }
        pendingDid?.invalidate()
        pendingDid = nil
        guard let loop = EventRunLoop.current else { return did() }
        let timer = LoopTimer(fireAt: loop.clock.now + Self.duration) { [weak self] _ in
            self?.pendingDid = nil
            did()
        }
        loop.add(timer, forMode: .common)
        pendingDid = timer
    }

    func track(_ guide: UIKeyboardLayoutGuide) {
        guides.removeAll { $0.guide == nil }
        guides.append(WeakGuide(guide: guide))
    }

    /// The guides take the keyboard's new top, their owners laid out again in an animation
    /// of the keyboard's duration (as UIKit animates them along with the keyboard).
    private func moveGuides() {
        let owners = guides.compactMap { $0.guide?.owningView }
        guard !owners.isEmpty else { return }
        for guide in guides.compactMap(\.guide) { guide.owningView?.hierarchyEngine?.guideChanged(guide) }
        for owner in owners { owner.setNeedsLayout() }
        let windows = owners.compactMap(\.window)
        guard !windows.isEmpty else { return }
        UIView.animate(withDuration: Self.duration, delay: 0, options: [.beginFromCurrentState], animations: {
            for window in windows { window.layoutIfNeeded() }
        })
    }
}

/// The part of a view the keyboard covers, as UIKit's `UIKeyboardLayoutGuide` (`keyboardLayoutGuide`):
/// its top is the keyboard's top while the keyboard is up, and the safe area's bottom while it
/// is down; it spans the view's width and reaches its bottom.
@preconcurrency @MainActor
public final class UIKeyboardLayoutGuide: UILayoutGuide {
    /// Whether the guide follows a keyboard undocked from the bottom (iPad): kept as set.
    public var followsUndockedKeyboard = false

    override init() {
        super.init(kind: .keyboard, identifier: "UIViewKeyboardLayoutGuide")
    }

    public required init?(coder: NSCoder) {
        noArchives(Self.self)
        return nil
    }
}
