import Foundation
import Geometry
import CoreGraphics
import RunLoop
import UIFoundation

/// An action a swipe on a row reveals, as UIKit's `UIContextualAction`: a button with a title (or
/// an image) on `backgroundColor` (`.systemRed` for a destructive action, `.systemGray3` for a
/// normal one); its handler gets a completion to call with whether the action was performed.
@preconcurrency @MainActor
public final class UIContextualAction {
    public enum Style: Int, Sendable { case normal, destructive }
    public typealias Handler = (UIContextualAction, UIView, @escaping (Bool) -> Void) -> Void

    public let style: Style
    public var title: String?
    public var image: UIImage?
    public var backgroundColor: UIColor!
    let handler: Handler

    public init(style: Style, title: String?, handler: @escaping Handler) {
        self.style = style
        self.title = title
        self.handler = handler
        backgroundColor = style == .destructive ? .systemRed : .systemGray3
    }
}

/// The actions of one side of a row, as UIKit's `UISwipeActionsConfiguration`: the first is at
/// the outer edge and is the one a full swipe performs.
@preconcurrency @MainActor
public final class UISwipeActionsConfiguration {
    public let actions: [UIContextualAction]
    /// Whether swiping all the way across performs the first action (true by default).
    public var performsFirstActionWithFullSwipe = true

    public init(actions: [UIContextualAction]) {
        self.actions = actions
    }
}

/// A row's swipe under way or its actions showing.
struct SwipeState {
    var indexPath: IndexPath
    /// Trailing actions (a swipe to the left), or leading ones.
    var trailing: Bool
    var configuration: UISwipeActionsConfiguration
    /// How far the row is moved aside, in points.
    var offset: CGFloat
    var view: SwipeActionsView
    /// Whether the delegate was told the row began editing (a swipe, not the delete control's
    /// confirmation in editing mode): it is told when the actions close.
    var editsRow = false
}

/// Swipe actions, as UIKit's table shows them: a sideways drag on a row whose delegate gives a
/// configuration moves the row aside with the finger (the table does not scroll), showing the
/// actions' buttons in the space it leaves — each as wide as its title with 6 pt a side, at least
/// 74 pt and at most 120 (UIKit's `UISwipeActionVisualStyle`); past them the first one grows.
/// Let go past half the buttons' width (or flicked faster than 500 pt/s), they stay open;
/// otherwise the row goes back; a cancelled drag closes them. Past a full swipe's point — 52.5 % of the row's width, or its
/// width less 64 pt for a destructive first action (UIKit's `UISwipeActionPullView`) — the first
/// action is performed. A tap on a button performs its action; a touch elsewhere, or a scroll,
/// closes them. Every movement is animated over 0.3 s.
extension UITableView {
    static let swipeButtonMinimum: CGFloat = 74, swipeButtonMaximum: CGFloat = 120, swipeButtonPadding: CGFloat = 6
    static let swipeAnimationDuration: TimeInterval = 0.3

    func makeSwipeRecognizer() -> UIPanGestureRecognizer {
        let recognizer = SwipeActionsRecognizer()
        recognizer.table = self
        recognizer.addTarget { [unowned self] _ in self.handleSwipe() }
        addGestureRecognizer(recognizer)
        return recognizer
    }

    /// The configuration for a sideways drag at `point` moving `dx`, if the row has one (none in
    /// editing mode, as UIKit's). Trailing, without a configuration from the delegate, the
    /// delegate's row actions (`editActionsForRowAt`) if it gives some.
    func swipeConfiguration(at point: CGPoint, dx: CGFloat) -> (IndexPath, Bool, UISwipeActionsConfiguration)? {
        guard !isEditing, let indexPath = indexPathForRow(at: point), let delegate = delegate as? UITableViewDelegate else { return nil }
        let trailing = dx < 0
        let configuration = trailing ? delegate.tableView(self, trailingSwipeActionsConfigurationForRowAt: indexPath)
                ?? delegate.tableView(self, editActionsForRowAt: indexPath).flatMap { rowActionsConfiguration($0, at: indexPath) }
            : delegate.tableView(self, leadingSwipeActionsConfigurationForRowAt: indexPath)
        guard let configuration, !configuration.actions.isEmpty else { return nil }
        return (indexPath, trailing, configuration)
    }

