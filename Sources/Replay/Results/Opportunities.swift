import Foundation
import QuartzCore

/// An optimization opportunity, as Xcode's view debugger lists them: one kind of layer (its view
/// class) that needed one kind of offscreen pass, over the replay, with what it cost and how to
/// avoid it. In `summary.json` and the report, ranked by estimated render cost.
public struct Opportunity: Codable, Equatable, Sendable {
    /// The layer's view class, `name` or class (`CALayer.debugOwnerName`).
    public var layer: String
    public var cause: OffscreenCause
    /// Distinct layers of that name that needed the pass.
    public var instances: Int
    /// Frames in which at least one of them did.
    public var frames: Int
    public var passes: Int
    /// Pixels rendered offscreen.
    public var pixels: Int
    /// What the passes cost the render server, estimated by the device's cost model, in ms.
    public var estimatedMs: Double
    /// How to avoid the pass, in one line.
    public var remedy: String

    enum CodingKeys: String, CodingKey {
        case layer, cause, instances, frames, passes, pixels, remedy
        case estimatedMs = "estimated_ms"
    }

    /// "layer `ShadowCard` (3 instances): shadow without shadowPath, 120 frames, 9.1 M offscreen pixels".
    public var sentence: String {
        "layer `\(layer)` (\(instances) instance\(instances == 1 ? "" : "s")): \(cause.label), \(frames) frame\(frames == 1 ? "" : "s"), "
            + "\(Self.megapixels(pixels)) offscreen pixels, \(String(format: "%.2f", estimatedMs)) ms of render time (estimated)"
    }

    static func megapixels(_ pixels: Int) -> String {
        pixels >= 100_000 ? String(format: "%.1f M", Double(pixels) / 1e6) : "\(pixels)"
    }

    /// The opportunities' order: the costliest first, then by name and cause (a stable order).
    static func ranked(_ list: [Opportunity]) -> [Opportunity] {
        list.sorted { ($1.estimatedMs, $0.layer, $0.cause.rawValue) < ($0.estimatedMs, $1.layer, $1.cause.rawValue) }
    }
}

/// Gathers a replay's offscreen passes into opportunities, frame by frame.
struct OpportunityLedger: Sendable {
    private struct Key: Hashable, Sendable {
        let layer: String
        let cause: OffscreenCause
    }

    private struct Tally: Sendable {
        var instances = Set<ObjectIdentifier>()
        var frames = 0, passes = 0, pixels = 0
        var seconds = 0.0
    }

    private var tallies: [Key: Tally] = [:]

    var isEmpty: Bool { tallies.isEmpty }

    /// Adds one frame's passes, priced.
    mutating func add(_ passes: [PricedOffscreenPass]) {
        var seen = Set<Key>()
        for priced in passes {
            let pass = priced.pass
            let key = Key(layer: pass.owner, cause: pass.cause)
            var tally = tallies[key] ?? Tally()
            tally.instances.insert(pass.layer)
            if seen.insert(key).inserted { tally.frames += 1 }
            tally.passes += 1
            tally.pixels += pass.pixels
            tally.seconds += priced.seconds
            tallies[key] = tally
        }
    }

    /// The opportunities, costliest first.
    var opportunities: [Opportunity] {
        Opportunity.ranked(tallies.map { key, tally in
            Opportunity(layer: key.layer, cause: key.cause, instances: tally.instances.count, frames: tally.frames,
                        passes: tally.passes, pixels: tally.pixels, estimatedMs: tally.seconds * 1000, remedy: key.cause.remedy)
        })
    }

    /// The opportunities of several summaries as one list: those of the same layer and cause
    /// added up (instances too: each replay's layers are its own).
    static func merging(_ lists: [[Opportunity]]) -> [Opportunity] {
        var merged: [String: Opportunity] = [:]
        for list in lists {
            for o in list {
                let key = o.layer + "\u{0}" + o.cause.rawValue
                if var m = merged[key] {
                    m.instances.addSaturating(o.instances)
                    m.frames.addSaturating(o.frames)
                    m.passes.addSaturating(o.passes)
                    m.pixels.addSaturating(o.pixels)
                    m.estimatedMs += o.estimatedMs
                    merged[key] = m
                } else {
                    merged[key] = o
                }
            }
        }
        return Opportunity.ranked(Array(merged.values))
    }
}
