import Foundation
import Geometry

/// Haptic feedback, as UIKit's `UIFeedbackGenerator` (the abstract class) and its three kinds. A
/// replay has no Taptic Engine: each feedback an app asks for is recorded, in order, in its app's
/// `FeedbackRecord` (one per app, as the app's pasteboard is), for a test or a replay to count.
@preconcurrency @MainActor
open class UIFeedbackGenerator: NSObject {
    public override init() {
        super.init()
    }

    /// Tells the generator feedback is coming soon (UIKit wakes the Taptic Engine for a few
    /// seconds); counted in the app's record.
    open func prepare() {
        FeedbackRecord.current.preparations += 1
    }

    /// Records one feedback for the current app.
    func record(_ feedback: FeedbackRecord.Feedback) {
        FeedbackRecord.current.occurrences.append(feedback)
    }
}

/// An impact: a collision of the UI's objects (a view snapping into place).
@preconcurrency @MainActor
open class UIImpactFeedbackGenerator: UIFeedbackGenerator {
    /// How heavy the objects that collide are.
    public enum FeedbackStyle: Int, Sendable {
        case light, medium, heavy, soft, rigid
    }

    /// The generator's style (`.medium` unless made with `init(style:)`).
    let style: FeedbackStyle

    /// A medium impact's generator.
    public override init() {
        style = .medium
        super.init()
    }

    public init(style: UIImpactFeedbackGenerator.FeedbackStyle) {
        self.style = style
        super.init()
    }

    /// An impact at full intensity.
    open func impactOccurred() {
        impactOccurred(intensity: 1)
    }

    /// An impact at `intensity`, from 0 to 1 (values outside are taken to the nearer end, as UIKit
    /// clamps them).
    open func impactOccurred(intensity: CGFloat) {
        record(.impact(style, intensity: min(max(intensity, 0), 1)))
    }
}

/// A selection changing (a picker's wheel passing a row).
@preconcurrency @MainActor
open class UISelectionFeedbackGenerator: UIFeedbackGenerator {
    open func selectionChanged() {
        record(.selection)
    }
}

/// The outcome of a task: succeeded, a warning, failed.
@preconcurrency @MainActor
open class UINotificationFeedbackGenerator: UIFeedbackGenerator {
    /// Which outcome the feedback tells.
    public enum FeedbackType: Int, Sendable {
        case success, warning, error
    }

    open func notificationOccurred(_ notificationType: UINotificationFeedbackGenerator.FeedbackType) {
        record(.notification(notificationType))
    }
}

/// The feedback one app asked for (in its `UIKitState`): each occurrence in order, and how often
/// a generator was prepared. Never process-wide: every replay's app starts with an empty record.
/// uisim's own (UIKit has none): public so that an app's tests can count the feedback its screens
/// give.
public final class FeedbackRecord {
    /// One feedback, as the app asked for it.
    public enum Feedback: Equatable, Sendable {
        case impact(UIImpactFeedbackGenerator.FeedbackStyle, intensity: CGFloat)
        case selection
        case notification(UINotificationFeedbackGenerator.FeedbackType)
    }

    public internal(set) var occurrences: [Feedback] = []
    public internal(set) var preparations = 0

    /// The current app's.
    public static var current: FeedbackRecord { UIKitState.current.feedback }
}
