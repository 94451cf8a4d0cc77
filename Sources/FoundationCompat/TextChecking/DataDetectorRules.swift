import Foundation

/// The checking types by their raw values (swift-corelibs-foundation declares these deprecated).
enum CheckingTypes {
    static let date = NSTextCheckingResult.CheckingType(rawValue: 1 << 4)
    static let address = NSTextCheckingResult.CheckingType(rawValue: 1 << 5)
    static let link = NSTextCheckingResult.CheckingType(rawValue: 1 << 6)
    static let phoneNumber = NSTextCheckingResult.CheckingType(rawValue: 1 << 11)
    static let transitInformation = NSTextCheckingResult.CheckingType(rawValue: 1 << 12)
    static let all: NSTextCheckingResult.CheckingType = [date, address, link, phoneNumber, transitInformation]
}

/// `NSDataDetector`'s rules (documented there), as regular expressions.
enum DataDetectorRules {
    static func regex(_ pattern: String, _ options: NSRegularExpression.Options = []) -> NSRegularExpression {
        try! NSRegularExpression(pattern: pattern, options: options)
    }

    static let link = regex(#"(?<![\w@.])(?:[a-z][a-z0-9+.\-]*://[^\s<>"]+|mailto:[^\s<>"]+|www\.[^\s<>"]+|[a-z0-9._%+\-]+@[a-z0-9\-]+(?:\.[a-z0-9\-]+)*\.[a-z]{2,}|[a-z0-9\-]+(?:\.[a-z0-9\-]+)*\.[a-z]{2,}(?:/[^\s<>"]*)?)"#, .caseInsensitive)
    static let phone = regex(#"(?<![\w+])(?:\+\d{1,3}[ .\-]?(?:\(\d{1,4}\)[ .\-]?|\d{1,5}[ .\-])|\(\d{2,4}\)[ .\-]?|\d{3,5}[ .\-])(?:\d{1,4}[ .\-]){0,3}\d{2,4}(?![\w])"#)
    /// What the phone pattern also matches but is a date (`2024-05-17`, `2024.05.17`).
    static let dateShaped = regex(#"^\d{4}[\-./]\d{1,2}[\-./]\d{1,2}$"#)
    static let monthNames = "(January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)"
    static let time = #"(?:(?:\s+at|,)?\s+(\d{1,2})(?::(\d{2}))?\s*([AaPp][Mm])|\s+(?:at\s+)?(\d{1,2}):(\d{2}))?"#
    static let isoDate = regex(#"(?<![\w\-])(\d{4})-(\d{2})-(\d{2})"# + time + #"(?![\w])"#)
    static let monthFirst = regex(#"(?<!\w)"# + monthNames + #"\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})"# + time + #"(?!\w)"#, .caseInsensitive)
    static let dayFirst = regex(#"(?<!\w)(\d{1,2})(?:st|nd|rd|th)?\s+"# + monthNames + #"\.?,?\s+(\d{4})"# + time + #"(?!\w)"#, .caseInsensitive)
    static let address = regex(#"(?<!\w)(\d{1,6}(?:\s+[A-Z][A-Za-z0-9.']*){1,4}\s+(?:Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Drive|Dr|Lane|Ln|Way|Court|Ct|Place|Pl|Terrace|Parkway|Pkwy)\.?)(?:,\s*([A-Z][A-Za-z]+(?:\s[A-Z][A-Za-z]+){0,2}),\s*([A-Z]{2})\s+(\d{5}(?:-\d{4})?))?(?!\w)"#)
    static let flight = regex(#"(?<!\w)([A-Z][A-Z0-9]|[A-Z0-9][A-Z])\s?(\d{1,4})(?!\w)"#)

    static func group(_ match: NSTextCheckingResult, _ index: Int, in text: NSString) -> String? {
        let range = match.range(at: index)
        return range.location == NSNotFound ? nil : text.substring(with: range)
    }

    static func links(in text: NSString, range: NSRange) -> [DataDetectorResult] {
        link.matches(in: text as String, range: range).compactMap { match in
            var found = text.substring(with: match.range)
            // Sentence punctuation and an unbalanced ")" end the text, not the link.
            while let last = found.last, ".,;:!?'".contains(last) || (last == ")" && found.filter { $0 == "(" }.count < found.filter { $0 == ")" }.count) {
                found.removeLast()
            }
            let lower = found.lowercased()
            let url: String
            if lower.range(of: #"^[a-z][a-z0-9+.\-]*:"#, options: .regularExpression) != nil, !lower.contains("@") || lower.contains("/") || lower.hasPrefix("mailto:") {
                url = found
            } else if found.contains("@") {
                url = "mailto:" + found
            } else if lower.hasPrefix("www.") {
                url = "http://" + found
            } else {
                let host = lower.split(separator: "/").first.map(String.init) ?? lower
                guard let tld = host.split(separator: ".").last, NSDataDetector.bareHostDomains.contains(String(tld)) else { return nil }
                url = "http://" + found
            }
            guard let value = URL(string: url) else { return nil }
            return DataDetectorResult(CheckingTypes.link, range: NSRange(location: match.range.location, length: (found as NSString).length), url: value)
        }
    }

    static func phoneNumbers(in text: NSString, range: NSRange) -> [DataDetectorResult] {
        phone.matches(in: text as String, range: range).compactMap { match in
            let found = text.substring(with: match.range)
            let digits = found.filter(\.isASCII).filter(\.isNumber).count
            guard (7...15).contains(digits),
                  dateShaped.firstMatch(in: found, range: NSRange(location: 0, length: (found as NSString).length)) == nil else { return nil }
            return DataDetectorResult(CheckingTypes.phoneNumber, range: match.range, phoneNumber: found)
        }
    }

    static let months = ["jan": 1, "feb": 2, "mar": 3, "apr": 4, "may": 5, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "oct": 10, "nov": 11, "dec": 12]

    static func dates(in text: NSString, range: NSRange) -> [DataDetectorResult] {
        var results: [DataDetectorResult] = []
        func add(_ match: NSTextCheckingResult, year: String?, month: Int?, day: String?, timeGroup: Int) {
            guard let year = year.flatMap(Int.init), let month, let day = day.flatMap(Int.init) else { return }
            var components = DateComponents(year: year, month: month, day: day, hour: 12, minute: 0, second: 0)
            if let hour = group(match, timeGroup, in: text).flatMap(Int.init) {
                let meridiem = group(match, timeGroup + 2, in: text)?.lowercased()
                guard (1...12).contains(hour) else { return }
                components.hour = hour % 12 + (meridiem == "pm" ? 12 : 0)
                components.minute = group(match, timeGroup + 1, in: text).flatMap(Int.init) ?? 0
            } else if let hour = group(match, timeGroup + 3, in: text).flatMap(Int.init), let minute = group(match, timeGroup + 4, in: text).flatMap(Int.init) {
                guard hour < 24, minute < 60 else { return }
                components.hour = hour
                components.minute = minute
            }
            let calendar = Calendar(identifier: .gregorian)
            guard calendar.date(from: DateComponents(year: year, month: month)) != nil,
                  let days = calendar.range(of: .day, in: .month, for: calendar.date(from: DateComponents(year: year, month: month))!),
                  days.contains(day), let date = calendar.date(from: components) else { return }
            results.append(DataDetectorResult(CheckingTypes.date, range: match.range, date: date, timeZone: calendar.timeZone, duration: 0))
        }
        for match in isoDate.matches(in: text as String, range: range) {
            add(match, year: group(match, 1, in: text), month: group(match, 2, in: text).flatMap(Int.init), day: group(match, 3, in: text), timeGroup: 4)
        }
        for match in monthFirst.matches(in: text as String, range: range) {
            add(match, year: group(match, 3, in: text), month: group(match, 1, in: text).map { months[String($0.lowercased().prefix(3))] ?? 0 },
                day: group(match, 2, in: text), timeGroup: 4)
        }
        for match in dayFirst.matches(in: text as String, range: range) {
            add(match, year: group(match, 3, in: text), month: group(match, 2, in: text).map { months[String($0.lowercased().prefix(3))] ?? 0 },
                day: group(match, 1, in: text), timeGroup: 4)
        }
        return results
    }

    static func addresses(in text: NSString, range: NSRange) -> [DataDetectorResult] {
        address.matches(in: text as String, range: range).map { match in
            var components: [NSTextCheckingKey: String] = [.street: group(match, 1, in: text)!]
            components[.city] = group(match, 2, in: text)
            components[.state] = group(match, 3, in: text)
            components[.zip] = group(match, 4, in: text)
            return DataDetectorResult(CheckingTypes.address, range: match.range, components: components)
        }
    }

    static func flights(in text: NSString, range: NSRange) -> [DataDetectorResult] {
        flight.matches(in: text as String, range: range).compactMap { match in
            guard let airline = group(match, 1, in: text), NSDataDetector.airlineCodes.contains(airline), let number = group(match, 2, in: text) else { return nil }
            return DataDetectorResult(CheckingTypes.transitInformation, range: match.range, components: [.airline: airline, .flight: number])
        }
    }
}
