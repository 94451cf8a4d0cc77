import Constraints
import Foundation
import Geometry
import QuartzCore
import UIFoundation

/// What a view holds for Auto Layout, made the first time it is needed (a view that never uses
/// constraints carries one nil reference).
@MainActor
final class ConstraintState {
    var translatesAutoresizingMaskIntoConstraints = true
    /// The constraints installed on the view, in the order they were.
    var constraints: [NSLayoutConstraint] = []
    /// The app's guides (`addLayoutGuide(_:)`).
    var layoutGuides: [UILayoutGuide] = []
    var marginsGuide: UILayoutGuide?, safeAreaGuide: UILayoutGuide?, readableGuide: UILayoutGuide?, keyboardGuide: UILayoutGuide?
    var hugging: [UILayoutPriority?] = [nil, nil]
    var compression: [UILayoutPriority?] = [nil, nil]
    var semanticContentAttribute = UISemanticContentAttribute.unspecified
    /// The engine of the hierarchy this view is the root of.
    var engine: LayoutEngine?
    var needsUpdateConstraints = true
    /// On a hierarchy's root: views that asked for `updateConstraints()`, and subtrees that
    /// joined it (each of their views gets its first `updateConstraints()`).
    var pendingUpdates: [UIView] = []
    /// On a hierarchy's root: whether its views are running `updateConstraints()`.
    var isUpdatingConstraints = false

    /// The guides UIKit made for the view.
    var systemGuides: [UILayoutGuide] { [marginsGuide, safeAreaGuide, readableGuide, keyboardGuide].compactMap { $0 } }
}

/// Whether a view's content reads left to right or right to left, as UIKit's
/// `UIUserInterfaceLayoutDirection`.
public enum UIUserInterfaceLayoutDirection: Int, Sendable {
    case leftToRight = 0, rightToLeft = 1
}

/// How a view's content is laid out in right-to-left languages, as UIKit's
/// `UISemanticContentAttribute`.
public enum UISemanticContentAttribute: Int, Sendable {
    case unspecified = 0, playback, spatial, forceLeftToRight, forceRightToLeft
}

extension UIView: LayoutAnchors {
    /// What `intrinsicContentSize` says along an axis with no natural size.
    public static let noIntrinsicMetric: CGFloat = -1
    /// `systemLayoutSizeFitting(_:)`'s target for the smallest size the constraints allow.
    public static let layoutFittingCompressedSize = CGSize.zero
    /// `systemLayoutSizeFitting(_:)`'s target for the largest size the constraints allow.
    public static let layoutFittingExpandedSize = CGSize(width: 10_000_000, height: 10_000_000)
    /// The widest a readable content guide gets (UIKit's, at the default text size).
    static let readableWidth: CGFloat = 672

    var layoutState: ConstraintState {
        if let constraintState { return constraintState }
        let made = ConstraintState()
        constraintState = made
        for view in sequence(first: self, next: \.superview) {
            guard !view.subtreeUsesConstraints else { break }
            view.subtreeUsesConstraints = true
        }
        return made
    }

    // MARK: Anchors (the edges, centres and sizes come with `LayoutAnchors`)

    public var firstBaselineAnchor: NSLayoutYAxisAnchor { yAnchor(.firstBaseline) }
    public var lastBaselineAnchor: NSLayoutYAxisAnchor { yAnchor(.lastBaseline) }

    // MARK: Constraints

    /// Whether the view's frame and autoresizing mask are turned into constraints (true for a
    /// view made in code, as in UIKit). Set it to false for constraints to decide the frame.
    public var translatesAutoresizingMaskIntoConstraints: Bool {
        get { constraintState?.translatesAutoresizingMaskIntoConstraints ?? true }
        set {
            guard newValue != translatesAutoresizingMaskIntoConstraints else { return }
            layoutState.translatesAutoresizingMaskIntoConstraints = newValue
            if isInLayoutEngine, let engine = hierarchyEngine {
                engine.frameChanged(self)
                engine.contentSizeChanged(self)
            }
            superview?.setNeedsLayout()
        }
    }

    /// The constraints installed on the view (the app's; UIKit's own are not listed).
    public var constraints: [NSLayoutConstraint] { constraintState?.constraints ?? [] }

