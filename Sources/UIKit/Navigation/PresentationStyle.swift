import Foundation

/// How a view controller is presented (UIKit's `UIModalPresentationStyle`; on an iPhone,
/// `.automatic`, `.formSheet` and `.pageSheet` are all the page sheet).
public enum UIModalPresentationStyle: Int, Sendable {
    case automatic = -2, none = -1, fullScreen = 0, pageSheet, formSheet, currentContext, custom, overFullScreen, overCurrentContext, popover
}

/// How a presented view controller comes on screen (UIKit's `UIModalTransitionStyle`): uisim
/// slides it up from the bottom, or fades it in and out for `.crossDissolve` (in the
/// presentation's time); the flip and the curl are drawn as the slide.
public enum UIModalTransitionStyle: Int, Sendable { case coverVertical, flipHorizontal, crossDissolve, partialCurl }

extension UIViewController {
    /// The style in force: `.automatic`, `.formSheet` and `.popover` are a page sheet on an iPhone.
    var effectivePresentationStyle: UIModalPresentationStyle {
        switch modalPresentationStyle {
        case .automatic, .formSheet, .popover, .pageSheet, .none: .pageSheet
        case .currentContext, .custom: .fullScreen
        case .overCurrentContext: .overFullScreen
        case let style: style
        }
    }

    /// How the controller is shown when presented: an alert controller as an alert or an action
    /// sheet, others by their style (a form sheet on an iPad is a centred card).
    var presentationKind: PresentationKind { presentationKind(idiom: UIScreen.main.model.userInterfaceIdiom) }

    func presentationKind(idiom: UIUserInterfaceIdiom) -> PresentationKind {
        if let alert = self as? UIAlertController { return alert.preferredStyle == .alert ? .alert : .actionSheet }
        if idiom == .pad, modalPresentationStyle == .formSheet { return .formSheet }
        if modalPresentationStyle == .custom { return .custom }
        switch effectivePresentationStyle {
        case .pageSheet: return .pageSheet
        case .overFullScreen: return .overFullScreen
        default: return .fullScreen
        }
    }
}

/// How a presentation shows its controller (`.custom`: as its presentation controller and
/// animator say).
enum PresentationKind { case pageSheet, formSheet, fullScreen, overFullScreen, alert, actionSheet, custom }
