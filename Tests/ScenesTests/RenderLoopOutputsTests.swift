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

    /// The render mode changes how the render stage is costed, not what the app did: every frame's
    /// counters are the same measured or estimated, the first frame's included. (The first frame's
    /// metered work once went uncounted when cairo painted: the replay put the screen up with an
    /// unmetered commit, so the meter took the first frame's commit phase for the screen's.) Here
    /// the first frame, in the replay's first turn, is a touch down that gives a label new text:
    /// one text layout.
    @Test func countersAreTheSameMeasuredOrEstimated() throws {
        final class Pad: UIView {
            let label = UILabel(frame: CGRect(x: 20, y: 100, width: 300, height: 40))
            override init(frame: CGRect) {
                super.init(frame: frame)
                label.text = "Ready"
                addSubview(label)
            }
            required init?(coder: NSCoder) { nil }
            override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { label.text = "Touched \(touches.count)" }
        }
        var trace = Trace()
        trace.tap(1, at: CGPoint(x: 195, y: 400), time: 0, duration: 0.08)   // in the replay's first turn
        func counts(_ mode: RenderMode) throws -> [FrameRecord.Counts] {
            try UIApplication.withNewApplication {
                let window = UIWindow(frame: UIScreen.main.bounds)
                let pad = Pad(frame: window.bounds)
                pad.backgroundColor = .white
                window.addSubview(pad)
                let replay = Replay(window: window, clock: VirtualClock())
                replay.renderMode = mode
                var counts: [FrameRecord.Counts] = []
                replay.afterFrame = { frame, _ in counts.append(frame.counts) }
                _ = try replay.run(trace)
                return counts
            }
        }
        let measured = try counts(.measured), estimated = try counts(.estimated)
        #expect(estimated.first?[.textLayouts] == 1)
        #expect(measured.count == estimated.count && !measured.isEmpty)
        for (frame, (m, e)) in zip(measured, estimated).enumerated() {
            #expect(m == e, "frame \(frame): \(Counter.allCases.filter { m[$0] != e[$0] }.map { "\($0.rawValue) \(m[$0]) vs \(e[$0])" })")
        }
    }
}
