import Foundation

/// sRGB's transfer curve (IEC 61966-2-1), both ways: what a colour conversion and a luminance
/// (WCAG's contrast) work through.
package enum SRGB {
    /// An encoded component (0…1) as linear light.
    package static func linear(_ v: Double) -> Double {
        v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
    }

    /// Linear light (clamped to 0…1) encoded.
    package static func encoded(_ v: Double) -> Double {
        let v = min(max(v, 0), 1)
        return v <= 0.0031308 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055
    }
}
