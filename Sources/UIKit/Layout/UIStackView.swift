import Foundation

/// A row or column of views laid out by Auto Layout, as UIKit's `UIStackView`: it keeps the
/// constraints that place its `arrangedSubviews` along its `axis` (`distribution`, `spacing`,
/// `setCustomSpacing(_:after:)`) and across it (`alignment`), and rebuilds them when the
/// arrangement or one of its properties changes, or an arranged view is hidden or shown.
///
/// The constraints are UIKit's, as its stack view prints them (their identifiers are UIKit's,
/// `UISV-canvas-connection`, `UISV-spacing`, `UISV-alignment`, `UISV-fill-equally`,
/// `UISV-fill-proportionally`, `UISV-distributing-edge`, `UISV-spanning-boundary`,
/// `UISV-spanning-fit`, `UISV-canvas-fit`, `UISV-ambiguity-suppression`, `UISV-hiding`), held in
/// the stack view's `constraints` like any other. A change keeps the constraints that still hold
/// and edits their constants (a new `spacing` is a constant change, not a remove and re-add):
/// the churn the frame's counters see is what changed.
///
/// The stack view has no intrinsic size: its size along and across its axis comes from its
/// arranged views through those constraints (`systemLayoutSizeFitting(_:)` of a stack view is
/// its content's). It draws nothing of its own (no backing store: it does not override
/// `draw(_:)`); its `backgroundColor` is shown as iOS 14 and later show it.
///
/// Where uisim departs from UIKit:
/// - UIKit pins the arranged views across the axis to a private spanning guide that it pins to
///   the stack view; uisim pins them to the stack view (or its margins guide) directly, with the
///   same fitting priority (51, or 49 for a single view), so the frames are the same.
/// - A hidden arranged view leaves the chain along the axis: it has no size (`UISV-hiding`) and
///   sits at the trailing edge of the visible view before it, and the space after it is gone
///   (UIKit keeps it in the chain with half a spacing on each side; the visible frames are the
///   same). A custom spacing after a hidden view is not used while it is hidden.
/// - `.firstBaseline` and `.lastBaseline` alignments of a vertical stack view (UIKit documents
///   them for horizontal ones only) act as `.fill`; UIKit's `UISV-text-width-disambiguation`
///   constraints for wrapping text are not made.
/// - The hiding of a view is not animated (uisim has no animations of constraints yet).
@preconcurrency @MainActor
open class UIStackView: UIView {
    /// How the arranged views are sized and placed along the axis, as UIKit's
    /// `UIStackView.Distribution` (the raw values are UIKit's).
    public enum Distribution: Int, Sendable {
        /// The views fill the axis; when they do not fit, the one with the lowest compression
        /// resistance shrinks; when they do not fill it, the one with the lowest hugging
        /// priority stretches. The spacing is exact.
        case fill = 0
        /// The views fill the axis with equal sizes (the largest intrinsic size when the stack
        /// view sizes itself).
        case fillEqually = 1
        /// The views fill the axis in proportion to their intrinsic sizes: each is
        /// `intrinsic / (Σ intrinsic + Σ spacing)` of the stack view (priorities 999, 998, …, as
        /// UIKit makes them: the first views get their share exactly, the last takes the rest).
        case fillProportionally = 2
        /// The views keep their intrinsic sizes and the gaps between them are equal (at least
        /// `spacing`).
        case equalSpacing = 3
        /// The views' centres are equally far apart (at priority 149), gaps at least `spacing`.
        case equalCentering = 4
    }

    /// How the arranged views are sized and placed across the axis, as UIKit's
    /// `UIStackView.Alignment` (the raw values are UIKit's; `top` is `leading`, `bottom` is
    /// `trailing`).
    public enum Alignment: Int, Sendable {
        /// The views fill the stack view across the axis.
        case fill = 0
        /// Vertical stacks: the views' leading edges on the stack view's (`top` for horizontal).
        case leading = 1
        /// Horizontal stacks: the views' first baselines on one line.
        case firstBaseline = 2
        /// The views' centres on the stack view's centre line.
        case center = 3
        /// Vertical stacks: the views' trailing edges on the stack view's (`bottom` for horizontal).
        case trailing = 4
        /// Horizontal stacks: the views' last baselines on one line.
        case lastBaseline = 5

        /// Horizontal stacks: the views' top edges on the stack view's (the same as `leading`).
        public static var top: Alignment { .leading }
        /// Horizontal stacks: the views' bottom edges on the stack view's (the same as `trailing`).
        public static var bottom: Alignment { .trailing }
    }

