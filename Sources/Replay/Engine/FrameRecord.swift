import Foundation
import QuartzCore
import Traces
import UIKit
import Support

/// The stages and phases of a frame (Apple's render loop): the app stage on the main thread
/// (its event phase, then its commit phase: constraints (the update-constraints pass and the
/// layout engine's solve), layout, display, prepare, commit) and the render server's stage
/// (render prepare and execute).
public enum Stage: String, CaseIterable, Codable, Sendable {
    case app, event, constraints, layout, display, prepare, commit
    /// Text laid out and drawn in the commit phase: part of the constraints, layout and display
    /// phases' times (not added to them).
    case text
    case render, renderPrepare = "render_prepare", renderExecute = "render_execute"
    /// The whole frame's work: the app stage and the render stage (Macrobenchmark's
    /// `frameDurationCpuMs`).
    case frame

    /// Whether the stage runs on the render server (estimated, unless `--render measured`).
    public var isRender: Bool { self == .render || self == .renderPrepare || self == .renderExecute }
}

/// Everything measured and counted in one frame, as written to `frames.jsonl`: one commit that
/// had something to do (layout, drawing, or a change on screen). Vsyncs with nothing to commit
/// are idle: a run of them is one idle record (`kind` "idle"), with the touches they delivered, so
/// that the records' touches and idle vsyncs add up to the summary's. A sink gets every record,
/// one at a time: the one value a frame hands over.
public struct FrameRecord: Codable, Equatable, Sendable {
    /// The version of this record's layout.
    public static let schemaVersion = 4

    public var schema = FrameRecord.schemaVersion
    /// A frame, or idle vsyncs (a run with nothing to commit, and the touches they delivered).
    public var kind = Kind.frame
    /// How many idle vsyncs an idle record stands for (0 for a frame).
    public var idleVsyncs = 0
    /// 0-based frame number (idle records: the next frame's).
    public var frame: Int
    /// The run-loop mode the frame's app stage ran in.
    public var mode: String
    /// When the frame ran and was shown, in seconds (see `FramePipeline.Timeline`).
    public var vsync: TimeInterval
    public var appStart: TimeInterval
    public var commitEnd: TimeInterval
    public var renderStart: TimeInterval
    public var renderEnd: TimeInterval
    public var expected: TimeInterval
    public var presented: TimeInterval
    /// How late the frame was shown, counted once, in milliseconds (0: on time).
    public var hitch: Double
    public var hitchType: FramePipeline.HitchType
    public var stages: Stages
    public var counts: Counts
    public var touches: Touches
    /// The frame's offscreen passes, named by layer and priced by the render cost model (for the
    /// summary's optimization opportunities; not written to `frames.jsonl`).
    public var offscreen: [PricedOffscreenPass] = []
    /// The touches the frame reflects, each with the time of the oldest hardware sample it
    /// delivered (for the summary's input latency; not written to `frames.jsonl`).
    public var inputs: [EventReport.Input] = []
    /// Animations the render server started or ended in the frame (for the Chrome trace's
    /// animation slices; not written to `frames.jsonl`).
    package var animations: [AnimationEvent] = []
    /// Screen transitions begun or ended in the frame (for the summary's transitions and the
    /// Chrome trace's transition slices; not written to `frames.jsonl`).
    package var transitions: [TransitionEvent] = []

    /// How much later than expected the frame was presented, in ms (0: on time). `hitch` is the
    /// part counted for this frame: when a frame before was later still, its lateness was counted
    /// there, and this one's hitch is less (none at all right behind it).
    public var late: Double { max(0, presented - expected) * 1000 }

    public enum Kind: String, Codable, Sendable {
        case frame, idle
    }

    /// An idle record: `count` vsyncs from `vsync` with nothing to commit, which delivered `touches`.
    public init(idleVsyncs count: Int, vsync: TimeInterval, frame: Int, touches: Touches) {
        kind = .idle
        idleVsyncs = count
        self.frame = frame
        mode = ""
        self.vsync = vsync
        (appStart, commitEnd, renderStart, renderEnd, expected, presented) = (vsync, vsync, vsync, vsync, vsync, vsync)
        hitch = 0
        hitchType = .none
        stages = Stages()
        counts = Counts()
        self.touches = touches
    }

