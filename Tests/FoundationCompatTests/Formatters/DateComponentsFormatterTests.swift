import Foundation
import Testing
@testable import FoundationCompat

/// Strings worked out from Apple's DateComponentsFormatter documentation (en_US).
@Suite struct DateComponentsFormatterTests {
    func formatter(_ style: FoundationCompat.DateComponentsFormatter.UnitsStyle, _ units: NSCalendar.Unit = [.hour, .minute, .second]) -> FoundationCompat.DateComponentsFormatter {
        let formatter = FoundationCompat.DateComponentsFormatter()
        formatter.unitsStyle = style
        formatter.allowedUnits = units
        formatter.referenceDate = Date(timeIntervalSinceReferenceDate: 0)
        return formatter
    }

    @Test func everyStyleOf3725Seconds() {
        #expect(formatter(.positional).string(from: 3725) == "1:02:05")
        #expect(formatter(.abbreviated).string(from: 3725) == "1h 2m 5s")
        #expect(formatter(.short).string(from: 3725) == "1 hr, 2 min, 5 sec")
        #expect(formatter(.full).string(from: 3725) == "1 hour, 2 minutes, 5 seconds")
        #expect(formatter(.brief).string(from: 3725) == "1hr 2min 5sec")
        #expect(formatter(.spellOut).string(from: 3725) == "one hour, two minutes, five seconds")
    }

    @Test func zerosDropAndPad() {
        #expect(formatter(.positional).string(from: 125) == "2:05")          // leading hour dropped
        #expect(formatter(.positional).string(from: 5) == "0:05")
        #expect(formatter(.full).string(from: 3605) == "1 hour, 5 seconds")  // labelled: every zero dropped
        let padded = formatter(.positional)
        padded.zeroFormattingBehavior = .pad
        #expect(padded.string(from: 3725) == "01:02:05")
        let none = formatter(.abbreviated)
        none.zeroFormattingBehavior = .none
        #expect(none.string(from: 60) == "0h 1m 0s")
        let two = formatter(.full)
        two.maximumUnitCount = 2
        #expect(two.string(from: 3725) == "1 hour, 2 minutes")
        #expect(formatter(.positional).string(from: -3725) == "-1:02:05")
    }

    /// Eureka's count-down row: hours and minutes of a date, full style.
    @Test func localizedStringOfComponentsAsEurekaCallsIt() {
        let style = FoundationCompat.DateComponentsFormatter.UnitsStyle.full
        #expect(FoundationCompat.DateComponentsFormatter.localizedString(from: DateComponents(hour: 1, minute: 5), unitsStyle: style) == "1 hour, 5 minutes")
        #expect(FoundationCompat.DateComponentsFormatter.localizedString(from: DateComponents(hour: 0, minute: 30), unitsStyle: style) == "30 minutes")
        #expect(FoundationCompat.DateComponentsFormatter.localizedString(from: DateComponents(hour: 2, minute: 1), unitsStyle: .abbreviated) == "2h 1m")
    }
}
