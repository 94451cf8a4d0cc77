import Foundation

// Every counter is declared here, once: its case (its JSON name) and what it counts. A stage
// counts it where the work happens, into the `Counts` of its report (`CommitReport.counts` for
// the app's stages, through `UIView.count(_:)`; `RenderStatistics.counts` for the render
// server's); the frame record, summary.json, baselines, check, compare and the report take it
// from there. Which way it gets worse and its unit have defaults (more is worse; pixels when its
// name ends in `_pixels`), set in `Counter.worse` and `Counter.unit` (Replay) otherwise.

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
    case constraintsAdded = "constraints_added", constraintsRemoved = "constraints_removed"
    case constraintConstantChanges = "constraint_constant_changes", updateConstraintsCalls = "update_constraints_calls"
    case engineSolves = "engine_solves", intrinsicSizeInvalidations = "intrinsic_size_invalidations"
    case unsatisfiableConstraints = "unsatisfiable_constraints", ambiguousLayouts = "ambiguous_layouts"
    case selfSizingMeasurements = "self_sizing_measurements"
    case textLayouts = "text_layouts", textLayoutCacheHits = "text_layout_cache_hits"
    case textMeasurements = "text_measurements", glyphsDrawn = "glyphs_drawn"
    case animationsAdded = "animations_added", animationsRunning = "animations_running"
    case animationsFinished = "animations_finished", layersAnimated = "layers_animated"
    case renderOnlyFrames = "render_only_frames"
    case cellForItemCalls = "cell_for_item_calls", supplementaryViews = "supplementary_views"
    case layoutAttributes = "layout_attributes"
    case snapshotDiffs = "snapshot_diffs", snapshotChanges = "snapshot_changes"
    case prefetchedItems = "prefetched_items"
    case transitionsBegun = "transitions_begun", transitionsFinished = "transitions_finished"
    case transitionsCancelled = "transitions_cancelled", viewControllersLoaded = "view_controllers_loaded"
    case appearanceCallbacks = "appearance_callbacks"
    case imagesDecoded = "images_decoded", decodedPixels = "decoded_pixels"
    case blurPasses = "blur_passes", blurPixels = "blur_pixels"
    case traitChanges = "trait_changes"
    case nibsLoaded = "nibs_loaded", nibObjects = "nib_objects"

    /// What the counter counts, for people.
    public var label: String {
        switch self {
        case .layouts: "layouts (layoutSubviews)"
        case .draws: "draws (draw(_:))"
        case .drawnPixels: "pixels drawn"
        case .drawOperations: "draw operations"
        case .layersCommitted: "layers committed (changed by the app; not those only an animation moved)"
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
        case .cellsCreated: "cells created (table and collection views)"
        case .cellsReused: "cells reused (table and collection views)"
        case .cellForRowCalls: "cellForRowAt calls"
        case .hitTestedViews: "views visited by hit testing"
        case .backingStoreBytes: "backing-store bytes"
        case .constraintsAdded: "constraints added to the layout engine"
        case .constraintsRemoved: "constraints removed from the layout engine"
        case .constraintConstantChanges: "constraint constants changed"
        case .updateConstraintsCalls: "updateConstraints calls"
        case .engineSolves: "layout engine solves"
        case .intrinsicSizeInvalidations: "intrinsic content size invalidations"
        case .unsatisfiableConstraints: "unsatisfiable constraints broken"
        case .ambiguousLayouts: "views left ambiguous by changed constraints"
        case .selfSizingMeasurements: "self-sizing rows and cells measured (systemLayoutSizeFitting, preferredLayoutAttributesFitting)"
        case .textLayouts: "text layouts computed (shaped and broken into lines)"
        case .textLayoutCacheHits: "text layouts served from the cache"
        case .textMeasurements: "text measurements asked by the app (boundingRect, sizeThatFits…)"
        case .glyphsDrawn: "glyphs drawn"
        case .animationsAdded: "animations added to layers"
        case .animationsRunning: "animations the render server advanced (per frame, summed)"
        case .animationsFinished: "animations that reached their end"
        case .layersAnimated: "layers an animation moved or changed"
        case .renderOnlyFrames: "render-only frames (animations advanced, no app work)"
        case .cellForItemCalls: "cellForItemAt calls"
        case .supplementaryViews: "supplementary views asked of collection views' data sources"
        case .layoutAttributes: "layout attributes handed to collection views"
        case .snapshotDiffs: "diffable data source snapshots applied as a difference"
        case .snapshotChanges: "inserts, deletes, moves and reloads those differences made"
        case .prefetchedItems: "items a collection view's prefetch data source was told of ahead"
        case .transitionsBegun: "screen transitions begun (push, pop, present, dismiss, tab switch)"
        case .transitionsFinished: "screen transitions finished"
        case .transitionsCancelled: "screen transitions cancelled (interactive pops let go)"
        case .viewControllersLoaded: "view controllers' views loaded (loadView and viewDidLoad)"
        case .nibsLoaded: "Interface Builder documents instantiated (nibs, prototype cells, storyboard scenes and their views)"
        case .nibObjects: "objects made from Interface Builder documents (views, cells, view controllers)"
        case .appearanceCallbacks: "appearance callbacks (viewWillAppear, viewDidAppear, viewWillDisappear, viewDidDisappear)"
        case .imagesDecoded: "images decoded (PNG, JPEG; once each, when first shown or drawn)"
        case .decodedPixels: "pixels of the images decoded"
        case .blurPasses: "offscreen passes: backdrop blurs"
        case .blurPixels: "offscreen pixels: backdrop blurs"
        case .traitChanges: "views told their traits changed (traitCollectionDidChange: light and dark)"
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
        case .blur: (.blurPasses, .blurPixels)
        }
    }

    /// The counter's place in `allCases`, with no hashing (a counter's hash is its name's): a case
    /// of an enum without payloads is stored as its place in the declaration, which is the order
    /// of `allCases` (a test holds the two together).
    public var ordinal: Int { Int(unsafeBitCast(self, to: UInt8.self)) }

    /// Whether the counter is a level (the latest value matters), not a count to add up.
    public var isLevel: Bool { self == .backingStoreBytes }

    /// The counters that add up over frames (every one but the levels).
    public static let summed = allCases.filter { !$0.isLevel }
}

