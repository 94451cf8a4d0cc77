import Foundation
import Geometry
import CoreGraphics
import QuartzCore
import UIFoundation

/// A button of an alert or action sheet (UIKit's `UIAlertAction`): its handler runs after the
/// alert is dismissed.
@preconcurrency @MainActor
open class UIAlertAction: NSObject {
    /// How the button looks: `.cancel` is emphasized (unless the alert has a `preferredAction`)
    /// and placed apart, `.destructive` is red.
    public enum Style: Int, Sendable { case `default`, cancel, destructive }

    private let storedTitle: String?
    private let storedStyle: Style
    open var title: String? { storedTitle }
    open var style: Style { storedStyle }
    /// Whether the button can be tapped (dimmed otherwise).
    open var isEnabled = true { didSet { button?.isEnabled = isEnabled } }
    let handler: ((UIAlertAction) -> Void)?
    weak var button: UIButton?

    public init(title: String?, style: Style, handler: ((UIAlertAction) -> Void)? = nil) {
        storedTitle = title
        storedStyle = style
        self.handler = handler
        super.init()
    }
}

/// An alert or an action sheet (UIKit's `UIAlertController`), laid out with UIKit's metrics
/// (read from UIKit's `UIAlertControllerVisualStyleAlert` and `…ActionSheet`):
///
/// - **Alert**: a card 270 pt wide centred in the window, corners 13 pt; the title (Headline,
///   17 pt semibold) with its first baseline 36 pt from the top, the message (Footnote, 13 pt)
///   with its first baseline 20 pt below the title's last (36 pt from the top without a title),
///   24 pt below the last baseline (18 after a title alone); then the buttons, 44 pt tall, side
///   by side (135 pt each, the cancel button on the left) when there are two whose titles fit,
///   stacked (the cancel button last) otherwise; hairlines between. Presented, it grows from
///   1.2× while fading in, over a dimmed screen (black at 20 %); dismissed, it fades.
/// - **Action sheet**: cards 8 pt from the window's sides, on the safe area's bottom (8 pt when
///   there is none): the cancel button alone in the lowest, 57 pt tall, the others 8 pt above it
///   under the title (Footnote, semibold with a message) and message; it slides up from below.
///   A tap on the dimmed screen runs the cancel action, as in UIKit.
///
/// Buttons' titles: Body (17 pt) in an alert, 20 pt in a sheet, semibold for the emphasized
/// action (the `preferredAction`, else the cancel action), red for destructive ones, the tint
/// (system blue) otherwise. A tap dismisses the alert, and then (after its `viewDidDisappear`)
/// runs the action's handler, as UIKit does. The screen underneath hears no appearance callbacks.
/// UIKit's blur behind the card is drawn as its light tint (uisim has no blur material yet), and
/// `addTextField(configurationHandler:)` waits for `UITextField`.
@preconcurrency @MainActor
open class UIAlertController: UIViewController {
    public enum Style: Int, Sendable { case actionSheet, alert }

    /// Whether it is an alert or an action sheet, as `init(title:message:preferredStyle:)` said
    /// (`.actionSheet`, the style's zero value, for one made by `init()` or
    /// `init(nibName:bundle:)`).
    open var preferredStyle: Style { alertStyle }
    var alertStyle: Style = .actionSheet
    /// The message under the title.
    open var message: String? { didSet { viewIfLoaded?.setNeedsLayout() } }
    /// The buttons, in the order added (`addAction(_:)`).
    open var actions: [UIAlertAction] { actionList }
    private var actionList: [UIAlertAction] = []
    /// The action emphasized (its title semibold); it must be one of `actions`.
    open var preferredAction: UIAlertAction? {
        didSet {
            if let preferredAction, !actions.contains(where: { $0 === preferredAction }) {
                self.preferredAction = nil
                viewIfLoaded?.reportLayoutIssue("UIAlertController: the preferred action \"\(preferredAction.title ?? "")\" is not one of its actions (ignored)")
            }
            sideBySide = nil
        }
    }

