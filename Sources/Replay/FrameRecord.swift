import Foundation
import Layers
import Traces
import Views

/// The counters of a frame: the one list that frames.jsonl, summary.json, the HTML report, the
/// Chrome trace, `compare` and `check` all go through. Counts are exact: the same trace on the
/// same scene gives the same counts on every run.
public enum Counter: String, CaseIterable, Codable, Sendable {
    case layouts, draws
    case drawnPixels = "drawn_pixels", drawOperations = "draw_operations"
    case layersCommitted = "layers_committed"
    case damagedPixels = "damaged_pixels", compositedPixels = "composited_pixels"
    case blendedPixels = "blended_pixels", occludedPixels = "occluded_pixels"
    case layersComposited = "layers_composited", misalignedLayers = "misaligned_layers"
    case offscreenPasses = "offscreen_passes", offscreenPixels = "offscreen_pixels"
    case shadowPasses = "shadow_passes", shadowPixels = "shadow_pixels"
    case maskPasses = "mask_passes", maskPixels = "mask_pixels"
    case cornerClipPasses = "corner_clip_passes", cornerClipPixels = "corner_clip_pixels"
    case groupOpacityPasses = "group_opacity_passes", groupOpacityPixels = "group_opacity_pixels"
    case rasterMisses = "raster_misses", rasterMissPixels = "raster_miss_pixels", rasterHits = "raster_hits"
    case cellsCreated = "cells_created", cellsReused = "cells_reused", cellForRowCalls = "cell_for_row_calls"
    case hitTestedViews = "hit_tested_views", backingStoreBytes = "backing_store_bytes"

    /// What the counter counts, for people.
    public var label: String {
        switch self {
        case .layouts: "layouts (layoutSubviews)"
        case .draws: "draws (draw(_:))"
        case .drawnPixels: "pixels drawn"
        case .drawOperations: "draw operations"
        case .layersCommitted: "layers committed (changed)"
        case .damagedPixels: "pixels damaged"
        case .compositedPixels: "pixels composited"
        case .blendedPixels: "pixels blended"
        case .occludedPixels: "pixels hidden under opaque layers"
        case .layersComposited: "layers composited"
        case .misalignedLayers: "misaligned layers (frames × layers)"
        case .offscreenPasses: "offscreen passes (all causes)"
        case .offscreenPixels: "offscreen pixels (all causes)"
        case .shadowPasses: "offscreen passes: shadows without shadowPath"
        case .shadowPixels: "offscreen pixels: shadows without shadowPath"
        case .maskPasses: "offscreen passes: masks"
        case .maskPixels: "offscreen pixels: masks"
        case .cornerClipPasses: "offscreen passes: rounded clips"
        case .cornerClipPixels: "offscreen pixels: rounded clips"
        case .groupOpacityPasses: "offscreen passes: group opacity"
        case .groupOpacityPixels: "offscreen pixels: group opacity"
        case .rasterMisses: "rasterization cache misses (offscreen passes)"
        case .rasterMissPixels: "offscreen pixels: rasterization misses"
        case .rasterHits: "rasterization cache hits"
        case .cellsCreated: "table view cells created"
        case .cellsReused: "table view cells reused"
        case .cellForRowCalls: "cellForRowAt calls"
        case .hitTestedViews: "views visited by hit testing"
        case .backingStoreBytes: "backing-store bytes"
        }
    }

    /// The counters of offscreen passes and of their pixels for `cause`.
    public static func offscreen(_ cause: OffscreenCause) -> (passes: Counter, pixels: Counter) {
        switch cause {
        case .shadow: (.shadowPasses, .shadowPixels)
        case .mask: (.maskPasses, .maskPixels)
        case .cornerClip: (.cornerClipPasses, .cornerClipPixels)
        case .groupOpacity: (.groupOpacityPasses, .groupOpacityPixels)
        case .rasterization: (.rasterMisses, .rasterMissPixels)
        }
    }

    /// Whether the counter is a level (the latest value matters), not a count to add up.
    public var isLevel: Bool { self == .backingStoreBytes }

    /// Which way the counter gets worse, for a check: more is worse, but for the counters whose
    /// change is neither better nor worse by itself (`FigureWorse.neither`).
    public var worse: FigureWorse {
        switch self {
        case .occludedPixels, .rasterHits, .cellsReused: .neither
        default: .higher
        }
    }

    /// The counter's unit.
    public var unit: FigureUnit {
        if self == .backingStoreBytes { return .bytes }
        return rawValue.hasSuffix("_pixels") ? .pixels : .count
    }

