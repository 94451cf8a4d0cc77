import Foundation
import Testing

/// The README's commands, run as a user runs them, so that a README that drifts from the tool (or
/// a tool that breaks a documented command) fails CI:
/// - every line of every `sh` block runs through `/bin/sh` in a fresh folder that holds the
///   bundled traces, with the built `uisim` first on `PATH`; its exit code must be 0, or the one
///   its `# exit N` comment names;
/// - the CI examples (GitHub Actions, GitLab) run their `uisim` steps, every shard of them;
/// - every `uisim …` written inline names a real command, and each option it shows is in that
///   command's `--help`.
@Suite(.serialized) nonisolated struct ReadmeTests {
    static let root = CommandLineTests.root
    static let readme = (try? String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""

    /// The fenced blocks of `text` in `language`, each as its lines.
    static func blocks(_ language: String, in text: String) -> [[String]] {
        var blocks: [[String]] = [], current: [String]?, inFence = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            guard line.hasPrefix("```") else {
                current?.append(line)
                continue
            }
            if inFence, let block = current { blocks.append(block) }
            current = !inFence && line == "```\(language)" ? [] : nil
            inFence.toggle()
        }
        return blocks
    }

    /// A sandbox: a new folder with `Traces` (and `traces`, as the CI examples spell it) linking
    /// to the bundled traces, and `Examples` to the examples.
    static func sandbox() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("uisim-readme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in ["Traces", "traces"] {
            try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent(name), withDestinationURL: root.appendingPathComponent("Traces"))
        }
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("Examples"), withDestinationURL: root.appendingPathComponent("Examples"))
        return folder
    }

    struct Outcome {
        var status: Int32
        var output: String
    }

    /// Runs `line` with `/bin/sh -c` in `folder`, `uisim` being the built binary.
    static func shell(_ line: String, in folder: URL, environment extra: [String: String] = [:]) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", line]
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = CommandLineTests.binary.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        // The tests run a debug build, whose app-stage times vary between two replays far more
        // than a release build's (×1.9 seen where release stays within ×1.35): times are checked
        // at a tolerance fit for it, counters and hitches exactly as ever.
        environment["UISIM_TIME_TOLERANCE"] = "4"
        environment.merge(extra) { $1 }
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }

    /// The exit code a README line promises: `# exit N` in its comment, else 0.
    static func expectedStatus(_ line: String) -> Int32 {
        guard let range = line.range(of: "# exit ") else { return 0 }
        return Int32(line[range.upperBound...].prefix { $0.isNumber }) ?? 0
    }

    @Test func everyShellBlockRunsAsDocumented() throws {
        let blocks = Self.blocks("sh", in: Self.readme)
        #expect(blocks.count >= 3)
        var ran = 0
        for block in blocks {
            let lines = block.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty && !$0.hasPrefix("#") }
            // `make` lines are what CI itself runs (make test), or build what the test already has.
            guard !lines.allSatisfy({ $0.hasPrefix("make ") }) else { continue }
            let folder = try Self.sandbox()
            defer { try? FileManager.default.removeItem(at: folder) }
            for line in lines {
                let outcome = try Self.shell(line, in: folder)
                #expect(outcome.status == Self.expectedStatus(line), "README: \(line)\n\(outcome.output.suffix(2000))")
                ran += 1
            }
        }
        #expect(ran >= 20)
    }

    /// The GitHub Actions and GitLab examples: each `uisim` step, with every shard of the matrix,
    /// then the merge, then the check (against a baseline made from the merge, standing for the
    /// one a project commits).
    @Test func ciExamplesRun() throws {
        let yaml = Self.blocks("yaml", in: Self.readme)
        #expect(yaml.count == 2)
        for block in yaml {
            let steps = block.compactMap { line -> String? in
                guard let range = line.range(of: ".build/release/uisim ") else { return nil }
                return "uisim " + line[range.upperBound...]
            }
            #expect(steps.count == 3, "\(block)")
            let folder = try Self.sandbox()
            defer { try? FileManager.default.removeItem(at: folder) }
            for step in steps {
                if step.contains("--shard") {
                    for shard in 1...4 {
                        let line = step.replacingOccurrences(of: "${{ matrix.shard }}", with: "\(shard)")
                        let outcome = try Self.shell(line, in: folder, environment: ["CI_NODE_INDEX": "\(shard)", "CI_NODE_TOTAL": "4"])
                        #expect(outcome.status == 0, "\(line)\n\(outcome.output.suffix(2000))")
                    }
                    continue
                }
                if step.hasPrefix("uisim check") {
                    try FileManager.default.createDirectory(at: folder.appendingPathComponent("ci"), withIntermediateDirectories: true)
                    #expect(try Self.shell("uisim baseline out/all -o ci/baseline.json", in: folder).status == 0)
                }
                let outcome = try Self.shell(step, in: folder)
                #expect(outcome.status == 0, "\(step)\n\(outcome.output.suffix(2000))")
            }
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/junit.xml").path))
        }
    }

    /// Inline `uisim …` spans: the command exists and shows every option the README gives it.
    @Test func inlineCommandsNameRealCommandsAndOptions() throws {
        let prose = Self.readme.components(separatedBy: "```").enumerated().filter { $0.offset % 2 == 0 }.map(\.element).joined()
        let spans = prose.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
            .filter { $0.hasPrefix("uisim ") }
        #expect(spans.count >= 15)
        let commands: Set<String> = ["replay", "merge", "scenes", "compare", "advice", "baseline", "check", "trace", "demo",
                                     "info", "validate", "convert", "cut", "synth", "port"]
        var help: [String: String] = [:]
        for span in spans {
            let words = span.split(separator: " ").map(String.init).dropFirst()
            let path = Array(words.prefix { commands.contains($0) })
            #expect(!path.isEmpty, "README names no command: `\(span)`")
            let key = path.joined(separator: " ")
            if help[key] == nil {
                let outcome = try CommandLineTests().uisim(path + ["--help"])
                #expect(outcome.status == 0, "`uisim \(key) --help`")
                help[key] = outcome.stdout
            }
            let options = words.compactMap { word -> String? in
                let trimmed = word.trimmingCharacters(in: CharacterSet(charactersIn: "[]|…"))
                guard trimmed.hasPrefix("-"), trimmed.count > 1 else { return nil }
                return String(trimmed.split(separator: "=").first!)
            }
            for option in options {
                #expect(help[key]!.contains(option), "`\(span)`: `uisim \(key)` has no option \(option)")
            }
        }
    }
}
