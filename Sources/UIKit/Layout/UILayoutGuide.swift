import Foundation

/// A rectangle that takes part in Auto Layout without being a view, as UIKit's `UILayoutGuide`:
/// it has anchors, is placed by constraints in its owning view's coordinates, draws nothing and
/// receives no touches. A view's margins, safe area and readable content are guides UIKit
/// constrains itself (`layoutMarginsGuide`, `safeAreaLayoutGuide`, `readableContentGuide`).
@preconcurrency @MainActor
open class UILayoutGuide: NSObject, LayoutAnchors {
    /// The view the guide belongs to: setting it is the view's `addLayoutGuide(_:)` (nil, the
    /// owner's `removeLayoutGuide(_:)`).
    open var owningView: UIView? {
        get { owner }
        set {
            if let newValue { newValue.addLayoutGuide(self) } else { owner?.removeLayoutGuide(self) }
        }
    }
    weak var owner: UIView?

    /// A name for descriptions and layout issues.
    open var identifier = ""

    /// What the system ties the guide to, for the guides UIKit makes.
    enum Kind {
        case app, margins, safeArea, readableContent, keyboard
    }

    let kind: Kind

    public override init() {
        kind = .app
        super.init()
    }

    init(kind: Kind, identifier: String) {
        self.kind = kind
        self.identifier = identifier
        super.init()
    }

    /// UIKit's initializer from an archive, required as UILayoutGuide is `NSCoding`: a subclass
    /// with an initializer of its own implements it. uisim has no archives: nil, said in the
    /// layout issues.
    public required init?(coder: NSCoder) {
        noArchives(Self.self)
        return nil
    }

    /// The guide's rectangle in its owning view's coordinates, as the engine solved it (`.zero`
    /// outside a view or before the first layout).
    open var layoutFrame: CGRect {
        guard let owningView else { return .zero }
        return owningView.layoutFrame(of: self)
    }
}
