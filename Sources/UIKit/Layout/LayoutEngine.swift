import Constraints
import Foundation
import Geometry
import QuartzCore
import UIFoundation

/// The solver's linear expression (Foundation has an `Expression` of its own).
typealias LinearExpression = Constraints.Expression

/// The Auto Layout engine of one view hierarchy (a window's, or a detached view's that was laid
/// out), as UIKit's `NSISEngine`: a Cassowary solver holding, for every view and layout guide that
/// takes part, four variables (its frame's origin and size in its superview's, or owning view's,
/// coordinates) and the constraints on them: the app's, the frames of views that translate their
/// autoresizing mask, content sizes, and the system's guides.
///
/// Changes are queued as they happen (a constraint activated, a constant changed, a frame set)
/// and applied in one go when the engine is next asked for a frame: adds and removes are
/// incremental, a changed constant shifts the tableau and re-optimizes it (never a solve from
/// scratch), and an engine with nothing queued does no work at all.
@MainActor
final class LayoutEngine {
    private let solver = Solver()

    /// An item's variables, and the constraints the system keeps on it.
    struct Item {
        let minX, minY, width, height: Variable
        /// The view or guide (unowned: an item leaves the engine when it leaves the hierarchy).
        unowned let object: AnyObject
        /// `translatesAutoresizingMaskIntoConstraints`: the frame as four required constraints, one
        /// per variable (nil where the solver refused it).
        var frame: [ConstraintHandle?] = []
        var frameConstants: [Double] = []
        /// The superview size each frame constraint follows (autoresizing), per variable.
        var frameFollows: [Variable?] = []
        /// Content size, per axis: hugging and compression resistance.
        var contentSize: [[ConstraintHandle]] = [[], []]
        var contentSizeKeys: [ContentSizeKey?] = [nil, nil]
        /// A system guide's four edges from its owning view's insets.
        var guide: [ConstraintHandle] = []
        var guideInsets: UIEdgeInsets?
    }

    /// What an axis's content-size constraints were made from.
    struct ContentSizeKey: Equatable {
        var metric: CGFloat
        var hugging: UILayoutPriority
        var compression: UILayoutPriority
    }

    private var items: [ObjectIdentifier: Item] = [:]
    /// The system guides with variables here, in the order they came: they follow their owners'
    /// insets at every solve.
    private var systemGuides: [UILayoutGuide] = []
    /// Active constraints the engine broke (unsatisfiable when added): kept out, as UIKit keeps
    /// them, until they are activated again or their constant changes.
    private var broken = Set<ObjectIdentifier>()
    /// The app's constraints in the solver.
    private var installed: [ObjectIdentifier: (constraint: NSLayoutConstraint, handle: ConstraintHandle)] = [:]

    /// What changed since the engine was last brought up to date.
    private enum Change {
        case add(NSLayoutConstraint), remove(NSLayoutConstraint), constant(NSLayoutConstraint)
        case frame(UIView), contentSize(UIView), attach(UIView), detach(UIView), guide(UILayoutGuide)
    }

    private var changes: [Change] = []
    /// Views whose constraints were added or removed since the last ambiguity check, in the
    /// order they were touched (the hierarchy's engine only).
    private var touched: [UIView] = []
    private var touchedIDs = Set<ObjectIdentifier>()
    /// The view whose hierarchy this is (counts go to its window's frame).
    unowned let root: UIView

    /// Whether the engine sizes `root` alone for `systemLayoutSizeFitting` (its own frame left
    /// out), apart from its hierarchy's engine.
    let isFitting: Bool

    /// Whether the engine is the hierarchy's own (it marks the views it places and counts its
    /// work for the frame), not a scratch copy that answers a question.
    let ownsHierarchy: Bool

    init(root: UIView, fitting: Bool = false, scratch: Bool = false) {
        self.root = root
        isFitting = fitting
        ownsHierarchy = !fitting && !scratch
    }