/// A count for each counter: a frame's, a stage's or a replay's.
public struct Counts: Codable, Equatable, Sendable {
    private var values = [Int](repeating: 0, count: Counter.allCases.count)
    public init() {}

    public subscript(counter: Counter) -> Int {
        get { values[counter.ordinal] }
        set { values[counter.ordinal] = newValue }
    }

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

    /// Adds the counts of `other`, a part of the same frame or stage (saturating); its levels
    /// are left alone (a part that did not measure a level holds 0 for it).
    public mutating func addPart(_ other: Counts) {
        for counter in Counter.summed { self[counter].addSaturating(other[counter]) }
    }

    /// Adds `other`'s counts, those of a later frame (saturating); levels become `other`'s.
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
        for counter in Counter.allCases { try container.encode(self[counter], forKey: Key(stringValue: counter.rawValue)) }
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        // Every counter, present: one missing is bad data, never a 0 (a check would call it an improvement).
        for counter in Counter.allCases { self[counter] = try container.decode(Int.self, forKey: Key(stringValue: counter.rawValue)) }
    }

    /// A counter's name as a coding key.
    private struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

extension Int {
    /// Adds `other`, stopping at `Int.max` instead of trapping: counts read from files are at
    /// most 2^53 (`Summary.problems`), but enough of them summed could still overflow.
    public mutating func addSaturating(_ other: Int) {
        let (sum, overflow) = addingReportingOverflow(other)
        self = overflow ? .max : sum
    }
}
