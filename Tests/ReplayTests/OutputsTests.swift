import Foundation
import FoundationXML
import CoreGraphics
import Replay
import RunLoop
import Testing
import Traces
@testable import UIKit
import Support

/// A 100 × 100 pt screen at @2x, 60 Hz; a black window; a 40 × 40 pt pad at (10, 10) that redraws
/// itself (red while pressed, green otherwise), optionally with a fake cost on the clock.
@Suite struct OutputsTests {
    static let screen = UIScreen(model: UIScreen.Model(identifier: "test", name: "Test", pointSize: CGSize(width: 100, height: 100),
                                                       scale: 2, maximumFramesPerSecond: 60))

    final class Pad: UIView {
        var pressed = false
        var cost: TimeInterval = 0
        weak var clock: VirtualClock?
        override func draw(_ rect: CGRect) {
            (pressed ? UIColor.red : UIColor.green).setFill()
            UIGraphicsGetCurrentContext()?.fill(rect)
            clock?.advance(by: cost)
        }
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { pressed = true; setNeedsDisplay() }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { pressed = false; setNeedsDisplay() }
    }

    func scene(cost: TimeInterval = 0, clock: VirtualClock) -> UIWindow {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.screen = Self.screen
        window.backgroundColor = .black
        let pad = Pad(frame: CGRect(x: 10, y: 10, width: 40, height: 40))
        pad.cost = cost
        pad.clock = clock
        window.addSubview(pad)
        return window
    }

    var tap: Trace {
        var trace = Trace()
        trace.down(1, at: CGPoint(x: 20, y: 20), time: 0.1)
        trace.up(1, time: 0.2)
        return trace
    }

