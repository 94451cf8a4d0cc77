import Foundation
import RunLoop

// `perform(_:with:afterDelay:)` and `cancelPreviousPerformRequests(withTarget:)`, as NSObject has
// them: the request is a timer of the current run loop in its default mode (so a delayed perform
// waits while a scroll view tracks a finger, as on iOS), the target and argument retained until
// it fires or is cancelled. The pending requests are kept on their target (an associated value).

extension NSObject {
    /// Sends `aSelector` to the object with `anArgument` after `delay` seconds of the run loop's
    /// clock, in its default mode. Without a running loop nothing is scheduled.
    @preconcurrency @MainActor
    public func perform(_ aSelector: Selector, with anArgument: Any?, afterDelay delay: TimeInterval) {
        guard let loop = EventRunLoop.current else { return }
        let requests = DelayedPerformRequests.of(self, creating: true)!
        let request = DelayedPerformRequest(selector: aSelector, argument: anArgument)
        request.timer = loop.scheduledTimer(withTimeInterval: max(delay, 0), repeats: false, mode: .default) { [self] _ in
            requests.remove(request)
            NSObject.send(aSelector, to: self, arguments: [anArgument])
        }
        requests.add(request)
    }

    /// Cancels every request `perform(_:with:afterDelay:)` made on `aTarget`.
    @preconcurrency @MainActor
    public class func cancelPreviousPerformRequests(withTarget aTarget: Any) {
        DelayedPerformRequests.of(aTarget as AnyObject, creating: false)?.cancel { _ in true }
    }

    /// Cancels the requests on `aTarget` for `aSelector` whose argument is equal to `anArgument`
    /// (`isEqual(_:)`, as the runtime compares them).
    @preconcurrency @MainActor
    public class func cancelPreviousPerformRequests(withTarget aTarget: Any, selector aSelector: Selector, object anArgument: Any?) {
        DelayedPerformRequests.of(aTarget as AnyObject, creating: false)?.cancel { request in
            request.selector == aSelector && DelayedPerformRequest.equal(request.argument, anArgument)
        }
    }
}

/// A pending delayed perform.
@MainActor
final class DelayedPerformRequest {
    let selector: Selector
    let argument: Any?
    var timer: LoopTimer?

    init(selector: Selector, argument: Any?) {
        self.selector = selector
        self.argument = argument
    }

    static func equal(_ a: Any?, _ b: Any?) -> Bool {
        switch (a, b) {
        case (nil, nil): true
        case let (a as NSObject, b as NSObject): a.isEqual(b)
        case let (a?, b?): (a as AnyObject) === (b as AnyObject)
        default: false
        }
    }
}

/// The delayed performs pending on one object.
@MainActor
final class DelayedPerformRequests {
    private var requests: [DelayedPerformRequest] = []
    static func of(_ object: AnyObject, creating: Bool) -> DelayedPerformRequests? {
        associatedValue(DelayedPerformRequests.self, on: object, creating: creating ? { DelayedPerformRequests() } : nil)
    }

    func add(_ request: DelayedPerformRequest) { requests.append(request) }
    func remove(_ request: DelayedPerformRequest) { requests.removeAll { $0 === request } }

    func cancel(where matches: (DelayedPerformRequest) -> Bool) {
        for request in requests where matches(request) { request.timer?.invalidate() }
        requests.removeAll(where: matches)
    }
}