    /// UIKit's metrics (points).
    static let alertWidth: CGFloat = 270, cornerRadius: CGFloat = 13
    static let alertButtonHeight: CGFloat = 44, sheetButtonHeight: CGFloat = 57
    static let sheetInset: CGFloat = 8, labelMargin: CGFloat = 16, actionMargin: CGFloat = 12
    /// How long presenting or dismissing takes: UIKit's 0.404 s overdamped spring (no bounce).
    static let transitionDuration: TimeInterval = 0.404
    /// The card's colour: the light tint of UIKit's blur material.
    static let cardColor = UIColor.barBackground

    private let titleLabel = UILabel(), messageLabel = UILabel()
    private let card = UIView(), cancelCard = UIView()
    private var hairlines: [UIView] = []

    /// An alert or action sheet with a title and message. A convenience initializer over the
    /// designated ones UIAlertController inherits from UIViewController (`init(nibName:bundle:)`,
    /// `init?(coder:)`), as Swift imports UIKit's class method: a subclass that overrides those
    /// inherits it (and `init()`).
    public convenience init(title: String?, message: String?, preferredStyle: Style) {
        self.init(nibName: nil, bundle: nil)
        alertStyle = preferredStyle
        self.title = title
        self.message = message
    }

    /// Adds a button; an alert has at most one cancel action (a second is refused, as UIKit
    /// raises).
    open func addAction(_ action: UIAlertAction) {
        if action.style == .cancel, actions.contains(where: { $0.style == .cancel }) {
            viewIfLoaded?.reportLayoutIssue("UIAlertController can only have one action with a style of .cancel (\"\(action.title ?? "")\" ignored)")
            return
        }
        actionList.append(action)
        sideBySide = nil
        viewIfLoaded?.setNeedsLayout()
    }

    /// The alert's text fields, in the order added (`addTextField(configurationHandler:)`).
    open var textFields: [UITextField]? { fieldList }
    private var fieldList: [UITextField]?

    /// Adds a text field under the message (alerts only: an action sheet refuses, as UIKit
    /// raises), configured by `configurationHandler`. Fields are 13 pt, stacked in a bordered
    /// box 16 pt in from the card's sides, 28 pt each (uisim's measure: UIKit's is not
    /// published); the first becomes the first responder when the alert has appeared, bringing
    /// the keyboard up, and the alert resigns it when dismissed.
    open func addTextField(configurationHandler: ((UITextField) -> Void)? = nil) {
        guard preferredStyle == .alert else {
            UIApplication.shared.reportLayoutIssue("UIAlertController: text fields can only be added to an alert controller of style .alert")
            return
        }
        let field = UITextField(frame: .zero)
        field.font = .systemFont(ofSize: 13)
        field.backgroundColor = .systemBackground
        configurationHandler?(field)
        fieldList = (fieldList ?? []) + [field]
        if isViewLoaded { card.addSubview(field) }
        viewIfLoaded?.setNeedsLayout()
    }

    static let fieldHeight: CGFloat = 28, fieldInset: CGFloat = 16