    public init(frame: Int, mode: String, timeline: FramePipeline.Timeline, stages: Stages, counts: Counts, touches: Touches) {
        self.frame = frame
        self.mode = mode
        vsync = timeline.vsync
        appStart = timeline.appStart
        commitEnd = timeline.commitEnd
        renderStart = timeline.renderStart
        renderEnd = timeline.renderEnd
        expected = timeline.expected
        presented = timeline.presented
        hitch = timeline.hitchTime * 1000
        hitchType = timeline.hitchType
        self.stages = stages
        self.counts = counts
        self.touches = touches
    }

    /// When the frame was ready minus its expected presentation, in ms: negative is headroom.
    public var overrun: Double { (renderEnd - expected) * 1000 }

    /// Time spent in each stage and phase, in microseconds.
    public struct Stages: Codable, Equatable, Sendable {
        private var values = [Double](repeating: 0, count: Stage.allCases.count)
        public init() {}

        public subscript(stage: Stage) -> Double {
            get { values[Stage.allCases.firstIndex(of: stage)!] }
            set { values[Stage.allCases.firstIndex(of: stage)!] = newValue }
        }

        public func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            for stage in Stage.allCases { try container.encode(self[stage], forKey: Key(stage.rawValue)) }
        }

        public init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            // Every stage, present: one missing is bad data, never a 0 (a check would call it an improvement).
            for stage in Stage.allCases { self[stage] = try container.decode(Double.self, forKey: Key(stage.rawValue)) }
        }
    }

    /// Work done in the frame, by `Counter` (declared in QuartzCore, where the stages count them).
    public typealias Counts = QuartzCore.Counts

    /// Touch phases delivered in the frame.
    public typealias Touches = ByTouchPhase<Int>

    /// A coding key made from a name (counters and stages are keyed by their raw values).
    struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Decodes a frame, or an idle record (its vsync, count and touches).
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        schema = try c.decode(Int.self, forKey: .schema)
        kind = try c.decode(Kind.self, forKey: .kind)
        vsync = try c.decode(TimeInterval.self, forKey: .vsync)
        touches = try c.decode(Touches.self, forKey: .touches)
        frame = try c.decode(Int.self, forKey: .frame)
        if kind == .idle {
            idleVsyncs = try c.decode(Int.self, forKey: .idleVsyncs)
            mode = ""
            (appStart, commitEnd, renderStart, renderEnd, expected, presented) = (vsync, vsync, vsync, vsync, vsync, vsync)
            hitch = 0
            hitchType = .none
            stages = Stages()
            counts = Counts()
            return
        }
        mode = try c.decode(String.self, forKey: .mode)
        appStart = try c.decode(TimeInterval.self, forKey: .appStart)
        commitEnd = try c.decode(TimeInterval.self, forKey: .commitEnd)
        renderStart = try c.decode(TimeInterval.self, forKey: .renderStart)
        renderEnd = try c.decode(TimeInterval.self, forKey: .renderEnd)
        expected = try c.decode(TimeInterval.self, forKey: .expected)
        presented = try c.decode(TimeInterval.self, forKey: .presented)
        hitch = try c.decode(Double.self, forKey: .hitch)
        hitchType = try c.decode(FramePipeline.HitchType.self, forKey: .hitchType)
        stages = try c.decode(Stages.self, forKey: .stages)
        counts = try c.decode(Counts.self, forKey: .counts)
    }

    /// Encoded as `jsonLine` writes it (the writer frames.jsonl uses; this is for tests).
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(schema, forKey: .schema)
        try c.encode(kind, forKey: .kind)
        try c.encode(vsync, forKey: .vsync)
        try c.encode(touches, forKey: .touches)
        try c.encode(frame, forKey: .frame)
        if kind == .idle {
            try c.encode(idleVsyncs, forKey: .idleVsyncs)
            return
        }
        try c.encode(mode, forKey: .mode)
        try c.encode(appStart, forKey: .appStart)
        try c.encode(commitEnd, forKey: .commitEnd)
        try c.encode(renderStart, forKey: .renderStart)
        try c.encode(renderEnd, forKey: .renderEnd)
        try c.encode(expected, forKey: .expected)
        try c.encode(presented, forKey: .presented)
        try c.encode(hitch, forKey: .hitch)
        try c.encode(hitchType, forKey: .hitchType)
        try c.encode(stages, forKey: .stages)
        try c.encode(counts, forKey: .counts)
    }

    enum CodingKeys: String, CodingKey {
        case schema, frame, mode, counts, touches, kind
        case idleVsyncs = "idle_vsyncs"
        case vsync = "vsync_s", appStart = "app_start_s", commitEnd = "commit_end_s", renderStart = "render_start_s"
        case renderEnd = "render_end_s", expected = "expected_s", presented = "presented_s"
        case hitch = "hitch_ms", hitchType = "hitch_type", stages = "stages_us"
    }

    /// Reads the records of a `frames.jsonl` file one by one, in constant memory: a line that is
    /// not a record of this schema is bad data, reported with its place (`frames.jsonl:12: …`).
    public static func forEach(in framesFile: URL, _ body: (FrameRecord) throws -> Void) throws {
        var lines: LineReader
        do {
            lines = try LineReader(url: framesFile, maxLineLength: 1 << 20)
        } catch let error as TraceError {
            throw FileError.unreadable(framesFile.path, error.message)
        }
        let decoder = JSONDecoder()
        while true {
            let line: String
            do {
                guard let next = try lines.next() else { break }
                line = next
            } catch let error as TraceError {
                throw FileError.malformed(framesFile.path, line: error.line, error.message)
            }
            if line.isEmpty { continue }
            let frame: FrameRecord
            do {
                frame = try decoder.decode(FrameRecord.self, from: Data(line.utf8))
            } catch let error as DecodingError {
                let (path, text) = ResultFile.explain(error)
                throw FileError.malformed(framesFile.path, line: lines.lineNumber,
                                          "not a frame record of schema \(schemaVersion): \(path.isEmpty ? "" : "\(path) ")\(text)")
            } catch {
                throw FileError.malformed(framesFile.path, line: lines.lineNumber, "not a frame record: \(describe(error))")
            }
            try body(frame)
        }
    }

    /// The counters only, as text: what must be identical between two runs.
    public var countersSignature: String {
        "\(frame) \(mode) \(counts) \(touches)"
    }
}

