import Foundation
import Testing
@testable import UIKit

/// Auto Layout's visual format language, with frames worked out by hand from Apple's grammar and
/// its standard spaces (8 pt between views, 20 pt to the superview's edge).
@Suite struct VisualFormatTests {
    /// A 320 × 480 container (no margins needed: the format's spaces are constants) and views in it.
    func container(_ names: [String]) -> (UIView, [String: UIView]) {
        let box = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        var views: [String: UIView] = [:]
        for name in names {
            let view = UIView()
            view.translatesAutoresizingMaskIntoConstraints = false
            box.addSubview(view)
            views[name] = view
        }
        return (box, views)
    }

    func activate(_ formats: [String], _ views: [String: UIView], options: NSLayoutConstraint.FormatOptions = [],
                  metrics: [String: Any]? = nil) {
        for format in formats {
            NSLayoutConstraint.activate(NSLayoutConstraint.constraints(withVisualFormat: format, options: options, metrics: metrics, views: views))
        }
    }

    /// "|-[a(>=50@750)]-8-[b(==a)]-|": 20 + a + 8 + b + 20 = 320 with a = b, so both 136 wide,
    /// at 20 and 164; "V:|-10-[a(44)]" and "V:|-10-[b(==a)]": both 44 high at 10.
    @Test func standardSpacesSizesAndEqualWidths() {
        let (box, v) = container(["a", "b"])
        activate(["H:|-[a(>=50@750)]-8-[b(==a)]-|", "V:|-10-[a(44)]", "V:|-10-[b(==a)]"], v)
        box.layoutIfNeeded()
        #expect(v["a"]!.frame == CGRect(x: 20, y: 10, width: 136, height: 44))
        #expect(v["b"]!.frame == CGRect(x: 164, y: 10, width: 136, height: 44))
    }

    /// The constraints as UIKit makes them: the later view's leading edge from the earlier one's
    /// trailing edge, the superview's trailing edge from the last view's.
    @Test func theConstraintsAreUIKits() throws {
        let (box, v) = container(["a", "b"])
        let made = NSLayoutConstraint.constraints(withVisualFormat: "|-[a]-[b]-|", metrics: nil, views: v)
        #expect(made.count == 3)
        let first = try #require(made.first { $0.firstItem === v["a"] })
        #expect(first.firstAttribute == .leading && first.secondItem === box && first.secondAttribute == .leading && first.constant == 20)
        let between = try #require(made.first { $0.firstItem === v["b"] })
        #expect(between.firstAttribute == .leading && between.secondItem === v["a"] && between.secondAttribute == .trailing && between.constant == 8)
        let last = try #require(made.first { $0.firstItem === box })
        #expect(last.firstAttribute == .trailing && last.secondItem === v["b"] && last.constant == 20 && last.relation == .equal)
        #expect(made.allSatisfy { !$0.isActive && $0.priority == .required })
    }

    /// Flush views and metrics: "|[c(w)][d]|" with w = 100: c at 0, 100 wide; d from 100 to 320.
    /// Relations and priorities in a connection: "-(>=15@300)-" is one constraint, ≥ 15 at 300.
    @Test func flushViewsMetricsAndPredicates() {
        let (box, v) = container(["c", "d"])
        activate(["H:|[c(w)][d]|", "V:|[c(20)]", "V:|[d(20)]"], v, metrics: ["w": 100])
        box.layoutIfNeeded()
        #expect(v["c"]!.frame == CGRect(x: 0, y: 0, width: 100, height: 20))
        #expect(v["d"]!.frame == CGRect(x: 100, y: 0, width: 220, height: 20))
        let spaced = NSLayoutConstraint.constraints(withVisualFormat: "H:[c]-(>=15@300)-[d]", metrics: nil, views: v)
        #expect(spaced.count == 1 && spaced[0].relation == .greaterThanOrEqual && spaced[0].constant == 15 && spaced[0].priority.rawValue == 300)
        let bounded = NSLayoutConstraint.constraints(withVisualFormat: "H:[c(>=70,<=100)]", metrics: nil, views: v)
        #expect(bounded.map(\.relation) == [.greaterThanOrEqual, .lessThanOrEqual] && bounded.map(\.constant) == [70, 100])
    }

    /// .alignAllCenterY: f's centre on e's; e is 20 high at 100 (centre 110), so f, 40 high, is at 90.
    @Test func alignmentOptions() {
        let (box, v) = container(["e", "f"])
        activate(["H:|-[e(60)]-[f(80)]"], v, options: .alignAllCenterY)
        activate(["V:|-100-[e(20)]", "V:[f(40)]"], v)
        box.layoutIfNeeded()
        #expect(v["e"]!.frame == CGRect(x: 20, y: 100, width: 60, height: 20))
        #expect(v["f"]!.frame == CGRect(x: 88, y: 90, width: 80, height: 40))
    }

    /// Right to left: the first view against the right edge. g: right at 320 − 10, so x 260;
    /// h: 5 to its left, right at 255, so x 225.
    @Test func rightToLeft() {
        let (box, v) = container(["g", "h"])
        activate(["H:|-10-[g(50)]-5-[h(30)]"], v, options: .directionRightToLeft)
        activate(["V:|[g(10)]", "V:|[h(10)]"], v)
        box.layoutIfNeeded()
        #expect(v["g"]!.frame.minX == 260 && v["h"]!.frame.minX == 225)
        #expect(NSLayoutConstraint.FormatOptions.alignAllCenterY.rawValue == 1024 && NSLayoutConstraint.FormatOptions.directionRightToLeft.rawValue == 2 << 16)
    }

    /// A format that does not parse gets UIKit's message, with the caret under the place.
    @Test func malformedFormatsAreNamed() {
        let (_, v) = container(["box", "a"])
        func error(_ format: String, options: NSLayoutConstraint.FormatOptions = []) -> VisualFormatError? {
            do { _ = try VisualFormat(format, metrics: [:], views: v).constraints(options: options); return nil }
            catch { return error }
        }
        #expect(error("V|[box]|")?.description == "Unable to parse constraint format: \nExpected ':' after 'V' to specify vertical arrangement \nV|[box]| \n ^")
        #expect(error("H:[missing]").map { ($0.reason, $0.position) } ?? ("", 0) == ("missing is not a key in the views dictionary.", 3))
        #expect(error("H:[a(>=50]").map { ($0.reason, $0.position) } ?? ("", 0) == ("Expected ')' to end a predicate list", 9))
        #expect(error("H:[a]-[box", options: []) != nil)
        #expect(error("H:[a]-[box]", options: .alignAllLeading)?.reason == "Options mask required views to be aligned on a horizontal edge, which is not allowed for layout that is also horizontal.")
        #expect(error("H:|-[a]-|")?.reason == nil)
        // One view has nothing to align with: the options are not checked (Eureka's field rows).
        #expect(error("V:|-[a]-|", options: .alignAllLastBaseline) == nil)
        let orphan = UIView()
        do {
            _ = try VisualFormat("H:|[o]", metrics: [:], views: ["o": orphan]).constraints(options: [])
            Issue.record("a view without a superview was laid out against '|'")
        } catch {
            #expect(error.reason == "Unable to interpret '|' character, because the related view doesn't have a superview" && error.position == 2)
        }
    }
}
