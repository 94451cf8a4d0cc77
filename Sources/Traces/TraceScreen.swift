import Foundation

/// The screen a trace was recorded on (or is meant for).
public struct TraceScreen: Hashable, Sendable {
    /// Size in points, portrait.
    public var size: CGSize
    /// Pixels per point.
    public var scale: Double
    /// Display refresh rate in frames per second.
    public var refreshRate: Int
    /// The device's name, if known.
    public var deviceName: String?

    public init(size: CGSize, scale: Double, refreshRate: Int, deviceName: String? = nil) {
        self.size = size
        self.scale = scale
        self.refreshRate = refreshRate
        self.deviceName = deviceName
    }

    /// How often the digitizer reports a moving finger: twice the refresh rate, as on iPhones and
    /// iPads (120 Hz on a 60 Hz screen, 240 Hz with ProMotion).
    public var touchSampleRate: Double { Double(refreshRate) * 2 }

    /// uisim's default screen, the same as `UIScreen.main`'s default: an iPhone 14
    /// (390 × 844 pt, @3x, 60 Hz).
    public static let `default` = TraceScreen(size: CGSize(width: 390, height: 844), scale: 3,
                                              refreshRate: 60, deviceName: "iPhone 14")
}