    /// Installs `constraint` on the view (it must relate the view or its descendants), activating it.
    public func addConstraint(_ constraint: NSLayoutConstraint) {
        if let problem = constraint.illegality {
            reportLayoutIssue("\(problem) \(constraint)")
            return
        }
        if let holder = constraint.holder {
            guard holder !== self else { return }
            holder.uninstall(constraint)
        }
        install(constraint)
    }

    /// Installs each constraint on the view.
    public func addConstraints(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { addConstraint(constraint) }
    }

    /// Removes `constraint` from the view, deactivating it.
    public func removeConstraint(_ constraint: NSLayoutConstraint) {
        guard constraint.holder === self else { return }
        uninstall(constraint)
    }

    /// Removes each constraint from the view.
    public func removeConstraints(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { removeConstraint(constraint) }
    }

    func install(_ constraint: NSLayoutConstraint) {
        layoutState.constraints.append(constraint)
        constraint.holder = self
        hierarchyEngine(creating: true)?.constraintAdded(constraint)
        constraintsDidChange()
    }

    /// Takes `constraint` off the view; `notifying` the engine unless the engine itself is
    /// dropping it.
    func uninstall(_ constraint: NSLayoutConstraint, notifying: Bool = true) {
        constraintState?.constraints.removeAll { $0 === constraint }
        constraint.holder = nil
        if notifying { hierarchyEngine?.constraintRemoved(constraint) }
        constraintsDidChange()
    }

    /// The view's constraints changed: it is laid out again, unless the change is made in the
    /// update-constraints pass, whose solve lays out again the superviews of the views it moves
    /// (a view that remakes the same constraints there is not laid out again, as in UIKit).
    private func constraintsDidChange() {
        guard hierarchyRoot.constraintState?.isUpdatingConstraints != true else { return }
        setNeedsLayout()
    }

    func constraintDidChangeConstant(_ constraint: NSLayoutConstraint) {
        hierarchyEngine?.constantChanged(constraint)
        constraintsDidChange()
    }

    func constraintDidChangePriority(_ constraint: NSLayoutConstraint) {
        guard let engine = hierarchyEngine else { return }
        engine.constraintRemoved(constraint)
        engine.constraintAdded(constraint)
        constraintsDidChange()
    }

    // MARK: Layout guides

    /// The guides added to the view.
    public var layoutGuides: [UILayoutGuide] { constraintState?.layoutGuides ?? [] }

    /// Adds `guide` to the view: it is placed by constraints in the view's coordinates.
    public func addLayoutGuide(_ guide: UILayoutGuide) {
        guard guide.owningView !== self else { return }
        guide.owningView?.removeLayoutGuide(guide)
        layoutState.layoutGuides.append(guide)
        guide.owner = self
    }

    /// Removes `guide` from the view, with the constraints on it.
    public func removeLayoutGuide(_ guide: UILayoutGuide) {
        guard guide.owningView === self else { return }
        for holder in sequence(first: self, next: \.superview) {
            for c in holder.constraints where c.firstItem === guide || c.secondItem === guide { holder.uninstall(c) }
        }
        constraintState?.layoutGuides.removeAll { $0 === guide }
        guide.owner = nil
    }

    /// The view's bounds inset by its `layoutMargins`.
    public var layoutMarginsGuide: UILayoutGuide {
        systemGuide(\.marginsGuide, kind: .margins, name: "UIViewLayoutMarginsGuide")
    }

    /// The part of the view not covered by the screen's unsafe edges (`safeAreaInsets`).
    public var safeAreaLayoutGuide: UILayoutGuide {
        systemGuide(\.safeAreaGuide, kind: .safeArea, name: "UIViewSafeAreaLayoutGuide")
    }

    /// The margins narrowed to a width comfortable to read (672 pt at most), centred.
    public var readableContentGuide: UILayoutGuide {
        systemGuide(\.readableGuide, kind: .readableContent, name: "UIViewReadableContentGuide")
    }

    /// The part of the view the keyboard covers: from the keyboard's top (the safe area's bottom
    /// while the keyboard is down) to the view's bottom (iOS 15's `keyboardLayoutGuide`).
    public var keyboardLayoutGuide: UIKeyboardLayoutGuide {
        if let guide = layoutState.keyboardGuide as? UIKeyboardLayoutGuide { return guide }
        let guide = UIKeyboardLayoutGuide()
        guide.owner = self
        layoutState.keyboardGuide = guide
        UIApplication.shared.keyboard.track(guide)
        return guide
    }

