import Foundation

/// A quantity of time as text, as Apple's `DateComponentsFormatter` ("1:02:05", "1h 2m 5s",
/// "1 hour, 2 minutes, 5 seconds"), which swift-corelibs-foundation declares unavailable;
/// `uisim port` spells it `FoundationCompat.DateComponentsFormatter`.
///
/// What uisim covers: every `UnitsStyle`, `allowedUnits` (years, months, weeks, days, hours, minutes,
/// seconds), `zeroFormattingBehavior` (default, none, dropLeading/Middle/Trailing/All, pad),
/// `maximumUnitCount`, negative quantities, `string(from:)` for a `TimeInterval` and for
/// `DateComponents`, `string(from:to:)`, `string(for:)` and `localizedString(from:unitsStyle:)`.
/// Where it stops: the words are English's (en_US) whatever the locale; a `TimeInterval` is counted
/// from now in the calendar's time zone but in GMT (so a day is always 86 400 s); positional units
/// above hours are written abbreviated before the clock ("2d 1:02:05"); `allowsFractionalUnits`,
/// `collapsesLargestUnit`, `includesApproximationPhrase`, `includesTimeRemainingPhrase` and
/// `formattingContext` are kept but change nothing.
open class DateComponentsFormatter: Formatter, @unchecked Sendable {
    // @unchecked: a formatter is configured, then used on one thread, as Apple's documents.

    public enum UnitsStyle: Int, Sendable {
        case positional = 0
        case abbreviated = 1
        case short = 2
        case full = 3
        case spellOut = 4
        case brief = 5
    }

