import Foundation
import Testing

/// The hostile run of issue 53, at the level each defect was found: the process, its exit code,
/// what it printed and what it left on disk. FIFOs are made in a temporary folder, never the
/// system's; a command that would hang is ended by the test (SIGKILL after 20 s) and fails it.
@Suite(.serialized) nonisolated struct ReliabilityTests {
    let cli = CommandLineTests()
    var root: String { CommandLineTests.root.path }

    func folder(_ name: String) throws -> URL {
        let folder = cli.temporary(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    func names(_ folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    /// Starts `uisim arguments` in `folder`, output to pipes.
    func start(_ arguments: [String], in folder: URL) throws -> (Process, stderr: Pipe) {
        let process = Process()
        process.executableURL = CommandLineTests.binary
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        let err = Pipe()
        process.standardError = err
        try process.run()
        return (process, err)
    }

    /// Whether `process` handles `signal` by now (its handlers are installed: a signal sent
    /// before would end it by the default action, not test what it does with one).
    func catches(_ process: Process, _ signal: Int32) -> Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigCgt:") }),
              let mask = UInt64(line.dropFirst("SigCgt:".count).trimmingCharacters(in: .whitespaces), radix: 16) else { return false }
        return mask & (1 << UInt64(signal - 1)) != 0
    }

    /// Sends `signal` once `process` handles it, then waits at most 20 s for it to end (SIGKILL
    /// after: a hang is a finding). Returns its exit status and what it printed to stderr.
    func interrupt(_ process: Process, stderr: Pipe, with signal: Int32 = SIGTERM, when ready: () -> Bool = { true }) -> (Int32, String) {
        #expect(cli.waitUntil { catches(process, signal) && ready() })
        kill(process.processIdentifier, signal)
        let ended = cli.waitUntil { !process.isRunning } || cli.waitUntil { !process.isRunning }
        if !ended { kill(process.processIdentifier, SIGKILL) }
        #expect(ended, "still running 20 s after the signal")
        let text = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    // MARK: 1. An output that is a FIFO nobody reads

    /// Each command whose output is a FIFO with no reader waits for one, but a SIGTERM ends the
    /// wait: exit 143, the FIFO still a FIFO, no temporary file left.
    @Test(arguments: [
        (["replay", "TRACE", "--snapshots", "none", "--quiet", "--out", "o"], "o/report.html"),
        (["trace", "convert", "TRACE", "-o", "c.trace"], "c.trace"),
        (["trace", "synth", "tap", "-o", "s.trace"], "s.trace"),
        (["check", "RESULT", "--baseline", "BASELINE", "--junit", "j.xml"], "j.xml"),
        (["baseline", "RESULT", "-o", "b.json"], "b.json"),
        (["merge", "RESULT", "-o", "m"], "m/summary.json"),
    ])
    func anOutputFIFOWithNoReaderStopsOnASignal(_ arguments: [String], _ fifo: String) throws {
        let folder = try cli.folderWithAReplay("fifo-out")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try cli.uisim(["baseline", "out", "-o", "base.json"], in: folder).status == 0)
        let path = folder.appendingPathComponent(fifo)
        try FileManager.default.createDirectory(at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
        #expect(mkfifo(path.path, 0o600) == 0)
        let filled = arguments.map { ["TRACE": "\(root)/Traces/taps.trace", "RESULT": "out", "BASELINE": "base.json"][$0] ?? $0 }
        let (process, err) = try start(filled, in: folder)
        let (status, stderr) = interrupt(process, stderr: err)
        #expect(status == 143, "\(filled): \(status) \(stderr)")
        var info = stat()
        #expect(lstat(path.path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
        for place in [folder, path.deletingLastPathComponent()] {
            #expect(!names(place).contains { $0.hasSuffix(".partial") }, "\(names(place))")
        }
    }

    /// A FIFO with a reader is written as before, whole.
    @Test func anOutputFIFOWithAReaderIsWritten() throws {
        let folder = try folder("fifo-read")
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("c.trace")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let copied = try cli.sh("cat c.trace > got.trace & uisim trace convert \(root)/Traces/fling.trace -o c.trace; s=$?; wait; exit $s", in: folder)
        #expect(copied.status == 0, "\(copied.stderr)")
        #expect(try cli.uisim(["trace", "convert", "\(root)/Traces/fling.trace", "-o", "file.trace"], in: folder).status == 0)
        #expect(try Data(contentsOf: folder.appendingPathComponent("got.trace")) == Data(contentsOf: folder.appendingPathComponent("file.trace")))
    }

    // MARK: 2, 3, 11. Folder locks, and what an interrupted compare or advice leaves

    /// A compare or an advice into a folder a replay writes is refused at once (73), and a replay
    /// into a folder a compare writes too; the holder's outputs are its own.
    @Test func compareAndAdviceTakeTheFolderLock() throws {
        let folder = try folder("locks")
        defer { try? FileManager.default.removeItem(at: folder) }
        try "uisim-trace 1.0\n0.05 1 down 195 300\n0.1 1 up\n60 2 down 195 300\n60.05 2 up\n".write(
            to: folder.appendingPathComponent("slow.trace"), atomically: true, encoding: .utf8)
        let (replay, replayErr) = try start(["replay", "slow.trace", "--realtime", "--snapshots", "none", "--quiet", "--out", "held"], in: folder)
        #expect(cli.waitUntilWriting(folder.appendingPathComponent("held")))
        let compare = try cli.uisim(["compare", "\(root)/Traces/taps.trace", "--scene", "controls", "--variant", "subviews-in-controls=off",
                                     "--variant", "subviews-in-controls=on", "--runs", "1", "--out", "held"], in: folder)
        #expect(compare.status == 73 && compare.stderr.contains("another uisim is writing into this folder"), "\(compare.stderr)")
        let advice = try cli.uisim(["advice", "--runs", "1", "--out", "held"], in: folder)
        #expect(advice.status == 73 && advice.stderr.contains("another uisim is writing into this folder"), "\(advice.stderr)")
        #expect(interrupt(replay, stderr: replayErr).0 == 143)
        #expect(!names(folder.appendingPathComponent("held")).contains { $0.hasPrefix("A-") || $0.hasPrefix("compare") })

        let (comparing, compareErr) = try start(["compare", "\(root)/Traces/slow-drag.trace", "--scene", "resize", "--variant", "content-mode=off",
                                                 "--variant", "content-mode=on", "--runs", "50", "--out", "cmp"], in: folder)
        #expect(cli.waitUntilWriting(folder.appendingPathComponent("cmp/A-1")))
        let into = try cli.uisim(["replay", "\(root)/Traces/taps.trace", "--snapshots", "none", "--quiet", "--out", "cmp"], in: folder)
        #expect(into.status == 73 && into.stderr.contains("another uisim is writing into this folder"), "\(into.stderr)")
        #expect(interrupt(comparing, stderr: compareErr, with: SIGINT).0 == 130)
        #expect(!names(folder.appendingPathComponent("cmp")).contains("summary.json"))
    }

    /// A compare interrupted after some pairs of runs compares those pairs (compare.json and
    /// compare.html written, the runs counted), then exits 143.
    @Test func anInterruptedCompareComparesThePairsDone() throws {
        let folder = try folder("compare-done")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (process, err) = try start(["compare", "\(root)/Traces/taps.trace", "--scene", "controls", "--variant", "subviews-in-controls=off",
                                        "--variant", "subviews-in-controls=on", "--runs", "50", "--out", "c"], in: folder)
        // B-2 begun: A-1, B-1 and A-2 are done.
        let (status, stderr) = interrupt(process, stderr: err) { FileManager.default.fileExists(atPath: folder.appendingPathComponent("c/B-2").path) }
        #expect(status == 143 && stderr.contains("compare.html compares the"), "\(stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("c/compare.json"))) as? [String: Any]
        let runsA = ((json?["a"] as? [String: Any])?["runs"] as? [Any])?.count
        let runsB = ((json?["b"] as? [String: Any])?["runs"] as? [Any])?.count
        #expect(runsA != nil && runsA == runsB && runsA! >= 1 && runsA! < 50)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("c/compare.html").path))
    }

    /// An advice interrupted after its first experiment writes advice.json and advice.html for
    /// the experiments measured whole, marked interrupted, then exits 143.
    @Test func anInterruptedAdviceWritesTheExperimentsDone() throws {
        let folder = try folder("advice-done")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (process, err) = try start(["advice", "--runs", "1", "--out", "a"], in: folder)
        let (status, stderr) = interrupt(process, stderr: err) { names(folder.appendingPathComponent("a")).contains { $0.hasPrefix("2-") } }
        #expect(status == 143 && stderr.contains("advice.html has the"), "\(stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("a/advice.json"))) as? [String: Any]
        #expect(json?["interrupted"] as? Bool == true && ((json?["experiments"] as? [Any])?.count ?? 0) >= 1)
        let html = try String(contentsOf: folder.appendingPathComponent("a/advice.html"), encoding: .utf8)
        #expect(html.contains("Interrupted: the"))
    }

    /// A merge takes its -o folder at start: a second merge into it while the first waits for
    /// its input (a FIFO) is refused at once (73), not overwritten later.
    @Test func aMergeTakesItsFolderAtStart() throws {
        let folder = try cli.folderWithAReplay("merge-lock")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("slow"), withIntermediateDirectories: true)
        #expect(mkfifo(folder.appendingPathComponent("slow/summary.json").path, 0o600) == 0)
        let (first, firstErr) = try start(["merge", "slow", "-o", "m"], in: folder)
        #expect(cli.waitUntil { catches(first, SIGTERM) && FileManager.default.fileExists(atPath: folder.appendingPathComponent("m").path) })
        let second = try cli.uisim(["merge", "out", "-o", "m"], in: folder)
        #expect(second.status == 73 && second.stderr.contains("another uisim is writing into this folder"), "\(second.stderr)")
        #expect(interrupt(first, stderr: firstErr).0 == 143)
    }

    // MARK: 5, 7, 12, 13. Standard input, folders, FIFO inputs, exit codes

    /// Standard input closed: "standard input is closed" (64), never a hang on uisim's own pipe.
    @Test func aClosedStandardInputIsSaid() throws {
        let folder = try folder("stdin")
        defer { try? FileManager.default.removeItem(at: folder) }
        for command in ["uisim trace info - <&-", "uisim replay - --quiet --out o <&-"] {
            let closed = try cli.sh("exec timeout -s KILL 20 " + command.replacingOccurrences(of: "uisim", with: "\(CommandLineTests.binary.path)"), in: folder)
            #expect(closed.status == 64 && closed.stderr.contains("standard input is closed"), "\(command): \(closed.status) \(closed.stderr)")
        }
        let twice = try cli.uisim(["replay", "-", "-"], in: folder)
        #expect(twice.status == 64 && twice.stderr.contains("'-' reads one trace from standard input"), "\(twice.stderr)")
    }

    /// A folder that cannot be made says why, in the system's words, with the path.
    @Test func aFolderThatCannotBeMadeSaysWhy() throws {
        let folder = try cli.folderWithAReplay("notdir")
        defer { try? FileManager.default.removeItem(at: folder) }
        try "x\n".write(to: folder.appendingPathComponent("f"), atomically: true, encoding: .utf8)
        for command in [["replay", "\(root)/Traces/taps.trace", "--quiet", "--out", "f/sub"],
                        ["compare", "\(root)/Traces/taps.trace", "--scene", "controls", "--variant", "subviews-in-controls=off",
                         "--variant", "subviews-in-controls=on", "--runs", "1", "--out", "f/sub"],
                        ["advice", "--runs", "1", "--out", "f/sub"]] {
            let made = try cli.uisim(command, in: folder)
            #expect(made.status == 73 && made.stderr.contains("f/sub: cannot create the folder: Not a directory"), "\(command[0]): \(made.stderr)")
            #expect(!made.stderr.contains("NSCocoaErrorDomain"))
        }
        let merge = try cli.uisim(["merge", "out", "-o", "f/m"], in: folder)
        #expect(merge.status == 73 && merge.stderr.contains("f/m: cannot create the folder: Not a directory"), "\(merge.stderr)")
        let existing = try cli.uisim(["replay", "\(root)/Traces/taps.trace", "--quiet", "--out", "f"], in: folder)
        #expect(existing.status == 73 && existing.stderr.contains("f: cannot create the folder: File exists and is not a folder"), "\(existing.stderr)")
    }

    /// A FIFO given as --list, --baseline or a merge's summary.json is read, as traces are.
    @Test func fifoInputsAreRead() throws {
        let folder = try cli.folderWithAReplay("fifo-in")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try cli.uisim(["baseline", "out", "-o", "base.json"], in: folder).status == 0)
        for name in ["list.fifo", "base.fifo", "in/summary.json"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(name).deletingLastPathComponent(), withIntermediateDirectories: true)
            #expect(mkfifo(folder.appendingPathComponent(name).path, 0o600) == 0)
        }
        let list = try cli.sh("echo tap.trace > list.fifo & uisim replay --list list.fifo --clock fixed --snapshots none --quiet --out l; s=$?; wait; exit $s", in: folder)
        #expect(list.status == 0, "\(list.stderr)")
        let check = try cli.sh("cat base.json > base.fifo & uisim check out --baseline base.fifo; s=$?; wait; exit $s", in: folder)
        #expect(check.status == 0, "\(check.stderr)")
        let merge = try cli.sh("cat out/summary.json > in/summary.json & uisim merge in -o m; s=$?; wait; exit $s", in: folder)
        #expect(merge.status == 0, "\(merge.stderr)")
        #expect(!list.stderr.contains("Permission denied") && !check.stderr.contains("Permission denied"))
    }

    /// Exit codes as the README's table says: a missing file in --list is a usage error (64) as
    /// one named directly; a summary listing a trace twice is bad data (65).
    @Test func exitCodesAsTheReadmeSays() throws {
        let folder = try cli.folderWithAReplay("codes")
        defer { try? FileManager.default.removeItem(at: folder) }
        try "tap.trace\nnope.trace\n".write(to: folder.appendingPathComponent("list.txt"), atomically: true, encoding: .utf8)
        let missing = try cli.uisim(["replay", "--list", "list.txt", "--quiet", "--out", "l"], in: folder)
        #expect(missing.status == 64 && missing.stderr.contains("nope.trace: no such file or folder"), "\(missing.stderr)")
        var summary = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("out/summary.json"))) as! [String: Any]
        summary["traces"] = ["tap.trace", "tap.trace"]
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("twice"), withIntermediateDirectories: true)
        try JSONSerialization.data(withJSONObject: summary).write(to: folder.appendingPathComponent("twice/summary.json"))
        for command in [["merge", "twice", "-o", "m"], ["baseline", "twice", "-o", "b.json"]] {
            let twice = try cli.uisim(command, in: folder)
            #expect(twice.status == 65 && twice.stderr.contains("traces lists 'tap.trace' twice"), "\(command): \(twice.stderr)")
        }
    }

    // MARK: 8. Figures beyond what a double holds

    /// 1e300, 2^64 and 2^53 + 1 in a summary or a baseline: bad data (65) naming the figure and
    /// its range (0 to 2^53: a count; a time's is smaller still), never "not valid JSON", never read as 2^53.
    @Test(arguments: ["1e300", "18446744073709551616", "9007199254740993"])
    func figuresBeyondTwoToThe53AreNamed(_ figure: String) throws {
        let folder = try cli.folderWithAReplay("big")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try cli.uisim(["baseline", "out", "-o", "base.json"], in: folder).status == 0)
        let summary = try String(contentsOf: folder.appendingPathComponent("out/summary.json"), encoding: .utf8)
        let draws = try #require(summary.range(of: #""draws" : \d+"#, options: .regularExpression))
        try summary.replacingCharacters(in: draws, with: "\"draws\" : \(figure)").write(to: folder.appendingPathComponent("out/summary.json"), atomically: true, encoding: .utf8)
        let read = try cli.uisim(["merge", "out", "-o", "m"], in: folder)
        #expect(read.status == 65 && read.stderr.contains("counts.draws is \(figure): expected 0 to 2^53"), "\(read.stderr)")
        let base = try String(contentsOf: folder.appendingPathComponent("base.json"), encoding: .utf8)
        let count = try #require(base.range(of: #""counts.draws" : \d+"#, options: .regularExpression))
        try base.replacingCharacters(in: count, with: "\"counts.draws\" : \(figure)").write(to: folder.appendingPathComponent("base.json"), atomically: true, encoding: .utf8)
        #expect(try cli.uisim(["baseline", "m", "-o", "x.json"], in: folder).status == 64)   // m was never written
        let check = try cli.uisim(["check", "\(folder.path)/out", "--baseline", "base.json"], in: folder)
        #expect(check.status == 65 && check.stderr.contains("is \(figure): expected 0 to 2^53"), "\(check.stderr)")
    }

    // MARK: 6. Out of memory

    /// The hostile run's case: an iPad Pro's native snapshots under a 250 MB address space. A new
    /// font used to make Pango sort its fontset in a thread GLib could not start (an abort) or
    /// fontconfig crash on an allocation it does not check (SIGSEGV, no message); uisim now checks
    /// for room before a new face reaches Pango, so every run says what ran out (73), leaving
    /// nothing.
    @Test func outOfMemoryWithNativeSnapshotsOfAnIPadIsASentence() throws {
        let folder = try folder("oom")
        defer { try? FileManager.default.removeItem(at: folder) }
        for run in 1...4 {
            let replay = try cli.sh("ulimit -v 256000; export SWIFT_BACKTRACE=enable=no; exec timeout -k 5 60 uisim replay \(root)/Traces/drag.trace"
                                    + " --device ipad-pro-12.9 --snapshot-resolution native --snapshots worst --quiet --out o\(run)", in: folder)
            if replay.status == 127 { continue }   // the binary could not load its libraries under the limit
            #expect(replay.status == 73 && replay.stderr.contains("uisim: out of memory: cannot "), "\(replay.status) \(replay.stderr)")
            #expect(names(folder.appendingPathComponent("o\(run)")).isEmpty)
        }
    }

    // MARK: 14, 15. Option values, and input echoed

    /// Option values a typo makes are refused (64), not read as something.
    @Test(arguments: [
        ["replay", "Traces/taps.trace", "--overlay", ""], ["replay", "Traces/taps.trace", "--overlay", "blended,"],
        ["replay", "Traces/taps.trace", "--overlay", "none,blended"], ["replay", "Traces/taps.trace", "--variant", ""],
        ["trace", "synth", "tap", "--duration", "0x1p-2", "-o", "x.trace"], ["trace", "synth", "tap", "--from", "0x10,100", "-o", "x.trace"],
        ["trace", "synth", "pinch", "--distance", "0x10,100", "-o", "x.trace"], ["trace", "synth", "tap", "--start", "inf", "-o", "x.trace"],
        ["trace", "cut", "Traces/taps.trace", "--from", "0x1", "--to", "2", "-o", "x.trace"],
    ])
    func lenientOptionValuesAreRefused(_ arguments: [String]) throws {
        let folder = try folder("options")
        defer { try? FileManager.default.removeItem(at: folder) }
        let refused = try cli.uisim(arguments.map { $0.hasPrefix("Traces/") ? "\(root)/\($0)" : $0 } + ["--out", "o"].filter { _ in arguments[0] == "replay" }, in: folder)
        #expect(refused.status == 64, "\(arguments): \(refused.status) \(refused.stderr)")
        #expect(names(folder).isEmpty)
    }

    /// Input echoed in output and errors: control characters escaped, at most 80 characters.
    @Test func inputIsEchoedEscapedAndShort() throws {
        let folder = try folder("echo")
        defer { try? FileManager.default.removeItem(at: folder) }
        let long = String(repeating: "a", count: 3000)
        try "uisim-trace 1.1\ndevice \"\u{1B}[2J\(long)\"\n0.1 1 down 10 10\n0.2 1 up\n".write(to: folder.appendingPathComponent("evil.trace"), atomically: true, encoding: .utf8)
        let info = try cli.uisim(["trace", "info", "evil.trace"], in: folder)
        #expect(info.status == 0 && !info.stdout.contains("\u{1B}") && info.stdout.contains("\\u{1B}[2J"), "\(info.stdout)")
        #expect(info.stdout.split(separator: "\n").allSatisfy { $0.count < 200 })
        let escape = try cli.uisim(["replay", "\u{1B}[2Jx.trace"], in: folder)
        #expect(escape.status == 64 && !escape.stderr.contains("\u{1B}") && escape.stderr.contains("\\u{1B}[2Jx.trace"), "\(escape.stderr)")
        let variant = try cli.uisim(["replay", "\(root)/Traces/taps.trace", "--variant", String(repeating: "v", count: 100_000) + "=on"], in: folder)
        #expect(variant.status == 64 && variant.stderr.contains("(100000 characters)") && variant.stderr.count < 2000, "\(variant.stderr.prefix(300))")
    }
}
