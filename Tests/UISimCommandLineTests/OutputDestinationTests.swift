import Foundation
import Testing
import TestSupport

/// Every command that writes, pointed at what is not a plain new file: a character device (like
/// `/dev/null`: written into, still a device after), a full one (like `/dev/full`: exit 73 with
/// the system's reason, still a device, nothing of the run left), a FIFO (its reader gets the
/// bytes, still a FIFO), a symbolic link (still a link, its target written). Device nodes and
/// FIFOs are made by the test in a folder of its own, never the system's.
@Suite nonisolated struct OutputDestinationTests {
    let cli = CommandLineTests()

    enum Kind: String, CaseIterable {
        case nullDevice, fullDevice, fifo, link
    }

    /// The kind of what is at `path`, without following a link.
    static func kind(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
    }

    /// A folder with a tap trace, its replay (`out/`) and a baseline of it.
    func prepare() throws -> URL {
        let folder = try cli.folderWithAReplay("destinations")
        #expect(try cli.uisim(["baseline", "out", "-o", "baseline.json"], in: folder).status == 0)
        return folder
    }

    /// Makes `path` of `kind` (false: this system does not let the test make device nodes), runs
    /// `arguments` in `folder`, and checks the outcome.
    func check(_ kind: Kind, at path: String, run arguments: [String], in folder: URL, expecting text: String) throws {
        let device: UInt = kind == .fullDevice ? 7 : 3
        switch kind {
        case .nullDevice, .fullDevice:
            #expect(mknod(path, S_IFCHR | 0o666, dev_t((1 << 8) | device)) == 0, "mknod \(path): errno \(errno)")
        case .fifo:
            #expect(mkfifo(path, 0o600) == 0)
        case .link:
            let target = folder.appendingPathComponent("target-\(UUID().uuidString)").path
            try "old".write(toFile: target, atomically: false, encoding: .utf8)
            #expect(symlink(target, path) == 0)
        }
        // The FIFO's reader on a thread of its own (opening a FIFO blocks until its writer comes).
        let reader = kind == .fifo ? FIFOReader(path) : nil
        let outcome = try cli.uisim(arguments, in: folder)
        let label = "\(arguments.prefix(2).joined(separator: " ")) into a \(kind.rawValue)"
        switch kind {
        case .nullDevice:
            #expect(outcome.status == 0, "\(label): \(outcome.stderr)")
            #expect(Self.kind(path) == S_IFCHR, "\(label)")
        case .fullDevice:
            #expect(outcome.status == 73 && outcome.stderr.contains("No space left on device"), "\(label): \(outcome.status) \(outcome.stderr)")
            #expect(Self.kind(path) == S_IFCHR, "\(label)")
        case .fifo:
            #expect(outcome.status == 0, "\(label): \(outcome.stderr)")
            #expect(String(decoding: reader!.wait(), as: UTF8.self).contains(text), "\(label)")
            #expect(Self.kind(path) == S_IFIFO, "\(label)")
        case .link:
            #expect(outcome.status == 0, "\(label): \(outcome.stderr)")
            #expect(Self.kind(path) == S_IFLNK, "\(label)")
            let target = try FileManager.default.destinationOfSymbolicLink(atPath: path)
            #expect(try String(contentsOfFile: target, encoding: .utf8).contains(text), "\(label)")
        }
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Where this process may not make device nodes (no CAP_MKNOD), the device cases are skipped,
    /// and say so; the FIFO and the link still cover writing into what is not a file.
    @Test(.enabled(if: DeviceNodes.canMake, "this process may not make device nodes (no CAP_MKNOD)"),
          arguments: [Kind.nullDevice, .fullDevice])
    func filesNamedByAnOptionOnDevices(_ kind: Kind) throws { try filesNamedByAnOption(kind) }

    @Test(.enabled(if: DeviceNodes.canMake, "this process may not make device nodes (no CAP_MKNOD)"),
          arguments: [Kind.nullDevice, .fullDevice])
    func filesInsideAnOutputFolderOnDevices(_ kind: Kind) throws { try filesInsideAnOutputFolder(kind) }

    @Test(arguments: [Kind.fifo, .link])
    func filesNamedByAnOption(_ kind: Kind) throws {
        let folder = try prepare()
        defer { try? FileManager.default.removeItem(at: folder) }
        let p = folder.appendingPathComponent("p").path
        try check(kind, at: p, run: ["baseline", "out", "-o", p], in: folder, expecting: "\"traces\"")
        try check(kind, at: p, run: ["check", "out", "--baseline", "baseline.json", "--junit", p], in: folder, expecting: "<testsuites")
        try check(kind, at: p, run: ["trace", "synth", "drag", "-o", p], in: folder, expecting: "uisim-trace 1.1")
        try check(kind, at: p, run: ["trace", "convert", "tap.trace", "-o", p], in: folder, expecting: "uisim-trace 1.1")
        try check(kind, at: p, run: ["trace", "cut", "tap.trace", "--from", "0", "--to", "1", "-o", p], in: folder, expecting: "uisim-trace 1.1")
    }

    @Test(arguments: [Kind.fifo, .link])
    func filesInsideAnOutputFolder(_ kind: Kind) throws {
        let folder = try prepare()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, command) in [("merged", ["merge", "out"]), ("replayed", ["replay", "tap.trace", "--clock", "fixed", "--snapshots", "none", "--quiet"])] {
            let out = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
            let option = command[0] == "merge" ? "-o" : "--out"
            try check(kind, at: out.appendingPathComponent("summary.json").path, run: command + [option, out.path], in: folder,
                      expecting: "\"schema\"")
            if kind == .fullDevice, command[0] == "replay" {
                // The run failed as a whole: none of its files was moved in, no temporary file stays.
                #expect(((try? FileManager.default.contentsOfDirectory(atPath: out.path)) ?? []).isEmpty)
            }
        }
        let compared = folder.appendingPathComponent("compared")
        try FileManager.default.createDirectory(at: compared, withIntermediateDirectories: true)
        try check(kind, at: compared.appendingPathComponent("compare.json").path,
                  run: ["compare", "tap.trace", "--variant", "opaque=off", "--variant", "opaque=on", "--runs", "1", "--out", compared.path],
                  in: folder, expecting: "\"a\"")
    }
}
