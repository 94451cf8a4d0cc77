import Foundation
import Replay
import RunLoop
import Scenes
import Testing
import Traces
@testable import Views

@Suite(.serialized) struct ScenesTests {
    @Test func controlsBuildsItsGrid() throws {
        #expect(BuiltInScenes.defaultScene.name == "feed")
        let scene = try BuiltInScenes.named("controls")
        let window = scene.makeWindow(screen: UIScreen(model: .iPhone14), settings: try scene.settings())
        #expect(!window.isHidden && window.subviews.count == 1)
        let content = window.subviews[0]
        // 3 × 6 buttons and a slider, all inside the safe area.
        #expect(content.subviews.count == 19)
        let safe = window.bounds.inset(by: window.safeAreaInsets)
        #expect(content.subviews.allSatisfy { safe.contains($0.frame) })
    }

    @Test func unknownScenesAndVariantsSayWhatExists() {
        #expect(throws: SceneError("no scene 'feeed'; the scenes are: feed, controls, resize")) { try BuiltInScenes.named("feeed") }
        #expect(throws: SceneError("scene 'controls' has no variant 'opaque'; its variants are: subviews-in-controls")) {
            try BuiltInScenes.named("controls").settings(["opaque": true])
        }
    }

    /// A tap on the first button highlights it (one full redraw) and releases it (another).
    @Test func tappingAButtonRedrawsItTwice() throws {
        let scene = try BuiltInScenes.named("controls")
        let window = scene.makeWindow(screen: UIScreen(model: .iPhone14), settings: try scene.settings())
        let button = window.subviews[0].subviews[0]
        var trace = Trace()
        trace.tap(1, at: CGPoint(x: button.frame.midX, y: button.frame.midY), time: 0.1, duration: 0.1)
        let result = try Replay(window: window, clock: VirtualClock()).run(trace)
        #expect(result.work.display.layersDisplayed == 2)
        let pixels = Int(button.bounds.width * 3) * Int(button.bounds.height * 3)
        #expect(result.work.display.pixelsDrawn == 2 * pixels)
    }
}
