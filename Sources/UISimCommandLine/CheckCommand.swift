import ArgumentParser
import Foundation
import UISim

/// `uisim baseline`: record what a replay did, to check later replays against.
struct BaselineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "baseline",
        abstract: "Write a baseline (each trace's counters, hitches and phase times) from a replay's or a merge's output folder.")

    @Argument(help: "A replay's output folder (with summary.json).")
    var resultDirectory: String

    @Option(name: .shortAndLong, help: "The baseline file to write.")
    var output: String

    @Flag(help: "Make a baseline of a result that a signal interrupted (its traces are not all there).")
    var allowInterrupted = false

    func validate() throws {
        try requireOutputPath(output, "-o")
        let summary = try summaryFile(resultDirectory)
        if realPath(summary.path) == realPath(output) {
            throw ValidationError("-o \(output) is the summary being read: writing the baseline would replace it; give another file")
        }
    }

    func run() throws {
        let summary = try Summary.read(from: summaryFile(resultDirectory))
        if summary.interrupted && !allowInterrupted {
            throw UsageError("\(resultDirectory): the replay was interrupted, so its traces are not all there: replay it again, or give --allow-interrupted")
        }
        try Baseline(summary: summary).write(to: URL(fileURLWithPath: output))
        if summary.clock != ReplayClock.fixed.rawValue {
            report("warning: the replay ran on the \(summary.clock ?? "unknown") clock: its counters depend on the machine's load; "
                   + "baselines are made with --clock fixed")
        }
        print("wrote \(output) (\(summary.figuresPerTrace.count) trace\(summary.figuresPerTrace.count == 1 ? "" : "s"))")
    }
}