    /// For `setCustomSpacing(_:after:)`: use the stack view's `spacing` after the view (what
    /// `customSpacing(after:)` returns when no custom spacing is set). UIKit's value, `FLT_MAX`.
    public static let spacingUseDefault = CGFloat(Float.greatestFiniteMagnitude)
    /// For `spacing` and `setCustomSpacing(_:after:)`: the system's spacing between the two views
    /// (8 pt between views without text, as `constraint(equalToSystemSpacingAfter:)`). UIKit's
    /// value, `FLT_MIN`.
    public static let spacingUseSystem = CGFloat(Float.leastNormalMagnitude)

    /// The views the stack view arranges, in order (they are also its subviews).
    open var arrangedSubviews: [UIView] { arranged }
    private var arranged: [UIView] = []

    /// The direction the views are stacked in. Default `.horizontal`.
    open var axis: NSLayoutConstraint.Axis = .horizontal {
        didSet { if axis != oldValue { arrangementDidChange() } }
    }

    /// How the views share the axis. Default `.fill`.
    open var distribution: Distribution = .fill {
        didSet { if distribution != oldValue { arrangementDidChange() } }
    }

    /// How the views are placed across the axis. Default `.fill`.
    open var alignment: Alignment = .fill {
        didSet { if alignment != oldValue { arrangementDidChange() } }
    }

    /// The space between adjacent arranged views: exact for the fill distributions, a minimum for
    /// `.equalSpacing` and `.equalCentering`; negative values overlap them;
    /// `UIStackView.spacingUseSystem` is the system spacing. Default 0.
    open var spacing: CGFloat = 0 {
        didSet { if spacing != oldValue { arrangementDidChange() } }
    }

    /// Whether the views are laid out within the stack view's `layoutMargins` rather than its
    /// bounds. Default false.
    open var isLayoutMarginsRelativeArrangement = false {
        didSet { if isLayoutMarginsRelativeArrangement != oldValue { arrangementDidChange() } }
    }

    /// Vertical stacks: whether the spacing runs from one view's last baseline to the next one's
    /// first baseline, rather than between their edges. Default false.
    open var isBaselineRelativeArrangement = false {
        didSet { if isBaselineRelativeArrangement != oldValue { arrangementDidChange() } }
    }

    /// Spacings set with `setCustomSpacing(_:after:)`, by arranged view.
    var customSpacings: [ObjectIdentifier: CGFloat] = [:]
    /// The constraints the stack view keeps (all made with `origin = .stackView`).
    var arrangementConstraints: [NSLayoutConstraint] = []
    /// The guides between views for `.equalSpacing` and `.equalCentering`.
    var gapGuides: [UILayoutGuide] = []
    /// For `.fillProportionally`: the intrinsic sizes along the axis the multipliers were made from.
    var proportionalSizes: [CGFloat] = []
    /// Set while the arrangement is being changed, so that one change makes one rebuild.
    private var isRebuildingSuspended = false

    /// A stack view with `frame` and no arranged views.
    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// A stack view arranging `views` (added as subviews), horizontal, `.fill` both ways.
    public convenience init(arrangedSubviews views: [UIView]) {
        self.init(frame: .zero)
        isRebuildingSuspended = true
        for view in views { addArrangedSubview(view) }
        isRebuildingSuspended = false
        arrangementDidChange()
    }

    /// UIKit's initializer from an archive: required and, unlike UIView's, not failable
    /// (UIStackView.h), so a subclass writes `required init(coder: NSCoder)`. From a document
    /// `UINib` reads it is the document's stack view; from another coder uisim makes an empty
    /// stack view and says so once per class.
    public required init(coder: NSCoder) {
        guard coder is UINibDecoder else {
            super.init(frame: .zero)
            noArchives(Self.self, made: "an empty stack view")
            return
        }
        super.init(coder: coder)!
        UINibDecoder.didInit(self, as: UIStackView.self, coder: coder)
    }

    /// A stack view makes its layout with constraints (as in UIKit).
    open override class var requiresConstraintBasedLayout: Bool { true }

    // MARK: Arranged subviews

    /// Adds `view` at the end of `arrangedSubviews` (and of `subviews` if it is not one yet).
    open func addArrangedSubview(_ view: UIView) {
        insertArrangedSubview(view, at: arrangedSubviews.contains { $0 === view } ? arrangedSubviews.count - 1 : arrangedSubviews.count)
    }

