import Foundation
import RunLoop
import Traces
import Support

/// What a replay must keep doing: each trace's gated figures (exact counters, hitches and
/// phase times) and the settings they were made with. `uisim baseline` writes one from a
/// replay's or a merge's output; `uisim check` compares a new result against it.
public struct Baseline: Codable, Equatable, Sendable {
    public static let schemaVersion = 4
    /// The older schemas `check` still reads (their figures mapped to today's names).
    public static let readableSchemas = 2...3
    /// Figures renamed since a schema: a schema-2 baseline's offscreen layers are today's passes.
    static let renamedFigures: [Int: [String: String]] = [2: ["counts.offscreen_layers": "counts.offscreen_passes"]]

    public var schema = Baseline.schemaVersion
    public var scene: String
    public var variant: String
    public var device: String
    /// "virtual", "fixed" or "real"; nil when the summary did not say (uisim before 0.2).
    public var clock: String?
    /// What measured the app's work, "cpu" or "wall"; nil in baselines made before uisim said
    /// (wall time).
    public var appTime: String?
    /// The user's text size the replays ran at; nil in baselines made before uisim said (large).
    public var contentSize: String?
    /// Light or dark; nil in baselines made before uisim said (light).
    public var appearance: String?
    public var traces: [TraceFigures]

    enum CodingKeys: String, CodingKey {
        case schema, scene, variant, device, clock, traces
        case appTime = "app_time", contentSize = "content_size", appearance
    }

    public init(summary s: Summary) {
        scene = s.scene
        variant = s.variant
        device = s.device
        clock = s.clock
        appTime = s.appTime
        contentSize = s.contentSize
        appearance = s.appearance
        traces = s.figuresPerTrace
    }

    /// The settings that must be the same for a result to be compared with this baseline, each
    /// as "name value" for the differences found (empty when all agree).
    public func settingsDiffering(from summary: Summary) -> [(name: String, baseline: String, result: String)] {
        [("scene", scene, summary.scene), ("variant", variant, summary.variant), ("device", device, summary.device),
         ("clock", clock ?? "unknown", summary.clock ?? "unknown"),
         ("app time", appTime ?? AppTime.wall.rawValue, summary.appTime ?? AppTime.wall.rawValue),
         ("content size", contentSize ?? "large", summary.contentSize ?? "large"),
         ("appearance", appearance ?? "light", summary.appearance ?? "light")]
            .filter { $0.1 != $0.2 }.map { (name: $0.0, baseline: $0.1, result: $0.2) }
    }

    /// Compares `summary` with this baseline, trace by trace (the baseline's order, then traces
    /// new in the result): counters exactly, times within `timeTolerance` (a ratio: 1.5 allows
    /// +50 %).
    public func check(_ summary: Summary, timeTolerance: Double) -> CheckReport {
        let now = Dictionary(summary.figuresPerTrace.map { ($0.trace, $0) }, uniquingKeysWith: { a, _ in a })
        var suites: [CheckReport.Suite] = []
        for old in traces {
            guard let new = now[old.trace] else {
                suites.append(.init(trace: old.trace, replaySeconds: nil, findings: [
                    .init(name: "replayed", baseline: 1, current: 0, verdict: .regression,
                          message: "\(old.trace) is in the baseline but was not replayed")]))
                continue
            }
            let replayed = Finding(name: "replayed", baseline: 1, current: 1, verdict: .same,
                                   message: "\(old.trace) replayed" + (new.replaySeconds.map { String(format: " in %.2f s", $0) } ?? ""))
            suites.append(.init(trace: old.trace, replaySeconds: new.replaySeconds,
                                findings: [replayed] + Self.compare(old.figures, new.figures, timeTolerance: timeTolerance)))
        }
        let known = Set(traces.map(\.trace))
        for new in summary.figuresPerTrace where !known.contains(new.trace) {
            suites.append(.init(trace: new.trace, replaySeconds: new.replaySeconds, findings: [
                .init(name: "replayed", baseline: 0, current: 1, verdict: .new,
                      message: "\(new.trace) is not in the baseline: update the baseline to check it")]))
        }
        return CheckReport(suites: suites, timeTolerance: timeTolerance)
    }

