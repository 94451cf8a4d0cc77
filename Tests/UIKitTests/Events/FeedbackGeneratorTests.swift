import Foundation
import Geometry
import Testing
@testable import UIKit

/// The feedback generators: no Taptic Engine here, so each feedback is recorded in order in the
/// app's record, never process-wide: a new app starts with none.
@MainActor
@Suite struct FeedbackGeneratorTests {
    @Test func eachFeedbackIsRecordedInOrder() {
        UIApplication.withNewApplication {
            let impact = UIImpactFeedbackGenerator(style: .heavy)
            let plain = UIImpactFeedbackGenerator()           // UIKit's default style: medium
            let selection = UISelectionFeedbackGenerator()
            let notification = UINotificationFeedbackGenerator()
            impact.prepare()
            selection.prepare()
            impact.impactOccurred()
            impact.impactOccurred(intensity: 0.4)
            plain.impactOccurred(intensity: 7)              // clamped to 1
            selection.selectionChanged()
            selection.selectionChanged()
            notification.notificationOccurred(.success)
            notification.notificationOccurred(.warning)
            notification.notificationOccurred(.error)
            let record = FeedbackRecord.current
            #expect(record.preparations == 2)
            #expect(record.occurrences == [
                .impact(.heavy, intensity: 1), .impact(.heavy, intensity: 0.4), .impact(.medium, intensity: 1),
                .selection, .selection, .notification(.success), .notification(.warning), .notification(.error),
            ])
            #expect(UIImpactFeedbackGenerator.FeedbackStyle.rigid.rawValue == 4)
            #expect(UINotificationFeedbackGenerator.FeedbackType.error.rawValue == 2)
        }
    }

    @Test func eachAppHasItsOwnRecord() {
        UIApplication.withNewApplication {
            UISelectionFeedbackGenerator().selectionChanged()
            #expect(FeedbackRecord.current.occurrences == [.selection])
            UIApplication.withNewApplication {
                #expect(FeedbackRecord.current.occurrences.isEmpty)
                UINotificationFeedbackGenerator().notificationOccurred(.error)
            }
            #expect(FeedbackRecord.current.occurrences == [.selection])
        }
    }

    /// A subclass's override is the one called (the methods are `open`, as the SDK's).
    @Test func aSubclassOverrides() {
        final class Counting: UISelectionFeedbackGenerator {
            var calls = 0
            override func selectionChanged() {
                calls += 1
                super.selectionChanged()
            }
        }
        UIApplication.withNewApplication {
            let generator: UISelectionFeedbackGenerator = Counting()
            generator.selectionChanged()
            #expect((generator as! Counting).calls == 1 && FeedbackRecord.current.occurrences.count == 1)
        }
    }
}