extension FramePipeline.HitchType: Codable {}

extension FrameRecord {
    /// The record as one line of JSON, keys sorted, as `frames.jsonl` holds it: what
    /// `JSONEncoder` writes (without its cost: this runs every frame), plus `overrun_ms`.
    public var jsonLine: String {
        if kind == .idle {
            return JSONText.object(capacity: 160) { o in
                o("frame", frame)
                o("idle_vsyncs", idleVsyncs)
                o("kind", kind.rawValue)
                o("schema", schema)
                writeTouches(&o)
                o("vsync_s", vsync)
            }
        }
        return JSONText.object(capacity: 768) { o in
            o("app_start_s", appStart)
            o("commit_end_s", commitEnd)
            let c = counts
            o("counts") { o in
                for (counter, name) in Self.countersByName { o(name, c[counter]) }
            }
            o("expected_s", expected)
            o("frame", frame)
            o("hitch_ms", hitch)
            o("hitch_type", hitchType.rawValue)
            o("kind", kind.rawValue)
            o("late_ms", late)
            o("mode", mode)
            o("overrun_ms", overrun)
            o("presented_s", presented)
            o("render_end_s", renderEnd)
            o("render_start_s", renderStart)
            o("schema", schema)
            let s = stages
            o("stages_us") { o in
                for (stage, name) in Self.stagesByName { o(name, s[stage]) }
            }
            writeTouches(&o)
            o("vsync_s", vsync)
        }
    }

    private func writeTouches(_ o: inout JSONObject) {
        o("touches") { o in
            o("began", touches.began)
            o("cancelled", touches.cancelled)
            o("ended", touches.ended)
            o("moved", touches.moved)
        }
    }

    /// Counters and stages in the order of their JSON names (keys sorted, as `JSONEncoder` does).
    /// (A raw value is made anew at each read: a frame's writers take the names from here.)
    static let countersByName = Counter.allCases.map { ($0, $0.rawValue) }.sorted { $0.1 < $1.1 }
    static let stagesByName = Stage.allCases.map { ($0, $0.rawValue) }.sorted { $0.1 < $1.1 }
}

/// An offscreen pass of a frame, priced by the replay's render cost model.
public struct PricedOffscreenPass: Equatable, Sendable {
    public var pass: OffscreenPass
    /// What it cost the render server, estimated, in seconds.
    public var seconds: Double
}
