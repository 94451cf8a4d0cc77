// Code as a Swift 5 app written before Swift concurrency has it, against UIKit whose classes are
// main-actor isolated with @preconcurrency (as the iOS SDK imports NS_SWIFT_UI_ACTOR): it must
// compile in the Swift 5 language mode, as it does against the SDK, with warnings at most.
import XCTest
import UIKit

/// A non-isolated helper that reads a view's frame.
func area(of view: UIView) -> CGFloat { view.frame.width * view.frame.height }

/// A type (not isolated) that holds views in static storage.
enum Palette {
    static let separator = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 1))
    static var cache: [String: UIImage] = [:]
}

/// A delegate and data source with no actor annotation, as Swift 5 code writes them.
final class ListHandler: NSObject, UITableViewDataSource, UITableViewDelegate, UIScrollViewDelegate {
    var offsets: [CGFloat] = []
    let items = ["a", "b", "c"]

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { items.count }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
        cell.textLabel?.text = items[indexPath.row]
        return cell
    }

    func scrollViewDidScroll(_ scrollView: UIScrollView) { offsets.append(scrollView.contentOffset.y) }
}

/// A plain class whose method builds views (no annotation).
final class Builder {
    func makeLabel(_ text: String) -> UILabel {
        let label = UILabel()
        label.text = text
        label.sizeToFit()
        return label
    }
}

/// A subclass overriding as Swift 5 code does.
final class BadgeLabel: UILabel {
    override func layoutSubviews() {
        super.layoutSubviews()
        layer.cornerRadius = bounds.height / 2
    }
}

final class Swift5ClientTests: XCTestCase {
    func testCodeWithoutIsolationAnnotationsRuns() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 30))
        XCTAssertEqual(area(of: view), 600)
        XCTAssertEqual(Palette.separator.frame.height, 1)
        let label = Builder().makeLabel("Inbox")
        XCTAssertGreaterThan(label.frame.width, 0)
        let handler = ListHandler()
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 200))
        table.dataSource = handler
        table.delegate = handler
        table.layoutIfNeeded()
        table.contentOffset = CGPoint(x: 0, y: 5)
        XCTAssertEqual(handler.offsets.last, 5)
        let badge = BadgeLabel(frame: CGRect(x: 0, y: 0, width: 40, height: 20))
        badge.layoutIfNeeded()
        XCTAssertEqual(badge.layer.cornerRadius, 10)
    }
}

// A library's constraints kept on the view it does not own, as SnapKit keeps them (Swift 5: a
// global key, the view touched from code with no isolation annotations).
private var constraintsKey: UInt8 = 0

extension UIView {
    var installedConstraintNames: [String] {
        get { objc_getAssociatedObject(self, &constraintsKey) as? [String] ?? [] }
        set { objc_setAssociatedObject(self, &constraintsKey, newValue, .OBJC_ASSOCIATION_RETAIN_NONATOMIC) }
    }
}

final class AssociatedObjectClientTests: XCTestCase {
    func testAnExtensionKeepsStateOnAView() {
        let view = UIView()
        XCTAssertEqual(view.installedConstraintNames, [])
        view.installedConstraintNames.append("top")
        view.installedConstraintNames.append("leading")
        XCTAssertEqual(view.installedConstraintNames, ["top", "leading"])
        XCTAssertEqual(UIView().installedConstraintNames, [])
    }
}