    private func systemGuide(_ path: ReferenceWritableKeyPath<ConstraintState, UILayoutGuide?>, kind: UILayoutGuide.Kind,
                             name: String) -> UILayoutGuide {
        if let guide = layoutState[keyPath: path] { return guide }
        let guide = UILayoutGuide(kind: kind, identifier: name)
        guide.owner = self
        layoutState[keyPath: path] = guide
        return guide
    }

    /// The insets a system guide keeps from the view's bounds.
    func insets(of guide: UILayoutGuide) -> UIEdgeInsets {
        switch guide.kind {
        case .safeArea: safeAreaInsets
        case .margins, .readableContent, .app: layoutMargins
        case .keyboard:
            UIEdgeInsets(top: max(0, bounds.height - keyboardOverlap), left: 0, bottom: 0, right: 0)
        }
    }

    /// How much of the view's bottom the keyboard covers (the bottom safe area while it is down).
    private var keyboardOverlap: CGFloat {
        let keyboard = UIApplication.shared.keyboard
        guard keyboard.isVisible, window != nil else { return safeAreaInsets.bottom }
        let top = convert(CGPoint(x: 0, y: keyboard.frame.minY), from: nil).y
        return max(safeAreaInsets.bottom, bounds.maxY - top)
    }

    /// A guide's rectangle in the view's bounds. A system guide's follows the view's bounds and
    /// insets whether or not a constraint uses it (UIKit's safe-area guide of a header with no
    /// constraints is still its bounds less the safe area); an app's guide is where the engine put it.
    func layoutFrame(of guide: UILayoutGuide) -> CGRect {
        if guide.kind != .app {
            let frame = bounds.inset(by: insets(of: guide))
            guard guide.kind == .readableContent, frame.width > UIView.readableWidth else { return frame }
            return CGRect(x: frame.midX - UIView.readableWidth / 2, y: frame.minY, width: UIView.readableWidth, height: frame.height)
        }
        guard let engine = hierarchyEngine else { return .zero }
        engine.updateIfNeeded()
        return engine.frame(of: guide) ?? .zero
    }

    /// The layout margins with leading and trailing in the reading direction.
    public var directionalLayoutMargins: NSDirectionalEdgeInsets {
        get { layoutMargins.directional(rightToLeft: effectiveUserInterfaceLayoutDirection == .rightToLeft) }
        set { layoutMargins = newValue.edgeInsets(rightToLeft: effectiveUserInterfaceLayoutDirection == .rightToLeft) }
    }

    /// How the view's content is laid out in right-to-left languages.
    public var semanticContentAttribute: UISemanticContentAttribute {
        get { constraintState?.semanticContentAttribute ?? .unspecified }
        set {
            layoutState.semanticContentAttribute = newValue
            setNeedsUpdateConstraints()
        }
    }

    /// The direction the view's content reads in: its `semanticContentAttribute` in the app's
    /// direction (`UIView.userInterfaceLayoutDirection(for:)`): right to left only when forced
    /// (uisim's app runs in a left-to-right language).
    public var effectiveUserInterfaceLayoutDirection: UIUserInterfaceLayoutDirection {
        Self.userInterfaceLayoutDirection(for: semanticContentAttribute)
    }

    // MARK: Intrinsic size

    /// The engine takes the view's new intrinsic size.
    func invalidateContentSizeInEngine() {
        (superview as? UIStackView)?.arrangedSubviewContentSizeDidChange(self)
        guard isInLayoutEngine, !translatesAutoresizingMaskIntoConstraints, let engine = hierarchyEngine else { return }
        count(.intrinsicSizeInvalidations)
        engine.contentSizeChanged(self)
        superview?.setNeedsLayout()
    }

    func contentPrioritiesDidChange() {
        guard isInLayoutEngine, let engine = hierarchyEngine else { return }
        engine.contentSizeChanged(self)
        superview?.setNeedsLayout()
    }

    // MARK: The update-constraints pass

