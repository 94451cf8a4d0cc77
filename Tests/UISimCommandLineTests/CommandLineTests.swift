import Foundation
import Replay
import Testing

/// Runs the built `uisim` binary (next to the test bundle) and checks what it prints and the
/// exit codes the README documents.
@Suite(.serialized) nonisolated struct CommandLineTests {
    static let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("uisim")
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs `uisim arguments` in `folder` (default: the project's), with no standard input.
    func uisim(_ arguments: [String], in folder: URL = root) throws -> Outcome {
        try run(Self.binary, arguments, in: folder)
    }

    /// Runs `command` through `/bin/sh` in `folder`, with the built `uisim` first on the PATH (for
    /// a shell's `ulimit` or environment before it).
    func sh(_ command: String, in folder: URL) throws -> Outcome {
        let path = Self.binary.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        return try run(URL(fileURLWithPath: "/bin/sh"), ["-c", command], in: folder, environment: ["PATH": path])
    }

    /// Runs `executable` with no standard input and waits for it.
    private func run(_ executable: URL, _ arguments: [String], in folder: URL, environment: [String: String] = [:]) throws -> Outcome {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.standardInput = FileHandle.nullDevice
        // A debug build's times vary far more between replays than a release build's (ReadmeTests).
        process.environment = ProcessInfo.processInfo.environment.merging(["UISIM_TIME_TOLERANCE": "4"].merging(environment) { $1 }) { $1 }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                       stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// A new folder holding a tap trace and its replay on the fixed clock in `out/`.
    func folderWithAReplay(_ name: String) throws -> URL {
        let folder = temporary(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        #expect(try uisim(["trace", "synth", "tap", "--from", "100,300", "-o", "tap.trace"], in: folder).status == 0)
        #expect(try uisim(["replay", "tap.trace", "--clock", "fixed", "--snapshots", "none", "--quiet", "--out", "out"], in: folder).status == 0)
        return folder
    }

    /// Starts uisim without waiting for it: no standard input, output thrown away unless `stderr`.
    func start(_ arguments: [String], stderr: Pipe? = nil) throws -> Process {
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = arguments
        process.currentDirectoryURL = Self.root
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = stderr ?? FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Waits (at most 10 s) until a replay's outputs are open in `folder`: its signal handlers are
    /// installed and its folder locked by then.
    func waitUntilWriting(_ folder: URL) -> Bool {
        waitUntil { ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).contains(where: { $0.hasSuffix(".partial") }) }
    }

    /// Waits (at most 10 s, looking every 5 ms) until `condition` holds; says whether it did.
    func waitUntil(_ condition: () -> Bool) -> Bool {
        for _ in 0..<2000 {
            if condition() { return true }
            usleep(5_000)
        }
        return false
    }

    /// A fresh path named `name` in this process's scratch folder, which goes when the process
    /// exits (a test that does not remove what it wrote leaves nothing in the system's /tmp).
    func temporary(_ name: String) -> URL {
        Self.scratch.appendingPathComponent("\(UUID().uuidString)-\(name)")
    }

    static let scratch: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("uisim-cli-tests-\(getpid())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        atexit {
            try? FileManager.default.removeItem(at: FileManager.default.temporaryDirectory.appendingPathComponent("uisim-cli-tests-\(getpid())"))
        }
        return folder
    }()

    /// Two processes (each hashing with its own seed, so dictionaries iterate in their own order)
    /// replaying the conversation, whose table reloads as pages arrive, count the same in every
    /// frame: a reload gives cells back for reuse in the rows' order, not a dictionary's.
    @Test func twoProcessesCountTheSameFramesOfAReloadingTable() throws {
        let folder = temporary("two-processes")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var frames: [[String]] = []
        for run in 1...2 {
            let replay = try uisim(["replay", Self.root.path + "/Traces/fling.trace", "--scene", "messages", "--clock", "fixed",
                                    "--snapshots", "none", "--quiet", "--out", "r\(run)"], in: folder)
            #expect(replay.status == 0, "\(replay.stderr)")
            let lines = try String(contentsOf: folder.appendingPathComponent("r\(run)/frames.jsonl"), encoding: .utf8).split(separator: "\n")
            frames.append(try lines.map { line in
                let record = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
                let counts = (record["counts"] as? [String: Any] ?? [:]).sorted { $0.key < $1.key }
                return "\(record["frame"] ?? "") " + counts.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
            })
        }
        #expect(frames[0].count > 100 && frames[0] == frames[1])
    }

    @Test func versionAndScenes() throws {
        let version = try uisim(["--version"])
        #expect(version.status == 0 && version.stdout.hasPrefix("uisim 0.1.0"))
        let scenes = try uisim(["scenes"])
        #expect(scenes.status == 0 && scenes.stdout.contains("feed (default)") && scenes.stdout.contains("--variant opaque=on|off"))
    }

    /// The README's promise: `adb shell getevent -lt > t.txt` alone (no `-lp` part) replays, with
    /// positions taken as screen pixels and a warning that says so, from `replay` and `trace info`.
    @Test func aGeteventRecordingWithoutItsCapabilitiesReplaysWithAWarning() throws {
        let fixture = Self.root.appendingPathComponent("Tests/TracesTests/Fixtures/lt-b-two-devices.getevent")
        let out = temporary("getevent")
        defer { try? FileManager.default.removeItem(at: out) }
        let replay = try uisim(["replay", fixture.path, "--clock", "fixed", "--snapshots", "none", "--json", "--out", out.path])
        #expect(replay.status == 0, "\(replay.stderr)")
        #expect(replay.stderr.contains("positions are taken as pixels of the 1170×2532 screen"))
        let summary = try JSONSerialization.jsonObject(with: Data(replay.stdout.utf8)) as? [String: Any]
        let touches = summary?["touches"] as? [String: Int]
        #expect(touches?["began"] == 2 && touches?["ended"] == 2)
        let info = try uisim(["trace", "info", fixture.path])
        #expect(info.status == 0 && info.stderr.contains("positions are taken as pixels of the 1170×2532 screen"))
    }

    @Test func brokenTraceExits65WithItsPlace() throws {
        let trace = temporary("broken.trace")
        defer { try? FileManager.default.removeItem(at: trace) }
        try "uisim-trace 1.0\n0 1 down 10 10\n0.5 1 move 20 20\n0.2 1 up\n".write(to: trace, atomically: true, encoding: .utf8)
        let out = temporary("out")
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try uisim(["replay", trace.path, "--out", out.path, "--quiet"])
        #expect(result.status == 65)
        #expect(result.stderr.contains("\(trace.path):4: time 0.2 is earlier than the previous 0.5"))
    }

    @Test func usageErrorsExit64() throws {
        let scene = try uisim(["replay", "Traces/drag.trace", "--scene", "nope"])
        #expect(scene.status == 64 && scene.stderr.contains("no scene 'nope'"))
        let missing = try uisim(["replay", "no-such-file.trace"])
        #expect(missing.status == 64 && missing.stderr.contains("cannot read the trace file"))
        for command in [["replay", "Traces/drag.trace"], ["compare", "Traces/drag.trace", "--variant", "opaque=off", "--variant", "opaque=on"]] {
            let documents = try uisim(command + ["--documents", "no-such-folder"])
            #expect(documents.status == 64 && documents.stderr.contains("--documents no-such-folder: no such folder"), "\(command)")
        }
    }

    @Test func replayBaselineAndCheck() throws {
        let out = temporary("out"), baseline = temporary("baseline.json"), junit = temporary("junit.xml")
        defer { for url in [out, baseline, junit] { try? FileManager.default.removeItem(at: url) } }
        let replay = try uisim(["replay", "Traces/drag.trace", "--out", out.path, "--json", "--snapshots", "none"])
        #expect(replay.status == 0)
        let summary = try JSONSerialization.jsonObject(with: Data(replay.stdout.utf8)) as! [String: Any]
        #expect((summary["touches"] as! [String: Int])["began"] == 1)
        #expect(try uisim(["baseline", out.path, "-o", baseline.path]).status == 0)
        let ok = try uisim(["check", out.path, "--baseline", baseline.path, "--time-tolerance", "1000", "--junit", junit.path])
        #expect(ok.status == 0 && ok.stdout.hasPrefix("ok:"))
        // A build whose draw count grew fails the check.
        var edited = try JSONSerialization.jsonObject(with: Data(contentsOf: baseline)) as! [String: Any]
        var traces = edited["traces"] as! [[String: Any]]
        var figures = traces[0]["figures"] as! [String: Any]
        figures["counts.draws"] = (figures["counts.draws"] as! Int) - 1
        traces[0]["figures"] = figures
        edited["traces"] = traces
        try JSONSerialization.data(withJSONObject: edited).write(to: baseline)
        let failed = try uisim(["check", out.path, "--baseline", baseline.path, "--time-tolerance", "1000", "--junit", junit.path])
        #expect(failed.status == 1)
        #expect(failed.stdout.contains("counts.draws:"))
        #expect(try String(contentsOf: junit, encoding: .utf8).contains("<failure"))
    }

    /// The trace tools on recordings of other tools: info agrees with the recording, validate
    /// exits 65 on a broken one with its line, and replay reads them directly.
    @Test func traceToolsOnOtherFormats() throws {
        let info = try uisim(["trace", "info", "Tests/TracesTests/Fixtures/tap-and-pinch.webdriver.json", "--json"])
        #expect(info.status == 0)
        let json = try JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as! [String: Any]
        #expect(json["format"] as? String == "webdriver-actions" && json["contacts"] as? Int == 3 && json["max_simultaneous"] as? Int == 2)
        #expect(json["samples"] as? Int == 126 && json["unfinished"] as? Int == 0)
        let picked = try uisim(["trace", "info", "Tests/TracesTests/Fixtures/two-devices.libinput.yml", "--input-device", "Touchpad", "--json"])
        #expect(picked.status == 0 && picked.stdout.contains("\"contacts\" : 1"))

        let broken = temporary("broken.getevent")
        defer { try? FileManager.default.removeItem(at: broken) }
        try "[   1.000000] /dev/input/event2: EV_ABS ABS_MT_POSITION_X 00000010\n[   0.500000] /dev/input/event2: EV_SYN SYN_REPORT 00000000\n"
            .write(to: broken, atomically: true, encoding: .utf8)
        let validate = try uisim(["trace", "validate", broken.path])
        #expect(validate.status == 65 && validate.stdout.contains("\(broken.path):2: time -0.5 is earlier than the previous 0"))

        let out = temporary("out")
        defer { try? FileManager.default.removeItem(at: out) }
        let replay = try uisim(["replay", "Tests/TracesTests/Fixtures/spread.getevent", "--out", out.path, "--snapshots", "none", "--quiet", "--json", "--fit", "aspect"])
        #expect(replay.status == 0)
        let summary = try JSONSerialization.jsonObject(with: Data(replay.stdout.utf8)) as! [String: Any]
        #expect((summary["touches"] as? [String: Any])?["began"] as? Int == 2)
        let bad = try uisim(["replay", broken.path, "--out", out.path, "--quiet"])
        #expect(bad.status == 65 && bad.stderr.contains("\(broken.path):2: time -0.5"))
    }

    /// Four shards of a folder, merged, make the same summary as one run over the whole folder
    /// (counters exactly; with --clock fixed they do not depend on the machine), and merging the
    /// whole run's per-trace summaries gives back its summary exactly, percentiles included.
    @Test func fourShardsMergedEqualOneRun() throws {
        let folder = temporary("shards")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "not a trace\n".write(to: folder.appendingPathComponent("README.md"), atomically: true, encoding: .utf8)
        let gestures: [[String]] = [["tap", "--from", "195,300"], ["tap", "--from", "100,500", "--start", "0.3"],
                                    ["drag", "--from", "195,600", "--to", "195,400", "--duration", "0.3"],
                                    ["fling", "--from", "195,700", "--to", "195,300", "--duration", "0.1"],
                                    ["long-press", "--from", "200,200", "--duration", "0.6"], ["double-tap", "--from", "50,50"]]
        for (n, gesture) in gestures.enumerated() {
            #expect(try uisim(["trace", "synth"] + gesture + ["-o", folder.appendingPathComponent("g\(n).trace").path]).status == 0)
        }
        let common = ["--clock", "fixed", "--snapshots", "none", "--quiet"]
        let whole = temporary("whole")
        defer { try? FileManager.default.removeItem(at: whole) }
        #expect(try uisim(["replay", folder.path, "--out", whole.path] + common).status == 0)
        var shardFolders: [String] = []
        for index in 1...4 {
            let out = temporary("shard\(index)")
            shardFolders.append(out.path)
            #expect(try uisim(["replay", folder.path, "--shard", "\(index)/4", "--out", out.path] + common).status == 0)
        }
        defer { for path in shardFolders { try? FileManager.default.removeItem(atPath: path) } }
        let merged = temporary("merged")
        defer { try? FileManager.default.removeItem(at: merged) }
        let merge = try uisim(["merge"] + shardFolders + ["-o", merged.path, "--json"])
        #expect(merge.status == 0)

        func summary(_ url: URL) throws -> [String: Any] {
            try JSONSerialization.jsonObject(with: Data(contentsOf: url.appendingPathComponent("summary.json"))) as! [String: Any]
        }
        let one = try summary(whole), shards = try summary(merged)
        #expect((one["traces"] as? [String])?.count == 6)
        for key in ["traces", "frames", "counts", "touches"] {
            #expect(NSDictionary(dictionary: ["k": one[key]!]) == NSDictionary(dictionary: ["k": shards[key]!]), "\(key)")
        }
        #expect(abs((one["duration_s"] as! Double) - (shards["duration_s"] as! Double)) < 1e-9)
        // Every shard's traces are a share of the whole, none twice.
        let shares = try shardFolders.map { try summary(URL(fileURLWithPath: $0))["traces"] as! [String] }
        #expect(shares.flatMap { $0 }.sorted() == (one["traces"] as! [String]))

        // Exactness: the whole run's six per-trace summaries merge back into its summary.
        let again = temporary("again")
        defer { try? FileManager.default.removeItem(at: again) }
        let perTrace = (one["traces"] as! [String]).map { whole.appendingPathComponent(($0 as NSString).deletingPathExtension).path }
        #expect(try uisim(["merge"] + perTrace + ["-o", again.path]).status == 0)
        #expect(try Data(contentsOf: again.appendingPathComponent("summary.json")) == Data(contentsOf: whole.appendingPathComponent("summary.json")))
        // Merging a shard twice is refused.
        let twice = try uisim(["merge", shardFolders[0], shardFolders[0], shardFolders[1], "-o", again.path])
        #expect(shares[0].isEmpty || (twice.status == 64 && twice.stderr.contains("is in two of the summaries")))
    }

    /// Summaries are checked when read: a count past 2^53 or below 0, a histogram bucket that
    /// cannot be, another schema: each a located error and exit 65, never a crash (merge and
    /// check once trapped on such numbers). Trace synthesis refuses what would pass the limits.
    @Test func summariesAndSynthesisOutOfRangeAreRefused() throws {
        let out = temporary("valid")
        defer { try? FileManager.default.removeItem(at: out) }
        #expect(try uisim(["replay", "Traces/drag.trace", "--clock", "fixed", "--snapshots", "none", "--quiet", "--out", out.path]).status == 0)
        let valid = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("summary.json"))) as! [String: Any]
        let edits: [(String, ([String: Any]) -> [String: Any], String)] = [
            ("huge", { var s = $0; s["frames"] = Int.max; return s }, "frames is 9223372036854775807: expected 0 to 2^53"),
            ("negative", { var s = $0; var c = s["counts"] as! [String: Any]; c["draws"] = -3; s["counts"] = c; return s },
             "counts.draws is -3: expected 0 to 2^53"),
            ("bucket", { var s = $0; var h = s["histograms_ns"] as! [String: Any]; h["app"] = [[1000, UInt64.max]]; s["histograms_ns"] = h; return s },
             "histograms_ns.app[0][1] is 18446744073709551615: expected 0 to 2^53"),
            ("pair", { var s = $0; var h = s["histograms_ns"] as! [String: Any]; h["layout"] = [[1, 2, 3]]; s["histograms_ns"] = h; return s },
             "histograms_ns.layout[0] is [1, 2, 3]"),
            ("opportunity", { var s = $0
                s["opportunities"] = [["layer": "CardView", "cause": "shadow", "instances": 1, "frames": 1, "passes": 1,
                                       "pixels": 1 << 62, "estimated_ms": 1.0, "remedy": "set shadowPath"]]
                return s }, "opportunities[0].pixels is 4611686018427387904: expected 0 to 2^53"),
            ("cause", { var s = $0
                s["opportunities"] = [["layer": "CardView", "cause": "glow", "instances": 1, "frames": 1, "passes": 1,
                                       "pixels": 1, "estimated_ms": 1.0, "remedy": "?"]]
                return s }, "not a uisim summary: opportunities[0].cause "),
            ("schema", { var s = $0; s["schema"] = 99; return s }, "a summary of schema 99, this uisim reads schema \(Summary.schemaVersion)"),
        ]
        for (name, edit, message) in edits {
            let folder = temporary(name)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            var summary = edit(valid)
            summary["trace"] = "\(name).trace"
            summary["traces"] = ["\(name).trace"]
            try JSONSerialization.data(withJSONObject: summary).write(to: folder.appendingPathComponent("summary.json"))
            let merge = try uisim(["merge", folder.path, out.path, "-o", temporary("merged").path])
            // Written on one line: every problem is on line 1.
            #expect(merge.status == 65 && merge.stderr.contains("\(folder.path)/summary.json:1: \(message)"), "\(name): \(merge.stderr)")
            let check = try uisim(["baseline", folder.path, "-o", temporary("b.json").path])
            #expect(check.status == 65, "\(name)")
        }
        for arguments in [["tap", "--start", "1000000"], ["drag", "--from", "1e300,1e300"], ["drag", "--jitter", "1e300"],
                          ["drag", "--from", "9999999,0", "--to", "9999999,100", "--jitter", "1000"]] {
            let synth = try uisim(["trace", "synth"] + arguments + ["-o", temporary("s.trace").path])
            #expect(synth.status == 64 && synth.stderr.contains("Error: --"), "\(arguments)")
        }
    }

    /// Exit codes as the README's table says: a missing file or an empty set of traces is usage
    /// (64), an output that cannot be written 73; merge never writes over one of its inputs; two
    /// traces whose names differ only in Unicode normalization are refused, not one dropped.
    @Test func exitCodesForMissingInputsAndUnwritableOutputs() throws {
        let empty = temporary("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        let none = try uisim(["replay", empty.path, "--quiet", "--out", temporary("o").path])
        #expect(none.status == 64 && none.stderr.contains("no trace in \(empty.path): nothing to replay"))
        #expect(try uisim(["replay", "--list", "/no/such/list.txt"]).status == 64)
        for command in [["trace", "info", "/no/such/file"], ["trace", "validate", "/no/such/file"],
                        ["trace", "convert", "/no/such/file", "-o", "x.trace"], ["baseline", "/no/such/file", "-o", "b.json"],
                        ["check", "/no/such/file", "--baseline", "b.json"]] {
            let missing = try uisim(command)
            #expect(missing.status == 64 && missing.stderr.contains("cannot read") && missing.stderr.contains("/no/such/file"), "\(command)")
        }
        for command in [["trace", "convert", "Traces/drag.trace"], ["trace", "cut", "Traces/drag.trace", "--from", "0", "--to", "0.2"],
                        ["trace", "synth", "tap"]] {
            let unwritable = try uisim(command + ["-o", "/no/such/folder/x.trace"])
            #expect(unwritable.status == 73 && unwritable.stderr.contains("/no/such/folder/x.trace: cannot write"), "\(command)")
        }
        let out = temporary("one")
        defer { try? FileManager.default.removeItem(at: out) }
        #expect(try uisim(["replay", "Traces/taps.trace", "--clock", "fixed", "--snapshots", "none", "--quiet", "--out", out.path]).status == 0)
        let before = try Data(contentsOf: out.appendingPathComponent("summary.json"))
        let onto = try uisim(["merge", out.path, "-o", out.path])
        #expect(onto.status == 64 && onto.stderr.contains("is one of the summaries to merge"))
        #expect(try Data(contentsOf: out.appendingPathComponent("summary.json")) == before)
        #expect(try uisim(["baseline", out.path, "-o", "/proc/uisim-baseline.json"]).status == 73)

        let a = temporary("nfc"), b = temporary("nfd")
        for (folder, name) in [(a, "caf\u{E9}"), (b, "cafe\u{301}")] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try "uisim-trace 1.0\n0 1 down 10 10\n0.1 1 up\n".write(to: folder.appendingPathComponent("\(name).trace"), atomically: true, encoding: .utf8)
        }
        defer { for folder in [a, b] { try? FileManager.default.removeItem(at: folder) } }
        let twice = try uisim(["replay", a.path, b.path, "--quiet", "--out", temporary("o2").path])
        #expect(twice.status == 65 && twice.stderr.contains("two traces are named 'caf\u{E9}'"))
    }

    /// SIGTERM (a CI job cancelled) and SIGINT delivered to a replay in progress: it stops at the
    /// end of a frame, writes complete outputs for the frames done (summary frames = frames.jsonl
    /// lines, trace.json valid, no temporary file left) and exits 143 or 130. The replay runs at
    /// recorded speed, its second tap a minute away; the signal is sent once its outputs are open.
    @Test(arguments: [SIGTERM, SIGINT]) func aSignalStopsAReplayWithCompleteOutputs(_ signal: Int32) throws {
        let folder = temporary("signal")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let trace = folder.appendingPathComponent("slow.trace")
        try "uisim-trace 1.0\n0.05 1 down 195 300\n0.1 1 up\n60 2 down 195 300\n60.05 2 up\n".write(to: trace, atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent("out")
        let process = try start(["replay", trace.path, "--realtime", "--snapshots", "none", "--quiet", "--out", out.path])
        #expect(waitUntilWriting(out))
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 128 + signal)
        let summary = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("summary.json"))) as! [String: Any]
        let lines = try String(contentsOf: out.appendingPathComponent("frames.jsonl"), encoding: .utf8).split(separator: "\n")
        #expect(summary["interrupted"] as? Bool == true && summary["frames"] as? Int == lines.count)
        _ = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("trace.json")))
        #expect(!(try FileManager.default.contentsOfDirectory(atPath: out.path)).contains { $0.hasSuffix(".partial") })
    }

    /// A trace is read once, from its start: from a FIFO (a writer feeding it as it is read),
    /// from standard input ("-"), and with a UTF-8 byte-order mark, each as from the file.
    @Test func tracesFromAFIFOAndStandardInput() throws {
        let file = Self.root.appendingPathComponent("Traces/drag.trace")
        let expected = try uisim(["trace", "info", file.path, "--json"])
        #expect(expected.status == 0)

        let fifo = temporary("fifo")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        defer { try? FileManager.default.removeItem(at: fifo) }
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = ["trace", "info", fifo.path, "--json"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let writer = try FileHandle(forWritingTo: fifo)   // blocks until uisim opens it to read
        try writer.write(contentsOf: Data(contentsOf: file))
        try writer.close()
        let printed = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0 && String(decoding: printed, as: UTF8.self) == expected.stdout)

        let stdin = Process()
        stdin.executableURL = Self.binary
        stdin.arguments = ["replay", "-", "--snapshots", "none", "--quiet", "--json", "--clock", "fixed", "--out", temporary("stdin").path]
        stdin.standardInput = try FileHandle(forReadingFrom: file)
        let replayed = Pipe()
        stdin.standardOutput = replayed
        stdin.standardError = FileHandle.nullDevice
        try stdin.run()
        let summary = replayed.fileHandleForReading.readDataToEndOfFile()
        stdin.waitUntilExit()
        #expect(stdin.terminationStatus == 0)
        let touches = (try JSONSerialization.jsonObject(with: summary) as? [String: Any])?["touches"] as? [String: Int]
        #expect(touches?["began"] == 1 && touches?["ended"] == 1)
    }

    /// A disk that fills up mid-replay (a file-size limit of 20 kB stands for it: writes past it
    /// fail as on a full disk): exit 73 with the system's reason, no temporary file left, and the
    /// outputs of an earlier replay in the folder untouched.
    @Test func aFullDiskLeavesTheEarlierOutputsAndNoTemporaryFile() throws {
        let out = temporary("full")
        defer { try? FileManager.default.removeItem(at: out) }
        #expect(try uisim(["replay", "Traces/taps.trace", "--snapshots", "none", "--quiet", "--out", out.path]).status == 0)
        let before = try Data(contentsOf: out.appendingPathComponent("frames.jsonl"))
        let limited = try ReadmeTests.shell(
            "trap '' XFSZ; ulimit -f 40; exec uisim replay Traces/fling.trace --snapshots none --quiet --out \(out.path)", in: Self.root)
        #expect(limited.status == 73 && limited.output.contains("cannot write: File too large"), "\(limited.output)")
        #expect(!(try FileManager.default.contentsOfDirectory(atPath: out.path)).contains { $0.hasSuffix(".partial") })
        #expect(try Data(contentsOf: out.appendingPathComponent("frames.jsonl")) == before)
    }

    /// SIGTERM during a replay of a folder: the trace being replayed stops at the end of a frame
    /// with complete outputs, the next is not started, OUT/summary.json covers what was done, and
    /// the command exits 143.
    @Test func aSignalStopsAFolderReplayBetweenTraces() throws {
        let folder = temporary("signal-folder")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("traces"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["a", "b"] {
            try "uisim-trace 1.0\n0.05 1 down 195 300\n0.1 1 up\n60 2 down 195 300\n60.05 2 up\n"
                .write(to: folder.appendingPathComponent("traces/\(name).trace"), atomically: true, encoding: .utf8)
        }
        let out = folder.appendingPathComponent("out")
        let process = try start(["replay", folder.appendingPathComponent("traces").path, "--realtime", "--snapshots", "none", "--quiet",
                                 "--out", out.path])
        let first = out.appendingPathComponent("a")
        #expect(waitUntilWriting(first))
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 143)
        let total = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("summary.json"))) as! [String: Any]
        #expect(total["traces"] as? [String] == ["a.trace"] && total["interrupted"] as? Bool == true)
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("b").path))
        let lines = try String(contentsOf: first.appendingPathComponent("frames.jsonl"), encoding: .utf8).split(separator: "\n")
        #expect(total["frames"] as? Int == lines.count)
    }

    /// SIGINT during `compare`: it stops (the run in progress at the end of a frame, no further
    /// run), writes no comparison from half an experiment, and exits 130; compare's outputs that
    /// cannot be written exit 73.
    @Test func compareStopsOnASignalAndWritesNoHalfComparison() throws {
        let out = temporary("compare-signal")
        defer { try? FileManager.default.removeItem(at: out) }
        let err = Pipe()
        let process = try start(["compare", "Traces/slow-drag.trace", "--scene", "resize", "--variant", "content-mode=off",
                                 "--variant", "content-mode=on", "--runs", "50", "--out", out.path], stderr: err)
        #expect(waitUntilWriting(out.appendingPathComponent("A-1")))
        kill(process.processIdentifier, SIGINT)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 130 && stderr.contains("no comparison written"), "\(stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("compare.html").path))
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("B-2").path))

        let unwritable = try uisim(["compare", "Traces/taps.trace", "--scene", "controls", "--variant", "subviews-in-controls=off",
                                    "--variant", "subviews-in-controls=on", "--runs", "1", "--out", "/proc/uisim-compare"])
        #expect(unwritable.status == 73 && unwritable.stderr.contains("/proc/uisim-compare"))
    }

    /// Two replays into one --out: while the first writes, the second is refused at once (73),
    /// and the first's outputs come out complete.
    @Test func aSecondReplayIntoTheSameOutIsRefused() throws {
        let folder = temporary("two")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let trace = folder.appendingPathComponent("slow.trace")
        try "uisim-trace 1.0\n0.05 1 down 195 300\n0.1 1 up\n60 2 down 195 300\n60.05 2 up\n".write(to: trace, atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent("out")
        let first = try start(["replay", trace.path, "--realtime", "--snapshots", "none", "--quiet", "--out", out.path])
        #expect(waitUntilWriting(out))
        let second = try uisim(["replay", "Traces/drag.trace", "--snapshots", "none", "--quiet", "--out", out.path])
        #expect(second.status == 73 && second.stderr.contains("another uisim is writing into this folder"))
        kill(first.processIdentifier, SIGTERM)
        first.waitUntilExit()
        #expect(first.terminationStatus == 143)
        let summary = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("summary.json"))) as! [String: Any]
        #expect(summary["trace"] as? String == "slow.trace")
        #expect(!(try FileManager.default.contentsOfDirectory(atPath: out.path)).contains { $0.hasSuffix(".partial") })
    }

    /// The sharding commands' bad input: each a clear message and exit 65 (usage: 64).
    @Test func shardAndMergeRefuseBadInput() throws {
        let missing = try uisim(["merge", "/no/such/result"])
        #expect(missing.status == 64 && missing.stderr.contains("cannot read the summary '/no/such/result/summary.json'"))

        // A summary from before summaries kept their histograms cannot be merged exactly.
        let old = temporary("old")
        try FileManager.default.createDirectory(at: old, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: old) }
        let summary = #"{"schema": 1, "trace": "a.trace", "scene": "feed", "variant": "", "device": "iPhone 14", "frames": 1, "duration_s": 0.1, "refresh_hz": 60, "hitches": 0, "hitch_time_ratio_ms_per_s": 0, "hitch_band": "good", "interrupted": false, "touches": {"began": 0, "moved": 0, "ended": 0, "cancelled": 0}, "counts": {"layouts": 0, "draws": 0, "drawn_pixels": 0, "draw_operations": 0, "damaged_pixels": 0, "composited_pixels": 0, "blended_pixels": 0, "occluded_pixels": 0, "layers_composited": 0, "misaligned_layers": 0, "offscreen_layers": 0, "backing_store_bytes": 0, "hit_tested_views": 0}, "backing_store_bytes_peak": 0, "phases_us": {"event": {"p50": 0, "p90": 0, "p99": 0, "max": 0, "mean": 0}, "timers": {"p50": 0, "p90": 0, "p99": 0, "max": 0, "mean": 0}, "layout": {"p50": 0, "p90": 0, "p99": 0, "max": 0, "mean": 0}, "display": {"p50": 0, "p90": 0, "p99": 0, "max": 0, "mean": 0}, "render": {"p50": 0, "p90": 0, "p99": 0, "max": 0, "mean": 0}, "frame": {"p50": 0, "p90": 0, "p99": 0, "max": 0, "mean": 0}}, "warnings": []}"#
        try summary.write(to: old.appendingPathComponent("summary.json"), atomically: true, encoding: .utf8)
        let older = try uisim(["merge", old.path])
        #expect(older.status == 65 && older.stderr.contains("summary.json:1: a summary of schema 1, this uisim reads schema \(Summary.schemaVersion) (made by an older uisim): replay it again"))

        // Two traces of one name would share an output folder.
        let a = temporary("a"), b = temporary("b")
        for folder in [a, b] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try "uisim-trace 1.0\n0 1 down 10 10\n0.1 1 up\n".write(to: folder.appendingPathComponent("tap.trace"), atomically: true, encoding: .utf8)
        }
        defer { for folder in [a, b] { try? FileManager.default.removeItem(at: folder) } }
        let twice = try uisim(["replay", a.path, b.path, "--quiet"])
        #expect(twice.status == 65 && twice.stderr.contains("two traces are named 'tap' (") && twice.stderr.contains("their outputs would share a folder"))

        let shard = try uisim(["replay", a.path, "--shard", "5/4"])
        #expect(shard.status == 64 && shard.stderr.contains("shard 5/4: expected INDEX/COUNT with 1 ≤ INDEX ≤ COUNT"))
    }
}
