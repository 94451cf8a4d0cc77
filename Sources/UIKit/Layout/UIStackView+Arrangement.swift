import Foundation

/// The constraints a stack view keeps, as UIKit's stack view makes them (its identifiers), and
/// how a change keeps the ones that still hold.
extension UIStackView {
    /// A constraint the arrangement wants: `first.firstAttribute relation second.secondAttribute
    /// × multiplier + constant @priority`.
    struct ConstraintSpec {
        let first: AnyObject
        let firstAttribute: NSLayoutConstraint.Attribute
        let relation: NSLayoutConstraint.Relation
        let second: AnyObject?
        let secondAttribute: NSLayoutConstraint.Attribute
        let multiplier: CGFloat
        let constant: CGFloat
        let priority: UILayoutPriority
        let identifier: String

        /// What a kept constraint must share with the spec (all but the constant, which a kept
        /// constraint takes).
        var key: Key {
            Key(first: ObjectIdentifier(first), firstAttribute: firstAttribute, relation: relation,
                second: second.map(ObjectIdentifier.init), secondAttribute: secondAttribute, multiplier: multiplier,
                priority: priority, identifier: identifier)
        }
    }

    struct Key: Hashable {
        let first: ObjectIdentifier
        let firstAttribute: NSLayoutConstraint.Attribute
        let relation: NSLayoutConstraint.Relation
        let second: ObjectIdentifier?
        let secondAttribute: NSLayoutConstraint.Attribute
        let multiplier: CGFloat
        let priority: UILayoutPriority
        let identifier: String
    }

    /// The attributes of one direction: the edges, the size and the centre.
    struct Edges {
        let leading, trailing, size, center: NSLayoutConstraint.Attribute

        static let horizontal = Edges(leading: .leading, trailing: .trailing, size: .width, center: .centerX)
        static let vertical = Edges(leading: .top, trailing: .bottom, size: .height, center: .centerY)
    }

    // MARK: Bringing the constraints up to date

    /// Makes the constraints the arrangement wants: those already active that match (all but the
    /// constant) are kept and take the new constant; the others are deactivated, then the new
    /// ones activated.
    func updateArrangementConstraints() {
        let visible = arrangedSubviews.filter { !$0.isHidden }
        let gapCount = (distribution == .equalSpacing || distribution == .equalCentering) ? max(visible.count - 1, 0) : 0
        while gapGuides.count < gapCount {
            let guide = UILayoutGuide()
            guide.identifier = "UISV-distributing"
            addLayoutGuide(guide)
            gapGuides.append(guide)
        }
        let specs = arrangementSpecs(visible: visible)

        var available: [Key: [NSLayoutConstraint]] = [:]
        for constraint in arrangementConstraints where constraint.isActive && constraint.firstItem != nil {
            available[key(of: constraint), default: []].append(constraint)
        }
        var wanted: [NSLayoutConstraint] = []
        var made: [NSLayoutConstraint] = []
        for spec in specs {
            if let kept = available[spec.key]?.first {
                available[spec.key]?.removeFirst()
                if kept.constant != spec.constant { kept.constant = spec.constant }
                wanted.append(kept)
            } else {
                let constraint = NSLayoutConstraint(item: spec.first, attribute: spec.firstAttribute, relatedBy: spec.relation,
                                                    toItem: spec.second, attribute: spec.secondAttribute,
                                                    multiplier: spec.multiplier, constant: spec.constant)
                constraint.priority = spec.priority
                constraint.identifier = spec.identifier
                constraint.origin = .stackView
                made.append(constraint)
                wanted.append(constraint)
            }
        }
        let keptIDs = Set(wanted.map(ObjectIdentifier.init))
        NSLayoutConstraint.deactivate(arrangementConstraints.filter { !keptIDs.contains(ObjectIdentifier($0)) })
        while gapGuides.count > gapCount { removeLayoutGuide(gapGuides.removeLast()) }
        NSLayoutConstraint.activate(made)
        arrangementConstraints = wanted
        proportionalSizes = distribution == .fillProportionally ? currentProportionalSizes() : []
    }

