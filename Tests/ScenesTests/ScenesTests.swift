import Foundation
import Replay
import RunLoop
@testable import Scenes
import Testing
import Traces
@testable import UIKit

@Suite struct ScenesTests {
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
        #expect(throws: SceneError("no scene 'feeed'; the scenes are: feed, controls, resize, messages, grid, navigation, contacts")) { try BuiltInScenes.named("feeed") }
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

/// The controls scene's switches: a replayed tap flips one and it says so once.
@Suite struct SwitchTests {
    @Test func aReplayedTapTogglesASwitchAndSendsValueChanged() throws {
        let scene = try BuiltInScenes.named("controls")
        let window = scene.makeWindow(screen: UIScreen(model: .iPhone14), settings: try scene.settings())
        let cards = window.subviews[0].subviews.compactMap { $0 as? SwitchCard }
        #expect(cards.map(\.label.text) == ["Switch 1", "Switch 2", "Switch 3"])
        let toggle = cards[1].toggle
        #expect(toggle.bounds.size == CGSize(width: 51, height: 31) && !toggle.isOn)
        var changes: [Bool] = []
        toggle.addAction(UIAction { _ in changes.append(toggle.isOn) }, for: .valueChanged)
        let center = toggle.convert(CGPoint(x: 25.5, y: 15.5), to: nil)
        var trace = Trace()
        trace.tap(1, at: center, time: 0.1, duration: 0.08)
        trace.tap(2, at: center, time: 0.6, duration: 0.08)
        trace.tap(3, at: CGPoint(x: center.x, y: center.y - 200), time: 1.1, duration: 0.08)   // elsewhere: a button
        let result = try Replay(window: window, clock: VirtualClock(measuresWork: false)).run(trace)
        // On, then off: each tap sent one .valueChanged with the new value; the third hit no switch.
        #expect(changes == [true, false])
        #expect(!toggle.isOn)
        // Each tap redraws the switch twice (pressed: the thumb widens; lifted and flipped), and
        // the third tap's button twice.
        #expect(result.work.display.layersDisplayed == 6)
    }
}
