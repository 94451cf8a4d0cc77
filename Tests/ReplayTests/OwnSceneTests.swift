import Foundation
import CoreGraphics
import Replay
import RunLoop
import Testing
import UIKit

/// An app's own screen, replayed through the library as a CI test would: one call, the usual
/// outputs, a summary to assert on.
@Suite struct OwnSceneTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A screen with one view that draws itself and counts touches.
    final class Pad: UIView {
        var began = 0
        override func draw(_ rect: CGRect) {
            UIColor.orange.setFill()
            UIGraphicsGetCurrentContext()?.fill(rect)
        }
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { began += touches.count }
    }

    /// An app whose screen comes from a nib by name: the replay's `documents` folders are its
    /// app's search folders (`--documents`), so the nib is found there; another app (this test's)
    /// does not see them.
    @Test func aReplaysDocumentsFolderHoldsTheScenesNibs() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("uisim-documents-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Views"), withIntermediateDirectories: true)
        try Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22155" targetRuntime="iOS.CocoaTouch">
                <objects>
                    <placeholder placeholderIdentifier="IBFilesOwner" id="-1"/>
                    <view contentMode="scaleToFill" id="badge">
                        <rect key="frame" x="20" y="300" width="120" height="44"/>
                        <color key="backgroundColor" systemColor="systemOrangeColor"/>
                    </view>
                </objects>
            </document>
            """.utf8).write(to: folder.appendingPathComponent("Views/Badge.xib"))
        let loaded = PadBox()
        let scene = Scene(name: "badge", summary: "a view from Badge.xib") { window, _ in
            let badge = UINib(nibName: "Badge", bundle: nil).instantiate(withOwner: nil).first as? UIView
            loaded.frame = badge?.frame
            loaded.folders = UINib.appSearchFolders
            if let badge { window.addSubview(badge) }
        }
        var job = try ReplayJob(trace: Self.root.appendingPathComponent("Traces/taps.trace"), scene: scene,
                                out: folder.appendingPathComponent("out"), snapshots: .none)
        job.clock = .fixed
        job.documents = [folder]
        _ = try job.run()
        #expect(loaded.frame == CGRect(x: 20, y: 300, width: 120, height: 44) && loaded.folders == [folder])
        try UIApplication.withNewApplication { #expect(UINib.appSearchFolders.isEmpty) }
    }

    @Test func oneCallReplaysAnOwnSceneAndWritesItsOutputs() throws {
        let pads = PadBox()
        let scene = Scene(name: "pad", summary: "one drawn view", variants: [.init(name: "big", summary: "fills the screen")]) { window, settings in
            let pad = Pad(frame: settings.isOn("big") ? window.bounds : CGRect(x: 0, y: 0, width: 100, height: 100))
            window.addSubview(pad)
            pads.pad = pad
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("uisim-own-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        // taps.trace: six taps and a drag, every touch below y = 100: a 100 × 100 pad in the
        // corner sees none; filling the screen, it sees all seven.
        let small = try Replay.run(Self.root.appendingPathComponent("Traces/taps.trace"), scene: scene,
                                   outputs: folder.appendingPathComponent("small"))
        #expect(small.scene == "pad" && small.variant == "big=off")
        #expect(pads.pad?.began == 0)
        let big = try Replay.run(Self.root.appendingPathComponent("Traces/taps.trace"), scene: scene, variants: ["big": true],
                                 snapshots: .none, outputs: folder.appendingPathComponent("big"))
        #expect(big.variant == "big=on")
        #expect(pads.pad?.began == 7 && big.touches.began == 7)
        // Drawn once before frame 0 (not counted), never again: nothing asks for a redraw.
        #expect(big.counts.draws == 0)
        for file in ["frames.jsonl", "summary.json", "trace.json", "report.html"] {
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("big/\(file)").path), "\(file)")
        }
        #expect(throws: SceneError("scene 'pad' has no variant 'huge'; its variants are: big")) {
            try Replay.run(Self.root.appendingPathComponent("Traces/taps.trace"), scene: scene, variants: ["huge": true], outputs: folder)
        }
    }

    /// A screen whose display link never stops: the job ends 10 s (the settle limit) after the
    /// trace's last sample and warns, with complete outputs, rather than replaying for ever.
    @Test func anOwnSceneThatNeverRestsEndsWithAWarning() throws {
        let scene = Scene(name: "ticker", summary: "moves a view every frame, for ever") { window, _ in
            let dot = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            dot.backgroundColor = .black
            window.addSubview(dot)
            CADisplayLink { link in dot.center.x = CGFloat(Int(link.timestamp * 60) % 100) }.add(to: .main, forMode: .common)
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("uisim-ticker-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let job = try ReplayJob(trace: Self.root.appendingPathComponent("Traces/taps.trace"), scene: scene, out: folder, snapshots: .none)
        let result = try job.run()
        #expect(result.warnings.contains { $0.hasPrefix("the app was still busy 10 s after the trace's last sample") })
        #expect(!result.summary.interrupted && result.interruption == nil)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("summary.json").path))
    }

    final class PadBox {   // on the main actor (the target's default isolation), as the build closure is
        var pad: Pad?
        var frame: CGRect?
        var folders: [URL] = []
    }

    @Test func catalogsRefuseTwoScenesOfOneName() {
        let a = Scene(name: "list", summary: "a") { _, _ in }
        #expect(throws: SceneError("two scenes are named 'list': give each scene its own name")) { try SceneCatalog([a, a]) }
        #expect(throws: SceneError("no scene 'grid'; the scenes are: list")) { try SceneCatalog([a]).named("grid") }
        #expect(throws: SceneError("a scene catalog needs at least one scene")) { try SceneCatalog([]) }
    }

    @Test func variantTextsParseAsTheCommandLineTakesThem() throws {
        #expect(try Scene.Settings.values(parsing: ["a=on,b=off", "c=on"]) == ["a": true, "b": false, "c": true])
        #expect(throws: SceneError("bad variant 'a=yes': write name=on or name=off")) { try Scene.Settings.values(parsing: ["a=yes"]) }
    }

    /// A signal between two traces of a batch stops it before the next: the traces done are
    /// complete, and the batch's summary says it was interrupted (it said it was not, and a
    /// baseline was made of half the traces).
    @Test func aBatchStoppedBetweenTwoTracesIsMarkedInterrupted() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("uisim-batch-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let empty = Scene(name: "empty", summary: "nothing") { _, _ in }
        let traces = ["drag.trace", "taps.trace"].map { Self.root.appendingPathComponent("Traces/\($0)") }
        let signalled = SignalFlag()
        var job = try ReplayJob(trace: traces[0], scene: empty, out: folder, snapshots: .none)
        job.clock = .fixed
        job.pendingInterruption = { signalled.value }
        let batch = try ReplayBatch(traces: traces, job: job, out: folder)
        let result = try batch.run(didReplay: { _ in signalled.raise(SIGINT) })
        #expect(result.summaries.map(\.trace) == ["drag.trace"])
        #expect(result.interruption == SIGINT)
        #expect(result.total.interrupted)
        #expect(try Summary.read(from: folder.appendingPathComponent("summary.json")).interrupted)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("taps").path))
    }
}

/// A signal number set once, read from anywhere (a stand-in for the command line's).
nonisolated final class SignalFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var number: Int32?
    var value: Int32? { lock.withLock { number } }
    func raise(_ signal: Int32) { lock.withLock { number = number ?? signal } }
}