    private func key(of c: NSLayoutConstraint) -> Key {
        Key(first: ObjectIdentifier(c.firstItem!), firstAttribute: c.firstAttribute, relation: c.relation,
            second: c.secondItem.map(ObjectIdentifier.init), secondAttribute: c.secondAttribute, multiplier: c.multiplier,
            priority: c.priority, identifier: c.identifier ?? "")
    }

    /// The intrinsic sizes along the axis of the visible arranged views.
    func currentProportionalSizes() -> [CGFloat] {
        arrangedSubviews.filter { !$0.isHidden }.map { along($0.intrinsicContentSize) }
    }

    private func along(_ size: CGSize) -> CGFloat { axis == .horizontal ? size.width : size.height }

    // MARK: The constraints of each facet

    /// Every constraint of the arrangement, in a fixed order (the canvas connections, spacing,
    /// distribution, hidden views, alignment).
    private func arrangementSpecs(visible: [UIView]) -> [ConstraintSpec] {
        let canvas: AnyObject = isLayoutMarginsRelativeArrangement ? layoutMarginsGuide : self
        let main = axis == .horizontal ? Edges.horizontal : Edges.vertical
        let cross = axis == .horizontal ? Edges.vertical : Edges.horizontal
        var specs: [ConstraintSpec] = []
        func add(_ first: AnyObject, _ a1: NSLayoutConstraint.Attribute, _ relation: NSLayoutConstraint.Relation,
                 _ second: AnyObject?, _ a2: NSLayoutConstraint.Attribute, _ multiplier: CGFloat, _ constant: CGFloat,
                 _ priority: UILayoutPriority, _ identifier: String) {
            specs.append(ConstraintSpec(first: first, firstAttribute: a1, relation: relation, second: second,
                                        secondAttribute: second == nil ? .notAnAttribute : a2, multiplier: multiplier,
                                        constant: constant, priority: priority, identifier: identifier))
        }
        distributionSpecs(visible: visible, canvas: canvas, main: main, add: add)
        hiddenSpecs(canvas: canvas, main: main, cross: cross, add: add)
        alignmentSpecs(visible: visible, canvas: canvas, cross: cross, add: add)
        return specs
    }

    /// Adds a spec: first, its attribute, the relation, second, its attribute, multiplier, constant,
    /// priority, identifier.
    typealias Add = (AnyObject, NSLayoutConstraint.Attribute, NSLayoutConstraint.Relation, AnyObject?, NSLayoutConstraint.Attribute,
                     CGFloat, CGFloat, UILayoutPriority, String) -> Void

