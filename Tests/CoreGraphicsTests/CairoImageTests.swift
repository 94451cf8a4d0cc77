import Foundation
@testable import CoreGraphics
@testable import UIFoundation
import Testing

@Suite struct CairoImageTests {
    /// Splits 0xAARRGGBB.
    func channels(_ pixel: UInt32) -> [Int] {
        [24, 16, 8, 0].map { Int((pixel >> UInt32($0)) & 0xFF) }
    }

    @Test func fillsAndBlendsPremultipliedPixels() throws {
        let image = try CairoImage(width: 4, height: 2)
        #expect(image.width == 4 && image.height == 2 && image.stride >= 16)
        #expect(image.pixel(x: 0, y: 0) == 0)
        image.fill(x: 0, y: 0, width: 4, height: 2, red: 1, green: 0, blue: 0, alpha: 1, blend: false)
        #expect(image.pixel(x: 3, y: 1) == 0xFFFF_0000)
        // Half-transparent blue over red: 0.5·blue + 0.5·red, opaque.
        image.fill(x: 2, y: 0, width: 2, height: 2, red: 0, green: 0, blue: 1, alpha: 0.5, blend: true)
        let blended = channels(image.pixel(x: 2, y: 0))
        #expect(blended[0] == 255 && abs(blended[1] - 128) <= 1 && blended[2] == 0 && abs(blended[3] - 128) <= 1)
        #expect(image.pixel(x: 1, y: 0) == 0xFFFF_0000)
        // Without blending the half-transparent color replaces the pixel, premultiplied.
        image.fill(x: 0, y: 0, width: 1, height: 1, red: 0, green: 0, blue: 1, alpha: 0.5, blend: false)
        let replaced = channels(image.pixel(x: 0, y: 0))
        #expect(abs(replaced[0] - 128) <= 1 && replaced[1] == 0 && replaced[2] == 0 && abs(replaced[3] - 128) <= 1)
    }

    @Test func pngRoundTripKeepsPixels() throws {
        let image = try CairoImage(width: 3, height: 3)
        image.fill(x: 0, y: 0, width: 3, height: 3, red: 0, green: 1, blue: 0, alpha: 1, blend: false)
        image.fill(x: 1, y: 1, width: 1, height: 1, red: 1, green: 1, blue: 1, alpha: 1, blend: false)
        let data = try image.pngData()
        #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("uisim-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: url) }
        try data.write(to: url, options: .atomic)
        let decoded = try CairoImage(contentsOfPNG: url.path)
        #expect(decoded.width == 3 && decoded.height == 3)
        for y in 0..<3 {
            for x in 0..<3 {
                #expect(decoded.pixel(x: x, y: y) == image.pixel(x: x, y: y))
            }
        }
    }

    @Test func unreadablePNGIsAnErrorWithThePath() {
        #expect(throws: CairoError.self) { try CairoImage(contentsOfPNG: "/nonexistent/x.png") }
        #expect(!cairoVersion.isEmpty)
    }
}

@Suite struct UIColorTests {
    func components(_ color: UIColor) -> [CGFloat] {
        var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
        color.getRed(&r, green: &g, blue: &b, alpha: &a)
        return [r, g, b, a]
    }

    @Test func componentsAndNamedColors() {
        #expect(components(.orange) == [1, 0.5, 0, 1])
        #expect(components(UIColor(white: 0.25, alpha: 0.5)) == [0.25, 0.25, 0.25, 0.5])
        #expect(components(.red.withAlphaComponent(0.3)) == [1, 0, 0, 0.3])
        #expect(UIColor(red: 2, green: -1, blue: 0.5, alpha: 1).cgColor.components == [1, 0, 0.5, 1])
        #expect(UIColor.clear.alpha == 0)
        #expect(UIColor.red == UIColor(red: 1, green: 0, blue: 0, alpha: 1))
    }

    @Test func hueSaturationBrightness() {
        #expect(components(UIColor(hue: 0, saturation: 1, brightness: 1, alpha: 1)) == [1, 0, 0, 1])
        let green = components(UIColor(hue: 1.0 / 3, saturation: 1, brightness: 1, alpha: 1))
        #expect(abs(green[0]) < 1e-9 && green[1] == 1 && abs(green[2]) < 1e-9)
        #expect(components(UIColor(hue: 0.5, saturation: 0, brightness: 0.4, alpha: 1)) == [0.4, 0.4, 0.4, 1])
    }
}

/// uisim's PNG writer (zlib at level 1, the Sub filter) reads back through cairo's libpng reader
/// pixel for pixel: opaque images as RGB, translucent ones as RGBA with straight alpha.
@Suite struct PNGWriterTests {
    @Test(arguments: [1.0, 0.5, 0.0]) func roundTripsThroughCairosReader(_ alpha: Double) throws {
        let image = try CairoImage(width: 37, height: 23)
        image.fill(x: 0, y: 0, width: 37, height: 23, red: 0.2, green: 0.4, blue: 0.9, alpha: alpha, blend: false)
        image.fill(x: 5, y: 3, width: 11, height: 7, red: 1, green: 0.5, blue: 0, alpha: 1, blend: false)
        let data = try image.pngData()
        #expect(data.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        #expect(data[25] == (alpha == 1 ? 2 : 6))   // IHDR's color type: RGB when opaque
        let back = try CairoImage(pngData: data)
        #expect(back.width == 37 && back.height == 23)
        for (x, y) in [(0, 0), (36, 22), (5, 3), (15, 9), (16, 10), (20, 20)] {
            #expect(back.pixel(x: x, y: y) == image.pixel(x: x, y: y), "(\(x), \(y))")
        }
    }
}