    /// Counts work for the frame under way: the hierarchy's engine and a fitting size's count
    /// (both are work the app pays for); a scratch engine does not.
    private func tally(_ counter: Counter, by n: Int = 1) {
        if ownsHierarchy || isFitting { root.count(counter, by: n) }
    }

    func constraintAdded(_ c: NSLayoutConstraint) { changes.append(.add(c)) }
    func constraintRemoved(_ c: NSLayoutConstraint) { changes.append(.remove(c)) }
    func constantChanged(_ c: NSLayoutConstraint) { changes.append(.constant(c)) }
    func frameChanged(_ view: UIView) { if items[ObjectIdentifier(view)] != nil { changes.append(.frame(view)) } }
    func contentSizeChanged(_ view: UIView) { changes.append(.contentSize(view)) }
    func attached(_ view: UIView) { changes.append(.attach(view)) }
    func detached(_ view: UIView) { changes.append(.detach(view)) }
    func guideChanged(_ guide: UILayoutGuide) { changes.append(.guide(guide)) }

    // MARK: Bringing the engine up to date

    /// Applies the queued changes and re-optimizes: one engine solve. Returns whether there was
    /// anything to do.
    @discardableResult
    func updateIfNeeded() -> Bool {
        guard !changes.isEmpty else { return false }
        guard let window = root.window else { return applyChanges() }
        return FrameMeter.current.timingSolve(in: window, applyChanges)
    }

    private func applyChanges() -> Bool {
        tally(.engineSolves)
        while !changes.isEmpty {
            let batch = changes
            changes = []
            // The batch's deactivations go first and together: removing required equalities may
            // rebuild the solver's tableau, once for all of them (a cell that replaces its
            // constraints at each configure pays one rebuild, not one per constraint). A
            // constraint activated later in the batch is not installed yet, so it is not removed;
            // one deactivated after being activated has no holder, so it is not added.
            var removed: [ConstraintHandle] = []
            for case .remove(let c) in batch {
                broken.remove(ObjectIdentifier(c))
                if let entry = installed.removeValue(forKey: ObjectIdentifier(c)) {
                    removed.append(entry.handle)
                    touch(c)
                }
            }
            remove(removed)
            for change in batch {
                if case .remove = change { continue }
                apply(change)
            }
        }
        refreshSystemConstraints()
        return true
    }

    private func apply(_ change: Change) {
        switch change {
        case .add(let c):
            // A constraint broken earlier in this batch (a subtree that joined holds it too) stays
            // out; deactivating it or changing its constant gives it another try.
            guard c.holder != nil, installed[ObjectIdentifier(c)] == nil, !broken.contains(ObjectIdentifier(c)) else { return }
            addAppConstraint(c)
        case .remove:
            break   // in a batch, before the rest (updateIfNeeded)
        case .constant(let c):
            guard let entry = installed[ObjectIdentifier(c)] else {
                // A broken constraint with a new constant may hold now.
                if broken.remove(ObjectIdentifier(c)) != nil, c.holder != nil { addAppConstraint(c) }
                return
            }
            tally(.constraintConstantChanges)
            if !setConstant(entry.handle, to: -Double(c.constant)) {
                installed[ObjectIdentifier(c)] = nil   // broken with its new constant, as a new constraint would be
                breakConstraint(c)
            }
        case .frame(let view):
            updateFrameConstraints(of: view)
        case .contentSize(let view):
            if items[ObjectIdentifier(view)] != nil { updateContentSize(of: view) }
        case .attach(let view):
            view.forEachInSubtree { v in
                for c in v.constraintState?.constraints ?? [] where installed[ObjectIdentifier(c)] == nil && !broken.contains(ObjectIdentifier(c)) {
                    addAppConstraint(c)
                }
            }
        case .detach(let view):
            removeSubtree(view)
        case .guide:
            break   // every system guide is brought up to date after the changes
        }
    }

