import Foundation
import Testing
@testable import UIKit

/// A view as `uisim port` leaves a class it ported: its `_metatypeInit(frame:)` makes itself.
private class PortedBadge: UIView {
    var madeBy = ""
    override init(frame: CGRect) {
        madeBy = "init(frame:)"
        super.init(frame: frame)
    }
    required init?(coder: NSCoder) { fatalError() }
    override class func _metatypeInit(frame: CGRect) -> Self { if self == PortedBadge.self { return PortedBadge(frame: frame) as! Self }; return super._metatypeInit(frame: frame) }
}

/// A subclass of it in a file port never saw: no override of its own.
private final class UnportedBadge: PortedBadge {}

/// A cell whose required `init()` is its own.
private final class CountingCell: UITableViewCell {
    var madeByInit = false
    required init() {
        super.init(style: .value1, reuseIdentifier: nil)
        madeByInit = true
    }
    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) { super.init(style: style, reuseIdentifier: reuseIdentifier) }
    required init?(coder: NSCoder) { fatalError() }
}

/// UIKit's half of construction through a metatype (Runtime/MetatypeConstruction.swift): the
/// hooks `uisim port` calls make UIKit's own classes, a cell's own required `init()`, and stop,
/// naming the class, for a class no port override made.
@Suite struct MetatypeConstructionTests {
    @Test func uikitsClassesAreMadeAsThemselves() {
        let frame = CGRect(x: 0, y: 0, width: 40, height: 20)
        let views: [UIView.Type] = [UIView.self, UILabel.self, UIButton.self, UIImageView.self, UIStackView.self, UITableView.self,
                                    UICollectionViewCell.self, UITableViewCell.self, UITextView.self]
        for type in views {
            let view = type._metatypeInit(frame: frame)
            #expect(Swift.type(of: view) == type && view.frame == frame, "\(type)")
            #expect(Swift.type(of: type._metatypeInit()) == type && type._metatypeInit().frame.origin == .zero, "\(type)")
        }
        let label: UILabel = UILabel._metatypeInit(frame: frame)
        #expect(label.bounds.size == frame.size)
        for type in [UIViewController.self, UINavigationController.self, UITabBarController.self, UITableViewController.self,
                     UIAlertController.self] as [UIViewController.Type] {
            #expect(Swift.type(of: type._metatypeInit(nibName: nil, bundle: nil)) == type, "\(type)")
            #expect(Swift.type(of: type._metatypeInit()) == type, "\(type)")
        }
        let cell = UITableViewCell._metatypeInit(style: .subtitle, reuseIdentifier: "row")
        #expect(cell.reuseIdentifier == "row" && cell.style == .subtitle)
        #expect(UITableViewHeaderFooterView._metatypeInit(reuseIdentifier: "header").reuseIdentifier == "header")
    }

    /// A cell's `init()` is required: the metatype calls the subclass's own, ported or not.
    @Test func aCellsRequiredInitIsItsOwn() {
        let cellClass: UIView.Type = CountingCell.self
        let cell = cellClass._metatypeInit()
        #expect((cell as? CountingCell)?.madeByInit == true)
    }

    @Test func aPortedClassMakesItselfThroughItsOverride() {
        let viewClass: UIView.Type = PortedBadge.self
        let badge = viewClass._metatypeInit()
        #expect((badge as? PortedBadge)?.madeBy == "init(frame:)" && type(of: badge) == PortedBadge.self)
    }

    /// Never its superclass instead: an un-ported subclass passes its superclass's override by
    /// and stops in UIKit's with its name; so does a subclass of UITableViewCell asked for
    /// `init(style:reuseIdentifier:)` without an override.
    @Test func aClassNoOverrideMadeStopsWithItsName() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run { _ = UnportedBadge._metatypeInit(frame: .zero) }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("UnportedBadge made through its metatype with init(frame:)"), "\(message)")
        #expect(message.contains("port the file that declares"), "\(message)")
        await #expect(processExitsWith: .failure) {
            await MainActor.run { _ = CountingCell._metatypeInit(style: .default, reuseIdentifier: nil) }
        }
    }
}