    func temporaryFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("uisim-out-\(UUID().uuidString)")
    }

    func replay(_ trace: Trace, cost: TimeInterval = 0, into folder: URL) throws -> (ReplayResult, Summary, [FrameRecord]) {
        let clock = VirtualClock()
        let window = scene(cost: cost, clock: clock)
        let header = Summary(trace: "tap.trace", scene: "pad", variant: "", device: "Test", refreshRate: 60)
        let outputs = try ReplayOutputs(directory: folder, header: header, snapshots: .worst)
        let replay = Replay(window: window, clock: clock)
        replay.sinks = [outputs]
        replay.afterFrame = { outputs.afterFrame($0, window: $1) }
        let result = try replay.run(trace)
        let summary = try outputs.finish(interrupted: result.interrupted)
        let lines = try String(contentsOf: outputs.framesURL, encoding: .utf8).split(separator: "\n")
        let frames = try lines.map { try JSONDecoder().decode(FrameRecord.self, from: Data($0.utf8)) }.filter { $0.kind == .frame }
        return (result, summary, frames)
    }

    /// Hand-worked: the pad is redrawn in full at touch down (vsync 6, 0.1 s) and at lift
    /// (vsync 12): 80 × 80 px each time, copied (it is opaque), hiding the window beneath. Those
    /// are the two frames; the other vsyncs, 0–5 and 7–11, commit nothing: 11 idle vsyncs (vsync
    /// 12's tick finds the app idle and ends the replay after its commit).
    @Test func exactCountersForATap() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (_, summary, frames) = try replay(tap, into: folder)
        #expect(summary.frames == 2 && frames.count == 2 && summary.idleVsyncs == 11)
        #expect(frames.map(\.frame) == [0, 1])
        #expect(frames.map { Int(($0.vsync * 60).rounded()) } == [6, 12])
        #expect(summary.touches == { var t = FrameRecord.Touches(); t.began = 1; t.ended = 1; return t }())
        let c = summary.counts
        #expect(c.layouts == 0 && c.draws == 2 && c.drawnPixels == 12_800 && c.drawOperations == 2)
        #expect(c.damagedPixels == 12_800 && c.compositedPixels == 12_800 && c.blendedPixels == 0 && c.occludedPixels == 12_800)
        #expect(c[.layersComposited] == 2 && c.hitTestedViews == 2 && c[.layersCommitted] == 2)
        #expect(summary.backingStoreBytesPeak >= 80 * 80 * 4)
        #expect(frames[0].counts.draws == 1 && frames[0].touches.began == 1 && frames[1].touches.ended == 1)
        #expect(summary.hitches.total == 0 && summary.hitchBand == "good")
        // Each frame shown two vsyncs after its own (double buffering): the last at vsync 14.
        #expect(frames.map { Int(($0.presented * 60).rounded()) } == [8, 14])
        #expect(abs(summary.durationSeconds - 14.0 / 60) < 1e-9)
        // Active: from each frame's vsync to its presentation, 2 × 2 vsyncs.
        #expect(abs(summary.activeSeconds - 4.0 / 60) < 1e-9)
        #expect(frames.allSatisfy { $0.schema == FrameRecord.schemaVersion })
        // Input latency: each touch's sample falls on its vsync (0.1 s, 0.2 s) and the frame that
        // shows it is presented two intervals later: 33.333 ms, within the histogram's 0.1 %.
        for phase in [TouchPhase.began, .ended] {
            let latency = summary.inputLatencyMs[phase]
            #expect(latency.count == 1 && latency.p50 >= 33.333 && latency.p50 < 33.37 && latency.max == latency.p50, "\(phase) \(latency)")
        }
        #expect(summary.inputLatencyMs.moved.count == 0 && summary.jankyFrames.count == 0)
        // Overrun: each frame ready well before its presentation (render ended minus expected).
        #expect(abs(summary.overrunMs.max - frames.map(\.overrun).max()!) < 0.02 && summary.overrunMs.max < -16)
    }

    @Test func twoRunsGiveIdenticalCounters() throws {
        let a = temporaryFolder(), b = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: a); try? FileManager.default.removeItem(at: b) }
        var trace = Trace()
        trace.drag(1, from: CGPoint(x: 15, y: 15), to: CGPoint(x: 45, y: 40), time: 0, duration: 0.3, rate: 240)
        trace.tap(2, at: CGPoint(x: 30, y: 30), time: 0.5)
        let first = try replay(trace, into: a), second = try replay(trace, into: b)
        #expect(first.2.map(\.countersSignature) == second.2.map(\.countersSignature))
        #expect(first.1.counts == second.1.counts && first.1.touches == second.1.touches && first.1.frames == second.1.frames)
    }

    /// Each redraw costs 40 ms on the virtual clock. Touch down at vsync 6 (0.1 s): its commit ends
    /// at 0.14 s, after its 0.1167 s deadline, so the render server takes it at the next vsync, 9,
    /// and shows it at 10 instead of 8: a commit hitch of 33.3 ms; the app's next vsync is 9 (7 and 8
    /// are skipped: the main thread was busy). The lift at vsync 12 does the same: shown at 16, not 14.
    @Test func hitchesComeFromTheCostOfTheWork() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (_, summary, frames) = try replay(tap, cost: 0.040, into: folder)
        #expect(frames.map { Int(($0.vsync * 60).rounded()) } == [6, 12])
        #expect(frames.map { Int(($0.presented * 60).rounded()) } == [10, 16])
        #expect(frames.map { Int(($0.expected * 60).rounded()) } == [8, 14])
        #expect(frames.allSatisfy { abs($0.hitch - 1000.0 / 30) < 1e-6 && $0.hitchType == .commit })
        #expect(summary.hitches.total == 2 && summary.hitches.commit == 2 && summary.hitches.render == 0)
        #expect(summary.idleVsyncs == 6 + 3)   // 0–5 and 9–11
        // 66.7 ms of hitches over 2 × 4/60 s of activity (vsync to presentation).
        #expect(abs(summary.hitchTimeRatio - (2000.0 / 30) / (8.0 / 60)) < 1e-6)
        #expect(summary.hitchBand == "critical")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("snapshots/worst-1.png").path))
    }

    @Test func everyOutputParses() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try replay(tap, into: folder)
        // trace.json: Chrome's object form with a span per frame's app stage and render stage.
        let trace = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("trace.json"))) as! [String: Any]
        let events = trace["traceEvents"] as! [[String: Any]]
        #expect(events.filter { ($0["name"] as? String)?.hasPrefix("frame ") == true && ($0["ph"] as? String) == "X" }.count == 2)
        #expect(events.filter { ($0["name"] as? String)?.hasPrefix("render ") == true && ($0["tid"] as? Int) == 2 }.count >= 2)
        #expect(events.contains { ($0["name"] as? String) == "display" && ($0["ph"] as? String) == "X" })
        #expect(events.contains { ($0["name"] as? String) == "touch began" && ($0["ph"] as? String) == "i" })
        #expect(events.contains { ($0["name"] as? String) == "pixels" && ($0["ph"] as? String) == "C" })
        // summary.json: the keys the issue names, exactly.
        let summary = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("summary.json"))) as! [String: Any]
        for key in ["schema", "trace", "scene", "frames", "idle_vsyncs", "duration_s", "active_s", "refresh_hz", "hitches",
                    "hitch_time_ms", "hitch_time_ratio_ms_per_s", "hitch_bands", "render", "touches", "counts", "stages_us"] {
            #expect(summary[key] != nil, "summary.json lacks \(key)")
        }
        let counts = summary["counts"] as! [String: Any]
        for key in ["layouts", "draws", "drawn_pixels", "composited_pixels", "blended_pixels", "occluded_pixels"] { #expect(counts[key] != nil) }
        let stages = summary["stages_us"] as! [String: [String: Double]]
        #expect(Set(stages.keys) == ["app", "event", "constraints", "layout", "display", "prepare", "commit", "text", "render", "render_prepare", "render_execute", "frame"])
        for stage in stages.values {
            #expect(Set(stage.keys) == ["p50", "p90", "p95", "p99", "max", "mean"])
        }
        #expect(Set((summary["touches"] as! [String: Int]).keys) == ["began", "moved", "ended", "cancelled"])
        // report.html: one self-contained page.
        let html = try String(contentsOf: folder.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(html.hasPrefix("<!doctype html>") && html.contains("<svg") && html.contains("data:image/png;base64,"))
        #expect(!html.contains("http://") && !html.contains("https://") && !html.contains("<script"))
        // Nothing half-written is left behind.
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".partial") }
        #expect(leftovers.isEmpty)
    }

    /// Two replays into one folder: the second is refused at once (its files would interleave with
    /// the first's); once the first is done, the folder is free again.
    @Test func aSecondReplayIntoTheSameFolderIsRefused() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let header = Summary(trace: "tap.trace", scene: "pad", variant: "", device: "Test", refreshRate: 60)
        let first = try ReplayOutputs(directory: folder, header: header, snapshots: .none)
        #expect(throws: FileError.self) { try ReplayOutputs(directory: folder, header: header, snapshots: .none) }
        do {
            _ = try ReplayOutputs(directory: folder, header: header, snapshots: .none)
        } catch let error as FileError {
            #expect(error.description == "\(folder.path): another uisim is writing into this folder; wait for it, or give another --out")
        }
        try first.finish(interrupted: false)
        let again = try ReplayOutputs(directory: folder, header: header, snapshots: .none)
        try again.finish(interrupted: false)
    }

    /// Outputs dropped before they finish (an error in the trace, a full disk) leave no temporary
    /// file, and the files of an earlier replay in the folder stay as they were.
    @Test func failedOutputsLeaveNoTemporaryFiles() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try replay(tap, into: folder)
        let before = try Data(contentsOf: folder.appendingPathComponent("frames.jsonl"))
        do {
            let header = Summary(trace: "tap.trace", scene: "pad", variant: "", device: "Test", refreshRate: 60)
            let outputs = try ReplayOutputs(directory: folder, header: header, snapshots: .none)
            var pipeline = FramePipeline(grid: VsyncGrid(rate: 60))
            let timeline = pipeline.schedule(start: 0, appDuration: 0, renderDuration: 0)
            try outputs.write(FrameRecord(frame: 0, mode: "", timeline: timeline, stages: .init(), counts: .init(), touches: .init()))
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(!names.contains { $0.hasSuffix(".partial") }, "\(names)")
        #expect(try Data(contentsOf: folder.appendingPathComponent("frames.jsonl")) == before)
    }

    /// A line of `frames.jsonl` that is not a frame record is bad data at its line, never skipped.
    @Test func aBadLineOfFramesIsReportedWithItsPlace() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try replay(tap, into: folder)
        let frames = folder.appendingPathComponent("frames.jsonl")
        var lines = try String(contentsOf: frames, encoding: .utf8).split(separator: "\n").map(String.init)
        var count = 0
        try FrameRecord.forEach(in: frames) { _ in count += 1 }
        #expect(count == lines.count && lines.count > 2)   // the two frames and the idle vsyncs' records
        let what = "not a frame record of schema \(FrameRecord.schemaVersion): "
        for broken in ["{\"schema\": \(FrameRecord.schemaVersion)}", "not json"] {
            lines.insert(broken, at: 1)
            try (lines.joined(separator: "\n") + "\n").write(to: frames, atomically: false, encoding: .utf8)
            lines.remove(at: 1)
            do {
                try FrameRecord.forEach(in: frames) { _ in }
                Issue.record("\(broken) was read")
            } catch let error as FileError {
                #expect(error.kind == .malformed && error.line == 2 && error.message.hasPrefix(what), "\(error)")
            }
        }
    }

    /// A folder where a file goes is an error, and is left alone (it is not uisim's to delete).
    @Test func aFolderWhereAFileGoesIsLeftAlone() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let inside = folder.appendingPathComponent("frames.jsonl/keep.txt")
        try FileManager.default.createDirectory(at: inside.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: inside)
        #expect(throws: FileError.self) { _ = try replay(tap, into: folder) }
        #expect(try String(contentsOf: inside, encoding: .utf8) == "mine")
        #expect(!(try FileManager.default.contentsOfDirectory(atPath: folder.path)).contains { $0.hasSuffix(".partial") })
    }

    /// `--snapshots all` writes a PNG per frame up to a cap, says so when it stops, and replaces
    /// the snapshots an earlier replay left (after writing its own), leaving other files alone.
    @Test func frameSnapshotsAreCappedAndReplaceOldOnes() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let snapshots = folder.appendingPathComponent("snapshots")
        try FileManager.default.createDirectory(at: snapshots, withIntermediateDirectories: true)
        try Data("old".utf8).write(to: snapshots.appendingPathComponent("frame-999999.png"))
        try Data("mine".utf8).write(to: snapshots.appendingPathComponent("notes.txt"))
        let clock = VirtualClock()
        let window = scene(clock: clock)
        let header = Summary(trace: "tap.trace", scene: "pad", variant: "", device: "Test", refreshRate: 60)
        let outputs = try ReplayOutputs(directory: folder, header: header, snapshots: .all)
        outputs.snapshotCap = 1
        let replay = Replay(window: window, clock: clock)
        replay.sinks = [outputs]
        replay.afterFrame = { outputs.afterFrame($0, window: $1) }
        _ = try outputs.finish(interrupted: try replay.run(tap).interrupted)
        let names = try FileManager.default.contentsOfDirectory(atPath: snapshots.path).sorted()
        #expect(names == ["frame-000000.png", "notes.txt", "worst-1.png", "worst-2.png"])
        #expect(outputs.snapshotNote == "snapshots of frames stopped at the cap (1 files or 512 MB)")
    }

    @Test func checkPassesForTheSameCountsAndFailsWhenDrawsGrow() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var (_, summary, _) = try replay(tap, into: folder)
        summary.frames = 100   // as if long enough for its times to be gated
        let baseline = Baseline(summary: summary)
        #expect(!baseline.check(summary, timeTolerance: 1.5).fails(strict: true))
        var worse = summary
        worse.counts.draws += 1
        worse.stages[.display].p90 = max(summary.stages[.display].p90, 200) * 3   // ×3 and more than the 250 µs floor
        let report = baseline.check(worse, timeTolerance: 1.5)
        let failed = report.findings.filter { $0.verdict == .regression }
        #expect(failed.map(\.name) == ["counts.draws", "stages_us.display.p90"])
        #expect(failed[0].message == "counts.draws: 2 → 3 (+1)")
        // JUnit XML that parses, with one failure per regression.
        let xml = JUnitReport.xml(report, properties: [], strict: false)
        let document = try XMLDocument(data: Data(xml.utf8))
        let cases = try document.nodes(forXPath: "//testcase")
        let failures = try document.nodes(forXPath: "//testcase/failure")
        #expect(cases.count == report.findings.count && failures.count == 2)
        // A baseline round-trips through its file.
        let url = folder.appendingPathComponent("baseline.json")
        try baseline.write(to: url)
        #expect(try Baseline.read(from: url) == baseline)
    }

    /// SIGINT stops the replay at the end of a frame; the outputs are complete and valid for the
    /// frames done.
    /// SIGINT (Ctrl-C) and SIGTERM (a CI job cancelled) both stop a replay at the end of the frame,
    /// say which signal it was, and leave complete outputs for the frames done.
    @Test(arguments: [SIGINT, SIGTERM]) func interruptionLeavesValidOutputs(_ signal: Int32) throws {
        final class Interrupter: UIView {
            var signal = SIGINT
            override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { raise(signal) }
        }
        var mask = sigset_t(), previous = sigset_t()
        sigemptyset(&mask)
        sigaddset(&mask, signal)
        pthread_sigmask(SIG_UNBLOCK, &mask, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }

        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let clock = VirtualClock()
        let window = scene(clock: clock)
        let interrupter = Interrupter(frame: CGRect(x: 60, y: 60, width: 30, height: 30))
        interrupter.signal = signal
        window.addSubview(interrupter)
        let outputs = try ReplayOutputs(directory: folder, header: Summary(trace: "t", scene: "s", variant: "", device: "Test", refreshRate: 60))
        let replay = Replay(window: window, clock: clock)
        replay.sinks = [outputs]
        replay.stopsOnInterrupt = true
        var trace = Trace()
        trace.tap(1, at: CGPoint(x: 70, y: 70), time: 0.1)
        trace.tap(2, at: CGPoint(x: 20, y: 20), time: 1.0)
        let result = try replay.run(trace)
        let summary = try outputs.finish(interrupted: result.interrupted)
        #expect(result.interruption == signal && summary.interrupted)
        #expect(summary.touches.began == 1 && summary.frames < 20)
        let lines = try String(contentsOf: outputs.framesURL, encoding: .utf8).split(separator: "\n")
        let records = lines.compactMap { try? JSONDecoder().decode(FrameRecord.self, from: Data($0.utf8)) }
        #expect(records.count == lines.count)
        #expect(records.filter { $0.kind == .frame }.count == summary.frames)
        _ = try JSONSerialization.jsonObject(with: Data(contentsOf: outputs.traceURL))
    }
}