    open override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        textFields?.first?.becomeFirstResponder()
    }

    open override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        for field in textFields ?? [] where field.isFirstResponder { field.resignFirstResponder() }
    }

    /// The action whose title is semibold: the preferred one, else the cancel action.
    var emphasizedAction: UIAlertAction? { preferredAction ?? actions.first { $0.style == .cancel } }

    open override func loadView() {
        let root = AlertRootView(frame: .zero)
        root.layout = { [weak self] in self?.layoutCards() }
        for view in [card, cancelCard] {
            view.backgroundColor = Self.cardColor
            view.layer.cornerRadius = Self.cornerRadius
            view.layer.masksToBounds = true
        }
        root.addSubview(card)
        if preferredStyle == .actionSheet { root.addSubview(cancelCard) }
        for label in [titleLabel, messageLabel] {
            label.numberOfLines = 0
            label.textAlignment = .center
            card.addSubview(label)
        }
        for field in textFields ?? [] { card.addSubview(field) }
        view = root
    }

    open override func viewDidLoad() {
        super.viewDidLoad()
        makeButtons()
    }

    /// One button per action, with its style's font and colour.
    private func makeButtons() {
        let alert = preferredStyle == .alert
        for action in actions where action.button == nil {
            let button = UIButton(frame: .zero)
            button.setTitle(action.title, for: .normal)
            let emphasized = action === emphasizedAction
            button.titleLabel?.font = .systemFont(ofSize: alert ? 17 : 20, weight: emphasized ? .semibold : .regular)
            button.setTitleColor(action.style == .destructive ? .systemRed : .systemBlue, for: .normal)
            button.isEnabled = action.isEnabled
            button.addAction(UIAction { [weak self, weak action] _ in
                guard let self, let action else { return }
                self.tapped(action)
            }, for: .touchUpInside)
            action.button = button
            (alert || action.style != .cancel ? card : cancelCard).addSubview(button)
        }
    }

    /// A button was tapped: the alert is dismissed, then the action's handler runs.
    func tapped(_ action: UIAlertAction) {
        guard action.isEnabled, presentation.phase == .none else { return }
        dismiss(animated: true) { action.handler?(action) }
    }

    /// The cancel action, run by a tap outside an action sheet.
    func tappedOutside() {
        guard preferredStyle == .actionSheet, let cancel = actions.first(where: { $0.style == .cancel }) else { return }
        tapped(cancel)
    }

    // MARK: Layout

    /// The labels' texts and fonts, then the header's height for a card `width` wide: the
    /// labels placed by their baselines.
    private func layoutHeader(width: CGFloat) -> CGFloat {
        let alert = preferredStyle == .alert
        titleLabel.text = title
        messageLabel.text = message
        titleLabel.font = alert ? .systemFont(ofSize: 17, weight: .semibold) : .systemFont(ofSize: 13, weight: message == nil ? .regular : .semibold)
        messageLabel.font = .systemFont(ofSize: 13)
        titleLabel.textColor = alert ? .label : .secondaryLabel
        messageLabel.textColor = alert ? .label : .secondaryLabel
        // From the top to the title's first baseline; between the title's last and the message's
        // first; from the top to the message's first without a title; after the last.
        let (titleTop, between, messageTop, afterTitle, afterMessage): (CGFloat, CGFloat, CGFloat, CGFloat, CGFloat) =
            alert ? (36, 20, 36, 18, 24) : (27, 22, 28, 17, 17)
        let textWidth = width - 2 * Self.labelMargin
        var lastBaseline: CGFloat?
        var bottom: CGFloat = 0
        for (label, present) in [(titleLabel, title?.isEmpty == false), (messageLabel, message?.isEmpty == false)] {
            label.isHidden = !present
            guard present else { continue }
            let size = label.sizeThatFits(CGSize(width: textWidth, height: .greatestFiniteMagnitude))
            let font: UIFont = label.font
            let firstBaseline = label === titleLabel ? titleTop : lastBaseline.map { $0 + between } ?? messageTop
            label.frame = CGRect(x: Self.labelMargin, y: firstBaseline - font.ascender, width: textWidth, height: size.height)
            let lines = max(1, (size.height / font.lineHeight).rounded())
            lastBaseline = firstBaseline + (lines - 1) * font.lineHeight
            bottom = lastBaseline! + (label === titleLabel ? afterTitle : afterMessage)
        }
        return bottom
    }

    /// Whether two alert buttons go side by side: their titles fit in 135 pt less the margins
    /// (measured once for the actions and the emphasis they have).
    private var buttonsSideBySide: Bool {
        if let sideBySide { return sideBySide }
        let fits = measureSideBySide()
        sideBySide = fits
        return fits
    }
    private var sideBySide: Bool?

    private func measureSideBySide() -> Bool {
        guard preferredStyle == .alert, actions.count == 2 else { return false }
        let room = Self.alertWidth / 2 - 2 * Self.actionMargin
        return actions.allSatisfy { action in
            let label = UILabel()
            label.font = .systemFont(ofSize: 17, weight: action === emphasizedAction ? .semibold : .regular)
            label.text = action.title
            return label.sizeThatFits(CGSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude)).width <= room
        }
    }

    /// The buttons in the order shown: an alert's cancel button first side by side, last when
    /// stacked; a sheet's cancel button in its own card.
    private var orderedActions: [UIAlertAction] {
        let cancel = actions.filter { $0.style == .cancel }, others = actions.filter { $0.style != .cancel }
        return buttonsSideBySide ? cancel + others : others + cancel
    }

    /// The cards' frames in the root view (the presentation's container places the root).
    func layoutCards() {
        guard isViewLoaded else { return }
        makeButtons()
        let scale = view.window?.screen.scale ?? UIScreen.main.scale
        let hairline = 1 / scale
        // The hairlines of the last layout are reused, moved where this one wants them.
        var used = 0
        defer {
            for line in hairlines[used...] { line.removeFromSuperview() }
            hairlines.removeLast(hairlines.count - used)
        }
        func line(_ frame: CGRect, in parent: UIView) {
            if used == hairlines.count {
                let view = UIView(frame: frame)
                view.backgroundColor = .separator
                hairlines.append(view)
            }
            let view = hairlines[used]
            if view.superview !== parent { parent.addSubview(view) }
            if view.frame != frame { view.frame = frame }
            used += 1
        }
        if preferredStyle == .alert {
            let width = Self.alertWidth
            var header = layoutHeader(width: width)
            if let fields = textFields, !fields.isEmpty {
                // The fields under the message, a hairline between two, 16 pt before the buttons.
                var y = header == 0 ? Self.fieldInset : header
                for (index, field) in fields.enumerated() {
                    if index > 0 { line(CGRect(x: Self.fieldInset, y: y, width: width - 2 * Self.fieldInset, height: hairline), in: card) }
                    field.frame = CGRect(x: Self.fieldInset, y: y, width: width - 2 * Self.fieldInset, height: Self.fieldHeight)
                    y += Self.fieldHeight
                }
                header = y + Self.fieldInset
            }
            var y = header
            if buttonsSideBySide {
                let half = width / 2
                for (index, action) in orderedActions.enumerated() {
                    action.button?.frame = CGRect(x: CGFloat(index) * half, y: y, width: half, height: Self.alertButtonHeight)
                }
                if header > 0 { line(CGRect(x: 0, y: y, width: width, height: hairline), in: card) }
                line(CGRect(x: half, y: y, width: hairline, height: Self.alertButtonHeight), in: card)
                y += Self.alertButtonHeight
            } else {
                for action in orderedActions {
                    if y > 0 { line(CGRect(x: 0, y: y, width: width, height: hairline), in: card) }
                    action.button?.frame = CGRect(x: 0, y: y, width: width, height: Self.alertButtonHeight)
                    y += Self.alertButtonHeight
                }
            }
            card.frame = CGRect(x: 0, y: 0, width: width, height: y)
        } else {
            let width = view.bounds.width
            let header = layoutHeader(width: width)
            var y = header
            for action in orderedActions where action.style != .cancel {
                if y > 0 { line(CGRect(x: 0, y: y, width: width, height: hairline), in: card) }
                action.button?.frame = CGRect(x: 0, y: y, width: width, height: Self.sheetButtonHeight)
                y += Self.sheetButtonHeight
            }
            card.frame = CGRect(x: 0, y: 0, width: width, height: y)
            if let cancel = actions.first(where: { $0.style == .cancel }) {
                cancelCard.isHidden = false
                cancelCard.frame = CGRect(x: 0, y: y + Self.sheetInset, width: width, height: Self.sheetButtonHeight)
                cancel.button?.frame = cancelCard.bounds
            } else {
                cancelCard.isHidden = true
            }
        }
    }

    /// The action sheet's height for its width (its cards and the gap between).
    func sheetHeight(width: CGFloat) -> CGFloat {
        loadViewIfNeeded()
        if view.bounds.width != width { view.bounds.size.width = width }
        layoutCards()
        return cancelCard.isHidden ? card.frame.maxY : cancelCard.frame.maxY
    }

    /// The alert's size (270 pt wide, as tall as its header and buttons).
    func alertSize() -> CGSize {
        loadViewIfNeeded()
        layoutCards()
        return card.frame.size
    }
}

/// An alert controller's view: clear, the cards inside.
final class AlertRootView: UIView {
    var layout: (() -> Void)?

    override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
    }

    public required init?(coder: NSCoder) {
        noArchives(Self.self)
        return nil
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        layout?()
    }
}