    public struct ZeroFormattingBehavior: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let none = ZeroFormattingBehavior([])
        public static let `default` = ZeroFormattingBehavior(rawValue: 1 << 0)
        public static let dropLeading = ZeroFormattingBehavior(rawValue: 1 << 1)
        public static let dropMiddle = ZeroFormattingBehavior(rawValue: 1 << 2)
        public static let dropTrailing = ZeroFormattingBehavior(rawValue: 1 << 3)
        public static let dropAll: ZeroFormattingBehavior = [.dropLeading, .dropMiddle, .dropTrailing]
        public static let pad = ZeroFormattingBehavior(rawValue: 1 << 16)
    }

    open var unitsStyle: UnitsStyle = .positional
    /// The units to use; empty (the default) means the components' own, or years to seconds for a
    /// time interval.
    open var allowedUnits: NSCalendar.Unit = []
    open var zeroFormattingBehavior: ZeroFormattingBehavior = .default
    open var calendar: Calendar?
    open var referenceDate: Date?
    open var allowsFractionalUnits = false
    /// At most this many units, the largest first (0: no limit).
    open var maximumUnitCount = 0
    open var collapsesLargestUnit = false
    open var includesApproximationPhrase = false
    open var includesTimeRemainingPhrase = false
    open var formattingContext: Formatter.Context = .unknown

    public override init() { super.init() }
    public required init?(coder: NSCoder) { super.init() }

    /// The units in order, largest first, with their names in each style.
    struct UnitName {
        let unit: NSCalendar.Unit
        let component: Calendar.Component
        let abbreviated: String
        let short: (String, String)
        let full: (String, String)
        let brief: String
    }

    static let units: [UnitName] = [
        UnitName(unit: .year, component: .year, abbreviated: "y", short: ("yr", "yrs"), full: ("year", "years"), brief: "yr"),
        UnitName(unit: .month, component: .month, abbreviated: "mo", short: ("mth", "mths"), full: ("month", "months"), brief: "mth"),
        UnitName(unit: .weekOfMonth, component: .weekOfMonth, abbreviated: "w", short: ("wk", "wks"), full: ("week", "weeks"), brief: "wk"),
        UnitName(unit: .day, component: .day, abbreviated: "d", short: ("day", "days"), full: ("day", "days"), brief: "d"),
        UnitName(unit: .hour, component: .hour, abbreviated: "h", short: ("hr", "hr"), full: ("hour", "hours"), brief: "hr"),
        UnitName(unit: .minute, component: .minute, abbreviated: "m", short: ("min", "min"), full: ("minute", "minutes"), brief: "min"),
        UnitName(unit: .second, component: .second, abbreviated: "s", short: ("sec", "sec"), full: ("second", "seconds"), brief: "sec"),
    ]
    static let intervalUnits: NSCalendar.Unit = [.year, .month, .weekOfMonth, .day, .hour, .minute, .second]

    open override func string(for obj: Any?) -> String? {
        if let components = obj as? DateComponents { return string(from: components) }
        if let components = obj as? NSDateComponents { return string(from: components as DateComponents) }
        return nil
    }

    /// `components` in the allowed units (each unit's own value: no conversion between them).
    open func string(from components: DateComponents) -> String? {
        let units = Self.units.filter { allowedUnits.isEmpty ? components.value(for: $0.component) != nil : allowedUnits.contains($0.unit) }
        guard !units.isEmpty else { return nil }
        return format(units.map { ($0, components.value(for: $0.component) ?? 0) })
    }

    /// The time from `startDate` to `endDate`, counted in the allowed units of the calendar.
    open func string(from startDate: Date, to endDate: Date) -> String? {
        var calendar = calendar ?? Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "GMT")!
        let units = Self.units.filter { (allowedUnits.isEmpty ? Self.intervalUnits : allowedUnits).contains($0.unit) }
        guard !units.isEmpty else { return nil }
        let components = calendar.dateComponents(Set(units.map(\.component)), from: startDate, to: endDate)
        return format(units.map { ($0, components.value(for: $0.component) ?? 0) })
    }

    /// `ti` seconds, counted from now (or `referenceDate`).
    open func string(from ti: TimeInterval) -> String? {
        guard ti.isFinite else { return nil }
        let start = referenceDate ?? Date()
        return string(from: start, to: start.addingTimeInterval(ti.rounded(.towardZero)))
    }

    open class func localizedString(from components: DateComponents, unitsStyle: UnitsStyle) -> String? {
        let formatter = DateComponentsFormatter()
        formatter.unitsStyle = unitsStyle
        return formatter.string(from: components)
    }

    // MARK: Writing

    private func format(_ values: [(UnitName, Int)]) -> String? {
        let negative = values.contains { $0.1 < 0 }
        var shown = values.map { ($0.0, abs($0.1)) }
        let behavior = zeroFormattingBehavior
        let positional = unitsStyle == .positional
        // Which zeros go: the default drops leading ones in positional styles and all of them in
        // the others.
        let dropLeading = behavior.contains(.dropLeading) || behavior.contains(.default)
        let dropMiddle = behavior.contains(.dropMiddle) || (behavior.contains(.default) && !positional)
        let dropTrailing = behavior.contains(.dropTrailing) || (behavior.contains(.default) && !positional)
        if let first = shown.firstIndex(where: { $0.1 != 0 }), let last = shown.lastIndex(where: { $0.1 != 0 }) {
            shown = shown.enumerated().filter { index, item in
                if item.1 != 0 { return true }
                if index < first { return !dropLeading || (positional && index == shown.count - 2 && shown.count >= 2 && first == shown.count - 1) }
                if index > last { return !dropTrailing }
                return !dropMiddle
            }.map(\.element)
        } else {
            shown = [shown[shown.count - 1]]      // all zero: the smallest unit, "0 seconds", "0:00"
            if positional, values.count >= 2 { shown = Array(values.suffix(2).map { ($0.0, 0) }) }
        }
        if maximumUnitCount > 0, shown.count > maximumUnitCount { shown = Array(shown.prefix(maximumUnitCount)) }
        guard !shown.isEmpty else { return nil }
        let sign = negative ? "-" : ""
        switch unitsStyle {
        case .positional:
            let clock = shown.filter { [.hour, .minute, .second].contains($0.0.unit) }
            let before = shown.filter { ![.hour, .minute, .second].contains($0.0.unit) }.map { "\($0.1)\($0.0.abbreviated)" }
            var parts: [String] = []
            for (index, item) in clock.enumerated() {
                let pad = index > 0 || behavior.contains(.pad) || !before.isEmpty
                parts.append(pad ? String(format: "%02d", item.1) : String(item.1))
            }
            let text = (before + (parts.isEmpty ? [] : [parts.joined(separator: ":")])).joined(separator: " ")
            return sign + text
        case .abbreviated:
            return sign + shown.map { "\($0.1)\($0.0.abbreviated)" }.joined(separator: " ")
        case .brief:
            return sign + shown.map { "\($0.1)\($0.0.brief)" }.joined(separator: " ")
        case .short:
            return sign + shown.map { "\($0.1) \($0.1 == 1 ? $0.0.short.0 : $0.0.short.1)" }.joined(separator: ", ")
        case .full:
            return sign + shown.map { "\($0.1) \($0.1 == 1 ? $0.0.full.0 : $0.0.full.1)" }.joined(separator: ", ")
        case .spellOut:
            let words = NumberFormatter()
            words.locale = Locale(identifier: "en_US")
            words.numberStyle = .spellOut
            return (negative ? "minus " : "") + shown.map {
                "\(words.string(from: NSNumber(value: $0.1)) ?? String($0.1)) \($0.1 == 1 ? $0.0.full.0 : $0.0.full.1)"
            }.joined(separator: ", ")
        }
    }
}
