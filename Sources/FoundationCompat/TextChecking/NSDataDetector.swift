import Foundation

/// The checking types as a bit mask, as Apple's `NSTextCheckingTypes`.
public typealias NSTextCheckingTypes = UInt64
public let NSTextCheckingAllSystemTypes: NSTextCheckingTypes = 0xFFFF_FFFF
public let NSTextCheckingAllCustomTypes: NSTextCheckingTypes = 0xFFFF_FFFF << 32
public let NSTextCheckingAllTypes: NSTextCheckingTypes = NSTextCheckingAllSystemTypes | NSTextCheckingAllCustomTypes

/// Finds links, phone numbers, dates, addresses and flights in text, as Apple's `NSDataDetector`
/// (which Foundation on Linux lacks). Apple's detectors are trained and localized; uisim's follow
/// fixed rules, the same on every run, in English:
///
/// - `.link`: a URL with a scheme (`https://…`, `ftp://…`, `mailto:a@b.c`, any `scheme://`), a host
///   starting `www.` (given `http://`), an e-mail address (given `mailto:`), and a bare host whose
///   last label is one of `bareHostDomains` (`apple.com`, given `http://`). It ends at white space
///   or `<>"`; punctuation that ends a sentence (`.,;:!?'`) and a `)` without its `(` are left
///   out of it.
/// - `.phoneNumber`: an optional `+` and country code, then digits in groups separated by one space,
///   `-` or `.`, the first group optionally in parentheses: 7 to 15 digits in all, at least 3 before
///   the first separator unless parenthesized or after a country code (`(555) 123-4567`,
///   `555-123-4567`, `+1 555 123 4567`, `+44 20 7946 0958`), and not shaped as a date
///   (`2024-05-17`). `phoneNumber` is the text as written.
/// - `.date`: ISO 8601 dates (`2024-05-17`), `May 17, 2024`, `17 May 2024` (month names full or in
///   three letters), with an optional time after (`at 3:30 PM`, `15:30`); `date` is that day and
///   time in the current time zone, noon when no time is written (as Apple's), `timeZone` the
///   current one, `duration` 0.
/// - `.address`: a US street address: a house number, one to four words and a street type (`St`,
///   `Street`, `Ave`, `Rd`, `Blvd`, `Dr`, `Ln`, `Way`, `Ct`, `Pl`…), optionally `, City, ST 12345`;
///   `addressComponents` has `.street`, and `.city`, `.state`, `.zip` when written.
/// - `.transitInformation`: a flight: an airline's IATA code among `airlineCodes` and 1 to 4 digits
///   (`UA 123`, `BA2490`); `components` has `.airline` and `.flight`.
///
/// Overlapping finds keep the earlier one (the longer at the same place). Apple's class descends
/// from `NSRegularExpression`; Swift on Linux cannot override that class's matching methods, so
/// uisim's descends from `NSObject` with the same methods.
open class NSDataDetector: NSObject, @unchecked Sendable {
    // @unchecked: immutable after init.

    public let checkingTypes: NSTextCheckingTypes

    static let supported: NSTextCheckingResult.CheckingType = CheckingTypes.all

    /// A detector of `checkingTypes`; throws when they ask for a kind a data detector does not find
    /// (spelling, grammar…), as Apple's.
    public init(types checkingTypes: NSTextCheckingTypes) throws {
        let asked = NSTextCheckingResult.CheckingType(rawValue: checkingTypes)
        guard !asked.isEmpty, Self.supported.isSuperset(of: asked) else {
            throw NSError(domain: NSCocoaErrorDomain, code: 2048, userInfo: [NSLocalizedDescriptionKey: "The value “\(checkingTypes)” is invalid."])
        }
        self.checkingTypes = checkingTypes
        super.init()
    }

    /// The top-level domains a bare host (no scheme, no `www.`) is a link with.
    public static let bareHostDomains: Set<String> = ["com", "org", "net", "edu", "gov", "io", "co", "uk", "de", "fr", "app", "dev", "me", "info"]
    /// The airlines whose flight numbers are found.
    public static let airlineCodes: Set<String> = ["AA", "AC", "AF", "AS", "AY", "AZ", "BA", "B6", "CX", "DL", "EK", "EY", "F9", "IB",
                                                  "JL", "KL", "LH", "LX", "NH", "NK", "OS", "QF", "QR", "SK", "SQ", "TK", "UA", "VS", "WN"]

    open func matches(in string: String, options: NSRegularExpression.MatchingOptions = [], range: NSRange) -> [NSTextCheckingResult] {
        let text = string as NSString
        let range = NSIntersectionRange(range, NSRange(location: 0, length: text.length))
        let asked = NSTextCheckingResult.CheckingType(rawValue: checkingTypes)
        var found: [DataDetectorResult] = []
        if asked.contains(CheckingTypes.link) { found += DataDetectorRules.links(in: text, range: range) }
        if asked.contains(CheckingTypes.address) { found += DataDetectorRules.addresses(in: text, range: range) }
        if asked.contains(CheckingTypes.date) { found += DataDetectorRules.dates(in: text, range: range) }
        if asked.contains(CheckingTypes.phoneNumber) { found += DataDetectorRules.phoneNumbers(in: text, range: range) }
        if asked.contains(CheckingTypes.transitInformation) { found += DataDetectorRules.flights(in: text, range: range) }
        found.sort { $0.range.location != $1.range.location ? $0.range.location < $1.range.location : $0.range.length > $1.range.length }
        var kept: [NSTextCheckingResult] = []
        var end = range.location
        for result in found where result.range.location >= end {
            kept.append(result)
            end = NSMaxRange(result.range)
        }
        return kept
    }