/// `uisim check`: fail a build whose replay did more work, hitched more or got slower.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Compare a replay's results with a baseline, trace by trace: counters and hitches exactly, times by a ratio.",
        discussion: """
            A counter or hitch figure that changed is a regression when it got worse (more draws, more \
            pixels blended, more hitches) and an improvement when it got better; a time (the median and \
            the 90th percentile of a stage over frames) regressed when it grew past the tolerance. Regressions fail \
            (exit 1); improvements pass with a request to update the baseline (not when only times got \
            faster: that is most often a quieter machine), unless --strict. A result \
            made with another scene, variant, device or clock than the baseline's is refused (exit 64).
            """)

    @Argument(help: "A replay's output folder (with summary.json).")
    var resultDirectory: String

    @Option(help: "The baseline file (from `uisim baseline`).")
    var baseline: String

    // Optional, so that the help says the default once, in its own words (ArgumentParser would
    // add "(default: 1.5)" after them, which UISIM_TIME_TOLERANCE makes untrue).
    @Option(name: .customLong("time-tolerance"), parsing: .unconditional,
            help: ArgumentHelp("How much a time may grow, a ratio of at least 1: 1.5 allows +50 % on each stage's median and 90th percentile (default: $UISIM_TIME_TOLERANCE, else 1.5).",
                               valueName: "ratio"))
    var givenTimeTolerance: Double?

    /// `--time-tolerance`, else `UISIM_TIME_TOLERANCE` for machines noisier than the one the
    /// default was measured on, else 1.5 (a value that is not a ratio of at least 1 is refused by
    /// `validate`).
    var timeTolerance: Double {
        givenTimeTolerance ?? ProcessInfo.processInfo.environment["UISIM_TIME_TOLERANCE"].flatMap(Double.init) ?? 1.5
    }

    @Flag(help: "Fail on any change, improvements and figures new since the baseline included.")
    var strict = false

    @Option(help: "Also write the results as JUnit XML to this file (a test suite per trace, a test case per figure).")
    var junit: String?

    func validate() throws {
        if let givenTimeTolerance, !(givenTimeTolerance >= 1 && givenTimeTolerance.isFinite) {
            throw ValidationError("--time-tolerance must be a ratio of at least 1, such as 1.5")
        }
        if let text = ProcessInfo.processInfo.environment["UISIM_TIME_TOLERANCE"], Double(text).map({ $0 >= 1 && $0.isFinite }) != true {
            throw ValidationError("UISIM_TIME_TOLERANCE is '\(text.prefix(80))': it must be a ratio of at least 1, such as 4")
        }
        try requireOutputPath(junit, "--junit")
        _ = try summaryFile(resultDirectory)
        try requireReadable(baseline, "the baseline")
    }

    func run() throws {
        let summary = try Summary.read(from: summaryFile(resultDirectory))
        let expected = try Baseline.read(from: URL(fileURLWithPath: baseline))
        let differing = expected.settingsDiffering(from: summary)
        guard differing.isEmpty else {
            for d in differing { report("the baseline's \(d.name) is '\(d.baseline)', the result's '\(d.result)'") }
            // The option that replays with the baseline's setting, where one does.
            let options = differing.compactMap { d -> String? in
                switch d.name {
                case "scene": "--scene \(d.baseline)"
                case "device": UIScreen.Model.named(d.baseline).map { "--device \($0.identifier)" }
                case "clock": ReplayClock(rawValue: d.baseline).map { "--clock \($0.rawValue)" }
                case "app time": "--app-time \(d.baseline)"   // a baseline of uisim before it said is wall time
                default: nil
                }
            }
            report("replay with the baseline's settings\(options.isEmpty ? "" : " (\(options.joined(separator: " ")))"), "
                   + "or make a new baseline from this result: uisim baseline \(resultDirectory) -o \(baseline)")
            throw Exit.usage
        }
        let result = expected.check(summary, timeTolerance: timeTolerance)
        if let junit {
            let properties = [("scene", summary.scene), ("variant", summary.variant), ("device", summary.device),
                              ("clock", summary.clock ?? "unknown"), ("app-time", summary.appTime ?? AppTime.wall.rawValue)]
            try AtomicFile.write(Data(JUnitReport.xml(result, properties: properties, strict: strict).utf8), to: URL(fileURLWithPath: junit))
        }
        print(Self.text(result, strict: strict, update: "uisim baseline \(resultDirectory) -o \(baseline)"))
        if result.fails(strict: strict) { throw Exit.checkFailed }
    }

    /// What `check` prints: each trace's changes, then one verdict line.
    static func text(_ result: CheckReport, strict: Bool, update: String) -> String {
        var lines: [String] = []
        for suite in result.suites {
            let changes = suite.findings.filter { $0.verdict != .same }
            guard !changes.isEmpty else { continue }
            lines.append("\(suite.trace):")
            for finding in changes.sorted(by: { order($0.verdict) < order($1.verdict) }) {
                lines.append("  \(finding.verdict.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0))\(finding.message)")
            }
        }
        let checks = result.findings.count, traces = result.suites.count
        let scope = "\(checks) checks of \(traces) trace\(traces == 1 ? "" : "s")"
        if result.fails(strict: strict) {
            let other = strict && result.otherChanges > 0 ? ", \(result.otherChanges) other changes (--strict)" : ""
            lines.append("failed: \(result.regressions) regressions\(other) in \(scope)")
        } else if result.onlyTimesImproved {
            lines.append("ok: no regression in \(scope); \(result.otherChanges) time\(result.otherChanges == 1 ? "" : "s") faster than ÷\(Baseline.Finding.format(result.timeTolerance)), "
                         + "most often a quieter machine: keep the baseline (one made from this run would fail ordinary runs)")
        } else if result.otherChanges > 0 {
            lines.append("ok: no regression in \(scope); \(result.otherChanges) other changes (improvements, new figures): update the baseline (\(update))")
        } else {
            lines.append("ok: \(scope) passed (counters and hitches equal, times within ×\(Baseline.Finding.format(result.timeTolerance)))")
        }
        return lines.joined(separator: "\n")
    }

    private static func order(_ verdict: Baseline.Finding.Verdict) -> Int {
        switch verdict {
        case .regression: 0
        case .improvement: 1
        case .changed: 2
        case .new: 3
        case .same: 4
        }
    }
}