    /// Removes the items of `view`'s subtree and every constraint on them; constraints held
    /// outside the subtree are deactivated, as UIKit does when a view leaves its superview.
    private func removeSubtree(_ view: UIView) {
        var leaving = Set<ObjectIdentifier>()
        view.forEachInSubtree { v in
            leaving.insert(ObjectIdentifier(v))
            for guide in v.constraintState?.layoutGuides ?? [] { leaving.insert(ObjectIdentifier(guide)) }
            for guide in v.constraintState?.systemGuides ?? [] { leaving.insert(ObjectIdentifier(guide)) }
        }
        var handles: [ConstraintHandle] = []
        for (key, entry) in installed.sorted(by: { $0.value.handle < $1.value.handle }) {
            let c = entry.constraint
            let touches = [c.firstItem, c.secondItem].contains { $0.map { leaving.contains(ObjectIdentifier($0)) } ?? false }
                || (c.holder.map { leaving.contains(ObjectIdentifier($0)) } ?? false)
            guard touches else { continue }
            installed[key] = nil
            handles.append(entry.handle)
            if let holder = c.holder, !leaving.contains(ObjectIdentifier(holder)) { holder.uninstall(c, notifying: false) }
        }
        for key in leaving.sorted(by: { (items[$0]?.minX.id ?? 0) < (items[$1]?.minX.id ?? 0) }) {
            guard let item = items.removeValue(forKey: key) else { continue }
            (item.object as? UIView)?.isInLayoutEngine = false
            handles += item.frame.compactMap { $0 } + item.contentSize.joined() + item.guide
        }
        systemGuides.removeAll { leaving.contains(ObjectIdentifier($0)) }
        remove(handles)
    }

    // MARK: The app's constraints

    private func addAppConstraint(_ c: NSLayoutConstraint) {
        guard let ancestor = c.commonAncestor, let first = c.firstItem else { return }
        var expression = expression(first, c.firstAttribute, in: ancestor)
        if let second = c.secondItem {
            expression = expression - Double(c.multiplier) * self.expression(second, c.secondAttribute, in: ancestor)
        }
        expression = expression - Double(c.constant)
        let constraint = Constraint(expression, c.relation.solverRelation, strength: c.priority.strength)
        do {
            let handle = try solver.add(constraint)
            installed[ObjectIdentifier(c)] = (c, handle)
            tally(.constraintsAdded)
            touch(c)
        } catch {
            tally(.unsatisfiableConstraints)
            breakConstraint(c)
        }
    }

    /// Keeps `c` out, as UIKit breaks an unsatisfiable constraint, and says so with UIKit's message.
    private func breakConstraint(_ c: NSLayoutConstraint) {
        broken.insert(ObjectIdentifier(c))
        if ownsHierarchy { root.reportUnsatisfiable(c, among: installed.values.sorted { $0.handle < $1.handle }.map(\.constraint)) }
    }

    /// Adds a system constraint: it must hold (a conflict with the app's required constraints
    /// breaks the app's, as UIKit's error messages show them); nil if it cannot be added.
    private func addSystem(_ constraint: Constraint, changing: Bool = false) -> ConstraintHandle? {
        guard let handle = try? solver.add(constraint, changing: changing) else {
            tally(.unsatisfiableConstraints)
            return nil
        }
        tally(.constraintsAdded)
        return handle
    }

    private func remove(_ handles: [ConstraintHandle]) {
        guard !handles.isEmpty else { return }
        try? solver.remove(contentsOf: handles)
        tally(.constraintsRemoved, by: handles.count)
    }

    /// Gives a constraint a new constant; false if the solver refused it as unsatisfiable (it is
    /// then out of the solver: the caller forgets its handle, so that no removal names it).
    private func setConstant(_ handle: ConstraintHandle, to constant: Double) -> Bool {
        do {
            try solver.setConstant(handle, constant)
            return true
        } catch {
            if case .unsatisfiable = error { tally(.unsatisfiableConstraints) }
            return false
        }
    }