    static func compare(_ old: [String: Double], _ new: [String: Double], timeTolerance: Double) -> [Finding] {
        var findings: [Finding] = []
        for name in old.keys.sorted() {
            let o = old[name]!
            guard let n = new[name] else {
                findings.append(Finding(name: name, baseline: o, current: .nan, verdict: .regression,
                                        message: "\(name): in the baseline, missing from the result"))
                continue
            }
            var finding = Finding.judge(name, o, n, timeTolerance: timeTolerance)
            let frames = min(old[Figure.frames.name] ?? 0, new[Figure.frames.name] ?? 0)
            if Figure(name: name)?.gate == .ratio && frames < Double(TraceFigures.minimumFramesForTimes) && finding.verdict != .same {
                finding.verdict = .same
                finding.message += " (not gated: \(Int(frames)) frames, fewer than \(TraceFigures.minimumFramesForTimes))"
            }
            findings.append(finding)
        }
        for name in new.keys.sorted() where old[name] == nil {
            // A counter the baseline's uisim did not have, at zero: the work it counts is not done,
            // so nothing changed (a team's baselines stay green when uisim learns to count more).
            if name.hasPrefix("counts."), new[name] == 0 {
                findings.append(Finding(name: name, baseline: 0, current: 0, verdict: .same,
                                        message: "\(name) = 0 (not in the baseline, made by an older uisim)"))
                continue
            }
            findings.append(Finding(name: name, baseline: .nan, current: new[name]!, verdict: .new,
                                    message: "\(name) = \(Finding.format(new[name]!)): not in the baseline (made by an older uisim)"))
        }
        return findings
    }

    /// One compared figure.
    public struct Finding: Equatable, Sendable {
        /// Such as "counts.draws" or "stages_us.layout.p50".
        public var name: String
        public var baseline: Double
        public var current: Double
        public var verdict: Verdict
        public var message: String

        public enum Verdict: String, Sendable {
            /// The same (counters), or within the tolerance (times).
            case same
            /// Better: passes, unless `--strict`; the baseline should be updated.
            case improvement
            /// Worse: fails.
            case regression
            /// In the result only (a new trace or figure): passes, unless `--strict`.
            case new
            /// Changed, neither better nor worse by itself: passes, unless `--strict`.
            case changed
        }

        /// Judges figure `name`, `o` in the baseline and `n` now, by its declaration's gate (a name
        /// uisim does not declare is reported: a change is neither better nor worse).
        static func judge(_ name: String, _ o: Double, _ n: Double, timeTolerance: Double) -> Finding {
            switch Figure(name: name)?.gate ?? .reported {
            case .exact(let worse):
                let delta = n - o
                let verdict: Verdict = switch worse {
                case _ where delta == 0: .same
                case .anyChange: .regression
                case .neither: .changed
                case .higher: delta < 0 ? .improvement : .regression
                }
                let change = "\(format(o)) → \(format(n)) (\(delta > 0 ? "+" : "−")\(format(abs(delta))))"
                return Finding(name: name, baseline: o, current: n, verdict: verdict,
                               message: verdict == .same ? "\(name) = \(format(n))" : "\(name): \(change)")
            case .ratio:
                let ratio = o > 0 ? n / o : (n > 0 ? .infinity : 1)
                let grew = n > o * timeTolerance && n - o > TraceFigures.timeFloor
                let shrank = n * timeTolerance < o && o - n > TraceFigures.timeFloor
                let verdict: Verdict = grew ? .regression : shrank ? .improvement : .same
                let text = "\(name): \(format(o)) → \(format(n)) µs (×\(String(format: "%.2f", ratio)), tolerance ×\(format(timeTolerance)))"
                return Finding(name: name, baseline: o, current: n, verdict: verdict,
                               message: verdict == .same ? "\(name) = \(format(n)) µs (×\(String(format: "%.2f", ratio)))"
                                                         : text)
            case .reported:
                return Finding(name: name, baseline: o, current: n, verdict: n == o ? .same : .changed,
                               message: n == o ? "\(name) = \(format(n))" : "\(name): \(format(o)) → \(format(n)) (reported, not gated)")
            }
        }

        /// A figure as text: integers without a fraction, others with two decimals.
        public static func format(_ value: Double) -> String {
            guard value.isFinite else { return "\(value)" }
            return value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(format: "%.2f", value)
        }
    }
}

/// The outcome of `uisim check`: one suite of findings per trace.
public struct CheckReport: Sendable {
    public struct Suite: Sendable {
        /// The trace's file name.
        public var trace: String
        /// Its replay's wall time, when the result says.
        public var replaySeconds: Double?
        public var findings: [Baseline.Finding]
    }

    public var suites: [Suite]
    public var timeTolerance: Double

