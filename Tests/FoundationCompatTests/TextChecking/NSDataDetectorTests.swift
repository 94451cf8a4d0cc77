import Foundation
import Testing
@testable import FoundationCompat

/// NSDataDetector's rules, with ranges counted by hand (UTF-16 units).
@Suite struct NSDataDetectorTests {
    let all: NSTextCheckingTypes = NSTextCheckingResult.CheckingType(rawValue: (1 << 4) | (1 << 5) | (1 << 6) | (1 << 11) | (1 << 12)).rawValue

    func find(_ text: String) throws -> [NSTextCheckingResult] {
        try NSDataDetector(types: all).matches(in: text, options: [], range: NSRange(location: 0, length: (text as NSString).length))
    }

    @Test func aURLAndAPhoneNumberAtTheirRanges() throws {
        //          0         1         2         3         4
        //          0123456789012345678901234567890123456789012345
        let text = "See https://example.com/a?b=1. Call (555) 123-4567 now"
        let results = try find(text)
        #expect(results.count == 2)
        #expect(results[0].resultType == CheckingTypes.link)
        #expect(results[0].range == NSRange(location: 4, length: 25))            // the sentence's "." left out
        #expect(results[0].url == URL(string: "https://example.com/a?b=1"))
        #expect(results[1].resultType == CheckingTypes.phoneNumber)
        #expect(results[1].range == NSRange(location: 36, length: 14))
        #expect(results[1].phoneNumber == "(555) 123-4567")
        #expect(results[1].url == nil)
    }

    @Test func bareHostsEmailsAndOtherPhoneFormats() throws {
        let links = try find("www.apple.com, mail ann@example.org or visit swift.org (ok)")
        #expect(links.map(\.url?.absoluteString) == ["http://www.apple.com", "mailto:ann@example.org", "http://swift.org"])
        #expect(links[0].range == NSRange(location: 0, length: 13))
        let phones = try find("+1 555 123 4567 or 555-123-4567 or +44 20 7946 0958, not 12-34")
        #expect(phones.compactMap(\.phoneNumber) == ["+1 555 123 4567", "555-123-4567", "+44 20 7946 0958"])
    }

    @Test func datesAddressesAndFlights() throws {
        let results = try find("Lunch on May 17, 2024 at 1:30 PM at 1 Infinite Loop Way, Cupertino, CA 95014 then UA 123.")
        #expect(results.map(\.resultType) == [CheckingTypes.date, CheckingTypes.address, CheckingTypes.transitInformation])
        let components = Calendar.current.dateComponents([.year, .month, .day, .hour, .minute], from: try #require(results[0].date))
        #expect([components.year, components.month, components.day, components.hour, components.minute] == [2024, 5, 17, 13, 30])
        #expect(results[1].addressComponents == [.street: "1 Infinite Loop Way", .city: "Cupertino", .state: "CA", .zip: "95014"])
        #expect(results[2].components == [.airline: "UA", .flight: "123"])
        let iso = try find("due 2024-02-29")
        #expect(Calendar.current.component(.hour, from: try #require(iso.first?.date)) == 12)        // no time: noon
        #expect(try find("due 2023-02-29").isEmpty)                                                  // no such day
    }

    @Test func constructorsAndTypesAsApples() throws {
        let link = NSTextCheckingResult.linkCheckingResult(range: NSRange(location: 2, length: 3), url: URL(string: "https://a.b")!)
        #expect(link.resultType == CheckingTypes.link && link.range == NSRange(location: 2, length: 3) && link.url?.host == "a.b")
        #expect(throws: (any Error).self) { try NSDataDetector(types: 1 << 2) }     // spelling: not a detector's
    }
}
