import Dispatch
import Foundation

// UIKit's classes descend from NSObject, whose `description` is not isolated to the main actor:
// any thread may print an object. Their own descriptions read main-actor state, so each is
// computed on the main actor and, asked from elsewhere, falls back to NSObject's form.
// (Every class here is isolated to the main actor, hence Sendable.)

extension NSObjectProtocol where Self: NSObject & Sendable {
    /// `describe(self)` when called on the main actor, else NSObject's `<Type: address>`.
    nonisolated func describedOnMainActor(_ describe: @MainActor (Self) -> String) -> String {
        guard MainQueueMark.isCurrent else { return "<\(type(of: self)): \(runtimeAddress(of: self))>" }
        return MainActor.assumeIsolated { describe(self) }
    }
}

/// Whether the caller runs on the main queue, where the main actor's jobs run (the main thread in
/// an app; a worker draining the main queue under a test runner). Unlike `assumeIsolated`, asking
/// never traps.
enum MainQueueMark {
    private static let key: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    static var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == true }
}