    /// Along the axis: the first view's leading edge on the canvas's, the last view's trailing
    /// edge on the canvas's, `UISV-spacing` between neighbours (`==` for the fill distributions,
    /// `>=` for the equal ones), and each distribution's own constraints.
    private func distributionSpecs(visible: [UIView], canvas: AnyObject, main: Edges,
                                   add: Add) {
        guard let first = visible.first, let last = visible.last else { return }
        add(canvas, main.leading, .equal, first, main.leading, 1, 0, .required, "UISV-canvas-connection")
        add(last, main.trailing, .equal, canvas, main.trailing, 1, 0, .required, "UISV-canvas-connection")
        let equal = distribution == .equalSpacing || distribution == .equalCentering
        let baselines = isBaselineRelativeArrangement && axis == .vertical
        let toAttribute: NSLayoutConstraint.Attribute = baselines ? .firstBaseline : main.leading
        let fromAttribute: NSLayoutConstraint.Attribute = baselines ? .lastBaseline : main.trailing
        for (previous, next) in zip(visible, visible.dropFirst()) {
            add(next, toAttribute, equal ? .greaterThanOrEqual : .equal, previous, fromAttribute, 1, resolvedSpacing(after: previous),
                .required, "UISV-spacing")
        }
        switch distribution {
        case .fill:
            break
        case .fillEqually:
            for view in visible.dropFirst() { add(view, main.size, .equal, first, main.size, 1, 0, .required, "UISV-fill-equally") }
        case .fillProportionally:
            let sizes = visible.map { along($0.intrinsicContentSize) }
            let proportional = sizes.map { $0 != UIView.noIntrinsicMetric && $0 > 0 }
            guard proportional.contains(true) else {
                // No view has a size to share out: they share the axis equally.
                for view in visible.dropFirst() { add(view, main.size, .equal, first, main.size, 1, 0, .required, "UISV-fill-equally") }
                break
            }
            let total = zip(sizes, proportional).reduce(0) { $0 + ($1.1 ? $1.0 : 0) }
                + zip(visible, visible.dropFirst()).reduce(0) { $0 + resolvedSpacing(after: $1.0) }
            var priority = UILayoutPriority(999)
            for (view, (size, hasSize)) in zip(visible, zip(sizes, proportional)) {
                if hasSize {
                    add(view, main.size, .equal, canvas, main.size, size / total, 0, priority, "UISV-fill-proportionally")
                    priority = priority - 1
                } else {
                    add(view, main.size, .equal, nil, .notAnAttribute, 1, 0, 25, "UISV-ambiguity-suppression")
                }
            }
        case .equalSpacing, .equalCentering:
            // A gap guide between each pair of neighbours, from edge to edge (or centre to
            // centre), all as wide as the first: required for equal spacing, 149 for equal
            // centring (the spacing gives way before the views are compressed).
            let centering = distribution == .equalCentering
            for (index, (previous, next)) in zip(visible, visible.dropFirst()).enumerated() {
                let gap = gapGuides[index]
                add(gap, main.leading, .equal, previous, centering ? main.center : fromAttribute, 1, 0, .required, "UISV-distributing-edge")
                add(gap, main.trailing, .equal, next, centering ? main.center : toAttribute, 1, 0, .required, "UISV-distributing-edge")
                if index > 0 {
                    add(gap, main.size, .equal, gapGuides[0], main.size, 1, 0, centering ? 149 : .required, "UISV-fill-equally")
                }
            }
            // The stack view hugs its views along the axis when nothing else sizes it.
            add(canvas, main.size, .equal, nil, .notAnAttribute, 1, 0, 49, "UISV-canvas-fit")
        }
    }

    /// A hidden arranged view has no size along the axis and sits at the trailing edge of the
    /// visible view before it (the canvas's leading edge if none); across the axis it is aligned
    /// as the others but does not size the stack view.
    private func hiddenSpecs(canvas: AnyObject, main: Edges, cross: Edges,
                             add: Add) {
        var previous: UIView?
        for view in arrangedSubviews {
            guard view.isHidden else {
                previous = view
                continue
            }
            add(view, main.size, .equal, nil, .notAnAttribute, 1, 0, .required, "UISV-hiding")
            if let previous {
                add(view, main.leading, .equal, previous, main.trailing, 1, 0, .required, "UISV-hiding")
            } else {
                add(view, main.leading, .equal, canvas, main.leading, 1, 0, .required, "UISV-hiding")
            }
            switch effectiveAlignment {
            case .fill:
                add(view, cross.leading, .equal, canvas, cross.leading, 1, 0, .required, "UISV-alignment")
                add(view, cross.trailing, .equal, canvas, cross.trailing, 1, 0, .required, "UISV-alignment")
            case .leading:
                add(view, cross.leading, .equal, canvas, cross.leading, 1, 0, .required, "UISV-alignment")
            case .trailing:
                add(view, cross.trailing, .equal, canvas, cross.trailing, 1, 0, .required, "UISV-alignment")
            case .center, .firstBaseline, .lastBaseline:
                add(view, cross.center, .equal, canvas, cross.center, 1, 0, .required, "UISV-alignment")
            }
            if effectiveAlignment != .fill {
                add(view, cross.size, .equal, nil, .notAnAttribute, 1, 0, 25, "UISV-ambiguity-suppression")
            }
        }
    }

