import Foundation
import Testing
@testable import FoundationCompat

/// Eureka's DecimalFormatter, as `uisim port` leaves it: its `getObjectValue(_:for:range:)` reached
/// through `Formatter.getObjectValue(_:for:errorDescription:)`.
final class CentsFormatter: NumberFormatter, ObjectValueFormatter, @unchecked Sendable {
    // @unchecked: a test's formatter, used on one thread.
    func getObjectValue(_ obj: AutoreleasingUnsafeMutablePointer<AnyObject?>?, for string: String, range rangep: UnsafeMutablePointer<NSRange>?) throws {
        guard obj != nil else { return }
        let digits = string.components(separatedBy: CharacterSet.decimalDigits.inverted).joined()
        guard !digits.isEmpty else { throw FormatterParsingError(string: string) }
        obj?.pointee = NSNumber(value: (Double(digits) ?? 0) / 100)
    }
}

@Suite struct FormatterObjectValueTests {
    /// Reads through an `AutoreleasingUnsafeMutablePointer` made from a `T` slot, as Eureka's
    /// FieldRow does.
    func read<T>(_ formatter: Formatter, _ text: String, as: T.Type) -> (Bool, Any?, String?) {
        let slot = UnsafeMutablePointer<T>.allocate(capacity: 1)
        defer { slot.deallocate() }
        UnsafeMutableRawPointer(slot).storeBytes(of: 0, as: UInt.self)
        let value = AutoreleasingUnsafeMutablePointer<AnyObject?>(slot)
        let errorSlot = UnsafeMutablePointer<UInt>.allocate(capacity: 1)
        defer { errorSlot.deallocate() }
        errorSlot.initialize(to: 0)
        let error = AutoreleasingUnsafeMutablePointer<NSString?>(errorSlot)
        let ok = formatter.getObjectValue(value, for: text, errorDescription: error)
        return (ok, ok ? value.pointee : nil, error.pointee?.description)
    }

    @Test func aSubclassParsesThroughItsOwnMethod() {
        let (ok, value, _) = read(CentsFormatter(), "$12.34", as: Double.self)
        #expect(ok)
        #expect((value as? NSNumber)?.doubleValue == 12.34)
        let (failed, _, why) = read(CentsFormatter(), "abc", as: Double.self)
        #expect(!failed)
        #expect(why == "The value “abc” is invalid.")
    }

    @Test func plainNumberAndDateFormattersRead() {
        let numbers = NumberFormatter()
        numbers.locale = Locale(identifier: "en_US_POSIX")
        let (ok, value, _) = read(numbers, "42.5", as: Double.self)
        #expect(ok && (value as? NSNumber)?.doubleValue == 42.5)
        #expect(!read(numbers, "forty", as: Double.self).0)
        let dates = DateFormatter()
        dates.locale = Locale(identifier: "en_US_POSIX")
        dates.timeZone = TimeZone(identifier: "GMT")
        dates.dateFormat = "yyyy-MM-dd"
        let (dated, date, _) = read(dates, "2001-01-02", as: Date.self)
        #expect(dated && (date as? NSDate)?.timeIntervalSinceReferenceDate == 86_400)
    }

    @Test func thePointerHoldsItsObjectAtPlusZeroAndThePoolKeepsIt() {
        let slot = UnsafeMutablePointer<UInt>.allocate(capacity: 1)
        defer { slot.deallocate() }
        slot.initialize(to: 0)
        let pointer = AutoreleasingUnsafeMutablePointer<AnyObject?>(slot)
        #expect(pointer.pointee == nil)
        weak var held: NSString?
        do {
            let text = NSString(string: "kept by the pool")
            held = text
            pointer.pointee = text
        }
        #expect(held != nil)                                  // the pool holds it, as an autorelease pool does
        #expect((pointer.pointee as? NSString)?.description == "kept by the pool")
        AutoreleasingPool.drain()
        #expect(held == nil)                                  // drained: gone, the slot never retained it
        #expect(AutoreleasingPool.count == 0)
    }
}