    // MARK: Items and their system constraints

    /// The variables of `object`, made (with its system constraints) when first needed.
    private func variables(of object: AnyObject) -> Item {
        let key = ObjectIdentifier(object)
        if let item = items[key] { return item }
        let item = Item(minX: solver.makeVariable(), minY: solver.makeVariable(), width: solver.makeVariable(),
                        height: solver.makeVariable(), object: object)
        items[key] = item
        if let view = object as? UIView {
            if ownsHierarchy { view.isInLayoutEngine = true }
            if isFitting && view === root {
                updateContentSize(of: view, evenIfTranslating: true)
            } else if view.translatesAutoresizingMaskIntoConstraints {
                updateFrameConstraints(of: view)
            } else {
                updateContentSize(of: view)
            }
        } else if let guide = object as? UILayoutGuide, guide.kind != .app, let owner = guide.owningView {
            systemGuides.append(guide)
            _ = variables(of: owner)
            updateGuideConstraints(of: guide)
        }
        return items[key]!
    }

    /// The frame of a view that translates its autoresizing mask, as four required constraints
    /// (UIKit's `NSAutoresizingMaskLayoutConstraint`s), their constants kept to the frame.
    private func updateFrameConstraints(of view: UIView) {
        let key = ObjectIdentifier(view)
        guard var item = items[key] else { return }
        guard view.translatesAutoresizingMaskIntoConstraints else {
            if !item.frame.isEmpty {
                remove(item.frame.compactMap { $0 })
                item.frame = []
                items[key] = item
                updateContentSize(of: view)
            }
            return
        }
        let frame = view.alignmentRect(forFrame: view.untransformedFrame)
        var constants = [frame.minX, frame.minY, frame.width, frame.height].map(Double.init)
        let coupling = autoresizingCoupling(of: view)
        for (index, follow) in coupling.enumerated() where follow != nil { constants[index] += follow!.offset }
        let followed = coupling.map { $0?.size }
        if !item.frame.isEmpty, followed != item.frameFollows {
            remove(item.frame.compactMap { $0 })
            item.frame = []
        }
        if item.frame.isEmpty {
            remove(Array(item.contentSize.joined()))
            item.contentSize = [[], []]
            item.contentSizeKeys = [nil, nil]
            let variables = [item.minX, item.minY, item.width, item.height]
            item.frame = variables.indices.map { index in
                var expression = LinearExpression(variables[index]) - constants[index]
                if let size = followed[index] { expression = expression - LinearExpression(size) }
                // Held ready to change: frames move (a cell's each time it is reused).
                return addSystem(Constraint(expression, .equal), changing: true)
            }
            item.frameFollows = followed
        } else if constants != item.frameConstants {
            for (index, handle) in item.frame.enumerated() where constants[index] != item.frameConstants[index] {
                if let handle, !setConstant(handle, to: -constants[index]) { item.frame[index] = nil }
            }
        }
        item.frameConstants = constants
        items[key] = item
    }