    /// `needsUpdateConstraints()`'s answer (the overridable member is in the class body).
    var constraintsNeedUpdate: Bool {
        constraintState?.needsUpdateConstraints ?? true
    }

    /// `setNeedsUpdateConstraints()`: asks for `updateConstraints()` before the next layout pass.
    /// As UIKit, it is the hierarchy's root (the window) that is marked for layout, and its
    /// layout runs the pending updates first: the view itself is laid out again only if its
    /// frame or its subviews' change. Eureka's field cells ask for it in their own
    /// `layoutSubviews()` (then update at once), which marking the cell would repeat forever.
    func markConstraintsForUpdate() {
        guard !(constraintState?.needsUpdateConstraints == true && isInLayoutEngine) else { return }
        layoutState.needsUpdateConstraints = true
        let root = hierarchyRoot
        root.layoutState.pendingUpdates.append(self)
        root.setNeedsLayout()
    }

    /// `updateConstraintsIfNeeded()`: runs the update-constraints pass of the view's subtree now if it needs one.
    func runPendingConstraintUpdates() {
        hierarchyRoot.runConstraintsPass()
    }

    /// The closest view that is or contains both this view and `other`, if they share a hierarchy.
    func closestCommonAncestor(with other: UIView) -> UIView? {
        var mine = Set<ObjectIdentifier>()
        for view in sequence(first: self, next: \.superview) { mine.insert(ObjectIdentifier(view)) }
        return sequence(first: other, next: \.superview).first { mine.contains(ObjectIdentifier($0)) }
    }

    /// The root of the view's hierarchy: its window, or its topmost ancestor.
    var hierarchyRoot: UIView {
        var root = self
        while let parent = root.superview { root = parent }
        return root
    }

    /// The engine of the view's hierarchy, if it has one.
    var hierarchyEngine: LayoutEngine? { hierarchyRoot.constraintState?.engine }

    func hierarchyEngine(creating: Bool) -> LayoutEngine? {
        let root = hierarchyRoot
        if let engine = root.constraintState?.engine { return engine }
        guard creating else { return nil }
        let engine = LayoutEngine(root: root)
        root.layoutState.engine = engine
        root.layoutState.pendingUpdates.append(root)
        return engine
    }

    /// The update-constraints pass and the engine's solve, before a layout pass: views that asked
    /// for `updateConstraints()` get it, subviews first; the engine applies what changed; a view
    /// whose solved frame differs from its frame has its superview laid out again. Nothing
    /// happens in a hierarchy without constraints, or when nothing changed.
    func runConstraintsPass() {
        guard let state = constraintState, let engine = state.engine else { return }
        state.isUpdatingConstraints = true
        defer { state.isUpdatingConstraints = false }
        while !state.pendingUpdates.isEmpty {
            let pending = state.pendingUpdates
            state.pendingUpdates = []
            for view in pending.sorted(by: { $0.depth > $1.depth }) { view.updateConstraintsOfSubtree() }
        }
        guard engine.updateIfNeeded() else { return }
        engine.fitWidthDependentSizes()
        for view in engine.constrainedViews {
            guard let solved = engine.frame(of: view), view.pixelAligned(solved) != view.untransformedFrame else { continue }
            view.superview?.setNeedsLayout()
        }
    }

    private var depth: Int { sequence(first: self, next: \.superview).reduce(0) { n, _ in n + 1 } }

    /// `updateConstraints()` for the subtree's views that use constraints and need it, subviews first.
    private func updateConstraintsOfSubtree() {
        for subview in subviews { subview.updateConstraintsOfSubtree() }
        guard let state = constraintState, state.needsUpdateConstraints else { return }
        callUpdateConstraints()
    }

    private func callUpdateConstraints() {
        count(.updateConstraintsCalls)
        if let viewController { viewController.updateViewConstraints() } else { updateConstraints() }
        layoutState.needsUpdateConstraints = false
    }

    /// Applies the engine's frames to the subviews it places, before `layoutSubviews()` (as
    /// UIKit's `layoutSublayersOfLayer:` does, so an override that does not call super still finds
    /// its subviews placed).
    func applyEngineFrames() {
        guard subviews.contains(where: { $0.constraintState?.translatesAutoresizingMaskIntoConstraints == false }),
              let engine = hierarchyEngine else { return }
        if engine.updateIfNeeded() { engine.fitWidthDependentSizes() }
        for subview in subviews where !subview.translatesAutoresizingMaskIntoConstraints {
            guard let solved = engine.frame(of: subview) else { continue }
            subview.untransformedFrame = subview.pixelAligned(solved)
        }
    }