    open func firstMatch(in string: String, options: NSRegularExpression.MatchingOptions = [], range: NSRange) -> NSTextCheckingResult? {
        matches(in: string, options: options, range: range).first
    }

    open func numberOfMatches(in string: String, options: NSRegularExpression.MatchingOptions = [], range: NSRange) -> Int {
        matches(in: string, options: options, range: range).count
    }

    open func rangeOfFirstMatch(in string: String, options: NSRegularExpression.MatchingOptions = [], range: NSRange) -> NSRange {
        firstMatch(in: string, options: options, range: range)?.range ?? NSRange(location: NSNotFound, length: 0)
    }

    open func enumerateMatches(in string: String, options: NSRegularExpression.MatchingOptions = [], range: NSRange,
                               using block: (NSTextCheckingResult?, NSRegularExpression.MatchingFlags, UnsafeMutablePointer<ObjCBool>) -> Void) {
        var stop = ObjCBool(false)
        for result in matches(in: string, options: options, range: range) {
            block(result, [], &stop)
            if stop.boolValue { return }
        }
    }
}

/// A data detector's result: its kind, range and what it found.
final class DataDetectorResult: NSTextCheckingResult {
    let type: NSTextCheckingResult.CheckingType
    let foundRange: NSRange
    let foundURL: URL?
    let foundPhoneNumber: String?
    let foundDate: Date?
    let foundTimeZone: TimeZone?
    let foundDuration: TimeInterval
    let foundComponents: [NSTextCheckingKey: String]?

    init(_ type: NSTextCheckingResult.CheckingType, range: NSRange, url: URL? = nil, phoneNumber: String? = nil, date: Date? = nil,
         timeZone: TimeZone? = nil, duration: TimeInterval = 0, components: [NSTextCheckingKey: String]? = nil) {
        self.type = type
        foundRange = range
        foundURL = url
        foundPhoneNumber = phoneNumber
        foundDate = date
        foundTimeZone = timeZone
        foundDuration = duration
        foundComponents = components
        super.init()
    }

    required convenience init?(coder aDecoder: NSCoder) { nil }

    override var resultType: NSTextCheckingResult.CheckingType { type }
    override func range(at idx: Int) -> NSRange {
        precondition(idx == 0, "a data detector's result has one range")
        return foundRange
    }
    override var numberOfRanges: Int { 1 }
    override func copy(with zone: NSZone? = nil) -> Any { self }
}

extension NSTextCheckingKey {
    public static let airline = NSTextCheckingKey(rawValue: "Airline")
    public static let city = NSTextCheckingKey(rawValue: "City")
    public static let country = NSTextCheckingKey(rawValue: "Country")
    public static let flight = NSTextCheckingKey(rawValue: "Flight")
    public static let jobTitle = NSTextCheckingKey(rawValue: "JobTitle")
    public static let name = NSTextCheckingKey(rawValue: "Name")
    public static let organization = NSTextCheckingKey(rawValue: "Organization")
    public static let phone = NSTextCheckingKey(rawValue: "Phone")
    public static let state = NSTextCheckingKey(rawValue: "State")
    public static let street = NSTextCheckingKey(rawValue: "Street")
    public static let zip = NSTextCheckingKey(rawValue: "Zip")
}

/// What a data detector's results carry, as Apple's `NSTextCheckingResult` properties (nil or 0 for
/// a result of another kind, and for a regular expression's).
extension NSTextCheckingResult {
    public var url: URL? { (self as? DataDetectorResult)?.foundURL }
    public var phoneNumber: String? { (self as? DataDetectorResult)?.foundPhoneNumber }
    public var date: Date? { (self as? DataDetectorResult)?.foundDate }
    public var timeZone: TimeZone? { (self as? DataDetectorResult)?.foundTimeZone }
    public var duration: TimeInterval { (self as? DataDetectorResult)?.foundDuration ?? 0 }
    /// A flight's components (`.airline`, `.flight`).
    public var components: [NSTextCheckingKey: String]? {
        guard let result = self as? DataDetectorResult, result.type == CheckingTypes.transitInformation else { return nil }
        return result.foundComponents
    }
    /// An address's components (`.street`, `.city`, `.state`, `.zip`).
    public var addressComponents: [NSTextCheckingKey: String]? {
        guard let result = self as? DataDetectorResult, result.type == CheckingTypes.address else { return nil }
        return result.foundComponents
    }

    // Apple's constructors; swift-corelibs-foundation declares them unavailable, and Swift prefers
    // these available ones.
    public class func linkCheckingResult(range: NSRange, url: URL) -> NSTextCheckingResult {
        DataDetectorResult(CheckingTypes.link, range: range, url: url)
    }
    public class func phoneNumberCheckingResult(range: NSRange, phoneNumber: String) -> NSTextCheckingResult {
        DataDetectorResult(CheckingTypes.phoneNumber, range: range, phoneNumber: phoneNumber)
    }
    public class func dateCheckingResult(range: NSRange, date: Date) -> NSTextCheckingResult {
        DataDetectorResult(CheckingTypes.date, range: range, date: date)
    }
    public class func dateCheckingResult(range: NSRange, date: Date, timeZone: TimeZone, duration: TimeInterval) -> NSTextCheckingResult {
        DataDetectorResult(CheckingTypes.date, range: range, date: date, timeZone: timeZone, duration: duration)
    }
    public class func addressCheckingResult(range: NSRange, components: [NSTextCheckingKey: String]) -> NSTextCheckingResult {
        DataDetectorResult(CheckingTypes.address, range: range, components: components)
    }
    public class func transitInformationCheckingResult(range: NSRange, components: [NSTextCheckingKey: String]) -> NSTextCheckingResult {
        DataDetectorResult(CheckingTypes.transitInformation, range: range, components: components)
    }
}