    /// What the frame constraints of a view that translates its autoresizing mask follow, per
    /// variable (minX, minY, width, height): as UIKit's `NSAutoresizingMaskLayoutConstraint`s, an
    /// axis whose mask has one flexible part (the width, or one margin) takes the superview's
    /// size change there, in the same solve (a visual-effect or cell content view that fills its
    /// superview grows with it); the offset makes the constant of `variable − size`. Masks that
    /// share a change among several parts, a superview that does not autoresize its subviews,
    /// and engines that fit a size keep the frame fixed until autoresizing moves it.
    private func autoresizingCoupling(of view: UIView) -> [(size: Variable, offset: Double)?] {
        let mask = view.autoresizingMask
        guard !isFitting, !mask.isEmpty, let superview = view.superview, superview.autoresizesSubviews,
              view !== root else { return [nil, nil, nil, nil] }
        let parent = variables(of: superview)
        let insets = superview.alignmentRectInsets, bounds = superview.bounds.size
        // The superview's bounds size is its alignment size plus its insets.
        let offsets = (x: Double(insets.left + insets.right - bounds.width), y: Double(insets.top + insets.bottom - bounds.height))
        func axis(_ lead: UIView.AutoresizingMask, _ size: UIView.AutoresizingMask, _ trail: UIView.AutoresizingMask,
                  _ variable: Variable, _ offset: Double) -> [(size: Variable, offset: Double)?] {
            let flexible = [lead, size, trail].filter { mask.contains($0) }
            guard flexible.count == 1, flexible[0] != trail else { return [nil, nil] }
            return flexible[0] == lead ? [(variable, offset), nil] : [nil, (variable, offset)]
        }
        let x = axis(.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin, parent.width, offsets.x)
        let y = axis(.flexibleTopMargin, .flexibleHeight, .flexibleBottomMargin, parent.height, offsets.y)
        return [x[0], y[0], x[1], y[1]]
    }

    /// Hugging (`size <= intrinsic` at the hugging priority) and compression resistance
    /// (`size >= intrinsic` at its priority) on each axis with an intrinsic metric.
    private func updateContentSize(of view: UIView, evenIfTranslating: Bool = false) {
        let key = ObjectIdentifier(view)
        guard var item = items[key], evenIfTranslating || !view.translatesAutoresizingMaskIntoConstraints else { return }
        let size = view.intrinsicContentSize
        for (axis, variable, metric) in [(NSLayoutConstraint.Axis.horizontal, item.width, size.width), (.vertical, item.height, size.height)] {
            let index = axis.rawValue
            // A size that is not a finite number (a custom view's mistake) counts as none.
            let wanted = metric == UIView.noIntrinsicMetric || !metric.isFinite ? nil
                : ContentSizeKey(metric: metric, hugging: view.contentHuggingPriority(for: axis),
                                 compression: view.contentCompressionResistancePriority(for: axis))
            let old = item.contentSizeKeys[index]
            guard wanted != old else { continue }
            if let wanted, let old, wanted.hugging == old.hugging, wanted.compression == old.compression {
                // A new size: the two constraints keep their priorities and take the new constant.
                item.contentSize[index] = item.contentSize[index].filter { setConstant($0, to: -Double(wanted.metric)) }
            } else {
                remove(item.contentSize[index])
                item.contentSize[index] = wanted.map { key in
                    [addSystem(Constraint(LinearExpression(variable) - Double(key.metric), .lessThanOrEqual, strength: key.hugging.strength)),
                     addSystem(Constraint(LinearExpression(variable) - Double(key.metric), .greaterThanOrEqual, strength: key.compression.strength))]
                        .compactMap { $0 }
                } ?? []
            }
            item.contentSizeKeys[index] = wanted
        }
        items[key] = item
    }

