import Foundation

/// A formatter that parses strings into objects the way Apple's `NSFormatter` subclasses do, by
/// `getObjectValue(_:for:range:)`. On Apple's platforms `NumberFormatter` and `DateFormatter`
/// declare that method and a subclass overrides it; Swift cannot add an overridable method to
/// Foundation's classes from another module, so on Linux a subclass implements it through this
/// protocol instead. `uisim port` does it: `override func getObjectValue(…)` in a direct subclass
/// of a Foundation formatter loses its `override` and the class adopts `ObjectValueFormatter`
/// (a subclass of that subclass overrides as it did).
public protocol ObjectValueFormatter: Formatter {
    /// Parses `string` (or the part `rangep` says, which it may update) into `obj.pointee`;
    /// throws when the string is not one the formatter reads.
    func getObjectValue(_ obj: AutoreleasingUnsafeMutablePointer<AnyObject?>?, for string: String,
                        range rangep: UnsafeMutablePointer<NSRange>?) throws
}

/// Why a formatter could not read a string, as Apple's formatters say it (`NSFormattingError`,
/// 2048, in `NSCocoaErrorDomain`).
public struct FormatterParsingError: Error, CustomStringConvertible {
    public let string: String
    public var description: String { "The value “\(string)” is invalid." }
}

extension Formatter {
    /// Reads `string` into `obj.pointee`: true when it could, else false with a description of
    /// why in `error.pointee`, as Apple's `-[NSFormatter getObjectValue:forString:errorDescription:]`
    /// (swift-corelibs-foundation declares it internal and unsupported).
    ///
    /// A formatter that adopts `ObjectValueFormatter` reads by its `getObjectValue(_:for:range:)`
    /// (the whole string's range), as Apple's `NSNumberFormatter` and `NSDateFormatter` call theirs;
    /// otherwise a `NumberFormatter` reads with `number(from:)` and a `DateFormatter` with
    /// `date(from:)`. Other formatters read nothing (Apple's abstract `NSFormatter` does not either).
    public func getObjectValue(_ obj: AutoreleasingUnsafeMutablePointer<AnyObject?>?, for string: String,
                               errorDescription error: AutoreleasingUnsafeMutablePointer<NSString?>?) -> Bool {
        let errorDescription = error
        var value: AnyObject?
        if let custom = self as? any ObjectValueFormatter {
            var range = NSRange(location: 0, length: (string as NSString).length)
            // The slot holds its reference at +0, as an `id` out-parameter does: read by copying,
            // never released by the slot (the pool holds the object).
            let slot = UnsafeMutablePointer<UInt>.allocate(capacity: 1)
            slot.initialize(to: 0)
            defer { slot.deallocate() }
            do {
                try custom.getObjectValue(AutoreleasingUnsafeMutablePointer<AnyObject?>(slot), for: string, range: &range)
            } catch {
                errorDescription?.pointee = "\(error)" as NSString
                return false
            }
            value = AutoreleasingUnsafeMutablePointer<AnyObject?>(slot).pointee
        } else if let numbers = self as? NumberFormatter {
            value = numbers.number(from: string)
        } else if let dates = self as? DateFormatter {
            value = dates.date(from: string).map { $0 as NSDate }
        }
        guard let value else {
            errorDescription?.pointee = FormatterParsingError(string: string).description as NSString
            return false
        }
        obj?.pointee = value
        return true
    }
}