    func swipeLeavesSidewaysDrag(at point: CGPoint) -> Bool {
        let dx = panGestureRecognizer.translation(in: self).x
        return swipe != nil || swipeConfiguration(at: point, dx: dx == 0 ? -1 : dx) != nil
    }

    /// The buttons' widths, outer first.
    static func buttonWidths(_ configuration: UISwipeActionsConfiguration) -> [CGFloat] {
        configuration.actions.map { action in
            let content = action.title.map { $0.size(withAttributes: [.font: UIFont.systemFont(ofSize: 15)]).width } ?? action.image?.size.width ?? 0
            return min(max((content + 2 * swipeButtonPadding).rounded(.up), swipeButtonMinimum), swipeButtonMaximum)
        }
    }

    private func handleSwipe() {
        let recognizer = swipeRecognizer
        switch recognizer.state {
        case .began:
            let start = CGPoint(x: recognizer.location(in: self).x - recognizer.translation(in: self).x, y: recognizer.location(in: self).y)
            let dx = recognizer.translation(in: self).x
            if let open = swipe, open.indexPath == indexPathForRow(at: start), (dx < 0) == open.trailing || open.offset > 0 {
                swipe?.view.startOffset = open.offset
            } else {
                if swipe != nil { closeSwipeActions(animated: false) }
                guard let (indexPath, trailing, configuration) = swipeConfiguration(at: start, dx: dx) else { return }
                beginSwipe(at: indexPath, trailing: trailing, configuration: configuration, editsRow: true)
            }
            followSwipe()
        case .changed:
            followSwipe()
        case .ended:
            releaseSwipe(velocity: recognizer.velocity(in: self).x)
        case .cancelled:
            closeSwipeActions(animated: true)   // taken away: nothing performed
        default:
            break
        }
    }

    /// Puts the actions' view behind the row, the row not moved yet; with `editsRow`, the
    /// delegate hears that the row begins editing.
    func beginSwipe(at indexPath: IndexPath, trailing: Bool, configuration: UISwipeActionsConfiguration, editsRow: Bool) {
        let view = SwipeActionsView(configuration: configuration, trailing: trailing, table: self)
        insertSubview(view, at: 0)
        swipe = SwipeState(indexPath: indexPath, trailing: trailing, configuration: configuration, offset: 0, view: view, editsRow: editsRow)
        if editsRow { tableDelegate?.tableView(self, willBeginEditingRowAt: indexPath) }
    }

    /// The swipe's view goes; the delegate hears the row's editing end.
    private func endSwipe(_ state: SwipeState) {
        state.view.removeFromSuperview()
        swipe = nil
        if state.editsRow { tableDelegate?.tableView(self, didEndEditingRowAt: state.indexPath) }
    }

    private func followSwipe() {
        guard var state = swipe else { return }
        let dx = swipeRecognizer.translation(in: self).x
        state.offset = max(0, state.view.startOffset + (state.trailing ? -dx : dx))
        swipe = state
        setNeedsLayout()
        layoutIfNeeded()
    }

    /// The full swipe's point: 52.5 % of the row's width, or its width less 64 pt for a
    /// destructive first action.
    func fullSwipeThreshold(_ state: SwipeState) -> CGFloat {
        let width = rectForRow(at: state.indexPath).width
        return state.configuration.actions[0].style == .destructive ? width - 64 : width * 0.525
    }

    private func releaseSwipe(velocity: CGFloat) {
        guard let state = swipe else { return }
        let total = Self.buttonWidths(state.configuration).reduce(0, +)
        let speed = state.trailing ? -velocity : velocity
        if state.configuration.performsFirstActionWithFullSwipe, state.offset >= fullSwipeThreshold(state) {
            perform(state.configuration.actions[0], from: state.view.buttons[0])
            return
        }
        let open = state.offset >= total / 2 || speed > 500
        moveSwipe(to: open ? total : 0, animated: true)
    }

