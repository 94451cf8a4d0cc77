import Foundation

/// What a replay must keep doing: its exact counters and its phase times, from a summary.
/// `uisim baseline` writes one; `uisim check` compares a new result against it.
public struct Baseline: Codable, Equatable, Sendable {
    public static let schemaVersion = 1

    public var schema = Baseline.schemaVersion
    public var trace: String
    public var scene: String
    public var variant: String
    public var device: String
    public var frames: Int
    public var hitches: Int
    public var touches: FrameRecord.Touches
    public var counts: FrameRecord.Counts
    public var phases: Summary.Phases

    enum CodingKeys: String, CodingKey {
        case schema, trace, scene, variant, device, frames, hitches, touches, counts
        case phases = "phases_us"
    }

    public init(summary s: Summary) {
        trace = s.trace
        scene = s.scene
        variant = s.variant
        device = s.device
        frames = s.frames
        hitches = s.hitches
        touches = s.touches
        counts = s.counts
        phases = s.phases
    }

    /// One compared quantity.
    public struct Finding: Equatable, Sendable {
        /// Such as "counts.draws" or "phases_us.render.p50".
        public var name: String
        public var baseline: Double
        public var current: Double
        public var passed: Bool
        public var message: String
    }

    /// Compares `summary` with this baseline: counters must be equal; times (p50 and p99 of each
    /// phase) may grow by at most `timeTolerance` (a ratio: 1.5 allows +50 %).
    public func check(_ summary: Summary, timeTolerance: Double) -> [Finding] {
        var findings: [Finding] = []
        func exact(_ name: String, _ old: Int, _ new: Int) {
            let passed = old == new
            let delta = new - old
            findings.append(Finding(name: name, baseline: Double(old), current: Double(new), passed: passed,
                                    message: passed ? "\(name) = \(new)" : "\(name): \(old) → \(new) (\(delta > 0 ? "+" : "")\(delta))"))
        }
        exact("frames", frames, summary.frames)
        exact("touches.began", touches.began, summary.touches.began)
        exact("touches.moved", touches.moved, summary.touches.moved)
        exact("touches.ended", touches.ended, summary.touches.ended)
        exact("touches.cancelled", touches.cancelled, summary.touches.cancelled)
        for (old, new) in zip(counts.named, summary.counts.named) {
            exact("counts.\(old.name)", old.value, new.value)
        }
        let pairs: [(String, PhaseDistribution, PhaseDistribution)] = [
            ("event", phases.event, summary.phases.event), ("layout", phases.layout, summary.phases.layout),
            ("display", phases.display, summary.phases.display), ("render", phases.render, summary.phases.render),
            ("frame", phases.frame, summary.phases.frame),
        ]
        for (phase, old, new) in pairs {
            for (stat, o, n) in [("p50", old.p50, new.p50), ("p99", old.p99, new.p99)] {
                let name = "phases_us.\(phase).\(stat)"
                // Below 5 µs, noise dominates: such phases only fail past 5 µs.
                let limit = max(o * timeTolerance, 5)
                let passed = n <= limit
                let ratio = o > 0 ? n / o : 0
                findings.append(Finding(name: name, baseline: o, current: n, passed: passed,
                                        message: passed ? "\(name) \(fmt(n)) µs (×\(fmt(ratio)))"
                                                        : "\(name): \(fmt(o)) → \(fmt(n)) µs (×\(fmt(ratio)), limit ×\(fmt(timeTolerance)))"))
            }
        }
        return findings
    }

    private func fmt(_ v: Double) -> String { String(format: "%.2f", v) }

    /// Findings as JUnit XML (one test case each, failures for regressions), as CI servers read it.
    public static func junit(_ findings: [Finding], suite: String) -> String {
        func escape(_ s: String) -> String {
            s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        }
        let failures = findings.filter { !$0.passed }.count
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"uisim\" tests=\"\(findings.count)\" failures=\"\(failures)\">\n"
        xml += "  <testsuite name=\"\(escape(suite))\" tests=\"\(findings.count)\" failures=\"\(failures)\" errors=\"0\">\n"
        for finding in findings {
            xml += "    <testcase classname=\"uisim.check\" name=\"\(escape(finding.name))\""
            if finding.passed {
                xml += "/>\n"
            } else {
                xml += ">\n      <failure message=\"\(escape(finding.message))\">\(escape(finding.message))</failure>\n    </testcase>\n"
            }
        }
        return xml + "  </testsuite>\n</testsuites>\n"
    }
}

/// Reads a JSON file of uisim's as `T`; `what` names the kind of file in errors.
func readJSON<T: Decodable>(_ type: T.Type, from url: URL, what: String) throws -> T {
    let data: Data
    do {
        data = try Data(contentsOf: url)
    } catch {
        throw ReplayOutputError("\(url.path): cannot read: \(error.localizedDescription)")
    }
    do {
        return try JSONDecoder().decode(T.self, from: data)
    } catch {
        throw ReplayOutputError("\(url.path): not a uisim \(what): \(error)")
    }
}

extension Summary {
    /// Reads a `summary.json`.
    public static func read(from url: URL) throws -> Summary {
        try readJSON(Summary.self, from: url, what: "summary")
    }

    /// Writes `summary.json` atomically (making its folder if needed).
    public func write(to url: URL) throws {
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw ReplayOutputError("\(url.deletingLastPathComponent().path): cannot create: \(error.localizedDescription)")
        }
        try AtomicFile.write(StableJSON.encode(self, pretty: true) + Data("\n".utf8), to: url)
    }
}

extension Baseline {
    /// Reads a baseline file.
    public static func read(from url: URL) throws -> Baseline {
        try readJSON(Baseline.self, from: url, what: "baseline")
    }

    public func write(to url: URL) throws {
        try AtomicFile.write(StableJSON.encode(self, pretty: true) + Data("\n".utf8), to: url)
    }
}
