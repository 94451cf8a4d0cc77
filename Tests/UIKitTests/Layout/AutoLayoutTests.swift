import Foundation
import Geometry
import Testing
@testable import UIKit

/// Auto Layout as the Auto Layout Guide describes it: each attribute is a linear function of the
/// item's frame (`item1.attr1 = multiplier × item2.attr2 + constant`), required constraints hold
/// exactly, optional ones give way by priority; numbers worked out by hand.
@Suite struct AutoLayoutTests {
    /// A view with a fixed intrinsic size.
    final class Box: UIView {
        let size: CGSize
        init(_ width: CGFloat, _ height: CGFloat) {
            size = CGSize(width: width, height: height)
            super.init(frame: .zero)
            translatesAutoresizingMaskIntoConstraints = false
        }

        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
        override var intrinsicContentSize: CGSize { size }
    }

    /// A container of 390 × 844 pt (translating its frame) in a detached hierarchy, and a child
    /// that constraints place.
    func container(width: CGFloat = 390, height: CGFloat = 844) -> (UIView, UIView) {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: width, height: height))
        let child = UIView()
        child.translatesAutoresizingMaskIntoConstraints = false
        container.addSubview(child)
        return (container, child)
    }

    /// leading 16, trailing −16, top 100, height 44 in a 390 pt container: x 16, width
    /// 390 − 32 = 358.
    @Test func edgesPinnedWithConstants() {
        let (container, child) = container()
        NSLayoutConstraint.activate([
            child.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 16),
            child.trailingAnchor.constraint(equalTo: container.trailingAnchor, constant: -16),
            child.topAnchor.constraint(equalTo: container.topAnchor, constant: 100),
            child.heightAnchor.constraint(equalToConstant: 44),
        ])
        container.layoutIfNeeded()
        #expect(child.frame == CGRect(x: 16, y: 100, width: 358, height: 44))
        #expect(container.constraints.count == 3 && child.constraints.count == 1)   // each on the closest common ancestor
    }

    /// width = 0.5 × container width (195), centred: x = (390 − 195) / 2 = 97.5, y = (844 − 50) / 2 = 397.
    /// Frames from the engine are put on the pixel grid, as UIKit puts them: at @3x, 97.5 pt is
    /// 292.5 px, rounded to 293 px (97.667 pt); the right edge 292.5 pt is 877.5 px, rounded to 878.
    @Test func multiplierAndCentres() {
        let (container, child) = container()
        NSLayoutConstraint.activate([
            child.widthAnchor.constraint(equalTo: container.widthAnchor, multiplier: 0.5),
            child.heightAnchor.constraint(equalToConstant: 50),
            child.centerXAnchor.constraint(equalTo: container.centerXAnchor),
            child.centerYAnchor.constraint(equalTo: container.centerYAnchor),
        ])
        container.layoutIfNeeded()
        #expect(abs(child.frame.minX - 293.0 / 3) < 1e-9 && abs(child.frame.maxX - 878.0 / 3) < 1e-9)
        #expect(child.frame.minY == 397 && child.frame.height == 50)
    }

    /// Changing a constant moves the view in the next layout; changing the container's frame (it
    /// translates its autoresizing mask) resizes the child: 300 − 32 = 268.
    @Test func constantsAndTranslatedFramesChange() {
        let (container, child) = container()
        let leading = child.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 16)
        NSLayoutConstraint.activate([
            leading, child.trailingAnchor.constraint(equalTo: container.trailingAnchor, constant: -16),
            child.topAnchor.constraint(equalTo: container.topAnchor), child.heightAnchor.constraint(equalToConstant: 10),
        ])
        container.layoutIfNeeded()
        leading.constant = 40
        container.layoutIfNeeded()
        #expect(child.frame == CGRect(x: 40, y: 0, width: 334, height: 10))
        container.frame = CGRect(x: 0, y: 0, width: 300, height: 844)
        container.layoutIfNeeded()
        #expect(child.frame == CGRect(x: 40, y: 0, width: 244, height: 10))
    }

    /// Two boxes side by side filling 300 pt with 8 pt between: the one that hugs less (250
    /// against 251) stretches: 300 − 8 − 70 = 222.
    @Test func theLowerHuggingPriorityStretches() {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        let a = Box(50, 20), b = Box(70, 20)
        container.addSubview(a)
        container.addSubview(b)
        b.setContentHuggingPriority(UILayoutPriority(251), for: .horizontal)
        NSLayoutConstraint.activate([
            a.leadingAnchor.constraint(equalTo: container.leadingAnchor),
            b.leadingAnchor.constraint(equalTo: a.trailingAnchor, constant: 8),
            b.trailingAnchor.constraint(equalTo: container.trailingAnchor),
            a.topAnchor.constraint(equalTo: container.topAnchor), b.topAnchor.constraint(equalTo: container.topAnchor),
        ])
        container.layoutIfNeeded()
        #expect(a.frame == CGRect(x: 0, y: 0, width: 222, height: 20))   // height: its intrinsic 20
        #expect(b.frame == CGRect(x: 230, y: 0, width: 70, height: 20))
    }

    /// 80 + 8 + 60 = 148 pt of content in 100: the box that resists compression less (750
    /// against 751) gives way: 100 − 8 − 60 = 32.
    @Test func theLowerCompressionResistanceShrinks() {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let a = Box(80, 20), b = Box(60, 20)
        container.addSubview(a)
        container.addSubview(b)
        b.setContentCompressionResistancePriority(UILayoutPriority(751), for: .horizontal)
        NSLayoutConstraint.activate([
            a.leadingAnchor.constraint(equalTo: container.leadingAnchor),
            b.leadingAnchor.constraint(equalTo: a.trailingAnchor, constant: 8),
            b.trailingAnchor.constraint(equalTo: container.trailingAnchor),
            a.topAnchor.constraint(equalTo: container.topAnchor), b.topAnchor.constraint(equalTo: container.topAnchor),
        ])
        container.layoutIfNeeded()
        #expect(a.frame.width == 32 && b.frame.width == 60 && b.frame.minX == 40)
    }

    /// A detached view's margins are 8 pt (no safe area): pinned to the margins guide, a child of
    /// a 200 × 100 view is (8, 8, 184, 84); with margins of 20, (20, 20, 160, 60).
    @Test func layoutMarginsGuide() {
        let (container, child) = container(width: 200, height: 100)
        let guide = container.layoutMarginsGuide
        NSLayoutConstraint.activate([
            child.leadingAnchor.constraint(equalTo: guide.leadingAnchor), child.trailingAnchor.constraint(equalTo: guide.trailingAnchor),
            child.topAnchor.constraint(equalTo: guide.topAnchor), child.bottomAnchor.constraint(equalTo: guide.bottomAnchor),
        ])
        container.layoutIfNeeded()
        #expect(child.frame == CGRect(x: 8, y: 8, width: 184, height: 84))
        #expect(guide.layoutFrame == CGRect(x: 8, y: 8, width: 184, height: 84))
        container.layoutMargins = UIEdgeInsets(all: 20)
        container.setNeedsLayout()
        container.layoutIfNeeded()
        #expect(child.frame == CGRect(x: 20, y: 20, width: 160, height: 60))
    }

    /// In a window of an iPhone 14 (safe area: 47 pt at the top, 34 at the bottom), a view pinned
    /// to the root view's safe-area guide is 844 − 47 − 34 = 763 pt high, from y = 47.
    @Test func safeAreaLayoutGuideInAWindow() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let root = UIView(frame: window.bounds)
        window.addSubview(root)
        let child = UIView()
        child.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(child)
        let safe = root.safeAreaLayoutGuide
        NSLayoutConstraint.activate([
            child.leadingAnchor.constraint(equalTo: safe.leadingAnchor), child.trailingAnchor.constraint(equalTo: safe.trailingAnchor),
            child.topAnchor.constraint(equalTo: safe.topAnchor), child.bottomAnchor.constraint(equalTo: safe.bottomAnchor),
        ])
        window.layoutIfNeeded()
        #expect(child.frame == CGRect(x: 0, y: 47, width: 390, height: 763))
    }

    /// Right to left, leading is the right edge and a positive constant moves toward the left:
    /// leading 16 and width 100 in 390 pt put the view at x = 390 − 16 − 100 = 274.
    @Test func leadingIsTheRightEdgeRightToLeft() {
        let (container, child) = container()
        container.semanticContentAttribute = .forceRightToLeft
        child.semanticContentAttribute = .forceRightToLeft
        NSLayoutConstraint.activate([
            child.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 16),
            child.widthAnchor.constraint(equalToConstant: 100), child.heightAnchor.constraint(equalToConstant: 10),
            child.topAnchor.constraint(equalTo: container.topAnchor),
        ])
        container.layoutIfNeeded()
        #expect(child.frame == CGRect(x: 274, y: 0, width: 100, height: 10))
    }

    /// A content view (translating its frame) holding a 100 × 20 box with 12 pt all round fits
    /// a 390-wide cell at 20 + 24 = 44 pt; compressed, it is 124 × 44.
    @Test func systemLayoutSizeFitting() {
        let contentView = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 10))
        let box = Box(100, 20)
        contentView.addSubview(box)
        NSLayoutConstraint.activate([
            box.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 12),
            box.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -12),
            box.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 12),
            box.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -12),
        ])
        let fitted = contentView.systemLayoutSizeFitting(CGSize(width: 390, height: 0), withHorizontalFittingPriority: .required,
                                                         verticalFittingPriority: .fittingSizeLevel)
        #expect(fitted == CGSize(width: 390, height: 44))
        #expect(contentView.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize) == CGSize(width: 124, height: 44))
        #expect(contentView.frame.size == CGSize(width: 320, height: 10))   // fitting does not lay out
    }

    /// Two required widths that disagree: UIKit keeps the first, breaks the second, says so
    /// once, and does not crash.
    @Test func anUnsatisfiableConstraintIsBrokenAndReported() {
        UIApplication.withNewApplication {
            let (container, child) = container()
            NSLayoutConstraint.activate([child.widthAnchor.constraint(equalToConstant: 100), child.heightAnchor.constraint(equalToConstant: 10),
                                         child.leadingAnchor.constraint(equalTo: container.leadingAnchor),
                                         child.topAnchor.constraint(equalTo: container.topAnchor)])
            container.layoutIfNeeded()
            let conflicting = child.widthAnchor.constraint(equalToConstant: 200)
            conflicting.identifier = "too-wide"
            conflicting.isActive = true
            container.layoutIfNeeded()
            #expect(child.frame.width == 100)
            let issues = UIApplication.shared.layoutIssues
            #expect(issues.count == 1)
            #expect(issues.first?.hasPrefix("Unable to simultaneously satisfy constraints.") == true)
            #expect(issues.first?.contains("Will attempt to recover by breaking constraint\n<NSLayoutConstraint 'too-wide' UIView.width == 200   (active)>") == true,
                    "\(issues)")
            // It stays broken, reported once, through later layouts; given a constant that agrees,
            // it holds again (and 100 == 100 twice is no conflict).
            container.setNeedsLayout()
            container.layoutIfNeeded()
            #expect(UIApplication.shared.layoutIssues.count == 1)
            conflicting.constant = 120
            container.layoutIfNeeded()
            #expect(child.frame.width == 100 && UIApplication.shared.layoutIssues.count == 2)   // 120: broken again, a new message
            conflicting.constant = 100
            container.layoutIfNeeded()
            #expect(child.frame.width == 100 && UIApplication.shared.layoutIssues.count == 2)
        }
    }

    /// A constraint in the engine whose new constant cannot be satisfied is broken and reported
    /// like a new one; the engine forgets it, so removing the view afterwards takes every other
    /// constraint on it out of the solver (a stale one used to stop the whole removal).
    @Test func aConstantThatCannotHoldBreaksItsConstraint() {
        UIApplication.withNewApplication {
            let (container, child) = container()
            let width = child.widthAnchor.constraint(equalToConstant: 100)
            NSLayoutConstraint.activate([width, child.widthAnchor.constraint(lessThanOrEqualToConstant: 150),
                                         child.heightAnchor.constraint(equalToConstant: 10),
                                         child.leadingAnchor.constraint(equalTo: container.leadingAnchor),
                                         child.topAnchor.constraint(equalTo: container.topAnchor)])
            container.layoutIfNeeded()
            width.constant = 200
            container.layoutIfNeeded()
            #expect(child.frame.width <= 150)
            #expect(UIApplication.shared.layoutIssues.count == 1)
            #expect(UIApplication.shared.layoutIssues.first?.contains("breaking constraint\n<NSLayoutConstraint UIView.width == 200") == true)
            let engine = try! #require(container.hierarchyEngine)
            let before = engine.statistics.constraintsRemoved
            child.removeFromSuperview()
            // Out go the leading and top constraints (held by the container) and the child's own
            // four: its two widths but the broken one, its height, and nothing else of it is left.
            #expect(engine.statistics.constraintsRemoved > before)
            // The container's frame: four constraints, each held as two inequalities (ready to
            // change without a rebuild), eight constant rows.
            #expect(engine.statistics.rows == 8)
        }
    }

    /// Removing a view from its superview deactivates the constraints that tie it to the rest and
    /// keeps those inside it.
    @Test func removingAViewDeactivatesItsOutsideConstraints() {
        let (container, child) = container()
        let grandchild = UIView()
        grandchild.translatesAutoresizingMaskIntoConstraints = false
        child.addSubview(grandchild)
        let outside = child.topAnchor.constraint(equalTo: container.topAnchor)
        let inside = grandchild.topAnchor.constraint(equalTo: child.topAnchor)
        NSLayoutConstraint.activate([outside, inside])
        container.layoutIfNeeded()
        child.removeFromSuperview()
        #expect(!outside.isActive && inside.isActive)
    }

    /// updateConstraints runs on the views that use constraints, subviews before superviews, once
    /// per request.
    @Test func updateConstraintsRunsSubviewsFirst() {
        final class Logging: UIView {
            var log: (String) -> Void = { _ in }
            var name = ""
            override func updateConstraints() {
                log(name)
                super.updateConstraints()
            }
        }
        var order: [String] = []
        let parent = Logging(frame: CGRect(x: 0, y: 0, width: 100, height: 100)), child = Logging()
        parent.name = "parent"
        child.name = "child"
        parent.log = { order.append($0) }
        child.log = { order.append($0) }
        parent.addSubview(child)
        child.translatesAutoresizingMaskIntoConstraints = false
        NSLayoutConstraint.activate([child.widthAnchor.constraint(equalTo: parent.widthAnchor)])
        parent.layoutIfNeeded()
        #expect(order == ["child", "parent"])   // the parent holds the constraint: it uses Auto Layout
        child.setNeedsUpdateConstraints()
        parent.setNeedsUpdateConstraints()
        parent.layoutIfNeeded()
        #expect(order == ["child", "parent", "child", "parent"])
        parent.layoutIfNeeded()
        #expect(order.count == 4)
    }

    /// A view whose class requires constraint-based layout, alone in a window with no constraint,
    /// gets `updateConstraints()` at the first layout and again after each
    /// `setNeedsUpdateConstraints()` + `updateConstraintsIfNeeded()`, as UIKit calls it.
    @Test func requiresConstraintBasedLayoutAloneGetsUpdateConstraints() {
        final class Requiring: UIView {
            var calls = 0
            override class var requiresConstraintBasedLayout: Bool { true }
            override func updateConstraints() {
                calls += 1
                super.updateConstraints()
            }
        }
        UIApplication.withNewApplication {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            defer { withExtendedLifetime(window) {} }
            let view = Requiring(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            window.addSubview(view)
            window.makeKeyAndVisible()
            window.layoutIfNeeded()
            #expect(view.calls == 1)
            window.layoutIfNeeded()
            #expect(view.calls == 1)
            view.setNeedsUpdateConstraints()
            view.updateConstraintsIfNeeded()
            #expect(view.calls == 2)
            view.setNeedsUpdateConstraints()
            view.updateConstraintsIfNeeded()
            #expect(view.calls == 3)
        }
    }

    /// A view that asks for `updateConstraints()` in its own `layoutSubviews()` and runs it at
    /// once, remaking the same constraints there (Eureka's field cells do): the view is laid out
    /// once in the pass and not again in the next, as on iOS, where it is the window that
    /// `setNeedsUpdateConstraints()` marks. It used to mark the view, laying it out again
    /// without end. Its label is 16 pt in from the left, 120 − 32 = 88 pt wide.
    @Test func updatingConstraintsDuringLayoutLaysOutOnce() {
        final class FieldCell: UIView {
            let label = UILabel()
            var dynamic: [NSLayoutConstraint] = []
            var layouts = 0, updates = 0
            override func updateConstraints() {
                updates += 1
                removeConstraints(dynamic)
                dynamic = NSLayoutConstraint.constraints(withVisualFormat: "H:|-16-[label]-16-|", options: [], metrics: nil, views: ["label": label])
                    + NSLayoutConstraint.constraints(withVisualFormat: "V:|-[label]-|", options: [], metrics: nil, views: ["label": label])
                addConstraints(dynamic)
                super.updateConstraints()
            }
            override func layoutSubviews() {
                super.layoutSubviews()
                layouts += 1
                defer {
                    setNeedsUpdateConstraints()
                    updateConstraintsIfNeeded()
                }
            }
        }
        UIApplication.withNewApplication {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            defer { withExtendedLifetime(window) {} }
            let cell = FieldCell(frame: CGRect(x: 0, y: 100, width: 120, height: 44))
            cell.label.translatesAutoresizingMaskIntoConstraints = false
            cell.addSubview(cell.label)
            window.addSubview(cell)
            window.makeKeyAndVisible()
            _ = window.layoutPass()
            #expect(cell.layouts == 1 && cell.updates == 2)
            #expect(cell.label.frame.minX == 16 && cell.label.frame.width == 88)
            #expect(window.layoutPass() == 0 && cell.layouts == 1)
            cell.frame.size.width = 200   // a new width lays it out again, once
            _ = window.layoutPass()
            #expect(cell.layouts == 2 && cell.label.frame.width == 168)
        }
    }

    /// A bar pinned to the bottom of a full-screen view (InputBarAccessoryView in MessageKit),
    /// 48 pt of intrinsic height at hugging 250, keeps its content 6 pt above its safe area's
    /// bottom (≤, required), the content holding a 36 pt field (compression 750). The bar's
    /// safe area is known only once layout has put it over the home indicator (34 pt): the guide
    /// then follows and the bar grows to 6 + 36 + 6 + 34 = 82 pt, its top at 844 − 82 = 762 and
    /// the field at 768, in the same layout. The guide used to keep the insets of the bar's
    /// first, zero frame: the field hung 34 pt over the home indicator.
    @Test func aBarOverTheHomeIndicatorGrowsByItsSafeArea() {
        final class Bar: UIView { override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: 48) } }
        final class Field: UIView { override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: 36) } }
        UIApplication.withNewApplication {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            defer { withExtendedLifetime(window) {} }
            let root = UIViewController()
            window.rootViewController = root
            window.makeKeyAndVisible()
            let container = UIView(), bar = Bar(), content = UIView(), field = Field()
            for view in [container, bar, content, field] { view.translatesAutoresizingMaskIntoConstraints = false }
            root.view.addSubview(container)
            container.addSubview(bar)
            bar.addSubview(content)
            content.addSubview(field)
            NSLayoutConstraint.activate([
                container.bottomAnchor.constraint(equalTo: root.view.bottomAnchor),
                container.leftAnchor.constraint(equalTo: root.view.leftAnchor),
                container.rightAnchor.constraint(equalTo: root.view.rightAnchor),
                bar.topAnchor.constraint(equalTo: container.topAnchor), bar.bottomAnchor.constraint(equalTo: container.bottomAnchor),
                bar.leadingAnchor.constraint(equalTo: container.leadingAnchor), bar.trailingAnchor.constraint(equalTo: container.trailingAnchor),
                content.topAnchor.constraint(equalTo: bar.topAnchor, constant: 6),
                content.bottomAnchor.constraint(lessThanOrEqualTo: bar.safeAreaLayoutGuide.bottomAnchor, constant: -6),
                content.leftAnchor.constraint(equalTo: bar.leftAnchor, constant: 12), content.rightAnchor.constraint(equalTo: bar.rightAnchor, constant: -12),
                field.topAnchor.constraint(equalTo: content.topAnchor), field.bottomAnchor.constraint(equalTo: content.bottomAnchor),
                field.leftAnchor.constraint(equalTo: content.leftAnchor), field.rightAnchor.constraint(equalTo: content.rightAnchor),
            ])
            window.layoutIfNeeded()
            #expect(bar.safeAreaInsets.bottom == 34)
            #expect(container.frame == CGRect(x: 0, y: 762, width: 390, height: 82))
            #expect(field.convert(field.bounds, to: nil) == CGRect(x: 12, y: 768, width: 366, height: 36))
            #expect(UIApplication.shared.layoutIssues.isEmpty)
        }
    }

    /// A view that fills its superview by its autoresizing mask (flexible width and height, as
    /// a visual-effect view's or a cell's content view) follows the superview's size in the same
    /// solve, as UIKit's autoresizing-mask constraints do: a 36 pt field pinned inside it sizes
    /// the outer view, 36 pt high, and the filler gets 390 × 36 at once. With its frame fixed
    /// (0 × 0 when first translated), the field was squeezed to nothing and the outer view with it.
    @Test func aFillerByAutoresizingGrowsWithItsSuperviewInOneSolve() {
        final class Field: UIView { override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: 36) } }
        UIApplication.withNewApplication {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            defer { withExtendedLifetime(window) {} }
            let outer = UIView(), filler = UIView(frame: .zero), field = Field()
            outer.translatesAutoresizingMaskIntoConstraints = false
            filler.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            field.translatesAutoresizingMaskIntoConstraints = false
            window.addSubview(outer)
            outer.addSubview(filler)
            filler.addSubview(field)
            NSLayoutConstraint.activate([
                outer.topAnchor.constraint(equalTo: window.topAnchor, constant: 100),
                outer.leftAnchor.constraint(equalTo: window.leftAnchor), outer.rightAnchor.constraint(equalTo: window.rightAnchor),
                field.topAnchor.constraint(equalTo: filler.topAnchor), field.bottomAnchor.constraint(equalTo: filler.bottomAnchor),
                field.leftAnchor.constraint(equalTo: filler.leftAnchor, constant: 8), field.rightAnchor.constraint(equalTo: filler.rightAnchor, constant: -8),
            ])
            window.makeKeyAndVisible()
            window.layoutIfNeeded()
            #expect(outer.frame == CGRect(x: 0, y: 100, width: 390, height: 36))
            #expect(filler.frame == CGRect(x: 0, y: 0, width: 390, height: 36))
            #expect(field.frame == CGRect(x: 8, y: 0, width: 374, height: 36))
            filler.autoresizingMask = []   // fixed again: the field keeps the filler's frame
            window.layoutIfNeeded()
            #expect(filler.frame == CGRect(x: 0, y: 0, width: 390, height: 36) && field.frame.height == 36)
        }
    }

    /// A view centred at y = 343.5 with a height of 58/3 on a @3x screen: its top is
    /// 343.5 − 29/3 = 333.8333… pt = 1001.5 px and its bottom 353.1666… pt = 1059.5 px, both
    /// exact ties, which UIKit rounds up: 1002 px and 1060 px, so the frame is 1002/3 pt from the
    /// top and still 58/3 pt high (in floating point the top is 1001.4999… px, which used to
    /// round down to 1001 px and make the view 59/3 high).
    @Test func halfPixelTiesRoundToTheUpperPixel() {
        let (container, child) = container(width: 390, height: 687)
        NSLayoutConstraint.activate([
            child.centerYAnchor.constraint(equalTo: container.centerYAnchor),
            child.heightAnchor.constraint(equalToConstant: 58.0 / 3),
            child.leadingAnchor.constraint(equalTo: container.leadingAnchor),
            child.widthAnchor.constraint(equalToConstant: 100),
        ])
        container.layoutIfNeeded()
        #expect(abs(child.frame.minY - 1002.0 / 3) < 1e-9, "\(child.frame.minY * 3) px")
        #expect(abs(child.frame.height - 58.0 / 3) < 1e-9, "\(child.frame.height * 3) px")
    }

    /// A label's intrinsic size is its text's, each side rounded up to the pixel; setting its
    /// text re-lays it out; its baseline aligns with another's.
    @Test func labelsSizeToTheirText() {
        let (container, _) = container()
        let label = UILabel()
        label.text = "Inbox"
        label.translatesAutoresizingMaskIntoConstraints = false
        container.addSubview(label)
        NSLayoutConstraint.activate([label.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 20),
                                     label.topAnchor.constraint(equalTo: container.topAnchor, constant: 20)])
        container.layoutIfNeeded()
        let size = label.intrinsicContentSize
        #expect(size.width > 0 && size.height > 0)
        // On the pixel grid: 20 + 20.333 pt is 121 px, so the frame's height is 121/3 − 20 (equal
        // to the intrinsic height but for the last bit of a double).
        #expect(label.frame.isApproximatelyEqual(to: CGRect(origin: CGPoint(x: 20, y: 20), size: size), tolerance: 1e-9))
        #expect(abs(size.height - 61.0 / 3) < 1e-9)   // 17 pt: 20.287… rounded up to the pixel
        label.text = "Inbox and more"
        container.layoutIfNeeded()
        #expect(label.frame.size.isApproximatelyEqual(to: label.intrinsicContentSize, tolerance: 1e-9) && label.frame.width > size.width)
    }

    /// A view with a width, a height and a leading edge but no vertical position is ambiguous;
    /// given a top it is not. Two boxes hugging at the same priority in a row wider than both are
    /// (either could stretch); at 250 and 251 they are not. Asking changes no frame.
    @Test func ambiguousLayoutIsFound() {
        let (container, child) = container()
        NSLayoutConstraint.activate([child.widthAnchor.constraint(equalToConstant: 100), child.heightAnchor.constraint(equalToConstant: 10),
                                     child.leadingAnchor.constraint(equalTo: container.leadingAnchor)])
        container.layoutIfNeeded()
        #expect(child.hasAmbiguousLayout)
        child.topAnchor.constraint(equalTo: container.topAnchor, constant: 5).isActive = true
        container.layoutIfNeeded()
        #expect(!child.hasAmbiguousLayout && !container.hasAmbiguousLayout)

        let row = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        let a = Box(50, 20), b = Box(70, 20)
        row.addSubview(a)
        row.addSubview(b)
        NSLayoutConstraint.activate([
            a.leadingAnchor.constraint(equalTo: row.leadingAnchor), b.leadingAnchor.constraint(equalTo: a.trailingAnchor, constant: 8),
            b.trailingAnchor.constraint(equalTo: row.trailingAnchor),
            a.topAnchor.constraint(equalTo: row.topAnchor), b.topAnchor.constraint(equalTo: row.topAnchor),
        ])
        row.layoutIfNeeded()
        let frames = (a.frame, b.frame)
        #expect(a.hasAmbiguousLayout && b.hasAmbiguousLayout)
        row.layoutIfNeeded()
        #expect(a.frame == frames.0 && b.frame == frames.1)
        b.setContentHuggingPriority(UILayoutPriority(251), for: .horizontal)
        row.layoutIfNeeded()
        #expect(!a.hasAmbiguousLayout && !b.hasAmbiguousLayout)
    }

    /// A view whose alignment rectangle is inset from its frame (a badge with a shadow: top 2,
    /// left 4, bottom 6, right 8). Constraints place the alignment rectangle, and the intrinsic
    /// size is its size (Auto Layout Guide, "Alignment Rect"): pinned at leading 16, top 100 with
    /// an intrinsic 40 × 20, the rectangle is (16, 100, 40, 20) and the frame (16 − 4, 100 − 2,
    /// 40 + 12, 20 + 8) = (12, 98, 52, 28). A subview pinned to the badge's top and leading edges
    /// sits at the rectangle's corner in the badge's bounds, (4, 2); the badge's fitting size is
    /// its frame's, 52 × 28.
    @Test func constraintsPlaceTheAlignmentRectangle() {
        final class Badge: UIView {
            override var alignmentRectInsets: UIEdgeInsets { UIEdgeInsets(top: 2, left: 4, bottom: 6, right: 8) }
            override var intrinsicContentSize: CGSize { CGSize(width: 40, height: 20) }
        }
        let (container, _) = container()
        let badge = Badge()
        badge.translatesAutoresizingMaskIntoConstraints = false
        container.addSubview(badge)
        let dot = UIView()
        dot.translatesAutoresizingMaskIntoConstraints = false
        badge.addSubview(dot)
        NSLayoutConstraint.activate([
            badge.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 16),
            badge.topAnchor.constraint(equalTo: container.topAnchor, constant: 100),
            dot.leadingAnchor.constraint(equalTo: badge.leadingAnchor), dot.topAnchor.constraint(equalTo: badge.topAnchor),
            dot.widthAnchor.constraint(equalToConstant: 10), dot.heightAnchor.constraint(equalToConstant: 10),
        ])
        container.layoutIfNeeded()
        #expect(badge.frame == CGRect(x: 12, y: 98, width: 52, height: 28))
        #expect(badge.alignmentRect(forFrame: badge.frame) == CGRect(x: 16, y: 100, width: 40, height: 20))
        #expect(badge.frame(forAlignmentRect: CGRect(x: 16, y: 100, width: 40, height: 20)) == badge.frame)
        #expect(dot.frame == CGRect(x: 4, y: 2, width: 10, height: 10))
        #expect(badge.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize) == CGSize(width: 52, height: 28))

        // A badge that translates its frame keeps it: its alignment rectangle (24, 52, 40, 20)
        // places a sibling pinned to its trailing edge at x = 24 + 40 + 10 = 74.
        let framed = Badge(frame: CGRect(x: 20, y: 50, width: 52, height: 28))
        container.addSubview(framed)
        let sibling = UIView()
        sibling.translatesAutoresizingMaskIntoConstraints = false
        container.addSubview(sibling)
        NSLayoutConstraint.activate([
            sibling.leadingAnchor.constraint(equalTo: framed.trailingAnchor, constant: 10),
            sibling.topAnchor.constraint(equalTo: framed.topAnchor),
            sibling.widthAnchor.constraint(equalToConstant: 5), sibling.heightAnchor.constraint(equalToConstant: 5),
        ])
        container.layoutIfNeeded()
        #expect(framed.frame == CGRect(x: 20, y: 50, width: 52, height: 28))
        #expect(sibling.frame == CGRect(x: 74, y: 52, width: 5, height: 5))
    }

    /// A button's intrinsic size is its title's plus its content insets: "Send" at 17 pt with
    /// insets 8, 16, 8, 16 is the title's width + 32 by 20⅓ + 16; a longer title widens it.
    @Test func buttonsSizeToTheirTitles() {
        let (container, _) = container()
        let button = UIButton()
        button.setTitle("Send", for: .normal)
        button.contentEdgeInsets = UIEdgeInsets(top: 8, left: 16, bottom: 8, right: 16)
        button.translatesAutoresizingMaskIntoConstraints = false
        container.addSubview(button)
        NSLayoutConstraint.activate([button.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 20),
                                     button.topAnchor.constraint(equalTo: container.topAnchor, constant: 40)])
        container.layoutIfNeeded()
        let title = button.titleLabel!.intrinsicContentSize
        #expect(abs(title.height - 61.0 / 3) < 1e-9 && title.width > 0)
        #expect(button.frame.isApproximatelyEqual(to: CGRect(x: 20, y: 40, width: title.width + 32, height: 61.0 / 3 + 16), tolerance: 1e-9))
        #expect(button.titleLabel!.frame.isApproximatelyEqual(to: CGRect(x: 16, y: 8, width: title.width, height: 61.0 / 3), tolerance: 1e-9))
        button.setTitle("Send to everyone", for: .normal)
        container.layoutIfNeeded()
        #expect(button.frame.width > title.width + 32 && abs(button.frame.width - (button.titleLabel!.intrinsicContentSize.width + 32)) < 1e-9)
        #expect(button.titleLabel!.lineBreakMode == .byTruncatingMiddle)
    }
}
