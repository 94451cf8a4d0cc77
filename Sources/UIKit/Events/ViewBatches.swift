import Foundation

/// Touches to send to views, grouped per view (views in the order of their first touch) and
/// per phase (began, moved, ended, cancelled), as `UIWindow.sendEvent` sends them.
@MainActor
struct ViewBatches {
    private var views: [UIView] = []

    var isEmpty: Bool { views.isEmpty }
    private var touches: [ObjectIdentifier: [UITouch.Phase: [UITouch]]] = [:]

    mutating func add(_ touch: UITouch, phase: UITouch.Phase) {
        guard let view = touch.view else { return }
        let key = ObjectIdentifier(view)
        if touches[key] == nil {
            views.append(view)
            touches[key] = [:]
        }
        touches[key]![phase, default: []].append(touch)
        switch phase {
        case .began: touch.delivery.viewBegan = true
        case .ended, .cancelled: touch.delivery.viewFinished = true
        default: break
        }
    }

    func send(with event: UIEvent) {
        for view in views {
            let phases = touches[ObjectIdentifier(view)]!
            if let some = phases[.began] { view.touchesBegan(Set(some), with: event) }
            if let some = phases[.moved] { view.touchesMoved(Set(some), with: event) }
            if let some = phases[.ended] { view.touchesEnded(Set(some), with: event) }
            if let some = phases[.cancelled] { view.touchesCancelled(Set(some), with: event) }
        }
    }
}
