import QuartzCore
import Testing

/// `Counts` finds a counter by its ordinal, read from the enum's storage: it must be the counter's
/// place in `allCases`, for every counter.
@Suite struct CountersTests {
    @Test func ordinalsAreThePlacesInAllCases() {
        #expect(MemoryLayout<Counter>.size == 1)
        for (place, counter) in Counter.allCases.enumerated() { #expect(counter.ordinal == place, "\(counter)") }
        var counts = Counts()
        for (place, counter) in Counter.allCases.enumerated() { counts[counter] = place + 1 }
        for (place, counter) in Counter.allCases.enumerated() { #expect(counts[counter] == place + 1) }
    }
}
