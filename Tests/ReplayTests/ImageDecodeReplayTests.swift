import Foundation
import Geometry
import CoreGraphics
import QuartzCore
import Replay
import RunLoop
import Testing
import Traces
@testable import UIKit

/// An image decoded where Apple's render loop decodes it: in the prepare phase of the commit of
/// the frame that first shows it, on the app's main thread, counted in that frame only.
@MainActor
@Suite struct ImageDecodeReplayTests {
    /// A photo view given a 1 000 × 750 pixel JPEG when a button is tapped: the frame of the tap
    /// decodes it (1 image, 750 000 pixels) in its prepare stage, and no frame after decodes it
    /// again while the photo is shown.
    @Test func theFrameThatShowsAPhotoDecodesIt() throws {
        let bitmap = try CairoImage(width: 1000, height: 750)
        bitmap.fill(x: 0, y: 0, width: 1000, height: 750, red: 0.2, green: 0.4, blue: 0.8, alpha: 1, blend: false)
        let jpeg = try #require(UIImage(cgImage: CGImage(adopting: bitmap)).jpegData(compressionQuality: 0.8))
        try UIApplication.withNewApplication {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let photo = UIImageView(frame: CGRect(x: 0, y: 100, width: 390, height: 292.5))
            let button = UIButton(frame: CGRect(x: 100, y: 600, width: 190, height: 44))
            button.addAction(UIAction { _ in photo.image = UIImage(data: jpeg, scale: 3) }, for: .touchUpInside)
            window.addSubview(photo)
            window.addSubview(button)
            window.makeKeyAndVisible()
            var trace = Trace()
            trace.tap(1, at: CGPoint(x: 195, y: 622), time: 0.1)
            trace.drag(2, from: CGPoint(x: 20, y: 800), to: CGPoint(x: 20, y: 700), time: 0.3, duration: 0.3)
            var decodes: [(frame: Int, images: Int, pixels: Int, prepare: Double)] = []
            let replay = Replay(window: window, clock: VirtualClock())
            replay.afterFrame = { record, _ in
                if record.counts[.imagesDecoded] > 0 {
                    decodes.append((record.frame, record.counts[.imagesDecoded], record.counts[.decodedPixels], record.stages[.prepare]))
                }
            }
            _ = try replay.run(trace)
            #expect(decodes.count == 1, "\(decodes)")
            #expect(decodes.first?.images == 1 && decodes.first?.pixels == 750_000)
            #expect((decodes.first?.prepare ?? 0) > 0)
            #expect(photo.image?.cgImage?.isDecoded == true)
        }
    }
}
