import Foundation
import Testing
@testable import CoreGraphics
@testable import UIFoundation

/// Dynamic colours, as UIKit resolves them: the system colours' light and dark values from
/// Apple's Human Interface Guidelines, a provider's colour for the traits given, `cgColor` under
/// `UITraitCollection.current`.
@Suite struct DynamicColorTests {
    let light = UITraitCollection(userInterfaceStyle: .light), dark = UITraitCollection(userInterfaceStyle: .dark)

    func rgba(_ color: UIColor) -> [Int] {
        color.cgColor.components.map { Int(($0 * 255).rounded()) }
    }

    /// systemBackground white / black; label black / white; secondarySystemBackground #F2F2F7 /
    /// #1C1C1E; systemBlue #007AFF / #0A84FF; separator #3C3C43 at 29 % / #545458 at 60 %.
    @Test func systemColorsHaveTheirLightAndDarkValues() {
        #expect(rgba(UIColor.systemBackground.resolvedColor(with: light)) == [255, 255, 255, 255])
        #expect(rgba(UIColor.systemBackground.resolvedColor(with: dark)) == [0, 0, 0, 255])
        #expect(rgba(UIColor.label.resolvedColor(with: dark)) == [255, 255, 255, 255])
        #expect(rgba(UIColor.secondarySystemBackground.resolvedColor(with: dark)) == [0x1C, 0x1C, 0x1E, 255])
        #expect(rgba(UIColor.systemBlue.resolvedColor(with: light)) == [0, 0x7A, 0xFF, 255])
        #expect(rgba(UIColor.systemBlue.resolvedColor(with: dark)) == [0x0A, 0x84, 0xFF, 255])
        #expect(rgba(UIColor.separator.resolvedColor(with: dark)) == [0x54, 0x54, 0x58, 153])
        #expect(rgba(UIColor.separator.resolvedColor(with: light)) == [0x3C, 0x3C, 0x43, 74])
        #expect(UIColor.systemBackground.resolvedColor(with: UITraitCollection(userInterfaceStyle: .unspecified)) == .white)
    }

    /// A provider's colour; `cgColor` resolves with the current traits; a fixed colour is itself;
    /// a dynamic colour with another alpha stays dynamic.
    @Test func aProviderResolvesWithTheTraitsGiven() {
        let accent = UIColor { $0.userInterfaceStyle == .dark ? .orange : .purple }
        #expect(accent.resolvedColor(with: dark) == .orange && accent.resolvedColor(with: light) == .purple)
        dark.performAsCurrent { #expect(accent.cgColor == UIColor.orange.cgColor) }
        #expect(UIColor.red.resolvedColor(with: dark) === UIColor.red)
        let faded = UIColor.label.withAlphaComponent(0.5)
        #expect(rgba(faded.resolvedColor(with: dark)) == [255, 255, 255, 128] && rgba(faded.resolvedColor(with: light)) == [0, 0, 0, 128])
        #expect(UIColor.label == UIColor.label && UIColor.label != UIColor.black && accent != UIColor.purple)
    }
}

/// The colours from before dynamic colours (issue #46): darkText black, lightText white at 60 %
/// opacity, in both appearances; groupTableViewBackground is systemGroupedBackground (#F2F2F7 /
/// black).
@Suite struct LegacyColorTests {
    func rgba(_ color: UIColor, _ traits: UITraitCollection) -> [Int] {
        color.resolvedColor(with: traits).cgColor.components.map { Int(($0 * 255).rounded()) }
    }

    @Test func legacyTextAndGroupedColors() {
        let light = UITraitCollection(userInterfaceStyle: .light), dark = UITraitCollection(userInterfaceStyle: .dark)
        #expect(rgba(.darkText, light) == [0, 0, 0, 255] && rgba(.darkText, dark) == [0, 0, 0, 255])
        #expect(rgba(.lightText, light) == [255, 255, 255, 153] && rgba(.lightText, dark) == [255, 255, 255, 153])
        #expect(rgba(.groupTableViewBackground, light) == [242, 242, 247, 255])
        #expect(rgba(.groupTableViewBackground, dark) == [0, 0, 0, 255])
        #expect(rgba(.groupTableViewBackground, dark) == rgba(.systemGroupedBackground, dark))
    }
}