    /// Moves the row aside by `offset` (0 closes the actions).
    func moveSwipe(to offset: CGFloat, animated: Bool) {
        guard let closing = swipe?.view else { return }
        let finish = { [weak self] in
            // Only the swipe this move was for (a new one may have begun meanwhile).
            guard let self, let state = self.swipe, state.view === closing, state.offset == 0 else { return }
            self.endSwipe(state)
        }
        let move = {
            self.swipe?.offset = offset
            self.setNeedsLayout()
            self.layoutIfNeeded()
        }
        if animated, window != nil {
            UIView.animate(withDuration: Self.swipeAnimationDuration, delay: 0, options: [.allowUserInteraction], animations: move,
                           completion: { _ in finish() })
        } else {
            move()
            finish()
        }
    }

    func closeSwipeActions(animated: Bool) {
        moveSwipe(to: 0, animated: animated)
    }

    /// The rows changed under the swipe: its row is put back at once.
    func dropSwipe() {
        guard let state = swipe else { return }
        endSwipe(state)
    }

    /// Runs an action's handler; the row closes when the handler says it is done.
    func perform(_ action: UIContextualAction, from button: UIView) {
        action.handler(action, button) { [weak self] _ in self?.closeSwipeActions(animated: true) }
    }

    /// The actions' view behind the row, its buttons filling the space the row left.
    func layoutSwipeActions() {
        guard let state = swipe else { return }
        guard state.indexPath.section < numberOfSections, state.indexPath.row < numberOfRows(inSection: state.indexPath.section) else {
            endSwipe(state)
            return
        }
        let row = rectForRow(at: state.indexPath)
        state.view.frame = row
        state.view.layout(offset: state.offset)
    }
}

/// The pan that drags a row aside: it begins only for a mostly sideways drag on a row with swipe
/// actions (or the row whose actions show).
final class SwipeActionsRecognizer: UIPanGestureRecognizer, UIGestureRecognizerDelegate {
    weak var table: UITableView?

    init() {
        super.init(target: nil, action: nil)
        delegate = self
    }

    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        guard let table else { return false }
        let moved = translation(in: table)
        guard abs(moved.x) > abs(moved.y) else { return false }
        let start = CGPoint(x: location(in: table).x - moved.x, y: location(in: table).y - moved.y)
        if let open = table.swipe, open.indexPath == table.indexPathForRow(at: start) { return true }
        return table.swipeConfiguration(at: start, dx: moved.x) != nil
    }
}

/// The buttons of a row's swipe actions, right-aligned (trailing) behind the row.
final class SwipeActionsView: UIView {
    let configuration: UISwipeActionsConfiguration
    let trailing: Bool
    private(set) var buttons: [UIButton] = []
    /// Where the row was moved to when the current drag began.
    var startOffset: CGFloat = 0
    private let widths: [CGFloat]

    init(configuration: UISwipeActionsConfiguration, trailing: Bool, table: UITableView) {
        self.configuration = configuration
        self.trailing = trailing
        widths = UITableView.buttonWidths(configuration)
        super.init(frame: .zero)
        clipsToBounds = true
        for action in configuration.actions {
            let button = UIButton(frame: .zero)
            button.setTitle(action.title, for: .normal)
            button.setTitleColor(.white, for: .normal)
            button.titleLabel?.font = .systemFont(ofSize: 15)
            if let image = action.image { button.setImage(image.withTintColor(.white), for: .normal) }
            button.backgroundColor = action.backgroundColor
            button.addAction(UIAction { [weak table, weak button] _ in
                guard let table, let button else { return }
                table.perform(action, from: button)
            }, for: .touchUpInside)
            addSubview(button)
            buttons.append(button)
        }
    }

    required init?(coder: NSCoder) {
        noArchives(Self.self)
        return nil
    }

    /// The buttons in the `offset` points the row left: each its width from the outer edge in, the
    /// first (outermost) growing past their total; squeezed together while the row is not out yet.
    func layout(offset: CGFloat) {
        let total = widths.reduce(0, +)
        let scale = total > 0 && offset < total ? offset / total : 1
        var edge = trailing ? bounds.width : 0
        for (index, button) in buttons.enumerated() {
            var width = widths[index] * scale
            if index == 0, offset > total { width += offset - total }
            let x = trailing ? edge - width : edge
            button.frame = CGRect(x: x, y: 0, width: width, height: bounds.height)
            edge = trailing ? x : x + width
        }
    }
}
