import Foundation
import QuartzCore
import RunLoop
import Traces
import Histogram
import Support

/// A set of bands for the hitch time ratio, as Apple names them.
public enum HitchBands: String, CaseIterable, Codable, Sendable {
    /// WWDC 2020 ("Eliminate animation hitches with XCTest"): good below 5 ms/s, warning from 5
    /// to 10, critical from 10.
    case wwdc2020 = "wwdc-2020"
    /// Xcode Organizer's scroll hitch rate: up to 10 ms/s, up to 25, up to 50, above 50.
    case organizer = "xcode-organizer"

    /// The band of `ratio` (ms/s): its name.
    public func band(for ratio: Double) -> String {
        switch self {
        case .wwdc2020: ["good", "warning", "critical"][min(severity(for: ratio), 2)]
        case .organizer: ["≤ 10 ms/s", "10–25 ms/s", "25–50 ms/s", "> 50 ms/s"][severity(for: ratio)]
        }
    }

    /// The bands in words.
    public var summary: String {
        switch self {
        case .wwdc2020: "WWDC 2020's bands: good below 5 ms/s, warning from 5 to 10, critical from 10"
        case .organizer: "Xcode Organizer's bands: ≤ 10, ≤ 25, ≤ 50, > 50 ms/s"
        }
    }

    /// How bad the band of `ratio` (ms/s) is, 0 (best) to 3 (worst), for colouring: WWDC 2020's
    /// good, warning and critical are 0, 1 and 3 (critical is as bad as the Organizer's worst).
    public func severity(for ratio: Double) -> Int {
        switch self {
        case .wwdc2020: ratio < 5 ? 0 : ratio < 10 ? 1 : 3
        case .organizer: ratio <= 10 ? 0 : ratio <= 25 ? 1 : ratio <= 50 ? 2 : 3
        }
    }
}
