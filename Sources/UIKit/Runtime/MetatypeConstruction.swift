import Foundation

// Construction through a metatype, which iOS code does with UIKit's initializers (Eureka's
// `VCType.init(nibName: name, bundle: bundle)` and `ViewType()` for generic parameters, a table's
// `cellClass.init(style: .default, reuseIdentifier: id)`): the Objective-C runtime dispatches them
// to the class the metatype holds. Swift calls only a `required` initializer through a metatype,
// and UIKit's cannot be required (every subclass with an initializer of its own would have to
// repeat them). So `uisim port` writes such a call as `VCType._metatypeInit(nibName: name, bundle:
// bundle)`, a class method UIView, UIViewController, UITableViewCell and
// UITableViewHeaderFooterView declare for each initializer, and gives every class of the sources
// it ports an override that makes that class itself (`Sources/Port/MetatypeConstruction.swift`).
// UIKit's methods, here, make UIKit's own classes; a class no override claimed (a subclass in a
// file port did not port, or one without that initializer) stops with its name, rather than
// silently becoming its superclass.

/// The UIKit classes `_metatypeInit` makes, by the initializer (each class that has it, by its
/// constructor: the key is the type it makes).
@MainActor
enum MetatypeConstruction {
    /// UIKit's views that have `init(frame:)`, declared or inherited.
    static let framedViews: [ObjectIdentifier: @MainActor (CGRect) -> UIView] = [
        entry(UIView.init(frame:)), entry(UIActivityIndicatorView.init(frame:)), entry(UIButton.init(frame:)),
        entry(UICollectionReusableView.init(frame:)), entry(UICollectionViewCell.init(frame:)), entry(UICollectionViewListCell.init(frame:)),
        entry(UIControl.init(frame:)), entry(UIDatePicker.init(frame:)), entry(UIImageView.init(frame:)), entry(UILabel.init(frame:)),
        entry(UINavigationBar.init(frame:)), entry(UIPageControl.init(frame:)), entry(UIPickerView.init(frame:)),
        entry(UIProgressView.init(frame:)), entry(UIRefreshControl.init(frame:)), entry(UIScrollView.init(frame:)),
        entry(UISegmentedControl.init(frame:)), entry(UISlider.init(frame:)), entry(UIStackView.init(frame:)),
        entry(UIStepper.init(frame:)), entry(UISwitch.init(frame:)), entry(UITabBar.init(frame:)), entry(UITableView.init(frame:)),
        entry(UITableViewCell.init(frame:)), entry(UITextField.init(frame:)), entry(UITextView.init(frame:)),
        entry(UIToolbar.init(frame:)), entry(UIVisualEffectView.init(frame:)), entry(UIWindow.init(frame:)),
    ].reduce(into: [:]) { $0[$1.0] = $1.1 }

    /// UIKit's view controllers that have `init(nibName:bundle:)`, declared or inherited.
    static let nibControllers: [ObjectIdentifier: @MainActor (String?, Bundle?) -> UIViewController] = [
        entry(UIViewController.init(nibName:bundle:)), entry(UIAlertController.init(nibName:bundle:)),
        entry(UINavigationController.init(nibName:bundle:)), entry(UITabBarController.init(nibName:bundle:)),
        entry(UITableViewController.init(nibName:bundle:)),
    ].reduce(into: [:]) { $0[$1.0] = $1.1 }

    /// A constructor keyed by the class it makes (so a key cannot name another class than its constructor's).
    private static func entry<View: UIView>(_ make: @escaping @MainActor (CGRect) -> View) -> (ObjectIdentifier, @MainActor (CGRect) -> UIView) {
        (ObjectIdentifier(View.self), make)
    }

    private static func entry<Controller: UIViewController>(_ make: @escaping @MainActor (String?, Bundle?) -> Controller)
        -> (ObjectIdentifier, @MainActor (String?, Bundle?) -> UIViewController) {
        (ObjectIdentifier(Controller.self), make)
    }

    static func view<View: UIView>(_ type: View.Type, frame: CGRect) -> View {
        guard let make = framedViews[ObjectIdentifier(type)] else { unclaimed(type, "init(frame:)") }
        return make(frame) as! View
    }

    /// `init()`: a cell's, a reusable view's and a header's is required, so the class's own is
    /// called; any other view's is UIKit's `-init`, `init(frame: .zero)` through the class's hook.
    static func view<View: UIView>(_ type: View.Type) -> View {
        if let cell = type as? UITableViewCell.Type { return cell.init() as! View }
        if let reusable = type as? UICollectionReusableView.Type { return reusable.init() as! View }
        if let header = type as? UITableViewHeaderFooterView.Type { return header.init() as! View }
        return type._metatypeInit(frame: .zero)
    }

    static func controller<Controller: UIViewController>(_ type: Controller.Type, nibName: String?, bundle: Bundle?) -> Controller {
        guard let make = nibControllers[ObjectIdentifier(type)] else { unclaimed(type, "init(nibName:bundle:)") }
        return make(nibName, bundle) as! Controller
    }

    /// The stop for a class that no `_metatypeInit` override made, with its name and why.
    static func unclaimed(_ type: AnyClass, _ initializer: String) -> Never {
        let name = String(reflecting: type)
        fatalError("\(name) made through its metatype with \(initializer): Swift on Linux calls only a required initializer through a "
                   + "metatype, and no _metatypeInit override made \(name). `uisim port` writes one into each class of the sources it "
                   + "ports for the initializers the class has: port the file that declares \(name) (or give \(name) \(initializer)).")
    }
}
