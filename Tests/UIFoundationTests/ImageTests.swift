import Foundation
import Geometry
import Testing
@testable import CoreGraphics
@testable import UIFoundation

/// Images as UIKit and ImageIO have them: PNG and JPEG read through libraries (cairo's libpng,
/// libjpeg-turbo), their size known from the header and their pixels decoded once, when first
/// needed; asset catalogs read as Xcode writes them; resizable images in nine parts; template
/// images drawn in their tint; symbols as marked placeholders.
@Suite struct ImageTests {
    /// A bitmap of `width × height` pixels of one colour, at `scale`.
    static func solid(_ width: Int, _ height: Int, red: Double, green: Double, blue: Double, alpha: Double = 1) -> CairoImage {
        let image = try! CairoImage(width: width, height: height)
        image.fill(x: 0, y: 0, width: width, height: height, red: red, green: green, blue: blue, alpha: alpha, blend: false)
        return image
    }

    static func png(_ width: Int, _ height: Int, red: Double, green: Double, blue: Double, alpha: Double = 1) -> Data {
        try! solid(width, height, red: red, green: green, blue: blue, alpha: alpha).pngData()
    }

    /// A PNG's size comes from its IHDR chunk: 3 × 5 pixels at scale 2 are 1.5 × 2.5 points, and
    /// nothing is decoded until a pixel is read; then once, counted with its 15 pixels.
    @Test func aPNGIsDecodedWhenFirstNeededAndOnce() throws {
        let app = AppEnvironment()
        try app.makeCurrent {
            let image = try #require(UIImage(data: Self.png(3, 5, red: 1, green: 0, blue: 0), scale: 2))
            #expect(image.size == CGSize(width: 1.5, height: 2.5))
            let cg = try #require(image.cgImage)
            #expect(!cg.isDecoded && app.imageStatistics == .init())
            #expect(cg.pixel(x: 2, y: 4) == 0xFFFF_0000)
            #expect(cg.isDecoded && app.imageStatistics.decodes == 1 && app.imageStatistics.pixels == 15)
            _ = cg.pixel(x: 0, y: 0)
            #expect(app.imageStatistics.decodes == 1)
        }
    }

    /// A thumbnail of a 300 × 200 pixel image fitted in 60 × 60 pt is 60 × 40 pt at the screen's
    /// scale (180 × 120 pixels, decoded); the original is decoded once on the way.
    @Test func aThumbnailIsFittedAndDecoded() throws {
        let app = AppEnvironment()
        try app.makeCurrent {
            let image = try #require(UIImage(data: Self.png(300, 200, red: 0, green: 0, blue: 1)))
            let thumbnail = try #require(image.preparingThumbnail(of: CGSize(width: 60, height: 60)))
            #expect(thumbnail.size == CGSize(width: 60, height: 40) && thumbnail.cgImage?.width == 180 && thumbnail.cgImage?.isDecoded == true)
            #expect(app.imageStatistics.decodes == 1 && thumbnail.cgImage?.pixel(x: 90, y: 60) == 0xFF00_00FF)
            var prepared: UIImage?
            image.prepareForDisplay { prepared = $0 }
            #expect(prepared?.cgImage?.isDecoded == true && app.imageStatistics.decodes == 1)
        }
    }

