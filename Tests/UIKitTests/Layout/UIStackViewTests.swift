import Foundation
import Geometry
import CoreGraphics
import QuartzCore
import RunLoop
import Testing
@testable import UIKit

/// UIStackView as UIKit documents it (the class reference's distributions, alignments, spacing,
/// hidden views, margins) with the constraints UIKit's stack view makes; numbers worked out by
/// hand. Frames are on the @3x pixel grid, as the engine's are.
@Suite struct UIStackViewTests {
    /// The views' identities, to compare arrays of views.
    func ids(_ views: [UIView]) -> [ObjectIdentifier] { views.map(ObjectIdentifier.init) }

    /// A view with a fixed intrinsic size.
    final class Box: UIView {
        var size: CGSize {
            didSet { invalidateIntrinsicContentSize() }
        }
        init(_ width: CGFloat, _ height: CGFloat) {
            size = CGSize(width: width, height: height)
            super.init(frame: .zero)
        }

        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
        override var intrinsicContentSize: CGSize { size }
    }

    /// A horizontal stack view of 300 × 100 pt (its frame translated into constraints) arranging
    /// boxes of 50 × 20 and 70 × 30.
    func row(_ distribution: UIStackView.Distribution = .fill, spacing: CGFloat = 10) -> (UIStackView, Box, Box) {
        let a = Box(50, 20), b = Box(70, 30)
        let stack = UIStackView(arrangedSubviews: [a, b])
        stack.frame = CGRect(x: 0, y: 0, width: 300, height: 100)
        stack.distribution = distribution
        stack.spacing = spacing
        return (stack, a, b)
    }

    // MARK: Arranged subviews

    /// Arranged views become subviews and stop translating their frames; removing one from the
    /// arrangement keeps it as a subview (UIKit: "the view is still part of the view hierarchy");
    /// removing it from the stack view takes it out of both.
    @Test func arrangedSubviewsAndSubviews() {
        let a = Box(50, 20), b = Box(70, 30), c = Box(30, 10)
        let stack = UIStackView(arrangedSubviews: [a, b])
        #expect(ids(stack.arrangedSubviews) == ids([a, b]) && ids(stack.subviews) == ids([a, b]))
        #expect(!a.translatesAutoresizingMaskIntoConstraints && !b.translatesAutoresizingMaskIntoConstraints)
        stack.insertArrangedSubview(c, at: 1)
        #expect(ids(stack.arrangedSubviews) == ids([a, c, b]) && ids(stack.subviews) == ids([a, b, c]))
        stack.removeArrangedSubview(c)
        #expect(ids(stack.arrangedSubviews) == ids([a, b]) && ids(stack.subviews) == ids([a, b, c]))
        #expect(!stack.constraints.contains { $0.firstItem === c || $0.secondItem === c })
        b.removeFromSuperview()
        #expect(ids(stack.arrangedSubviews) == ids([a]) && ids(stack.subviews) == ids([a, c]))
        stack.addArrangedSubview(b)
        stack.insertArrangedSubview(b, at: 0)
        #expect(ids(stack.arrangedSubviews) == ids([b, a]))
    }

    /// UIKit's defaults and its two spacing markers: `spacingUseDefault` is FLT_MAX (what
    /// `customSpacing(after:)` says when none is set), `spacingUseSystem` FLT_MIN.
    @Test func defaults() {
        let stack = UIStackView(frame: .zero)
        #expect(stack.axis == .horizontal && stack.distribution == .fill && stack.alignment == .fill && stack.spacing == 0)
        #expect(!stack.isLayoutMarginsRelativeArrangement && !stack.isBaselineRelativeArrangement)
        #expect(stack.intrinsicContentSize == CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric))
        #expect(UIStackView.spacingUseDefault == CGFloat(Float.greatestFiniteMagnitude))
        #expect(UIStackView.spacingUseSystem == CGFloat(Float.leastNormalMagnitude))
        #expect(UIStackView.Alignment.top == .leading && UIStackView.Alignment.bottom == .trailing)
        #expect(UIStackView.Distribution.equalCentering.rawValue == 4 && UIStackView.Alignment.lastBaseline.rawValue == 5)
        #expect(UIStackViewTests.draws(stack) == false)
        #expect(UIStackViewTests.draws(Painted(frame: .zero)))   // the check sees a view that draws
    }

    final class Painted: UIView {
        override func draw(_ rect: CGRect) {
            UIGraphicsGetCurrentContext()?.fill(rect)
        }
    }

