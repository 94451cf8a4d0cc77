import Foundation
import Traces

/// Everything measured and counted in one frame (one vsync of the display link), as written
/// to `frames.jsonl`. Times are measured (they vary run to run); counts are exact.
public struct FrameRecord: Codable, Equatable, Sendable {
    /// The version of this record's layout.
    public static let schemaVersion = 1

    public var schema = FrameRecord.schemaVersion
    /// 0-based frame number.
    public var frame: Int
    /// The vsync the frame started at, in seconds.
    public var vsync: TimeInterval
    /// The frame's deadline: the next vsync, when it should be shown.
    public var target: TimeInterval
    /// When it was shown: the deadline, or the first vsync after its work ended.
    public var presented: TimeInterval
    /// How much later than its deadline it was shown, in milliseconds (0: no hitch).
    public var hitch: Double
    /// The run-loop mode the frame ran in.
    public var mode: String
    public var phases: Phases
    public var counts: Counts
    public var touches: Touches

    public init(frame: Int, vsync: TimeInterval, target: TimeInterval, presented: TimeInterval, hitch: Double, mode: String,
                phases: Phases, counts: Counts, touches: Touches) {
        self.frame = frame
        self.vsync = vsync
        self.target = target
        self.presented = presented
        self.hitch = hitch
        self.mode = mode
        self.phases = phases
        self.counts = counts
        self.touches = touches
    }

    /// Time spent in each phase, in microseconds.
    public struct Phases: Codable, Equatable, Sendable {
        public var event = 0.0, timers = 0.0, layout = 0.0, display = 0.0, render = 0.0
        /// From the frame's wake-up to the end of its commit (phases plus the loop's own work).
        public var total = 0.0
        public init() {}
    }

    /// Work done in the frame.
    public struct Counts: Codable, Equatable, Sendable {
        public var layouts = 0, draws = 0, drawnPixels = 0, drawOperations = 0
        public var damagedPixels = 0, compositedPixels = 0, blendedPixels = 0, occludedPixels = 0
        public var layersComposited = 0, misalignedLayers = 0, offscreenLayers = 0
        public var backingStoreBytes = 0, hitTestedViews = 0
        public init() {}

        /// Every counter with its JSON name, in a fixed order (what baselines and comparisons
        /// go through). Backing-store bytes are a level, not a count, and are left out.
        public var named: [(name: String, value: Int)] {
            [("layouts", layouts), ("draws", draws), ("drawn_pixels", drawnPixels), ("draw_operations", drawOperations),
             ("damaged_pixels", damagedPixels), ("composited_pixels", compositedPixels), ("blended_pixels", blendedPixels),
             ("occluded_pixels", occludedPixels), ("layers_composited", layersComposited), ("misaligned_layers", misalignedLayers),
             ("offscreen_layers", offscreenLayers), ("hit_tested_views", hitTestedViews)]
        }

        /// Adds `other`'s counts; backing-store bytes, a level, become `other`'s.
        public mutating func add(_ other: Counts) {
            layouts += other.layouts
            draws += other.draws
            drawnPixels += other.drawnPixels
            drawOperations += other.drawOperations
            damagedPixels += other.damagedPixels
            compositedPixels += other.compositedPixels
            blendedPixels += other.blendedPixels
            occludedPixels += other.occludedPixels
            layersComposited += other.layersComposited
            misalignedLayers += other.misalignedLayers
            offscreenLayers += other.offscreenLayers
            hitTestedViews += other.hitTestedViews
            backingStoreBytes = other.backingStoreBytes
        }

        enum CodingKeys: String, CodingKey {
            case layouts, draws
            case drawnPixels = "drawn_pixels", drawOperations = "draw_operations"
            case damagedPixels = "damaged_pixels", compositedPixels = "composited_pixels"
            case blendedPixels = "blended_pixels", occludedPixels = "occluded_pixels"
            case layersComposited = "layers_composited", misalignedLayers = "misaligned_layers"
            case offscreenLayers = "offscreen_layers", backingStoreBytes = "backing_store_bytes"
            case hitTestedViews = "hit_tested_views"
        }
    }

    /// Touch phases delivered in the frame.
    public struct Touches: Codable, Equatable, Sendable {
        public var began = 0, moved = 0, ended = 0, cancelled = 0
        public init() {}

        public mutating func add(_ other: Touches) {
            began += other.began
            moved += other.moved
            ended += other.ended
            cancelled += other.cancelled
        }
    }

    enum CodingKeys: String, CodingKey {
        case schema, frame, mode, counts, touches
        case vsync = "vsync_s", target = "target_s", presented = "presented_s", hitch = "hitch_ms"
        case phases = "phases_us"
    }

    /// Reads the records of a `frames.jsonl` file one by one, in constant memory (lines that are
    /// not records are skipped).
    public static func forEach(in framesFile: URL, _ body: (FrameRecord) throws -> Void) throws {
        var lines = try LineReader(url: framesFile)
        let decoder = JSONDecoder()
        while let line = try lines.next() {
            guard !line.isEmpty, let frame = try? decoder.decode(FrameRecord.self, from: Data(line.utf8)) else { continue }
            try body(frame)
        }
    }

    /// The counters only, as text: what must be identical between two runs.
    public var countersSignature: String {
        "\(frame) \(mode) \(counts) \(touches)"
    }
}

extension FrameRecord {
    /// The record as one line of JSON, as `JSONEncoder` writes it with sorted keys (without
    /// its cost: this runs every frame), as `frames.jsonl` holds it.
    public var jsonLine: String {
        JSONText.object(capacity: 512) { o in
            let c = counts
            o("counts") { o in
                o("backing_store_bytes", c.backingStoreBytes)
                o("blended_pixels", c.blendedPixels)
                o("composited_pixels", c.compositedPixels)
                o("damaged_pixels", c.damagedPixels)
                o("draw_operations", c.drawOperations)
                o("drawn_pixels", c.drawnPixels)
                o("draws", c.draws)
                o("hit_tested_views", c.hitTestedViews)
                o("layers_composited", c.layersComposited)
                o("layouts", c.layouts)
                o("misaligned_layers", c.misalignedLayers)
                o("occluded_pixels", c.occludedPixels)
                o("offscreen_layers", c.offscreenLayers)
            }
            o("frame", frame)
            o("hitch_ms", hitch)
            o("mode", mode)
            let p = phases
            o("phases_us") { o in
                o("display", p.display)
                o("event", p.event)
                o("layout", p.layout)
                o("render", p.render)
                o("timers", p.timers)
                o("total", p.total)
            }
            o("presented_s", presented)
            o("schema", schema)
            o("target_s", target)
            o("touches") { o in
                o("began", touches.began)
                o("cancelled", touches.cancelled)
                o("ended", touches.ended)
                o("moved", touches.moved)
            }
            o("vsync_s", vsync)
        }
    }
}