    /// Inserts `view` into `arrangedSubviews` at `stackIndex` (moving it there if it is already
    /// arranged); a view that is not a subview yet is added at the end of `subviews`. Its
    /// `translatesAutoresizingMaskIntoConstraints` becomes false. An index past the end is a
    /// programming error, as in UIKit.
    open func insertArrangedSubview(_ view: UIView, at stackIndex: Int) {
        precondition(view !== self, "a stack view cannot arrange itself")
        if let current = arrangedSubviews.firstIndex(where: { $0 === view }) {
            precondition(stackIndex >= 0 && stackIndex < arrangedSubviews.count,
                         "index out of bounds for arranged subview: index = \(stackIndex) expected to be less than \(arrangedSubviews.count)")
            guard current != stackIndex else { return }
            arranged.remove(at: current)
            arranged.insert(view, at: stackIndex)
            arrangementDidChange()
            return
        }
        precondition(stackIndex >= 0 && stackIndex <= arrangedSubviews.count,
                     "index out of bounds for arranged subview: index = \(stackIndex) expected to be less than or equal to \(arrangedSubviews.count)")
        arranged.insert(view, at: stackIndex)
        view.translatesAutoresizingMaskIntoConstraints = false
        let suspended = isRebuildingSuspended
        isRebuildingSuspended = true
        if view.superview !== self { addSubview(view) }
        isRebuildingSuspended = suspended
        arrangementDidChange()
    }

    /// Takes `view` out of `arrangedSubviews`: the stack view no longer places it (its custom
    /// spacing goes too), but it stays a subview, shown where its own constraints put it, as in
    /// UIKit. Remove it from its superview to take it off the screen.
    open func removeArrangedSubview(_ view: UIView) {
        guard let index = arrangedSubviews.firstIndex(where: { $0 === view }) else { return }
        arranged.remove(at: index)
        customSpacings[ObjectIdentifier(view)] = nil
        arrangementDidChange()
    }

    /// An arranged view that leaves the stack view leaves `arrangedSubviews` too.
    open override func willRemoveSubview(_ subview: UIView) {
        super.willRemoveSubview(subview)
        removeArrangedSubview(subview)
    }

    // MARK: Spacing

    /// Sets the space after `arrangedSubview` (before the next view), in place of `spacing`;
    /// `UIStackView.spacingUseDefault` goes back to `spacing`, `UIStackView.spacingUseSystem` is
    /// the system spacing. Ignored for a view that is not arranged.
    open func setCustomSpacing(_ spacing: CGFloat, after arrangedSubview: UIView) {
        guard arrangedSubviews.contains(where: { $0 === arrangedSubview }) else { return }
        let key = ObjectIdentifier(arrangedSubview)
        let value: CGFloat? = spacing == Self.spacingUseDefault ? nil : spacing
        guard customSpacings[key] != value else { return }
        customSpacings[key] = value
        arrangementDidChange()
    }

    /// The custom space after `arrangedSubview`, or `UIStackView.spacingUseDefault` if none.
    open func customSpacing(after arrangedSubview: UIView) -> CGFloat {
        customSpacings[ObjectIdentifier(arrangedSubview)] ?? Self.spacingUseDefault
    }

    /// The space in points after `view`: its custom spacing, else `spacing`, the system's
    /// spacing for `spacingUseSystem`.
    func resolvedSpacing(after view: UIView) -> CGFloat {
        let value = customSpacings[ObjectIdentifier(view)] ?? spacing
        return value == Self.spacingUseSystem ? systemSpacing : value
    }

    // MARK: Baselines

    /// The view whose first baseline is the stack view's: the first visible arranged view's.
    open override var forFirstBaselineLayout: UIView {
        arrangedSubviews.first { !$0.isHidden }?.forFirstBaselineLayout ?? self
    }

    /// The view whose last baseline is the stack view's: a vertical stack's last visible arranged
    /// view's; a horizontal stack's first visible view's (a row's views share their baseline when
    /// they are aligned on it).
    open override var forLastBaselineLayout: UIView {
        let view = axis == .vertical ? arrangedSubviews.last { !$0.isHidden } : arrangedSubviews.first { !$0.isHidden }
        return view?.forLastBaselineLayout ?? self
    }

    // MARK: Changes

    /// An arranged view was hidden or shown (UIView's `isHidden` calls it).
    func arrangedSubviewHiddenDidChange(_ view: UIView) {
        guard arrangedSubviews.contains(where: { $0 === view }) else { return }
        arrangementDidChange()
    }

    /// An arranged view's intrinsic size changed: `.fillProportionally`'s multipliers are made
    /// anew from the new sizes (as UIKit does).
    func arrangedSubviewContentSizeDidChange(_ view: UIView) {
        guard distribution == .fillProportionally, arrangedSubviews.contains(where: { $0 === view }),
              proportionalSizes != currentProportionalSizes() else { return }
        arrangementDidChange()
    }

    /// The arrangement or a property changed: the constraints are brought up to date at once,
    /// as UIKit's stack view does (the engine solves them in the next layout pass).
    func arrangementDidChange() {
        guard !isRebuildingSuspended else { return }
        updateArrangementConstraints()
        setNeedsLayout()
        superview?.setNeedsLayout()
    }
}