    /// A stack view is a container: it does not draw (no backing store, however large).
    static func draws(_ view: UIView) -> Bool {
        view.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        view.layer.displayIfNeeded()
        return view.layer.hasContents
    }

    // MARK: Distributions (horizontal, spacing 10, 300 pt)

    /// `.fill`: the spacing is exact and the view that hugs less (250 against 251) stretches:
    /// 300 − 10 − 70 = 220. Across, `.fill`: both are 100 high.
    @Test func fill() {
        let (stack, a, b) = row(.fill)
        b.setContentHuggingPriority(UILayoutPriority(251), for: .horizontal)
        stack.layoutIfNeeded()
        #expect(a.frame == CGRect(x: 0, y: 0, width: 220, height: 100))
        #expect(b.frame == CGRect(x: 230, y: 0, width: 70, height: 100))
    }

    /// `.fill` with too little room (100 pt for 50 + 10 + 70): the view that resists compression
    /// less (750 against 751) shrinks: 100 − 10 − 70 = 20.
    @Test func fillCompresses() {
        let (stack, a, b) = row(.fill)
        stack.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        b.setContentCompressionResistancePriority(UILayoutPriority(751), for: .horizontal)
        stack.layoutIfNeeded()
        #expect(a.frame.width == 20 && b.frame == CGRect(x: 30, y: 0, width: 70, height: 100))
    }

    /// `.fillEqually`: (300 − 10) / 2 = 145 each.
    @Test func fillEqually() {
        let (stack, a, b) = row(.fillEqually)
        stack.layoutIfNeeded()
        #expect(a.frame == CGRect(x: 0, y: 0, width: 145, height: 100))
        #expect(b.frame == CGRect(x: 155, y: 0, width: 145, height: 100))
        #expect(stack.constraints.contains { $0.identifier == "UISV-fill-equally" && $0.firstItem === b && $0.secondItem === a })
    }

    /// `.fillProportionally`, as UIKit makes it: each view is `intrinsic / (Σ intrinsic + Σ
    /// spacing)` of the stack view, at priorities 999, 998…: a = 50/130 × 300 = 115.385 (999,
    /// held), b takes the rest, 300 − 10 − 115.385 = 174.615 (its 998 share, 161.5, gives way).
    /// On the @3x grid: a's right edge 346.15 px → 346 (115.333 pt), b's left 376.15 px → 376.
    /// At the stack's natural width, 50 + 10 + 70 = 130, each is its intrinsic width.
    @Test func fillProportionally() {
        let (stack, a, b) = row(.fillProportionally)
        stack.layoutIfNeeded()
        #expect(a.frame.minX == 0 && abs(a.frame.maxX - 346.0 / 3) < 1e-9)
        #expect(abs(b.frame.minX - 376.0 / 3) < 1e-9 && b.frame.maxX == 300)
        let proportional = stack.constraints.filter { $0.identifier == "UISV-fill-proportionally" }
        #expect(proportional.map(\.priority) == [999, 998])
        let expected: [CGFloat] = [50.0 / 130, 70.0 / 130]
        #expect(proportional.map(\.multiplier) == expected)
        stack.frame = CGRect(x: 0, y: 0, width: 130, height: 100)
        stack.layoutIfNeeded()
        #expect(a.frame == CGRect(x: 0, y: 0, width: 50, height: 100) && b.frame == CGRect(x: 60, y: 0, width: 70, height: 100))
    }

    /// A new intrinsic size makes new multipliers (UIKit recomputes them): b at 120 wide makes
    /// a 50/180 of 180 = 50 and b 120 in a 180 pt stack.
    @Test func fillProportionallyFollowsIntrinsicSizes() {
        let (stack, a, b) = row(.fillProportionally)
        stack.frame = CGRect(x: 0, y: 0, width: 180, height: 100)
        stack.layoutIfNeeded()
        b.size = CGSize(width: 120, height: 30)
        stack.layoutIfNeeded()
        #expect(a.frame.width == 50 && b.frame == CGRect(x: 60, y: 0, width: 120, height: 100))
        let multipliers = stack.constraints.filter { $0.identifier == "UISV-fill-proportionally" }.map(\.multiplier)
        let expected: [CGFloat] = [50.0 / 180, 120.0 / 180]
        #expect(multipliers == expected)
    }

