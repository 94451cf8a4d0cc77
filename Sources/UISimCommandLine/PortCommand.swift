import ArgumentParser
import Foundation
import Port
import UISim

/// `uisim port`: an iOS app's sources made to compile against uisim on Linux, without hand edits.
struct PortCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "port",
        abstract: "Copy an app's sources into a folder, rewriting what Swift on Linux rejects (#selector, @objc, @IBOutlet, #keyPath, os(iOS)).",
        discussion: """
            Every line stays where it was (a removed attribute becomes spaces), so compiler errors \
            point at the original lines. #selector(m(_:)) becomes Selector("m:", Type.m(_:)): the \
            method's Objective-C name and the method itself, which uisim's target-action calls. \
            Running port on its own output changes nothing. With --check nothing is written: every \
            place Swift on Linux would still reject is printed as file:line, and the command exits \
            65 if there is any (an edit port would make, or something it cannot: an Apple-only \
            framework, an optional protocol requirement, Objective-C runtime calls).
            """)

    @Argument(help: "Swift files or folders (a folder's files keep their paths under -o).")
    var sources: [String]

    @Option(name: .shortAndLong, help: "The folder to write the port into.")
    var output: String?

    @Flag(help: "Write nothing: print what Swift on Linux would still reject, exit 65 if anything.")
    var check = false

    func validate() throws {
        guard !sources.isEmpty else { throw ValidationError("give the Swift files or folders to port") }
        for source in sources where source.isEmpty { throw ValidationError("a source path is empty: give a path") }
        try requireOutputPath(output, "-o")
        if check, output != nil { throw ValidationError("--check writes nothing: give -o or --check, not both") }
        if !check, output == nil { throw ValidationError("give -o FOLDER to write the port into (or --check)") }
    }

    func run() throws {
        if let output { try PortJob.checkOutput(output, against: sources) }
        let job = try PortJob(sources: sources)
        let result = try job.run(output: output.map { URL(fileURLWithPath: $0) })
        if check {
            var problems = 0
            for file in result.files {
                for edit in file.edits {
                    print("\(file.path):\(edit.line): \(edit.kind.subject): port rewrites it")
                    problems += 1
                }
                for finding in file.findings {
                    print("\(file.path):\(finding.line): \(finding.message)")
                    problems += 1
                }
            }
            guard problems == 0 else {
                throw FileError.malformed(sources.joined(separator: " "), "\(problems) place\(problems == 1 ? "" : "s") Swift on Linux would reject")
            }
            print("\(result.swiftFiles) Swift file\(result.swiftFiles == 1 ? "" : "s"): nothing Swift on Linux would reject")
            return
        }
        print("ported \(result.swiftFiles) Swift file\(result.swiftFiles == 1 ? "" : "s") (\(result.changedFiles) changed) and copied \(result.copied) other file\(result.copied == 1 ? "" : "s") into \(output ?? "")")
        for kind in PortEditKind.allCases {
            let count = result.count(of: kind)
            if count > 0 { print(String(format: "  %5d  ", count) + kind.rawValue) }
        }
        let findings = result.findings
        if !findings.isEmpty {
            print("left for you (\(findings.count)); `uisim port --check \(output ?? "")` lists them again:")
            for (path, finding) in findings { print("  \(path):\(finding.line): \(finding.message)") }
        }
    }
}