    /// The counters that add up over frames (every one but the levels).
    public static let summed = allCases.filter { !$0.isLevel }
}

/// The stages and phases of a frame (Apple's render loop): the app stage on the main thread
/// (its event phase, then its commit phase: layout, display, prepare, commit) and the render
/// server's stage (render prepare and execute).
public enum Stage: String, CaseIterable, Codable, Sendable {
    case app, event, layout, display, prepare, commit
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

    /// Work done in the frame, by `Counter`.
    public struct Counts: Codable, Equatable, Sendable {
        private var values = [Int](repeating: 0, count: Counter.allCases.count)
        public init() {}

        public subscript(counter: Counter) -> Int {
            get { values[Self.index[counter]!] }
            set { values[Self.index[counter]!] = newValue }
        }

        private static let index = Dictionary(uniqueKeysWithValues: Counter.allCases.enumerated().map { ($1, $0) })

        public var layouts: Int { get { self[.layouts] } set { self[.layouts] = newValue } }
        public var draws: Int { get { self[.draws] } set { self[.draws] = newValue } }
        public var drawnPixels: Int { get { self[.drawnPixels] } set { self[.drawnPixels] = newValue } }
        public var drawOperations: Int { get { self[.drawOperations] } set { self[.drawOperations] = newValue } }
        public var damagedPixels: Int { get { self[.damagedPixels] } set { self[.damagedPixels] = newValue } }
        public var compositedPixels: Int { get { self[.compositedPixels] } set { self[.compositedPixels] = newValue } }
        public var blendedPixels: Int { get { self[.blendedPixels] } set { self[.blendedPixels] = newValue } }
        public var occludedPixels: Int { get { self[.occludedPixels] } set { self[.occludedPixels] = newValue } }
        public var offscreenPasses: Int { get { self[.offscreenPasses] } set { self[.offscreenPasses] = newValue } }
        public var backingStoreBytes: Int { get { self[.backingStoreBytes] } set { self[.backingStoreBytes] = newValue } }
        public var hitTestedViews: Int { get { self[.hitTestedViews] } set { self[.hitTestedViews] = newValue } }

        /// Every counter that adds up, with its JSON name, in a fixed order (what comparisons
        /// go through). Backing-store bytes are a level and are left out.
        public var named: [(name: String, value: Int)] {
            Counter.summed.map { ($0.rawValue, self[$0]) }
        }

        /// Adds `other`'s counts (saturating); levels become `other`'s.
        public mutating func add(_ other: Counts) {
            for counter in Counter.allCases {
                if counter.isLevel {
                    self[counter] = other[counter]
                } else {
                    self[counter].addSaturating(other[counter])
                }
            }
        }

        public func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            for counter in Counter.allCases { try container.encode(self[counter], forKey: Key(counter.rawValue)) }
        }

        public init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            // Every counter, present: one missing is bad data, never a 0 (a check would call it an improvement).
            for counter in Counter.allCases { self[counter] = try container.decode(Int.self, forKey: Key(counter.rawValue)) }
        }
    }

    /// Touch phases delivered in the frame.
    public struct Touches: Codable, Equatable, Sendable {
        public var began = 0, moved = 0, ended = 0, cancelled = 0
        public init() {}

        /// Adds `other`'s touches (saturating).
        public mutating func add(_ other: Touches) {
            for phase in TouchPhase.allCases { self[phase].addSaturating(other[phase]) }
        }

        public subscript(phase: TouchPhase) -> Int {
            get {
                switch phase {
                case .began: began
                case .moved: moved
                case .ended: ended
                case .cancelled: cancelled
                }
            }
            set {
                switch phase {
                case .began: began = newValue
                case .moved: moved = newValue
                case .ended: ended = newValue
                case .cancelled: cancelled = newValue
                }
            }
        }
    }

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
                for counter in Self.countersByName { o(counter.rawValue, c[counter]) }
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
                for stage in Self.stagesByName { o(stage.rawValue, s[stage]) }
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
    static let countersByName = Counter.allCases.sorted { $0.rawValue < $1.rawValue }
    static let stagesByName = Stage.allCases.sorted { $0.rawValue < $1.rawValue }
}

/// An offscreen pass of a frame, priced by the replay's render cost model.
public struct PricedOffscreenPass: Equatable, Sendable {
    public var pass: OffscreenPass
    /// What it cost the render server, estimated, in seconds.
    public var seconds: Double
}