    /// Bytes that are neither PNG nor JPEG make no image, as `UIImage(data:)` returns nil; a PNG
    /// whose header reads but whose data is cut short shows transparent pixels, with a message.
    @Test func badBytesMakeNoImageAndACutPNGShowsNothing() throws {
        #expect(UIImage(data: Data("hello".utf8)) == nil)
        // A header claiming 2 147 483 647 pixels a side is refused (no bitmap could hold it).
        var huge = Self.png(1, 1, red: 0, green: 0, blue: 0)
        huge.replaceSubrange(16..<24, with: [0x7F, 0xFF, 0xFF, 0xFF, 0x7F, 0xFF, 0xFF, 0xFF])
        #expect(UIImage(data: huge) == nil)
        #expect(UIImage.SymbolConfiguration(pointSize: 20).withTraitCollection(UITraitCollection(userInterfaceStyle: .dark))
                    .traitCollection?.userInterfaceStyle == .dark)
        #expect(UIImage(data: Data([0xFF, 0xD8, 0xFF, 0x00])) == nil)
        let app = AppEnvironment()
        try app.makeCurrent {
            let cut = Self.png(4, 4, red: 0, green: 1, blue: 0).prefix(40)
            let image = try #require(UIImage(data: Data(cut)))
            #expect(image.size == CGSize(width: 4, height: 4))
            #expect(image.cgImage?.pixel(x: 1, y: 1) == 0)
            #expect(app.issues.count == 1 && app.issues[0].contains("cannot be decoded"))
        }
    }

    /// A JPEG written by `jpegData(compressionQuality:)` and read back: the header says 8 × 4, the
    /// pixels come back opaque and within JPEG's loss of the colour written (#3366CC).
    @Test func aJPEGRoundTripsThroughLibjpegTurbo() throws {
        let original = UIImage(cgImage: CGImage(adopting: Self.solid(8, 4, red: 0x33 / 255, green: 0x66 / 255, blue: 0xCC / 255)))
        let data = try #require(original.jpegData(compressionQuality: 0.9))
        #expect(data.prefix(3) == Data([0xFF, 0xD8, 0xFF]))
        let image = try #require(UIImage(data: data))
        #expect(image.size == CGSize(width: 8, height: 4) && image.cgImage?.isDecoded == false)
        let pixel = try #require(image.cgImage?.pixel(x: 5, y: 2))
        #expect(pixel >> 24 == 0xFF)
        for (got, want) in [(pixel >> 16 & 0xFF, 0x33), (pixel >> 8 & 0xFF, 0x66), (pixel & 0xFF, 0xCC)] {
            #expect(abs(Int(got) - want) <= 3, "\(String(pixel, radix: 16))")
        }
    }

    /// A catalog as Xcode writes it: `star` at 1x (red), 2x (green), 3x (blue) and a dark 3x
    /// (white); a namespaced group `Icons` with `plus` at 2x only; loose files `logo.png` and
    /// `logo@2x.png` beside it.
    static func makeBundle() throws -> (Bundle, URL) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("uisim-assets-\(UUID().uuidString)")
        let catalog = root.appendingPathComponent("Media.xcassets")
        func write(_ json: String, _ path: String) throws {
            let url = catalog.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(json.utf8).write(to: url)
        }
        func image(_ data: Data, _ path: String) throws {
            let url = catalog.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }
        try write(#"{"info":{"author":"xcode","version":1}}"#, "Contents.json")
        try write("""
            {"images":[{"filename":"star.png","idiom":"universal","scale":"1x"},
                       {"filename":"star@2x.png","idiom":"universal","scale":"2x"},
                       {"filename":"star@3x.png","idiom":"universal","scale":"3x"},
                       {"appearances":[{"appearance":"luminosity","value":"dark"}],"filename":"star-dark@3x.png","idiom":"universal","scale":"3x"}],
             "info":{"author":"xcode","version":1}}
            """, "star.imageset/Contents.json")
        try image(png(1, 1, red: 1, green: 0, blue: 0), "star.imageset/star.png")
        try image(png(2, 2, red: 0, green: 1, blue: 0), "star.imageset/star@2x.png")
        try image(png(3, 3, red: 0, green: 0, blue: 1), "star.imageset/star@3x.png")
        try image(png(3, 3, red: 1, green: 1, blue: 1), "star.imageset/star-dark@3x.png")
        try write(#"{"info":{"author":"xcode","version":1},"properties":{"provides-namespace":true}}"#, "Icons/Contents.json")
        try write("""
            {"images":[{"idiom":"universal","scale":"1x"},{"filename":"plus@2x.png","idiom":"universal","scale":"2x"},
                       {"idiom":"universal","scale":"3x"}],
             "properties":{"template-rendering-intent":"template"}}
            """, "Icons/plus.imageset/Contents.json")
        try image(png(4, 4, red: 0, green: 0, blue: 0), "Icons/plus.imageset/plus@2x.png")
        try write("""
            {"images":[{"filename":"bubble@2x.png","idiom":"universal","scale":"2x",
                        "resizing":{"mode":"9-part","center":{"mode":"stretch","width":2,"height":2},
                                    "cap-insets":{"top":8,"left":10,"bottom":6,"right":4}}}]}
            """, "bubble.imageset/Contents.json")
        try image(png(16, 16, red: 0, green: 0, blue: 0), "bubble.imageset/bubble@2x.png")
        try write("""
            {"colors":[{"color":{"color-space":"srgb","components":{"red":"0x33","green":"102","blue":"0.600","alpha":"1.000"}},"idiom":"universal"},
                       {"appearances":[{"appearance":"luminosity","value":"dark"}],
                        "color":{"color-space":"srgb","components":{"red":"0.800","green":"0.800","blue":"0.800","alpha":"0.500"}},"idiom":"universal"}]}
            """, "Brand.colorset/Contents.json")
        try write("""
            {"colors":[{"color":{"color-space":"display-p3","components":{"red":"0.500","green":"0.400","blue":"0.300","alpha":"1.000"}},"idiom":"universal"}]}
            """, "Wide.colorset/Contents.json")
        try write("""
            {"colors":[{"color":{"color-space":"gray-gamma-22","components":{"white":"0.250","alpha":"1.000"}},"idiom":"universal"}]}
            """, "Ink.colorset/Contents.json")
        // MessageKit's colour sets: a system colour by reference, for any appearance and for dark.
        try write("""
            {"colors":[{"color":{"platform":"ios","reference":"labelColor"},"idiom":"universal"},
                       {"appearances":[{"appearance":"luminosity","value":"dark"}],"color":{"platform":"ios","reference":"labelColor"},"idiom":"universal"}]}
            """, "Colors/Text.colorset/Contents.json")
        try write("""
            {"colors":[{"color":{"platform":"ios","reference":"systemBlueColor"},"idiom":"universal"}]}
            """, "Accent.colorset/Contents.json")
        try png(1, 1, red: 1, green: 1, blue: 0).write(to: root.appendingPathComponent("logo.png"))
        try png(2, 2, red: 0, green: 1, blue: 1).write(to: root.appendingPathComponent("logo@2x.png"))
        return (try #require(Bundle(path: root.path)), root)
    }

    /// The screen's scale picks the image (3x: the blue 3 × 3 pixels, 1 × 1 pt); a trait's scale
    /// another (2x: green); dark the dark image; a scale that is missing the nearest larger, else
    /// the nearest smaller; a namespaced name with its folder; a loose file by its name.
    @Test func aCatalogGivesTheImageForTheScaleAndAppearance() throws {
        let (bundle, root) = try Self.makeBundle()
        defer { try? FileManager.default.removeItem(at: root) }
        let app = AppEnvironment()
        try app.makeCurrent {
            let star = try #require(UIImage(named: "star", in: bundle, compatibleWith: nil))
            #expect(star.scale == 3 && star.size == CGSize(width: 1, height: 1) && star.cgImage?.pixel(x: 2, y: 2) == 0xFF00_00FF)
            let two = try #require(UIImage(named: "star", in: bundle, compatibleWith: UITraitCollection(displayScale: 2)))
            #expect(two.scale == 2 && two.cgImage?.pixel(x: 1, y: 1) == 0xFF00_FF00)
            let dark = try #require(UIImage(named: "star", in: bundle, compatibleWith: UITraitCollection(userInterfaceStyle: .dark)))
            #expect(dark.cgImage?.pixel(x: 0, y: 0) == 0xFFFF_FFFF)
            #expect(dark.resolved(for: .light).cgImage?.pixel(x: 0, y: 0) == 0xFF00_00FF)
            // The same name gives the same pixels, decoded once.
            let again = try #require(UIImage(named: "star", in: bundle, compatibleWith: nil))
            #expect(again.cgImage === star.cgImage && app.imageStatistics.decodes == 3)

            #expect(UIImage(named: "plus", in: bundle, compatibleWith: nil) == nil)
            let plus = try #require(UIImage(named: "Icons/plus", in: bundle, compatibleWith: nil))
            #expect(plus.scale == 2 && plus.size == CGSize(width: 2, height: 2) && plus.renderingMode == .alwaysTemplate)
            let plusAt1x = try #require(UIImage(named: "Icons/plus", in: bundle, compatibleWith: UITraitCollection(displayScale: 1)))
            #expect(plusAt1x.scale == 2)

            let logo = try #require(UIImage(named: "logo", in: bundle, compatibleWith: nil))
            #expect(logo.scale == 2 && logo.size == CGSize(width: 1, height: 1))
            #expect(UIImage(named: "logo.png", in: bundle, compatibleWith: UITraitCollection(displayScale: 1))?.scale == 1)
            #expect(UIImage(named: "missing", in: bundle, compatibleWith: nil) == nil)
            #expect(UIImage(contentsOfFile: root.appendingPathComponent("logo@2x.png").path)?.scale == 2)
        }
    }

    /// A set whose Contents.json is not JSON is skipped and said once, with its path; a colour
    /// uisim cannot read too; the rest of the catalog still reads.
    @Test func aBrokenSetIsSkippedAndSaid() throws {
        let (bundle, root) = try Self.makeBundle()
        defer { try? FileManager.default.removeItem(at: root) }
        let broken = root.appendingPathComponent("Media.xcassets/broken.imageset")
        try FileManager.default.createDirectory(at: broken, withIntermediateDirectories: true)
        try Data("{ not json".utf8).write(to: broken.appendingPathComponent("Contents.json"))
        let odd = root.appendingPathComponent("Media.xcassets/Odd.colorset")
        try FileManager.default.createDirectory(at: odd, withIntermediateDirectories: true)
        try Data(#"{"colors":[{"color":{"color-space":"srgb","components":{"red":"lots"}}}]}"#.utf8).write(to: odd.appendingPathComponent("Contents.json"))
        let app = AppEnvironment()
        try app.makeCurrent {
            #expect(UIImage(named: "broken", in: bundle, compatibleWith: nil) == nil && UIColor(named: "Odd", in: bundle, compatibleWith: nil) == nil)
            #expect(UIImage(named: "star", in: bundle, compatibleWith: nil) != nil)
            // In the catalog's (sorted) order: "Odd" before "broken".
            #expect(app.issues == ["asset catalog: \(odd.path)/Contents.json: a colour uisim cannot read: skipped",
                                   "asset catalog: \(broken.path)/Contents.json: not a JSON object: skipped"])
        }
    }

    /// Slicing in the catalog is in the image's pixels: caps 8, 10, 6, 4 px of a 2x image are 4,
    /// 5, 3, 2 pt, stretched as its `center` says.
    @Test func aCatalogsSlicingIsInPixelsOfItsScale() throws {
        let (bundle, root) = try Self.makeBundle()
        defer { try? FileManager.default.removeItem(at: root) }
        try AppEnvironment().makeCurrent {
            let bubble = try #require(UIImage(named: "bubble", in: bundle, compatibleWith: nil))
            #expect(bubble.capInsets == UIEdgeInsets(top: 4, left: 5, bottom: 3, right: 2) && bubble.resizingMode == .stretch)
        }
    }

    /// Colour sets: components as hexadecimal (0x33 = 51), 8-bit (102) and decimal (0.600 = 153);
    /// a dark variant makes the colour dynamic; Display P3 (0.5, 0.4, 0.3) is sRGB (132, 101, 73)
    /// (linearised, through P3's primaries to sRGB's, encoded again); grey is its white; a
    /// reference to a system colour (MessageKit's sets) is that colour.
    @Test func colorSetsReadEveryWayXcodeWritesComponents() throws {
        let (bundle, root) = try Self.makeBundle()
        defer { try? FileManager.default.removeItem(at: root) }
        func rgba(_ color: UIColor, _ style: UIUserInterfaceStyle = .light) -> [Int] {
            color.resolvedColor(with: UITraitCollection(userInterfaceStyle: style)).cgColor.components.map { Int(($0 * 255).rounded()) }
        }
        try AppEnvironment().makeCurrent {
            let brand = try #require(UIColor(named: "Brand", in: bundle, compatibleWith: nil))
            #expect(rgba(brand) == [51, 102, 153, 255] && rgba(brand, .dark) == [204, 204, 204, 128])
            #expect(rgba(try #require(UIColor(named: "Brand", in: bundle, compatibleWith: UITraitCollection(userInterfaceStyle: .dark))))
                    == [204, 204, 204, 128])
            #expect(rgba(try #require(UIColor(named: "Wide", in: bundle, compatibleWith: nil))) == [132, 101, 73, 255])
            #expect(rgba(try #require(UIColor(named: "Ink", in: bundle, compatibleWith: nil))) == [64, 64, 64, 255])
            #expect(UIColor(named: "Nope", in: bundle, compatibleWith: nil) == nil)
            // A reference is the system colour, dynamic: label is black in light, white in dark;
            // system blue is (0, 122, 255) in light.
            let text = try #require(UIColor(named: "Text", in: bundle, compatibleWith: nil))
            #expect(rgba(text) == [0, 0, 0, 255] && rgba(text, .dark) == [255, 255, 255, 255])
            #expect(rgba(try #require(UIColor(named: "Accent", in: bundle, compatibleWith: nil))) == [0, 122, 255, 255])
        }
    }

    /// A resizable 12 × 12 image with caps of 4 drawn into 40 × 20: the corners stay 4 × 4
    /// (their colour where it was), the middle stretches; an image given a tint colour is drawn
    /// in it wherever it is opaque, and nowhere else.
    @Test func resizableAndTintedImagesDrawAsUIKitDraws() throws {
        try AppEnvironment().makeCurrent {
            // Red corners ring, blue middle 4...8.
            let bitmap = Self.solid(12, 12, red: 1, green: 0, blue: 0)
            bitmap.fill(x: 4, y: 4, width: 4, height: 4, red: 0, green: 0, blue: 1, alpha: 1, blend: false)
            let image = UIImage(cgImage: CGImage(adopting: bitmap), scale: 1).resizableImage(withCapInsets: UIEdgeInsets(top: 4, left: 4, bottom: 4, right: 4))
            #expect(image.slices(into: CGRect(x: 0, y: 0, width: 40, height: 20)).count == 9)
            let drawn = UIGraphicsImageRenderer(size: CGSize(width: 40, height: 20), format: {
                let f = UIGraphicsImageRendererFormat(); f.scale = 1; return f
            }()).image { _ in image.draw(in: CGRect(x: 0, y: 0, width: 40, height: 20)) }
            let cg = try #require(drawn.cgImage)
            #expect(cg.pixel(x: 1, y: 1) == 0xFFFF_0000 && cg.pixel(x: 38, y: 18) == 0xFFFF_0000)
            #expect(cg.pixel(x: 20, y: 10) == 0xFF00_00FF && cg.pixel(x: 8, y: 10) == 0xFF00_00FF)   // the middle stretched to 4...36, 4...16
            #expect(cg.pixel(x: 20, y: 2) == 0xFFFF_0000)   // the top edge, stretched along

            // A half-transparent circle-ish mask: left half opaque, right half clear.
            let mask = try CairoImage(width: 4, height: 4)
            mask.fill(x: 0, y: 0, width: 2, height: 4, red: 0, green: 0, blue: 0, alpha: 1, blend: false)
            let template = UIImage(cgImage: CGImage(adopting: mask), scale: 1).withTintColor(.green)
            let tinted = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4), format: {
                let f = UIGraphicsImageRendererFormat(); f.scale = 1; return f
            }()).image { _ in template.draw(at: .zero) }
            #expect(tinted.cgImage?.pixel(x: 0, y: 0) == 0xFF00_FF00 && tinted.cgImage?.pixel(x: 3, y: 3) == 0)
        }
    }

    /// A symbol is a placeholder box at its configuration's size: 17 pt (body at the default text
    /// size) at medium scale, 17 × 0.78 → 14 pt small, 20 pt × 1.29 → 26 pt large; a template, so
    /// views tint it; one console message per name.
    @Test func symbolsArePlaceholdersOfTheirSize() throws {
        let app = AppEnvironment()
        try app.makeCurrent {
            let star = try #require(UIImage(systemName: "star"))
            #expect(star.isSymbolImage && star.isTemplate && star.size == CGSize(width: 17, height: 17) && star.scale == 3)
            #expect(UIImage(systemName: "star", withConfiguration: UIImage.SymbolConfiguration(scale: .small))?.size.width == 14)
            let large = try #require(UIImage(systemName: "heart", withConfiguration: UIImage.SymbolConfiguration(pointSize: 20, weight: .bold, scale: .large)))
            #expect(large.size.width == 26)
            #expect(star.withConfiguration(UIImage.SymbolConfiguration(pointSize: 30)).size.width == 30)
            #expect(star.withRenderingMode(.alwaysOriginal).isTemplate == false)
            #expect(UIImage(systemName: "") == nil)
            #expect(app.issues.filter { $0.contains("\"star\"") }.count == 1 && app.issues.contains { $0.contains("\"heart\"") })
            // The box's edge is drawn, its inside clear but for the cross.
            #expect(star.cgImage?.pixel(x: 0, y: 25) != 0 && star.cgImage?.pixel(x: 25, y: 10) == 0)
        }
    }
}