    /// `rect` with its edges on the screen's pixel grid, as UIKit rounds the engine's values
    /// (a half pixel up: 333.8333… pt, 1001.5 px at @3x, goes to 1002 px).
    func pixelAligned(_ rect: CGRect) -> CGRect {
        let scale = (window?.screen ?? UIScreen.main).scale
        func round(_ v: CGFloat) -> CGFloat { v.roundedToPixel(scale: scale) }
        let minX = round(rect.minX), minY = round(rect.minY)
        return CGRect(x: minX, y: minY, width: round(rect.maxX) - minX, height: round(rect.maxY) - minY)
    }

    /// The frame without the transform: the bounds size about the center.
    var untransformedFrame: CGRect {
        get {
            let size = bounds.size
            return CGRect(x: center.x - layer.anchorPoint.x * size.width, y: center.y - layer.anchorPoint.y * size.height,
                          width: size.width, height: size.height)
        }
        set {
            if bounds.size != newValue.size { bounds.size = newValue.size }
            let c = CGPoint(x: newValue.minX + layer.anchorPoint.x * newValue.width, y: newValue.minY + layer.anchorPoint.y * newValue.height)
            if center != c { center = c }
        }
    }

    /// Called when the view's frame changed: an engine that holds the frame as constraints
    /// (the view translates its autoresizing mask) updates them.
    func frameDidChangeForEngine() {
        guard translatesAutoresizingMaskIntoConstraints, let engine = hierarchyEngine else { return }
        engine.frameChanged(self)
    }

    // MARK: Hierarchy changes

    /// `view`'s subtree joined this view's hierarchy: its constraints join the hierarchy's engine
    /// (a detached hierarchy's own engine is dropped), and its views get `updateConstraints()`.
    func constraintsDidJoin(_ view: UIView) {
        let usesConstraints = view.subtreeUsesConstraints
        if usesConstraints {
            for ancestor in sequence(first: self, next: \.superview) {
                guard !ancestor.subtreeUsesConstraints else { break }
                ancestor.subtreeUsesConstraints = true
            }
        }
        guard usesConstraints else { return }
        view.constraintState?.engine = nil
        view.constraintState?.pendingUpdates = []
        view.forEachInSubtree { $0.isInLayoutEngine = false }
        guard let engine = hierarchyEngine(creating: true) else { return }
        engine.attached(view)
        hierarchyRoot.layoutState.pendingUpdates.append(view)
    }

    /// The view is leaving its superview: the engine forgets its subtree and deactivates the
    /// constraints that tie it to the rest.
    func constraintsWillLeave() {
        guard let engine = hierarchyEngine else { return }
        engine.detached(self)
        engine.updateIfNeeded()
        forEachInSubtree { $0.isInLayoutEngine = false }
    }

    // MARK: Fitting size

    /// `systemLayoutSizeFitting(_:withHorizontalFittingPriority:verticalFittingPriority:)`: the size
    /// the view's constraints give it when its width and height are pulled toward `targetSize` at
    /// the given priorities (`.required` fixes that side, as a self-sizing cell fixes its width):
    /// its subtree's constraints are solved on their own, its own frame left out.
    func constraintFittingSize(_ targetSize: CGSize, _ horizontalFittingPriority: UILayoutPriority,
                               _ verticalFittingPriority: UILayoutPriority) -> CGSize {
        guard let window else { return fittingSize(targetSize, horizontalFittingPriority, verticalFittingPriority) }
        return FrameMeter.current.timingSolve(in: window) { fittingSize(targetSize, horizontalFittingPriority, verticalFittingPriority) }
    }

