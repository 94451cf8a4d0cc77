// Eureka's providers (Core/Core.swift, Core/HeaderFooterView.swift) and a form's own classes, as
// iOS code writes them: each provider makes a controller, a view or a cell whose class it knows
// only as a generic parameter, through a metatype with a UIKit initializer that is not required.
// Swift on Linux rejects that; the UISimPort plugin ports this folder as the target builds
// (MetatypeConstructionClientTests.swift runs the port's output).
import UIKit

/// Eureka's `ControllerProvider`.
public enum EurekaStyleControllerProvider<VCType: UIViewController> {
    case callback(builder: (() -> VCType))
    case nibFile(name: String, bundle: Bundle?)

    func makeController() -> VCType {
        switch self {
            case .callback(let builder):
                return builder()
            case .nibFile(let nibName, let bundle):
                return VCType.init(nibName: nibName, bundle:bundle ?? Bundle(for: VCType.self))
        }
    }
}

/// Eureka's `HeaderFooterProvider`.
public enum EurekaStyleHeaderFooterProvider<ViewType: UIView> {
    case `class`
    case callback(() -> ViewType)

    internal func createView() -> ViewType {
        switch self {
            case .class:
                return ViewType()
            case .callback(let builder):
                return builder()
        }
    }
}

/// A form's cell class, whose rows make their cells by their type.
open class FormCell: UITableViewCell {
    public private(set) var madeWith: UITableViewCell.CellStyle?

    public override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        madeWith = style
        super.init(style: style, reuseIdentifier: reuseIdentifier)
    }

    required public init?(coder aDecoder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

/// A row of a cell class, as Eureka's `CellProvider` makes its cell.
final class FormRow<Cell: FormCell> {
    func makeCell(style: UITableViewCell.CellStyle) -> Cell {
        return Cell.init(style: style, reuseIdentifier: nil)
    }
}

/// A table's registration of a cell class by its type, made by the metatype value.
func dequeueFresh(_ cellClass: UITableViewCell.Type, identifier: String) -> UITableViewCell {
    return cellClass.init(style: .default, reuseIdentifier: identifier)
}

/// The app's screens and views, which the providers make.
final class ProfileViewController: UIViewController {
    private(set) var initializedWithNib: String?

    override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        initializedWithNib = nibNameOrNil
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

class SettingsViewController: UIViewController {
    var rows: [String] = ["Notifications"]
}

final class BannerView: UIView {
    private(set) var configured = false

    override init(frame: CGRect) {
        super.init(frame: frame)
        configured = true
        backgroundColor = .systemBlue
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

/// A view whose `init()` is its own: a metatype's `ViewType()` calls it.
final class SpacerView: UIView {
    let height: CGFloat

    init() {
        height = 12
        super.init(frame: CGRect(x: 0, y: 0, width: 0, height: 12))
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

final class SwitchCell: FormCell {
    let toggle = UISwitch()

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        accessoryView = toggle
    }

    required init?(coder aDecoder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}