    /// A system guide's edges: its owning view's bounds inset by the margins, the safe area, or
    /// (readable content) the margins narrowed to a readable width, centred.
    private func updateGuideConstraints(of guide: UILayoutGuide) {
        let key = ObjectIdentifier(guide)
        guard var item = items[key], let owner = guide.owningView, let ownerItem = items[ObjectIdentifier(owner)] else { return }
        let insets = owner.insets(of: guide)
        guard insets != item.guideInsets else { return }
        // Insets change rarely (a rotation, new margins): the guide's constraints are made anew.
        remove(item.guide)
        // The owner's variables are its alignment rectangle; the guide lies in its bounds.
        let align = owner.alignmentRectInsets
        let w = LinearExpression(ownerItem.width) + Double(align.left + align.right)
        let h = LinearExpression(ownerItem.height) + Double(align.top + align.bottom)
        let insetWidth = w - Double(insets.left + insets.right)
        var system = [Constraint(LinearExpression(item.minY) - Double(insets.top), .equal),
                      Constraint(LinearExpression(item.height) - (h - Double(insets.top + insets.bottom)), .equal)]
        if guide.kind == .readableContent {
            system += [Constraint(LinearExpression(item.minX) + 0.5 * LinearExpression(item.width) - (0.5 * w + Double(insets.left - insets.right) / 2), .equal),
                       Constraint(LinearExpression(item.width) - insetWidth, .lessThanOrEqual),
                       Constraint(LinearExpression(item.width) - Double(UIView.readableWidth), .lessThanOrEqual),
                       Constraint(LinearExpression(item.width) - insetWidth, .equal, strength: UILayoutPriority(999).strength)]
        } else {
            system += [Constraint(LinearExpression(item.minX) - Double(insets.left), .equal),
                       Constraint(LinearExpression(item.width) - insetWidth, .equal)]
        }
        item.guide = system.compactMap { addSystem($0) }
        item.guideInsets = insets
        items[key] = item
    }

    /// Queues every system guide whose owner's insets are not those its constraints were made
    /// with: a frame set by layout took the owner into or out of the screen's unsafe edges (a bar
    /// pinned to the bottom gets the home indicator's inset), which no constraint change tells.
    /// Returns whether there was one; the next solve brings them up to date.
    func queueMovedGuides() -> Bool {
        var moved = false
        for guide in systemGuides {
            guard let owner = guide.owningView, let item = items[ObjectIdentifier(guide)],
                  owner.insets(of: guide) != item.guideInsets else { continue }
            guideChanged(guide)
            moved = true
        }
        return moved
    }

    /// System guides follow their owners' insets (margins, safe area), which change without a
    /// constraint changing.
    private func refreshSystemConstraints() {
        for guide in systemGuides { updateGuideConstraints(of: guide) }
    }

    // MARK: Expressions

    /// The attribute of `object` as an expression in `ancestor`'s bounds coordinates.
    private func expression(_ object: AnyObject, _ attribute: NSLayoutConstraint.Attribute, in ancestor: UIView) -> LinearExpression {
        if let view = object as? UIView, let plain = attribute.outsideMargins {
            return expression(view.layoutMarginsGuide, plain, in: ancestor)
        }
        if let view = object as? UIView, attribute == .firstBaseline || attribute == .lastBaseline {
            // A view's baseline may be a descendant's (a stack view's is its first or last
            // arranged view's), taken when the constraint is added.
            let baselineView = attribute == .firstBaseline ? view.forFirstBaselineLayout : view.forLastBaselineLayout
            if baselineView !== view, baselineView.isDescendant(of: view) { return expression(baselineView, attribute, in: ancestor) }
        }
        let item = variables(of: object)
        let view = object as? UIView
        let rightToLeft = (view ?? (object as? UILayoutGuide)?.owningView)?.effectiveUserInterfaceLayoutDirection == .rightToLeft
        if object === ancestor {
            // An item's own edges in its own coordinates: its alignment rectangle starts at its
            // alignment insets (0 for most views).
            let align = view?.alignmentRectInsets ?? .zero
            return Self.attribute(attribute, x: LinearExpression(Double(align.left)), y: LinearExpression(Double(align.top)),
                                  item: item, view: view, rightToLeft: rightToLeft)
        }
        var x = LinearExpression(item.minX), y = LinearExpression(item.minY)
        var container = view?.superview ?? (object as? UILayoutGuide)?.owningView
        while let c = container, c !== ancestor {
            // A container's bounds start at its frame's origin: its alignment rectangle's, less
            // its alignment insets.
            let offset = variables(of: c), align = c.alignmentRectInsets
            x = x + offset.minX - Double(align.left)
            y = y + offset.minY - Double(align.top)
            container = c.superview
        }
        return Self.attribute(attribute, x: x, y: y, item: item, view: view, rightToLeft: rightToLeft)
    }

