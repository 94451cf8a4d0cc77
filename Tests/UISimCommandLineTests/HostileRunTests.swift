import Foundation
import Testing
import TestSupport

/// What a hostile run found (issue #28), each at the level it was found: the process, its exit
/// code, what it printed and what it left on disk. Device nodes are the test's own, never the
/// system's; resource limits are set with the shell's `ulimit` for the one process.
@Suite nonisolated struct HostileRunTests {
    let cli = CommandLineTests()

    /// Runs `command` (a shell line, `uisim` standing for the binary) in `folder`.
    func shell(_ command: String, in folder: URL) throws -> CommandLineTests.Outcome {
        try cli.sh(command, in: folder)
    }

    /// A folder with a tap's replay in `out/`.
    func folderWithAReplay() throws -> URL {
        try cli.folderWithAReplay("hostile")
    }

    /// The names in `folder` (hidden ones too), or none.
    func names(_ folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    // MARK: Resource limits (4, 5, 6)

    /// A file-size limit: the write error is reported (73, "File too large"), not a SIGXFSZ death,
    /// and nothing of the run is left.
    @Test func aFileSizeLimitIsAWriteError() throws {
        let folder = try folderWithAReplay()
        defer { try? FileManager.default.removeItem(at: folder) }
        let replay = try shell("ulimit -f 100; exec uisim replay \(CommandLineTests.root.path)/Traces/drag.trace --out o", in: folder)
        #expect(replay.status == 73 && replay.stderr.contains("File too large"), "\(replay.status) \(replay.stderr)")
        #expect(names(folder.appendingPathComponent("o")).isEmpty)
        let convert = try shell("ulimit -f 1; exec uisim trace convert \(CommandLineTests.root.path)/Traces/fling.trace -o c.trace", in: folder)
        #expect(convert.status == 73 && convert.stderr.contains("File too large"), "\(convert.status) \(convert.stderr)")
        #expect(!names(folder).contains { $0.hasPrefix("c.trace") || $0.hasPrefix(".c.trace") })
    }

    /// Too few descriptors: a sentence and 73 (libevent printed "[err] evsig_init_" and ended the
    /// process with 1, the code of a failed check, leaving temporary files).
    @Test func tooFewDescriptorsIsASentenceNotACrash() throws {
        let folder = try folderWithAReplay()
        defer { try? FileManager.default.removeItem(at: folder) }
        let replay = try shell("ulimit -n 10; exec uisim replay \(CommandLineTests.root.path)/Traces/drag.trace --out o", in: folder)
        #expect(replay.status == 73 && replay.stderr.contains("too few file descriptors"), "\(replay.status) \(replay.stderr)")
        #expect(!replay.stderr.contains("[err]"))
        #expect(names(folder.appendingPathComponent("o")).isEmpty)
    }

    /// Out of memory for a bitmap (the native frame buffer, a snapshot): 73 with what could not be
    /// allocated, never a crash, nothing left. Limits too low for the process to start at all, or
    /// at which a Swift allocation (not a bitmap) runs out first, are skipped; at least one limit
    /// must reach the error.
    @Test func outOfMemoryForABitmapIsAnErrorNotACrash() throws {
        let folder = try folderWithAReplay()
        defer { try? FileManager.default.removeItem(at: folder) }
        var reached = false
        for limit in stride(from: 100_000, through: 220_000, by: 15_000) {
            let out = "m\(limit)"
            // 60 s at most, a hang being a finding: `timeout` ends the replay's process group, so
            // a crash backtracer that cannot finish under the limit does not hold the output open.
            // No crash backtracer: one that cannot finish under the limit outlives the process
            // group and holds the output open (a test that never ends); a Swift runtime error
            // still prints its "Fatal error" line.
            let replay = try shell("ulimit -v \(limit); export SWIFT_BACKTRACE=enable=no; exec timeout -k 5 60 uisim replay \(CommandLineTests.root.path)/Traces/drag.trace"
                                   + " --snapshot-resolution native --render measured --quiet --out \(out)", in: folder)
            if replay.status == 127 { continue }   // the binary could not even load its libraries
            // Swift's own allocations (an array, a string) abort the process when memory runs out:
            // no program can answer those; the promise is about the bitmaps uisim allocates.
            // (A crash that aborted may end in another signal while its backtrace is written.)
            let killed = [5, 6, 11, 133, 134, 139].contains(replay.status)
            if killed, replay.stderr.contains("Fatal error: failed to allocate") { continue }
            // So do the text stack's (GLib aborts when it cannot allocate or start a thread;
            // fontconfig fails parsing its configuration, fails an assertion (`IA__FcFontSetSort`), or
            // crashes on an allocation it does not check, sometimes before a backtrace can be written,
            // sometimes after warning of the NULL it got ("FcPattern object … does not accept value
            // <void>"); cairo asserts in its own error path, `_cairo_error`): outside uisim's reach too. A
            // Swift error of uisim's own is still a failure (it says "Fatal error").
            if killed, ["GLib-ERROR", "Fontconfig error", "Fontconfig warning", "IA__Fc", "[pango]", "libfontconfig", "libglib", "libpango", "libharfbuzz", "cairo-error.c"]
                .contains(where: replay.stderr.contains) || replay.stderr.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { continue }
            #expect(replay.status == 0 || replay.status == 73, "ulimit -v \(limit): \(replay.status) \(replay.stderr)")
            if replay.status == 73 {
                reached = true
                #expect(replay.stderr.contains("out of memory: cannot "), "\(replay.stderr)")
                #expect(names(folder.appendingPathComponent(out)).isEmpty)
            }
        }
        #expect(reached)
    }

    // MARK: Signals (8)

    /// SIGINT, then SIGTERM while the outputs are written: the first decides (130); the second
    /// changes nothing, as the README says. The report is a FIFO the test reads only after the
    /// SIGTERM, so the replay is surely writing its outputs when the second signal comes.
    @Test func theFirstSignalDecidesTheExitCode() throws {
        let folder = cli.temporary("two-signals")
        let out = folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "uisim-trace 1.0\n0.05 1 down 195 300\n60 1 up\n".write(to: folder.appendingPathComponent("long.trace"), atomically: true, encoding: .utf8)
        let report = out.appendingPathComponent("report.html")
        #expect(mkfifo(report.path, 0o600) == 0)
        let process = try cli.start(["replay", folder.appendingPathComponent("long.trace").path, "--realtime", "--snapshots", "none",
                                     "--quiet", "--out", out.path])
        #expect(cli.waitUntilWriting(out))
        kill(process.processIdentifier, SIGINT)
        // The summary is written (under its temporary name) just before the report is opened.
        #expect(cli.waitUntil { names(out).contains { $0.hasPrefix(".summary.json.") } })
        kill(process.processIdentifier, SIGTERM)
        let html = FIFOReader(report.path).wait()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 130, "\(process.terminationReason) \(process.terminationStatus)")
        #expect(String(decoding: html, as: UTF8.self).hasPrefix("<!doctype html>"))
        #expect(try SummaryFile.interrupted(in: out))
    }

    /// Whether process `pid` has `path` open (so it waits there: a FIFO without a writer).
    func hasOpen(_ pid: Int32, _ path: String) -> Bool {
        let fds = "/proc/\(pid)/fd"
        let real = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? path
        return ((try? FileManager.default.contentsOfDirectory(atPath: fds)) ?? []).contains {
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(fds)/\($0)")) == real
        }
    }

    /// Waits (at most 10 s) for `process` to end; says whether it did.
    func ended(_ process: Process) -> Bool {
        cli.waitUntil { !process.isRunning }
    }

    /// A replay or a conversion reading a FIFO that has no writer stops on SIGINT or SIGTERM (it
    /// waited for ever), writing nothing.
    @Test func aReadThatWaitsForAWriterStopsOnASignal() throws {
        let folder = cli.temporary("fifo-read")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (command, signal) in [(["replay"], SIGINT), (["trace", "convert"], SIGTERM)] {
            let fifo = folder.appendingPathComponent("in-\(signal)").path
            #expect(mkfifo(fifo, 0o600) == 0)
            let out = folder.appendingPathComponent("out-\(signal)")
            let output = command[0] == "replay" ? ["--out", out.path] : ["-o", out.path]
            let process = try cli.start(command + [fifo] + output)
            #expect(cli.waitUntil { hasOpen(process.processIdentifier, fifo) })
            kill(process.processIdentifier, signal)
            #expect(ended(process), "\(command) still waits for its FIFO after the signal")
            if process.isRunning {   // unblock it, so the test ends either way
                let writer = open(fifo, O_WRONLY | O_NONBLOCK)
                if writer >= 0 { close(writer) }
            }
            process.waitUntilExit()
            #expect(process.terminationStatus == 128 + signal, "\(command): \(process.terminationStatus)")
            #expect(!FileManager.default.fileExists(atPath: out.path) || names(out).isEmpty)
        }
    }

    /// A replay of standard input that stalls (the writer keeps the pipe open and writes nothing)
    /// stops on a signal at once, its outputs complete for the frames done (it waited for the pipe).
    @Test func aStalledPipeDoesNotDelayTheExit() throws {
        let folder = cli.temporary("stalled")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let process = Process()
        process.executableURL = CommandLineTests.binary
        process.arguments = ["replay", "-", "--snapshots", "none", "--quiet", "--out", folder.appendingPathComponent("out").path]
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data("uisim-trace 1.0\n0.05 1 down 195 300\n0.1 1 move 195 250\n".utf8))
        #expect(cli.waitUntilWriting(folder.appendingPathComponent("out")))
        kill(process.processIdentifier, SIGINT)
        let stopped = ended(process)
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(stopped, "the replay waited for the pipe after the signal")
        #expect(process.terminationStatus == 130)
        #expect(try SummaryFile.interrupted(in: folder.appendingPathComponent("out")))
    }

    /// A temporary file a killed run left (SIGKILL: nothing could remove it) is removed by the next
    /// run that takes the folder.
    @Test func temporaryFilesOfAKilledRunAreRemovedByTheNext() throws {
        let folder = try folderWithAReplay()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out")
        let stale = out.appendingPathComponent(".frames.jsonl.4194305-1.partial")   // a process id no kernel gives
        #expect(FileManager.default.createFile(atPath: stale.path, contents: Data("half".utf8)))
        #expect(try cli.uisim(["replay", "tap.trace", "--clock", "fixed", "--snapshots", "none", "--quiet", "--out", "out"], in: folder).status == 0)
        #expect(!names(out).contains { $0.hasSuffix(".partial") })
    }

    // MARK: Outputs mixed or overwritten (9–15)

    /// A merge into a folder a replay is writing, and a second batch into the folder of a first:
    /// refused at once (73), the first's outputs unmixed.
    @Test func aFolderBeingWrittenIsNotMergedOrBatchedInto() throws {
        let folder = cli.temporary("locks")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("traces"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["a", "b"] {
            try "uisim-trace 1.0\n0.05 1 down 195 300\n30 1 up\n".write(to: folder.appendingPathComponent("traces/\(name).trace"),
                                                                      atomically: true, encoding: .utf8)
        }
        #expect(try cli.uisim(["trace", "synth", "tap", "-o", "tap.trace"], in: folder).status == 0)
        #expect(try cli.uisim(["replay", "tap.trace", "--clock", "fixed", "--snapshots", "none", "--quiet", "--out", "done"], in: folder).status == 0)
        let out = folder.appendingPathComponent("out")
        let process = try cli.start(["replay", folder.appendingPathComponent("traces").path, "--realtime", "--snapshots", "none",
                                     "--quiet", "--out", out.path])
        defer { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() }
        #expect(cli.waitUntilWriting(out.appendingPathComponent("a")))
        let merge = try cli.uisim(["merge", "done", "-o", out.path], in: folder)
        #expect(merge.status == 73 && merge.stderr.contains("another uisim is writing into this folder"), "\(merge.stderr)")
        let second = try cli.uisim(["replay", "traces", "--shard", "1/1", "--realtime", "--quiet", "--out", out.path], in: folder)
        #expect(second.status == 73 && second.stderr.contains("another uisim is writing into this folder"), "\(second.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("summary.json").path))
    }

    /// `merge -o` through a symbolic link to one of its inputs, and `baseline -o` onto the summary
    /// it reads (or a link to it): refused (64), the input unchanged.
    @Test func anOutputThatIsAnInputIsRefusedThroughLinksToo() throws {
        let folder = try folderWithAReplay()
        defer { try? FileManager.default.removeItem(at: folder) }
        let summary = folder.appendingPathComponent("out/summary.json")
        let before = try Data(contentsOf: summary)
        #expect(symlink("out", folder.appendingPathComponent("link").path) == 0)
        let merge = try cli.uisim(["merge", "out", "done", "-o", "link"], in: folder)
        #expect(merge.status == 64 && merge.stderr.contains("is one of the summaries to merge"), "\(merge.stderr)")
        for target in ["out/summary.json", "link/summary.json"] {
            let baseline = try cli.uisim(["baseline", "out", "-o", target], in: folder)
            #expect(baseline.status == 64 && baseline.stderr.contains("is the summary being read"), "\(target): \(baseline.stderr)")
        }
        #expect(try Data(contentsOf: summary) == before)
    }

    /// A full disk while the report is written into a folder holding an earlier run: 73, and the
    /// earlier run's files are all as they were (none of the new run's beside them).
    @Test(.enabled(if: DeviceNodes.canMake, "this process may not make device nodes (no CAP_MKNOD)"))
    func aRunThatFailsLeavesTheEarlierSetWhole() throws {
        let folder = try folderWithAReplay()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out")
        let device = folder.appendingPathComponent("full").path
        try #require(mknod(device, S_IFCHR | 0o666, dev_t((1 << 8) | 7)) == 0, "mknod \(device): errno \(errno)")
        var before: [String: Data] = [:]
        for name in ["frames.jsonl", "summary.json", "trace.json"] { before[name] = try Data(contentsOf: out.appendingPathComponent(name)) }
        try FileManager.default.removeItem(at: out.appendingPathComponent("report.html"))
        #expect(symlink(device, out.appendingPathComponent("report.html").path) == 0)
        let replay = try cli.uisim(["replay", "\(CommandLineTests.root.path)/Traces/drag.trace", "--clock", "fixed", "--snapshots", "none",
                                    "--quiet", "--out", "out"], in: folder)
        #expect(replay.status == 73 && replay.stderr.contains("No space left on device"), "\(replay.stderr)")
        for (name, data) in before { #expect(try Data(contentsOf: out.appendingPathComponent(name)) == data, "\(name)") }
        #expect(!names(out).contains { $0.hasSuffix(".partial") })
    }

    /// An interrupted result is not a baseline, nor merged, unless asked.
    @Test func anInterruptedResultIsRefusedByBaselineAndMergeUnlessAsked() throws {
        let folder = try folderWithAReplay()
        defer { try? FileManager.default.removeItem(at: folder) }
        let summary = folder.appendingPathComponent("out/summary.json")
        let text = try String(contentsOf: summary, encoding: .utf8).replacingOccurrences(of: "\"interrupted\" : false", with: "\"interrupted\" : true")
        try text.write(to: summary, atomically: false, encoding: .utf8)
        let baseline = try cli.uisim(["baseline", "out", "-o", "b.json"], in: folder)
        #expect(baseline.status == 64 && baseline.stderr.contains("--allow-interrupted"), "\(baseline.stderr)")
        #expect(try cli.uisim(["baseline", "out", "-o", "b.json", "--allow-interrupted"], in: folder).status == 0)
        let merge = try cli.uisim(["merge", "out", "-o", "merged"], in: folder)
        #expect(merge.status == 64 && merge.stderr.contains("--allow-interrupted"), "\(merge.stderr)")
        #expect(try cli.uisim(["merge", "out", "-o", "merged", "--allow-interrupted"], in: folder).status == 0)
        #expect(try SummaryFile.interrupted(in: folder.appendingPathComponent("merged")))
    }

    /// Summaries of different scenes (or hitch bands) do not add up: refused unless asked.
    @Test func summariesMadeDifferentlyAreNotMergedUnlessAsked() throws {
        let folder = try folderWithAReplay()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try cli.uisim(["trace", "synth", "drag", "-o", "drag.trace"], in: folder).status == 0)
        #expect(try cli.uisim(["replay", "drag.trace", "--scene", "controls", "--clock", "fixed", "--snapshots", "none", "--quiet",
                               "--out", "other"], in: folder).status == 0)
        let merge = try cli.uisim(["merge", "out", "other", "-o", "merged"], in: folder)
        #expect(merge.status == 64 && merge.stderr.contains("differ in scene ('feed' and 'controls')"), "\(merge.stderr)")
        #expect(try cli.uisim(["merge", "out", "other", "-o", "merged", "--allow-mixed"], in: folder).status == 0)
        #expect(try cli.uisim(["replay", "drag.trace", "--hitch-bands", "xcode-organizer", "--clock", "fixed", "--snapshots", "none",
                               "--quiet", "--out", "bands"], in: folder).status == 0)
        let bands = try cli.uisim(["merge", "out", "bands", "-o", "merged2"], in: folder)
        #expect(bands.status == 64 && bands.stderr.contains("differ in hitch bands"), "\(bands.stderr)")
    }

    /// A summary whose histogram counts more frames than it has (3 000 buckets of 2^53: a sum that
    /// overflowed and crashed `merge`) is bad data.
    @Test func aHistogramCountingMoreFramesThanTheSummaryIsBadData() throws {
        let folder = try folderWithAReplay()
        defer { try? FileManager.default.removeItem(at: folder) }
        let summary = folder.appendingPathComponent("out/summary.json")
        var document = try JSONSerialization.jsonObject(with: Data(contentsOf: summary)) as! [String: Any]
        var histograms = document["histograms_ns"] as! [String: Any]
        histograms["app"] = Array(repeating: [1000, 9_007_199_254_740_992], count: 3000)
        document["histograms_ns"] = histograms
        try JSONSerialization.data(withJSONObject: document).write(to: summary)
        let merge = try cli.uisim(["merge", "out", "-o", "merged"], in: folder)
        #expect(merge.status == 65 && merge.stderr.contains("histograms_ns.app counts"), "\(merge.status) \(merge.stderr)")
    }

    // MARK: Inputs (14, 18, 20, 22, 23, 25)

    @Test func emptyAndConflictingOptionsAreUsageErrors() throws {
        let folder = try folderWithAReplay()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cases: [([String], String)] = [
            (["replay", "tap.trace", "--out", ""], "--out is empty"),
            (["compare", "tap.trace", "--variant", "opaque=off", "--variant", "opaque=on", "--out", ""], "--out is empty"),
            (["baseline", "out", "-o", ""], "-o is empty"),
            (["merge", "out", "-o", ""], "-o is empty"),
            (["trace", "convert", "tap.trace", "-o", ""], "-o is empty"),
            (["replay", "tap.trace", "--realtime", "--clock", "fixed"], "--realtime is --clock real"),
            (["replay", "tap.trace", "--variant", "opaque=on", "--variant", "opaque=off"], "variant 'opaque' is given both on and off"),
            (["trace", "synth", "rotate", "--degrees", "nan", "-o", "r.trace"], "The value 'nan' is invalid for '--degrees"),
            (["trace", "synth", "rotate", "--degrees", "1e308", "-o", "r.trace"], "--degrees must be"),
            (["trace", "info", "out"], "is a folder"),
        ]
        for (arguments, words) in cases {
            let outcome = try cli.uisim(arguments, in: folder)
            #expect(outcome.status == 64 && outcome.stderr.contains(words), "\(arguments): \(outcome.status) \(outcome.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("r.trace").path))
        let tolerance = try shell("UISIM_TIME_TOLERANCE=abc exec uisim check out --baseline b.json", in: folder)
        #expect(tolerance.status == 64 && tolerance.stderr.contains("UISIM_TIME_TOLERANCE is 'abc'"), "\(tolerance.stderr)")
        #expect(!tolerance.stderr.contains("NSCocoaErrorDomain"))
    }

    /// A trace whose outputs would take the place of the batch's summary is refused before
    /// anything is replayed (it was found after replaying everything, with 73).
    @Test func aTraceNamedLikeTheBatchSummaryIsRefusedAtOnce() throws {
        let folder = cli.temporary("names")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("traces"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["a.trace", "summary.json.trace"] {
            try "uisim-trace 1.0\n0 1 down 10 10\n0.1 1 up\n".write(to: folder.appendingPathComponent("traces/\(name)"), atomically: true, encoding: .utf8)
        }
        let replay = try cli.uisim(["replay", "traces", "--quiet", "--out", "out"], in: folder)
        #expect(replay.status == 65 && replay.stderr.contains("the folder's summary"), "\(replay.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/a").path))
    }

    /// `--quiet` prints nothing but errors: an importer's warnings too.
    @Test func quietPrintsNoWarning() throws {
        let fixture = CommandLineTests.root.appendingPathComponent("Tests/TracesTests/Fixtures/lt-b-two-devices.getevent")
        let folder = cli.temporary("quiet")
        defer { try? FileManager.default.removeItem(at: folder) }
        let replay = try cli.uisim(["replay", fixture.path, "--clock", "fixed", "--snapshots", "none", "--quiet", "--out", folder.path])
        #expect(replay.status == 0 && replay.stderr.isEmpty && replay.stdout.isEmpty, "\(replay.stderr)")
    }
}

nonisolated enum SummaryFile {
    /// Whether the summary in `folder` says its replay was interrupted.
    static func interrupted(in folder: URL) throws -> Bool {
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("summary.json"))) as? [String: Any]
        return document?["interrupted"] as? Bool == true
    }
}
