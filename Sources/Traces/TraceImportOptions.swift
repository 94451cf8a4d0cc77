import Foundation

/// How a recording made by another tool becomes a trace for a screen.
public struct TraceImportOptions: Sendable {
    /// How a device's axis ranges map onto the screen.
    public enum Fit: String, Sendable, CaseIterable {
        /// Each axis fills the screen (x and y may scale differently).
        case stretch
        /// One scale for both axes, as large as fits; the rest of the screen is left empty, evenly
        /// on both sides.
        case aspect
    }

    /// The screen the recording replays on.
    public var screen: TraceScreen
    public var fit: Fit
    /// Which input device to read when a recording holds several: its node (`/dev/input/event2`)
    /// or a part of its name. nil: the first touchscreen.
    public var device: String?
    /// A descriptor that becomes readable when reading must stop (the command line's signal
    /// pipe): every read of the input waits on it too, and throws `ReadInterrupted` when it is
    /// readable. nil: reads are never interrupted.
    public var interruption: Int32?

    public init(screen: TraceScreen = .default, fit: Fit = .stretch, device: String? = nil, interruption: Int32? = nil) {
        self.screen = screen
        self.fit = fit
        self.device = device
        self.interruption = interruption
    }
}

/// Maps device units onto screen points.
struct AxisMapping: Sendable {
    let x: AxisRange
    let y: AxisRange
    /// The size of the screen area the device's range covers, and where it starts.
    private let width: Double, height: Double
    private let offsetX: Double, offsetY: Double

    init(x: AxisRange, y: AxisRange, screen: CGSize, fit: TraceImportOptions.Fit) {
        self.x = x
        self.y = y
        let spanX = x.span, spanY = y.span
        switch fit {
        case .stretch:
            width = Double(screen.width)
            height = Double(screen.height)
        case .aspect:
            let scale = min(Double(screen.width) / spanX, Double(screen.height) / spanY)
            width = spanX * scale
            height = spanY * scale
        }
        offsetX = (Double(screen.width) - width) / 2
        offsetY = (Double(screen.height) - height) / 2
    }

    func point(x deviceX: Int, y deviceY: Int) -> CGPoint {
        CGPoint(x: (Double(deviceX) - Double(x.min)) / x.span * width + offsetX,
                y: (Double(deviceY) - Double(y.min)) / y.span * height + offsetY)
    }

    /// A length along x in device units (a contact's size), in points.
    func length(_ units: Int) -> Double {
        Double(units) / x.span * width
    }
}
