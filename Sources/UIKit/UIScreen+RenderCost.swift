import Foundation
import QuartzCore
import UIFoundation

extension UIScreen.Model {
    /// The render server's cost model for this device (`RenderCostModel`): its chip and peak
    /// memory bandwidth (transfer rate × bus width, from the memory the chip ships with):
    ///
    /// | device | chip | memory | bandwidth |
    /// |---|---|---|---|
    /// | iPhone 8 Plus | A11 Bionic | LPDDR4X-3733, 64-bit | 29.9 GB/s |
    /// | iPhone SE 3, 13 mini, 14 | A15 Bionic | LPDDR4X-4266, 64-bit | 34.1 GB/s |
    /// | iPad (10th generation) | A14 Bionic | LPDDR4X-4266, 64-bit | 34.1 GB/s |
    /// | iPhone 15 Pro, 15 Pro Max | A17 Pro | LPDDR5-6400, 64-bit | 51.2 GB/s |
    /// | iPad Pro 11 (4th), 12.9 (6th) | M2 | LPDDR5-6400, 128-bit | 102.4 GB/s |
    ///
    /// Layer and offscreen-pass overheads are the same for all (1.5 µs and 30 µs): orders of
    /// magnitude, not measurements.
    public var renderCost: RenderCostModel {
        switch identifier {
        case "iphone-8-plus": RenderCostModel(chip: "A11 Bionic", bandwidth: 29.9e9)
        case "iphone-15-pro", "iphone-15-pro-max": RenderCostModel(chip: "A17 Pro", bandwidth: 51.2e9)
        case "ipad-10": RenderCostModel(chip: "A14 Bionic", bandwidth: 34.1e9)
        case "ipad-pro-11", "ipad-pro-12.9": RenderCostModel(chip: "M2", bandwidth: 102.4e9)
        default: RenderCostModel(chip: "A15 Bionic", bandwidth: 34.1e9)
        }
    }
}