    private static func attribute(_ attribute: NSLayoutConstraint.Attribute, x: LinearExpression, y: LinearExpression, item: Item,
                                  view: UIView?, rightToLeft: Bool) -> LinearExpression {
        let w = LinearExpression(item.width), h = LinearExpression(item.height)
        switch attribute {
        case .left: return x
        case .right: return x + w
        // Right to left, the x axis runs the other way for leading and trailing (a positive
        // constant moves toward the trailing edge, leftward): leading is −right, trailing −left.
        case .leading: return rightToLeft ? -1 * (x + w) : x
        case .trailing: return rightToLeft ? -1 * x : x + w
        case .centerX: return x + 0.5 * w
        case .width: return w
        case .top: return y
        case .bottom: return y + h
        case .centerY: return y + 0.5 * h
        case .height: return h
        case .firstBaseline, .lastBaseline:
            // A text view's baseline sits at a fixed distance from its centre (text is centred
            // vertically); any other view's is its bottom edge.
            if let offset = view?.baselineOffsetFromCenter(last: attribute == .lastBaseline) {
                return y + 0.5 * h + Double(offset)
            }
            return y + h
        default: return LinearExpression(0)
        }
    }

    // MARK: Sizes that depend on the width

    /// Views whose intrinsic size depends on the width they are given (multi-line labels) take
    /// their solved widths; those whose size may have changed are measured again and the engine
    /// solves again, until nothing changes (at most four rounds): UIKit's second constraints pass,
    /// which sets such a label's wrapping width from the engine. Returns whether any changed.
    @discardableResult
    func fitWidthDependentSizes() -> Bool {
        var any = false
        for _ in 0..<4 {
            var changed = false
            for item in items.values {
                guard let view = item.object as? UIView, !view.translatesAutoresizingMaskIntoConstraints || (isFitting && view === root),
                      view.takeEngineWidth(snapped(item.width)) else { continue }
                tally(.intrinsicSizeInvalidations)
                changes.append(.contentSize(view))
                changed = true
            }
            guard changed else { break }
            any = true
            updateIfNeeded()
        }
        return any
    }

    // MARK: Ambiguity

    /// Notes the views a constraint placed, for the next ambiguity check.
    private func touch(_ c: NSLayoutConstraint) {
        guard ownsHierarchy else { return }
        for item in [c.firstItem, c.secondItem] {
            guard let view = (item as? UIView) ?? (item as? UILayoutGuide)?.owningView,
                  touchedIDs.insert(ObjectIdentifier(view)).inserted else { continue }
            touched.append(view)
        }
    }

    /// The views whose constraints changed since the last call, in the order they changed.
    func takeTouchedViews() -> [UIView] {
        defer { touched = []; touchedIDs = [] }
        return touched
    }

    // MARK: Results

    /// The solved frame of `object` (in its superview's or owning view's coordinates), if it has
    /// variables here.
    /// Values are snapped to a millionth of a point: the simplex's rounding (1e-12 after a few
    /// pivots) must not move an edge that sits exactly half-way between two pixels to one side
    /// on one path and to the other on another.
    /// A view's variables are its alignment rectangle: its frame is that rectangle outset by its
    /// `alignmentRectInsets`.
    func frame(of object: AnyObject) -> CGRect? {
        guard let item = items[ObjectIdentifier(object)] else { return nil }
        let solved = CGRect(x: snapped(item.minX), y: snapped(item.minY), width: snapped(item.width), height: snapped(item.height))
        guard let view = object as? UIView else { return solved }
        return view.frame(forAlignmentRect: solved)
    }

    /// A variable's solved value, snapped to a millionth of a point (see `frame(of:)`).
    private func snapped(_ variable: Variable) -> CGFloat { (solver.value(variable) * 1_000_000).rounded() / 1_000_000 }

