import Foundation
import Geometry
import CoreGraphics
import QuartzCore
import RunLoop
import Testing
@testable import UIKit

/// An image view as UIKit's: its image is its layer's contents, decoded by the commit's prepare
/// phase the first time it is on screen (once, however many views show it), a template image
/// shown in the tint without a redraw, a resizable image in nine parts (`contentsCenter`), an
/// asset's dark image when the view turns dark.
@MainActor
@Suite struct UIImageViewTests {
    static func png(_ width: Int, _ height: Int, red: Double, green: Double, blue: Double, alpha: Double = 1) -> Data {
        let image = try! CairoImage(width: width, height: height)
        image.fill(x: 0, y: 0, width: width, height: height, red: red, green: green, blue: blue, alpha: alpha, blend: false)
        return try! image.pngData()
    }

    /// A 300 × 200 pixel PNG at scale 2 shown by two image views: nothing decoded when set, the
    /// commit's prepare phase decodes it once (60 000 pixels, counted in that frame), the next
    /// commit nothing; a hidden view's image waits until the view shows.
    @Test func theCommitDecodesAnImageOnScreenOnce() throws {
        try UIApplication.withNewApplication(screen: testScreen) {
            let window = testWindow()
            _ = window.commitPhase(stopwatch: ManualStopwatch())   // the counts start at the first commit
            let image = try #require(UIImage(data: Self.png(300, 200, red: 1, green: 0, blue: 0), scale: 2))
            let a = UIImageView(image: image), b = UIImageView(image: image)
            #expect(a.frame.size == CGSize(width: 150, height: 100) && a.intrinsicContentSize == CGSize(width: 150, height: 100))
            window.addSubview(a)
            #expect(a.layer.contentsScale == 2)   // the image's, not the screen's
            window.addSubview(b)
            #expect(image.cgImage?.isDecoded == false)
            let report = window.commitPhase(stopwatch: ManualStopwatch())
            #expect(report.counts[.imagesDecoded] == 1 && report.counts[.decodedPixels] == 60_000)
            #expect(image.cgImage?.isDecoded == true)
            #expect(window.commitPhase(stopwatch: ManualStopwatch()).counts[.imagesDecoded] == 0)

            let hidden = UIImageView(image: UIImage(data: Self.png(10, 10, red: 0, green: 1, blue: 0)))
            hidden.isHidden = true
            window.addSubview(hidden)
            #expect(window.commitPhase(stopwatch: ManualStopwatch()).counts[.imagesDecoded] == 0)
            hidden.isHidden = false
            let shown = window.commitPhase(stopwatch: ManualStopwatch())
            #expect(shown.counts[.imagesDecoded] == 1 && shown.counts[.decodedPixels] == 100)
            withExtendedLifetime(window) {}
        }
    }

    /// A template image (black where opaque) shows in the view's tint — system blue #007AFF, then
    /// red when an ancestor's tint changes — composited, never drawn by the view; an image with
    /// its own tint colour keeps it; `.alwaysOriginal` shows its own black.
    @Test func aTemplateImageShowsInTheTintWithoutARedraw() throws {
        try UIApplication.withNewApplication(screen: testScreen) {
            let window = testWindow()
            let black = try #require(UIImage(data: Self.png(20, 20, red: 0, green: 0, blue: 0), scale: 2))
            let view = UIImageView(image: black.withRenderingMode(.alwaysTemplate))
            view.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
            window.addSubview(view)
            window.commit()
            #expect(window.compositor.snapshot().pixel(x: 5, y: 5) == 0xFF00_7AFF)
            window.tintColor = .red
            let stats = window.commit()
            #expect(stats.display.layersDisplayed == 0)
            #expect(window.compositor.snapshot().pixel(x: 5, y: 5) == 0xFFFF_0000)
            view.image = black.withTintColor(.green)
            window.commit()
            #expect(window.compositor.snapshot().pixel(x: 5, y: 5) == 0xFF00_FF00)
            view.image = black.withRenderingMode(.alwaysOriginal)
            window.commit()
            #expect(window.compositor.snapshot().pixel(x: 5, y: 5) == 0xFF00_0000)
            // A symbol is a template too.
            view.image = UIImage(systemName: "star")
            #expect(view.layer.contentsTintColor == UIColor.red.cgColor)
        }
    }

    /// A resizable image in an image view keeps its caps: a 6 × 6 point image (scale 1), red with a
    /// blue middle 2...4, caps of 2, shown 40 × 20 points: the corner pixel stays red, the middle
    /// stretches blue over 2...38 × 2...18 (at the screen's scale 2).
    @Test func aResizableImageKeepsItsCaps() throws {
        try UIApplication.withNewApplication(screen: testScreen) {
            let window = testWindow()
            let bitmap = try CairoImage(width: 6, height: 6)
            bitmap.fill(x: 0, y: 0, width: 6, height: 6, red: 1, green: 0, blue: 0, alpha: 1, blend: false)
            bitmap.fill(x: 2, y: 2, width: 2, height: 2, red: 0, green: 0, blue: 1, alpha: 1, blend: false)
            let image = UIImage(cgImage: CGImage(adopting: bitmap), scale: 1)
                .resizableImage(withCapInsets: UIEdgeInsets(top: 2, left: 2, bottom: 2, right: 2), resizingMode: .stretch)
            let view = UIImageView(image: image)
            view.frame = CGRect(x: 0, y: 0, width: 40, height: 20)
            window.addSubview(view)
            window.commit()
            #expect(view.layer.contentsCenter == CGRect(x: 2.0 / 6, y: 2.0 / 6, width: 2.0 / 6, height: 2.0 / 6))
            let shot = window.compositor.snapshot()
            #expect(shot.pixel(x: 1, y: 1) == 0xFFFF_0000 && shot.pixel(x: 78, y: 38) == 0xFFFF_0000)
            #expect(shot.pixel(x: 40, y: 20) == 0xFF00_00FF && shot.pixel(x: 24, y: 20) == 0xFF00_00FF)
            #expect(shot.pixel(x: 40, y: 1) == 0xFFFF_0000)   // the top cap, stretched along
        }
    }

    /// An asset with a dark image: the view shows the light one, then the dark one when its
    /// appearance turns dark (`overrideUserInterfaceStyle`), without being given the image again.
    @Test func anAssetsDarkImageShowsWhenTheViewTurnsDark() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("uisim-imageview-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let set = root.appendingPathComponent("A.xcassets/moon.imageset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        try Data("""
            {"images":[{"filename":"light.png","idiom":"universal","scale":"2x"},
                       {"appearances":[{"appearance":"luminosity","value":"dark"}],"filename":"dark.png","idiom":"universal","scale":"2x"}]}
            """.utf8).write(to: set.appendingPathComponent("Contents.json"))
        try Self.png(2, 2, red: 1, green: 1, blue: 0).write(to: set.appendingPathComponent("light.png"))
        try Self.png(2, 2, red: 0, green: 0, blue: 1).write(to: set.appendingPathComponent("dark.png"))
        let bundle = try #require(Bundle(path: root.path))
        try UIApplication.withNewApplication(screen: testScreen) {
            let window = testWindow()
            let view = UIImageView(image: try #require(UIImage(named: "moon", in: bundle, compatibleWith: nil)))
            window.addSubview(view)
            window.commit()
            #expect(window.compositor.snapshot().pixel(x: 0, y: 0) == 0xFFFF_FF00)
            view.overrideUserInterfaceStyle = .dark
            window.commit()
            #expect(window.compositor.snapshot().pixel(x: 0, y: 0) == 0xFF00_00FF)
        }
    }
}