    /// The alignment in effect: baselines align only in horizontal stacks (uisim: `.fill` in a
    /// vertical one).
    var effectiveAlignment: Alignment {
        if axis == .vertical && (alignment == .firstBaseline || alignment == .lastBaseline) { return .fill }
        return alignment
    }

    /// Across the axis: `.fill` pins the first view to both canvas edges and the others to the
    /// first; the other alignments line the views up on the first (an edge, the centre or a
    /// baseline), keep them inside the canvas (`UISV-spanning-boundary`), let the canvas hug
    /// the largest (`UISV-spanning-fit`, 51; 49 for a single view) and give views without an
    /// intrinsic size none (`UISV-ambiguity-suppression`, 25).
    private func alignmentSpecs(visible: [UIView], canvas: AnyObject, cross: Edges,
                                add: Add) {
        guard let first = visible.first else { return }
        let alignment = effectiveAlignment
        let others = visible.dropFirst()
        switch alignment {
        case .fill:
            add(canvas, cross.leading, .equal, first, cross.leading, 1, 0, .required, "UISV-canvas-connection")
            add(first, cross.trailing, .equal, canvas, cross.trailing, 1, 0, .required, "UISV-canvas-connection")
            for view in others {
                add(first, cross.leading, .equal, view, cross.leading, 1, 0, .required, "UISV-alignment")
                add(first, cross.trailing, .equal, view, cross.trailing, 1, 0, .required, "UISV-alignment")
            }
            return
        case .leading:
            add(canvas, cross.leading, .equal, first, cross.leading, 1, 0, .required, "UISV-canvas-connection")
            for view in others { add(first, cross.leading, .equal, view, cross.leading, 1, 0, .required, "UISV-alignment") }
            for view in visible { add(canvas, cross.trailing, .greaterThanOrEqual, view, cross.trailing, 1, 0, .required, "UISV-spanning-boundary") }
        case .trailing:
            add(first, cross.trailing, .equal, canvas, cross.trailing, 1, 0, .required, "UISV-canvas-connection")
            for view in others { add(first, cross.trailing, .equal, view, cross.trailing, 1, 0, .required, "UISV-alignment") }
            for view in visible { add(canvas, cross.leading, .lessThanOrEqual, view, cross.leading, 1, 0, .required, "UISV-spanning-boundary") }
        case .center:
            add(canvas, cross.center, .equal, first, cross.center, 1, 0, .required, "UISV-canvas-connection")
            for view in others { add(first, cross.center, .equal, view, cross.center, 1, 0, .required, "UISV-alignment") }
            for view in visible {
                add(canvas, cross.leading, .lessThanOrEqual, view, cross.leading, 1, 0, .required, "UISV-spanning-boundary")
                add(canvas, cross.trailing, .greaterThanOrEqual, view, cross.trailing, 1, 0, .required, "UISV-spanning-boundary")
            }
        case .firstBaseline, .lastBaseline:
            let baseline: NSLayoutConstraint.Attribute = alignment == .firstBaseline ? .firstBaseline : .lastBaseline
            for view in others { add(first, baseline, .equal, view, baseline, 1, 0, .required, "UISV-alignment") }
            for view in visible {
                add(canvas, cross.leading, .lessThanOrEqual, view, cross.leading, 1, 0, .required, "UISV-spanning-boundary")
                add(canvas, cross.trailing, .greaterThanOrEqual, view, cross.trailing, 1, 0, .required, "UISV-spanning-boundary")
            }
        }
        let fit: UILayoutPriority = visible.count == 1 ? 49 : 51
        add(canvas, cross.size, .equal, nil, .notAnAttribute, 1, 0, fit, visible.count == 1 ? "UISV-canvas-fit" : "UISV-spanning-fit")
        for view in visible { add(view, cross.size, .equal, nil, .notAnAttribute, 1, 0, 25, "UISV-ambiguity-suppression") }
    }
}