    /// The views whose solved frames the engine decides (they do not translate their autoresizing
    /// mask), in the order they entered it.
    var constrainedViews: [UIView] {
        items.values.sorted { $0.minX < $1.minX }.compactMap { item in
            (item.object as? UIView).flatMap { $0.translatesAutoresizingMaskIntoConstraints ? nil : $0 }
        }
    }

    /// Adds `constraint` for the duration of `body` (a fitting size), then removes it.
    func withTemporary<R>(_ constraints: [Constraint], _ body: () -> R) -> R {
        let handles = constraints.compactMap { try? solver.add($0) }
        defer { try? solver.remove(contentsOf: handles) }
        return body()
    }

    /// Whether any of `object`'s four variables can move without costing anything: each is pulled
    /// a point either way by an edit of the least weight; a variable that follows is not
    /// determined by the constraints (nothing holds it, or optional constraints tie). The engine
    /// is left changed (the edits' removal may settle ties elsewhere): ask a scratch engine.
    func isAmbiguous(_ object: AnyObject) -> Bool {
        !undeterminedVariables(of: object, stoppingAtFirst: true).isEmpty
    }

    /// The names of `object`'s variables (minX, minY, width, height: UIKit's names in
    /// `_autolayoutTrace`) that the constraints leave undetermined; see `isAmbiguous(_:)`.
    func undeterminedVariables(of object: AnyObject, stoppingAtFirst: Bool = false) -> [String] {
        guard let item = items[ObjectIdentifier(object)] else { return [] }
        var names: [String] = []
        for (name, variable) in [("minX", item.minX), ("minY", item.minY), ("width", item.width), ("height", item.height)] {
            let value = solver.value(variable)
            guard (try? solver.addEditVariable(variable, strength: Strength(1e-3))) != nil else { continue }
            defer { try? solver.removeEditVariable(variable) }
            for pull in [1.0, -1.0] {
                try? solver.suggestValue(variable, value + pull)
                if abs(solver.value(variable) - value) > 1e-6 {
                    names.append(name)
                    break
                }
            }
            if stoppingAtFirst, !names.isEmpty { break }
        }
        return names
    }

    /// The variables of `view` (made if needed), for a fitting size.
    func sizeVariables(of view: UIView) -> (width: Variable, height: Variable) {
        let item = variables(of: view)
        return (item.width, item.height)
    }

    /// Solver statistics, for tests.
    var statistics: Statistics { solver.statistics }
}

extension NSLayoutConstraint.Relation {
    var solverRelation: Relation {
        switch self {
        case .lessThanOrEqual: .lessThanOrEqual
        case .equal: .equal
        case .greaterThanOrEqual: .greaterThanOrEqual
        }
    }
}

extension UILayoutPriority {
    /// The solver's strength for the priority: required is a hard constraint; an optional one
    /// weighs its violation, in points, by 10^(priority / 111.2): each step of priority weighs 2 %
    /// more, and a priority 500 above another weighs 31 000 times as much, so a constraint at 750
    /// wins over any number of 250s a screen can hold (UIKit's rule: higher priorities are
    /// satisfied first), where weights in proportion to the priority let three hugging 250s
    /// outweigh a 750. 999 weighs 9.6 × 10⁸, under the solver's required 1.001 × 10⁹.
    var strength: Strength {
        self >= .required ? .required : Strength(pow(10, Double(max(rawValue, 0)) / 111.2))
    }
}

extension NSLayoutConstraint.Attribute {
    /// For a margin attribute, the plain attribute of the view's layout margins guide it stands for.
    var outsideMargins: NSLayoutConstraint.Attribute? {
        switch self {
        case .leftMargin: .left
        case .rightMargin: .right
        case .topMargin: .top
        case .bottomMargin: .bottom
        case .leadingMargin: .leading
        case .trailingMargin: .trailing
        case .centerXWithinMargins: .centerX
        case .centerYWithinMargins: .centerY
        default: nil
        }
    }
}