    public var findings: [Baseline.Finding] { suites.flatMap(\.findings) }
    public var regressions: Int { findings.filter { $0.verdict == .regression }.count }
    /// Improvements and figures or traces new in the result: changes that pass unless strict.
    public var otherChanges: Int { passingChanges.count }
    /// The changes that pass unless strict: neither regressions nor the same.
    private var passingChanges: [Baseline.Finding] { findings.filter { $0.verdict != .regression && $0.verdict != .same } }
    /// Whether every change that passes is a time that got faster: most often a quieter machine
    /// than the baseline's, which a new baseline should not be made from (ordinary runs would
    /// then fail it).
    public var onlyTimesImproved: Bool {
        let changes = passingChanges
        return !changes.isEmpty && changes.allSatisfy { finding in
            guard finding.verdict == .improvement, case .ratio? = Figure(name: finding.name)?.gate else { return false }
            return true
        }
    }

    /// Whether the check fails: on a regression, or with `strict` on any change.
    public func fails(strict: Bool) -> Bool {
        regressions > 0 || strict && otherChanges > 0
    }
}

extension Summary {
    /// Reads a `summary.json` of this schema (one of another is refused, with what to do); a value
    /// out of range is bad data with its line.
    public static func read(from url: URL) throws -> Summary {
        let (summary, document) = try ResultFile.read(Summary.self, from: url, what: "summary", schema: schemaVersion,
                                                      older: "replay it again")
        let problems = summary.problems
        guard problems.isEmpty else { throw ResultFile.malformed(url, problems, in: document) }
        return summary
    }

    /// Writes `summary.json` atomically (making its folder if needed).
    public func write(to url: URL) throws {
        try makeOutputFolder(url.deletingLastPathComponent())
        try AtomicFile.write(StableJSON.encode(self, pretty: true) + Data("\n".utf8), to: url)
    }
}

/// Makes `folder` (and its parents) if missing: an unwritable output when it cannot be, with the
/// system's reason and the part of the path it is about ("f/sub: cannot create the folder: f is
/// not a folder"), never Foundation's "The operation could not be completed".
public func makeOutputFolder(_ folder: URL) throws {
    try makeFolder(folder.path, asked: folder.path)
}

private func makeFolder(_ path: String, asked: String) throws {
    func refuse(_ reason: String) -> FileError {
        FileError.unwritable(asked, "cannot create the folder: " + (path == asked ? reason : "\(path): \(reason)"))
    }
    var info = stat()
    if stat(path, &info) == 0 {
        guard info.st_mode & S_IFMT == S_IFDIR else { throw refuse("File exists and is not a folder") }
        return
    }
    if mkdir(path, 0o777) == 0 { return }
    switch errno {
    case EEXIST:   // made meanwhile by another process, or a dangling symbolic link
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { throw refuse("File exists and is not a folder") }
    case ENOENT:
        let parent = (path as NSString).deletingLastPathComponent
        guard !parent.isEmpty, parent != path else { throw refuse(String(cString: strerror(ENOENT))) }
        try makeFolder(parent, asked: asked)
        guard mkdir(path, 0o777) == 0 || errno == EEXIST else { throw refuse(String(cString: strerror(errno))) }
    default:
        throw refuse(String(cString: strerror(errno)))
    }
}

extension Baseline {
    /// Reads a baseline file of this schema (one of another is refused, with what to do); a
    /// figure out of range, or a trace listed twice, is bad data with its line.
    public static func read(from url: URL) throws -> Baseline {
        var (baseline, document) = try ResultFile.read(Baseline.self, from: url, what: "baseline", schema: schemaVersion,
                                                       readable: readableSchemas, older: "make it again with uisim baseline")
        // An older schema's figures under today's names (the same names since schema 2, but those
        // renamed); its settings are checked against the result's as any baseline's.
        if baseline.schema < schemaVersion {
            let renamed = (baseline.schema...(schemaVersion - 1)).reduce(into: [String: String]()) { $0.merge(renamedFigures[$1] ?? [:]) { $1 } }
            for index in baseline.traces.indices {
                for (old, new) in renamed {
                    if let value = baseline.traces[index].figures.removeValue(forKey: old) { baseline.traces[index].figures[new] = value }
                }
            }
            baseline.schema = schemaVersion
        }
        let problems = baseline.problems
        guard problems.isEmpty else { throw ResultFile.malformed(url, problems, in: document) }
        return baseline
    }

    public func write(to url: URL) throws {
        try AtomicFile.write(StableJSON.encode(self, pretty: true) + Data("\n".utf8), to: url)
    }
}