    /// `.equalSpacing`: the views keep their widths and the gap takes the rest: 300 − 120 = 180.
    /// With a third box of 30: two gaps of (300 − 150) / 2 = 75.
    @Test func equalSpacing() {
        let (stack, a, b) = row(.equalSpacing)
        stack.layoutIfNeeded()
        #expect(a.frame == CGRect(x: 0, y: 0, width: 50, height: 100) && b.frame == CGRect(x: 230, y: 0, width: 70, height: 100))
        let c = Box(30, 10)
        stack.addArrangedSubview(c)
        stack.layoutIfNeeded()
        #expect(a.frame.minX == 0 && b.frame.minX == 125 && b.frame.width == 70)
        #expect(c.frame == CGRect(x: 270, y: 0, width: 30, height: 100))
        #expect(stack.layoutGuides.count == 2)
    }

    /// `.equalSpacing` with too little room (50 + 70 + 30 + 2 × 10 = 170 in 160) keeps the
    /// minimum spacing and compresses the view that resists less (749): 160 − 50 − 70 − 20 = 20.
    @Test func equalSpacingKeepsTheMinimum() {
        let (stack, a, b) = row(.equalSpacing)
        let c = Box(30, 10)
        c.setContentCompressionResistancePriority(UILayoutPriority(749), for: .horizontal)
        stack.addArrangedSubview(c)
        stack.frame = CGRect(x: 0, y: 0, width: 160, height: 100)
        stack.layoutIfNeeded()
        #expect(a.frame.minX == 0 && a.frame.width == 50 && b.frame.minX == 60 && b.frame.width == 70)
        #expect(c.frame == CGRect(x: 140, y: 0, width: 20, height: 100))
    }

    /// `.equalCentering` with boxes of 50, 70 and 30: the outer centres are at 25 and 285, so the
    /// middle one's is at 155: it spans 120…190.
    @Test func equalCentering() {
        let (stack, a, b) = row(.equalCentering)
        let c = Box(30, 10)
        stack.addArrangedSubview(c)
        stack.layoutIfNeeded()
        #expect(a.frame == CGRect(x: 0, y: 0, width: 50, height: 100))
        #expect(b.frame == CGRect(x: 120, y: 0, width: 70, height: 100))
        #expect(c.frame == CGRect(x: 270, y: 0, width: 30, height: 100))
        #expect(stack.constraints.filter { $0.identifier == "UISV-fill-equally" }.map(\.priority) == [149])
    }

    // MARK: Alignments (horizontal: 100 pt high; boxes 20 and 30 high)

    /// `.top`: y 0; `.center`: (100 − 20) / 2 = 40 and (100 − 30) / 2 = 35; `.bottom`: 80 and 70.
    @Test func alignments() {
        let (stack, a, b) = row(.equalSpacing)
        for (alignment, ys) in [(UIStackView.Alignment.top, [0.0, 0.0]), (.center, [40, 35]), (.bottom, [80, 70])] {
            stack.alignment = alignment
            stack.layoutIfNeeded()
            #expect([a.frame.minY, b.frame.minY] == ys.map { CGFloat($0) }, "\(alignment)")
            #expect(a.frame.height == 20 && b.frame.height == 30, "\(alignment)")
        }
    }

    /// A top-aligned stack view hugs its tallest view across the axis (`UISV-spanning-fit`, 51):
    /// its compressed fitting size is 50 + 10 + 70 = 130 by 30.
    @Test func spanningFit() {
        let (stack, _, _) = row(.fill)
        stack.alignment = .top
        #expect(stack.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize) == CGSize(width: 130, height: 30))
    }

