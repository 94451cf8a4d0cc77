import Foundation
import CoreGraphics
import Replay
import RunLoop
@testable import Scenes
import Testing
import Traces
@testable import UIKit

/// The render loop's outputs on a real scene: the Chrome trace's threads, and snapshots that
/// equal frame-by-frame compositing pixel for pixel.
@Suite struct RenderLoopOutputsTests {
    /// The feed on an iPhone SE's screen (a third of an iPhone 14's pixels, so the tests stay quick),
    /// flung: the rows scroll, decelerate and stop.
    /// The window is made and replayed in an app of its own, as a replay job runs one: a replay
    /// in the thread's default app would share it with whatever else ran there.
    func withFeed<Result>(_ body: (UIWindow) throws -> Result) throws -> Result {
        try UIApplication.withNewApplication(screen: UIScreen(model: .iPhoneSE3)) {
            let definition = try BuiltInScenes.named("feed")
            return try body(definition.makeWindow(settings: try definition.settings([:])))
        }
    }

    var fling: Trace {
        var trace = Trace()
        trace.fling(1, from: CGPoint(x: 187, y: 600), to: CGPoint(x: 187, y: 250), time: 0.05, duration: 0.12, rate: 120)
        return trace
    }

    /// trace.json on the default and the fixed clock: on each thread, frames (main thread) and
    /// renders (render server) never overlap one another, and every phase lies inside its frame.
    @Test(arguments: [true, false]) func chromeTraceSpansNestPerThread(_ measuresWork: Bool) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("uisim-chrome-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let header = Summary(trace: "fling", scene: "feed", variant: "", device: "iPhone SE", refreshRate: 60)
        let outputs = try ReplayOutputs(directory: folder, header: header, snapshots: .none)
        let summary = try withFeed { window in
            let replay = Replay(window: window, clock: VirtualClock(measuresWork: measuresWork))
            replay.sinks = [outputs]
            _ = try replay.run(fling)
            return try outputs.finish(interrupted: false)
        }
        #expect(summary.frames > 30)

        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: outputs.traceURL)) as! [String: Any]
        let spans = (json["traceEvents"] as! [[String: Any]]).filter { $0["ph"] as? String == "X" }
        for (tid, parentPrefix) in [(1, "frame "), (2, "render ")] {
            let mine = spans.filter { $0["tid"] as? Int == tid }
            func isParent(_ event: [String: Any]) -> Bool {
                let name = event["name"] as! String
                return name.hasPrefix(parentPrefix) && Int(name.dropFirst(parentPrefix.count)) != nil
            }
            let parents = mine.filter(isParent)
                .map { (start: $0["ts"] as! Double, end: ($0["ts"] as! Double) + ($0["dur"] as! Double)) }
            #expect(parents.count == summary.frames)
            for (a, b) in zip(parents, parents.dropFirst()) {
                #expect(b.start >= a.end - 1, "thread \(tid): a span at \(b.start) starts before the one before ends at \(a.end)")
            }
            let children = mine.filter { !isParent($0) }
            #expect(!children.isEmpty)
            for child in children {
                let start = child["ts"] as! Double, end = start + (child["dur"] as! Double)
                #expect(parents.contains { start >= $0.start - 1 && end <= $0.end + 1 }, "thread \(tid): \(child["name"]!) at \(start)–\(end) outside every frame; nearest \(parents.min { abs($0.start - start) < abs($1.start - start) }.map { "\($0.start)–\($0.end)" } ?? "none")")
            }
        }
    }

    /// Frames are not rasterized one by one unless the render stage is measured; a snapshot paints
    /// the whole screen from the layer tree at that frame. At every tenth frame it equals what
    /// cairo's frame-by-frame compositing holds, pixel for pixel.
    @Test func snapshotsEqualFrameByFrameCompositing() throws {
        func snapshots(_ mode: RenderMode) throws -> [Int: Data] {
            try withFeed { window in
                let replay = Replay(window: window, clock: VirtualClock())
                replay.renderMode = mode
                var images: [Int: Data] = [:]
                replay.afterFrame = { frame, window in
                    guard frame.frame % 10 == 0 else { return }
                    if mode == .estimated { window.compositor.rasterizeScreen() }
                    images[frame.frame] = try? window.compositor.snapshot().pngData()
                }
                _ = try replay.run(fling)
                return images
            }
        }
        let measured = try snapshots(.measured), estimated = try snapshots(.estimated)
        #expect(measured.count >= 4 && measured.keys.sorted() == estimated.keys.sorted())
        for frame in measured.keys.sorted() {
            #expect(measured[frame] == estimated[frame], "frame \(frame)")
        }
    }
}