    private func fittingSize(_ targetSize: CGSize, _ horizontalFittingPriority: UILayoutPriority,
                             _ verticalFittingPriority: UILayoutPriority) -> CGSize {
        let engine = LayoutEngine(root: self, fitting: true)
        engine.attached(self)
        engine.updateIfNeeded()
        let (width, height) = engine.sizeVariables(of: self)
        func finite(_ v: CGFloat) -> Double { v.isFinite ? Double(v) : Double(UIView.layoutFittingExpandedSize.width) }
        // The target is a frame size; the variables are the alignment rectangle's.
        let align = alignmentRectInsets
        let pulls = [Constraint(LinearExpression(width) - (finite(targetSize.width) - Double(align.left + align.right)), .equal,
                                strength: horizontalFittingPriority.strength),
                     Constraint(LinearExpression(height) - (finite(targetSize.height) - Double(align.top + align.bottom)), .equal,
                                strength: verticalFittingPriority.strength)]
        return engine.withTemporary(pulls) {
            engine.fitWidthDependentSizes()
            return engine.frame(of: self)?.size ?? bounds.size
        }
    }

    /// Whether the constraints leave the view's frame undetermined: some part of it (x, y, width
    /// or height) could move without breaking or straining any constraint, as when a view has a
    /// width and a leading edge but no vertical position, or two labels hug their text at the same
    /// priority in a row wider than both. Asked of a scratch copy of the hierarchy's engine, so the
    /// layout is left as it is; false for a view no constraint places.
    public var hasAmbiguousLayout: Bool {
        guard isInLayoutEngine else { return false }
        let scratch = LayoutEngine(root: hierarchyRoot, scratch: true)
        scratch.attached(hierarchyRoot)
        scratch.updateIfNeeded()
        return scratch.isAmbiguous(self)
    }

    /// The name of the view in constraint descriptions and layout issues.
    var layoutName: String { "\(type(of: self))" }

    /// The view's place in its hierarchy, root first ("UIWindow > UITableView > Cell > UILabel"),
    /// for layout issues.
    var layoutPath: String {
        Array(sequence(first: self, next: \.superview)).reversed().map(\.layoutName).joined(separator: " > ")
    }

    /// Reports a layout issue as UIKit logs it to the console: kept by the application
    /// (`UIApplication.layoutIssues`) for the replay's summary.
    func reportLayoutIssue(_ message: String) {
        UIApplication.shared.reportLayoutIssue(message)
    }

    /// UIKit's message for a required constraint that cannot be satisfied, which it breaks.
    func reportUnsatisfiable(_ constraint: NSLayoutConstraint, among installed: [NSLayoutConstraint]) {
        let related = installed.filter { c in
            [c.firstItem, c.secondItem].contains { item in
                item != nil && (item === constraint.firstItem || item === constraint.secondItem)
            } && c.priority == .required
        }
        let list = (related + [constraint]).map { "    \"\($0)\"" }.joined(separator: ",\n")
        reportLayoutIssue("""
            Unable to simultaneously satisfy constraints.
            \tProbably at least one of the constraints in the following list is one you don't want.
            (
            \(list)
            )

            Will attempt to recover by breaking constraint
            \(constraint)
            """)
    }
}

extension UIWindow {
    /// After a replayed frame's commit, the views whose constraints were added or removed in it
    /// are asked `hasAmbiguousLayout` (in one scratch copy of the engine, so no frame moves):
    /// each ambiguous one is counted (`ambiguous_layouts`) and reported as Xcode's
    /// `_autolayoutTrace` shows it, with its place in the hierarchy and the variables left free.
    /// UIKit only answers when asked; the check is the simulator's, outside the app's timed stages.
    func checkAmbiguousLayouts() {
        guard let engine = constraintState?.engine else { return }
        let touched = engine.takeTouchedViews().filter {
            $0.window === self && $0.isInLayoutEngine && !$0.translatesAutoresizingMaskIntoConstraints
        }
        guard !touched.isEmpty else { return }
        let scratch = LayoutEngine(root: self, scratch: true)
        scratch.attached(self)
        scratch.updateIfNeeded()
        for view in touched {
            let free = scratch.undeterminedVariables(of: view)
            guard !free.isEmpty else { continue }
            count(.ambiguousLayouts)
            reportLayoutIssue("""
                AMBIGUOUS LAYOUT for \(view.layoutName).\(free.joined(separator: ", ")) in \(view.layoutPath): \
                its constraints leave \(free.count == 1 ? "it" : "them") undetermined (hasAmbiguousLayout is true).
                """)
        }
    }
}