    /// `.firstBaseline`: two labels of different fonts have their baselines on one line; the
    /// taller one's top is at the stack's top.
    @Test func firstBaselineAlignment() {
        let small = UILabel(), large = UILabel()
        small.text = "small"
        small.font = UIFont.systemFont(ofSize: 12)
        large.text = "Large"
        large.font = UIFont.systemFont(ofSize: 34)
        let stack = UIStackView(arrangedSubviews: [small, large])
        stack.frame = CGRect(x: 0, y: 0, width: 300, height: 100)
        stack.alignment = .firstBaseline
        stack.distribution = .equalSpacing
        stack.layoutIfNeeded()
        let baseline = { (label: UILabel) in label.frame.midY + (label.baselineOffsetFromCenter(last: false) ?? 0) }
        #expect(abs(baseline(small) - baseline(large)) <= 1.0 / 3)
        #expect(large.frame.minY == 0 && small.frame.minY > 0)
        #expect(small.frame.size.isApproximatelyEqual(to: small.intrinsicContentSize, tolerance: 1e-9)
                    && large.frame.size.isApproximatelyEqual(to: large.intrinsicContentSize, tolerance: 1e-9))
    }

    /// A stack view's first baseline is its first visible arranged view's (`forFirstBaselineLayout`):
    /// a label in a row aligned on first baselines lines up with the first label of a column
    /// beside it, not with the column's bottom edge.
    @Test func nestedStacksAlignOnTheirFirstArrangedViewsBaseline() {
        let title = UILabel(), top = UILabel(), bottom = UILabel()
        title.text = "Title"
        title.font = UIFont.systemFont(ofSize: 28)
        top.text = "top"
        bottom.text = "bottom"
        let column = UIStackView(arrangedSubviews: [top, bottom])
        column.axis = .vertical
        #expect(column.forFirstBaselineLayout === top && column.forLastBaselineLayout === bottom)
        let row = UIStackView(arrangedSubviews: [title, column])
        row.frame = CGRect(x: 0, y: 0, width: 300, height: 200)
        row.alignment = .firstBaseline
        row.distribution = .equalSpacing
        row.layoutIfNeeded()
        let titleBaseline = title.frame.midY + (title.baselineOffsetFromCenter(last: false) ?? 0)
        let topBaseline = column.frame.minY + top.frame.midY + (top.baselineOffsetFromCenter(last: false) ?? 0)
        #expect(abs(titleBaseline - topBaseline) <= 1.0 / 3)
        #expect(abs(column.frame.height - (top.intrinsicContentSize.height + bottom.intrinsicContentSize.height)) < 1e-9)
        top.isHidden = true
        #expect(column.forFirstBaselineLayout === bottom)
    }

    // MARK: Spacing, hidden views, margins

    /// A custom spacing after a view replaces `spacing` there: a (hugging 249) takes
    /// 300 − 20 − 10 − 70 − 30 = 170. `spacingUseSystem` is 8 pt; `spacingUseDefault` goes back
    /// to `spacing`; leaving the arrangement forgets it.
    @Test func customSpacing() {
        let (stack, a, b) = row(.fill)
        let c = Box(30, 10)
        stack.addArrangedSubview(c)
        a.setContentHuggingPriority(UILayoutPriority(249), for: .horizontal)
        stack.setCustomSpacing(20, after: a)
        #expect(stack.customSpacing(after: a) == 20 && stack.customSpacing(after: b) == UIStackView.spacingUseDefault)
        stack.layoutIfNeeded()
        #expect(a.frame.width == 170 && b.frame.minX == 190 && c.frame.minX == 270)
        stack.setCustomSpacing(UIStackView.spacingUseSystem, after: a)
        stack.layoutIfNeeded()
        #expect(a.frame.width == 182 && b.frame.minX == 190)
        stack.setCustomSpacing(UIStackView.spacingUseDefault, after: a)
        stack.layoutIfNeeded()
        #expect(a.frame.width == 180 && b.frame.minX == 190)
        stack.setCustomSpacing(40, after: b)
        stack.removeArrangedSubview(b)
        #expect(stack.customSpacing(after: b) == UIStackView.spacingUseDefault)
    }

    /// Changing `spacing` edits the spacing constraints' constants (the same constraints stay),
    /// as UIKit does: no constraint is removed or added.
    @Test func changingSpacingChangesConstants() {
        let (stack, a, _) = row(.fill)
        a.setContentHuggingPriority(UILayoutPriority(249), for: .horizontal)
        stack.layoutIfNeeded()
        let before = stack.constraints.map(ObjectIdentifier.init)
        stack.spacing = 30
        #expect(stack.constraints.map(ObjectIdentifier.init) == before)
        #expect(stack.constraints.first { $0.identifier == "UISV-spacing" }?.constant == 30)
        stack.layoutIfNeeded()
        #expect(a.frame.width == 200)
        stack.spacing = 30
        #expect(stack.constraints.map(ObjectIdentifier.init) == before)
    }

    /// In a window, the frame's counters see the stack view's churn: a new `spacing` is two
    /// constant changes; hiding b of [a, b, c] removes four constraints (b's two spacings, its two
    /// `.fill` alignments to a) and adds five (a's spacing to c, b's `UISV-hiding` size and
    /// place, its two alignments to the stack); a frame without change does nothing.
    @Test func churnIsCountedPerFrame() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let (stack, a, b) = row(.fill)
        let c = Box(30, 10)
        stack.addArrangedSubview(c)
        a.setContentHuggingPriority(UILayoutPriority(249), for: .horizontal)
        window.addSubview(stack)
        _ = window.commitPhase(stopwatch: ManualStopwatch())   // building the screen is no frame's work
        stack.spacing = 20
        var counts = window.commitPhase(stopwatch: ManualStopwatch()).counts
        #expect(counts[.constraintConstantChanges] == 2 && counts[.constraintsAdded] == 0 && counts[.constraintsRemoved] == 0)
        #expect(abs(a.bounds.width - (300 - 40 - 100)) < 1e-9, "\(a.frame)")
        #expect(window.commitPhase(stopwatch: ManualStopwatch()).counts == Counts())
        b.isHidden = true
        counts = window.commitPhase(stopwatch: ManualStopwatch()).counts
        #expect(counts[.constraintsRemoved] == 4 && counts[.constraintsAdded] == 5 && counts[.engineSolves] == 1)
        #expect(abs(a.bounds.width - (300 - 20 - 30)) < 1e-9 && b.bounds.width == 0, "\(a.frame)")
    }

    /// A hidden arranged view collapses with its spacing (UIKit: the stack view updates its layout
    /// when an arranged view's `isHidden` changes): hiding b (70) of 50, 70, 30 gives a (hugging
    /// 249) 300 − 10 − 30 = 260; showing it again, 300 − 20 − 100 = 180. It stays arranged.
    @Test func hiddenViewsCollapse() {
        let (stack, a, b) = row(.fill)
        let c = Box(30, 10)
        stack.addArrangedSubview(c)
        a.setContentHuggingPriority(UILayoutPriority(249), for: .horizontal)
        b.isHidden = true
        stack.layoutIfNeeded()
        #expect(a.frame.width == 260 && b.frame.width == 0 && c.frame.minX == 270)
        #expect(stack.arrangedSubviews.count == 3)
        b.isHidden = false
        stack.layoutIfNeeded()
        #expect(a.frame.width == 180 && c.frame.minX == 270)
        #expect(b.frame == CGRect(x: 190, y: 0, width: 70, height: 100))
    }

    /// Hiding the first and the last views: the remaining one fills the stack (no spacing left).
    @Test func hiddenEndsCollapse() {
        let (stack, a, b) = row(.equalSpacing)
        let c = Box(30, 10)
        stack.addArrangedSubview(c)
        stack.distribution = .fill
        a.isHidden = true
        c.isHidden = true
        stack.layoutIfNeeded()
        #expect(b.frame == CGRect(x: 0, y: 0, width: 300, height: 100))
        #expect(a.frame.width == 0 && c.frame.width == 0)
    }

    /// `isLayoutMarginsRelativeArrangement` lays the views out in the margins: with margins of
    /// 10 (top and bottom) and 20 (sides), a (hugging 249) is at x 20, 300 − 40 − 10 − 70 = 180
    /// wide, 100 − 20 = 80 high.
    @Test func layoutMarginsRelativeArrangement() {
        let (stack, a, b) = row(.fill)
        a.setContentHuggingPriority(UILayoutPriority(249), for: .horizontal)
        stack.layoutMargins = UIEdgeInsets(top: 10, left: 20, bottom: 10, right: 20)
        stack.isLayoutMarginsRelativeArrangement = true
        stack.layoutIfNeeded()
        #expect(a.frame == CGRect(x: 20, y: 10, width: 180, height: 80))
        #expect(b.frame == CGRect(x: 210, y: 10, width: 70, height: 80))
    }

    // MARK: Vertical, nested, fitting

    /// A vertical stack view 100 × 300, centred across: a (50 × 20, hugging 249 vertically)
    /// stretches to 300 − 10 − 30 = 260; x = (100 − 50) / 2 = 25 and (100 − 70) / 2 = 15.
    @Test func vertical() {
        let (stack, a, b) = row(.fill)
        stack.axis = .vertical
        stack.alignment = .center
        stack.frame = CGRect(x: 0, y: 0, width: 100, height: 300)
        a.setContentHuggingPriority(UILayoutPriority(249), for: .vertical)
        stack.layoutIfNeeded()
        #expect(a.frame == CGRect(x: 25, y: 0, width: 50, height: 260))
        #expect(b.frame == CGRect(x: 15, y: 270, width: 70, height: 30))
    }

    /// `isBaselineRelativeArrangement` (vertical): the spacing runs from the first label's last
    /// baseline to the second's first baseline.
    @Test func baselineRelativeArrangement() {
        let first = UILabel(), second = UILabel()
        first.text = "First"
        second.text = "Second"
        let stack = UIStackView(arrangedSubviews: [first, second])
        stack.axis = .vertical
        stack.spacing = 20
        stack.isBaselineRelativeArrangement = true
        stack.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        second.setContentHuggingPriority(UILayoutPriority(249), for: .vertical)
        stack.layoutIfNeeded()
        let last = first.frame.midY + (first.baselineOffsetFromCenter(last: true) ?? 0)
        let next = second.frame.midY + (second.baselineOffsetFromCenter(last: false) ?? 0)
        #expect(abs(next - last - 20) <= 1.0 / 3)
        #expect(stack.constraints.contains { $0.identifier == "UISV-spacing" && $0.firstAttribute == .firstBaseline && $0.secondAttribute == .lastBaseline })
    }

    /// A vertical stack view (leading, spacing 5) holding a horizontal one (fill equally, spacing
    /// 10: 50 and 70 wide → both 70, 150 in all, 20 high) and a box of 30 × 40 that hugs less
    /// vertically (249) and takes the rest: 200 − 20 − 5 = 175.
    @Test func nestedStacks() {
        let a = Box(50, 20), b = Box(70, 20), c = Box(30, 40)
        let inner = UIStackView(arrangedSubviews: [a, b])
        inner.distribution = .fillEqually
        inner.spacing = 10
        let outer = UIStackView(arrangedSubviews: [inner, c])
        outer.frame = CGRect(x: 0, y: 0, width: 300, height: 200)
        outer.axis = .vertical
        outer.alignment = .leading
        outer.spacing = 5
        c.setContentHuggingPriority(UILayoutPriority(249), for: .vertical)
        outer.layoutIfNeeded()
        #expect(inner.frame == CGRect(x: 0, y: 0, width: 150, height: 20))
        #expect(a.frame == CGRect(x: 0, y: 0, width: 70, height: 20) && b.frame == CGRect(x: 80, y: 0, width: 70, height: 20))
        #expect(c.frame == CGRect(x: 0, y: 25, width: 30, height: 175))
    }

    /// A vertical stack view's fitting size is its content's: boxes of 50 × 20, 70 × 30 and
    /// 30 × 10 with spacing 8, filling across, compress to 70 wide (the widest resists at 750)
    /// and 20 + 30 + 10 + 16 = 76 high; at a required width of 200, 200 × 76.
    @Test func systemLayoutSizeFittingOfAStack() {
        let stack = UIStackView(arrangedSubviews: [Box(50, 20), Box(70, 30), Box(30, 10)])
        stack.axis = .vertical
        stack.spacing = 8
        #expect(stack.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize) == CGSize(width: 70, height: 76))
        let fitted = stack.systemLayoutSizeFitting(CGSize(width: 200, height: 0), withHorizontalFittingPriority: .required,
                                                   verticalFittingPriority: .fittingSizeLevel)
        #expect(fitted == CGSize(width: 200, height: 76))
    }

    /// A stack view placed by constraints in a container, sized by its content: leading 16 and
    /// top 20, no size given: 50 + 10 + 70 = 130 wide, 30 high (`.center`).
    @Test func aStackSizedByItsContent() {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let (stack, a, b) = row(.fill)
        stack.alignment = .center
        stack.translatesAutoresizingMaskIntoConstraints = false
        container.addSubview(stack)
        NSLayoutConstraint.activate([stack.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 16),
                                     stack.topAnchor.constraint(equalTo: container.topAnchor, constant: 20)])
        container.layoutIfNeeded()
        #expect(stack.frame == CGRect(x: 16, y: 20, width: 130, height: 30))
        #expect(a.frame == CGRect(x: 0, y: 5, width: 50, height: 20) && b.frame == CGRect(x: 60, y: 0, width: 70, height: 30))
    }

    /// The stack view's constraints carry UIKit's identifiers and are marked as the stack view's.
    @Test func constraintsAreUIKits() {
        let (stack, a, b) = row(.fill)
        let descriptions = stack.constraints.map(\.description)
        #expect(descriptions.contains("<NSLayoutConstraint 'UISV-canvas-connection' UIStackView.leading == Box.leading   (active)>"))
        #expect(descriptions.contains("<NSLayoutConstraint 'UISV-spacing' Box.leading == Box.trailing + 10   (active)>"))
        #expect(stack.constraints.allSatisfy { $0.origin == .stackView })
        #expect(stack.constraints.contains { $0.identifier == "UISV-alignment" && $0.firstItem === a && $0.secondItem === b })
    }
}
