//
//  Helpers.swift
//  Classic
//
//  Helpers without isolation annotations, as Swift 5 code has them.
//

import UIKit.UIGestureRecognizerSubclass
import ObjectiveC

#if os(iOS)
/// Gives a card its shadow (a helper that is not isolated, touching a view).
func applyCardShadow(to view: UIView) {
    view.layer.shadowOpacity = 0.1
    view.layer.shadowRadius = 2
    view.layer.shadowOffset = CGSize(width: 0, height: 1)
    view.layer.shadowPath = UIBezierPath(rect: view.bounds).cgPath
}
#endif

private var analyticsNameKey: UInt8 = 0

extension UIView {
    /// A name for analytics, kept on the view (an associated object).
    var analyticsName: String? {
        get { return objc_getAssociatedObject(self, &analyticsNameKey) as? String }
        set { objc_setAssociatedObject(self, &analyticsNameKey, newValue, .OBJC_ASSOCIATION_COPY_NONATOMIC) }
    }
}

/// Whether a key path is one the app observes (kept as a string, as KVO code did).
let observedOffsetKeyPath = #keyPath(UIScrollView.contentOffset)
