import Foundation
import Testing
@testable import Support
import TestSupport

/// Outputs are written so that nothing is lost and nothing that is not a file is replaced: device
/// nodes and FIFOs are written straight into, symbolic links followed, files replaced whole. Every
/// device node and FIFO here is made by the test in a folder of its own (never the system's
/// `/dev/null` or `/dev/full`, which a failing test would replace).
@Suite struct AtomicFileTests {
    /// A fresh folder, removed by `done`.
    struct Folder {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("uisim-atomic-\(UUID().uuidString)")
        init() throws { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
        func path(_ name: String) -> String { url.appendingPathComponent(name).path }
        func done() { try? FileManager.default.removeItem(at: url) }
        /// Names in the folder (temporary files included).
        var names: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted() }
    }

    /// The kind of what is at `path`, without following a link.
    static func kind(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
    }

    /// A character device like `/dev/null` (1, 3) or `/dev/full` (1, 7), made at `path`; false where
    /// the system does not let this process make device nodes.
    static func makeDevice(_ path: String, minor: UInt) -> Bool {
        mknod(path, S_IFCHR | 0o666, dev_t((1 << 8) | minor)) == 0
    }

    @Test func aNewFileAppearsWholeAndNoTemporaryFileStays() throws {
        let folder = try Folder()
        defer { folder.done() }
        let file = try AtomicFile(URL(fileURLWithPath: folder.path("out.txt")))
        try file.append("half")
        #expect(!FileManager.default.fileExists(atPath: folder.path("out.txt")))
        #expect(folder.names.count == 1 && folder.names[0].hasPrefix(".out.txt.") && folder.names[0].hasSuffix(".partial"))
        try file.append(" and the rest")
        try file.commit()
        #expect(try String(contentsOfFile: folder.path("out.txt"), encoding: .utf8) == "half and the rest")
        #expect(folder.names == ["out.txt"])
    }

    @Test func aReplacedFileKeepsItsPermissions() throws {
        let folder = try Folder()
        defer { folder.done() }
        try "old".write(toFile: folder.path("f"), atomically: false, encoding: .utf8)
        chmod(folder.path("f"), 0o600)
        try AtomicFile.write(Data("new".utf8), to: URL(fileURLWithPath: folder.path("f")))
        var info = stat()
        stat(folder.path("f"), &info)
        #expect(info.st_mode & 0o777 == 0o600)
        #expect(try String(contentsOfFile: folder.path("f"), encoding: .utf8) == "new")
    }

    @Test func aSymbolicLinkStaysALinkAndItsTargetIsWritten() throws {
        let folder = try Folder()
        defer { folder.done() }
        try FileManager.default.createDirectory(atPath: folder.path("real"), withIntermediateDirectories: true)
        try "old".write(toFile: folder.path("real/target.json"), atomically: false, encoding: .utf8)
        symlink("real/target.json", folder.path("link.json"))   // relative, as `ln -s` makes it
        symlink("link.json", folder.path("chain.json"))          // a link to a link
        try AtomicFile.write(Data("new".utf8), to: URL(fileURLWithPath: folder.path("chain.json")))
        #expect(Self.kind(folder.path("chain.json")) == S_IFLNK && Self.kind(folder.path("link.json")) == S_IFLNK)
        #expect(try String(contentsOfFile: folder.path("real/target.json"), encoding: .utf8) == "new")
        #expect(folder.names == ["chain.json", "link.json", "real"])
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: folder.path("real"))) ?? []) == ["target.json"])
        // A dangling link: the file it names is made.
        symlink("made.json", folder.path("dangling.json"))
        try AtomicFile.write(Data("made".utf8), to: URL(fileURLWithPath: folder.path("dangling.json")))
        #expect(Self.kind(folder.path("dangling.json")) == S_IFLNK)
        #expect(try String(contentsOfFile: folder.path("made.json"), encoding: .utf8) == "made")
    }

    @Test(.enabled(if: DeviceNodes.canMake, "this process may not make device nodes (no CAP_MKNOD)"))
    func aCharacterDeviceIsWrittenStraightIntoAndAFullOneSaysWhy() throws {
        let folder = try Folder()
        defer { folder.done() }
        try #require(Self.makeDevice(folder.path("null"), minor: 3) && Self.makeDevice(folder.path("full"), minor: 7))
        try AtomicFile.write(Data(repeating: 1, count: 200_000), to: URL(fileURLWithPath: folder.path("null")))
        #expect(Self.kind(folder.path("null")) == S_IFCHR)
        do {
            try AtomicFile.write(Data("x".utf8), to: URL(fileURLWithPath: folder.path("full")))
            Issue.record("a full device took the write")
        } catch let error as FileError {
            #expect(error.kind == .unwritable)
            #expect(error.description == "\(folder.path("full")): cannot write: No space left on device")
        }
        #expect(Self.kind(folder.path("full")) == S_IFCHR)
        #expect(folder.names == ["full", "null"])
    }

    @Test func aFIFOIsWrittenStraightIntoItsReader() throws {
        let folder = try Folder()
        defer { folder.done() }
        #expect(mkfifo(folder.path("pipe"), 0o600) == 0)
        let path = folder.path("pipe")
        // The reader on a thread of its own: a blocking open must not hold one of the few
        // threads tests share.
        let reader = FIFOReader(path)
        let file = try AtomicFile(URL(fileURLWithPath: path))   // opens when the reader does
        try file.append("one line\n")
        try file.append("and another\n")
        try file.commit()
        #expect(file.writtenURL == nil)
        let received = String(decoding: reader.wait(), as: UTF8.self)
        #expect(received == "one line\nand another\n")
        #expect(Self.kind(path) == S_IFIFO)
        #expect(folder.names == ["pipe"])
    }

    /// `/dev/stdout` is a link to `/proc/self/fd/1`, which only the kernel can follow (to
    /// "pipe:[…]"): opened by its name, written straight into.
    @Test func aDescriptorsProcLinkIsWrittenStraightIntoItsPipe() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let path = "/proc/self/fd/\(ends[1])"
        try AtomicFile.write(Data("through the pipe".utf8), to: URL(fileURLWithPath: path))
        close(ends[1])
        let received = FileHandle(fileDescriptor: ends[0], closeOnDealloc: false).readDataToEndOfFile()
        #expect(String(decoding: received, as: UTF8.self) == "through the pipe")
    }

    @Test func aFolderAndASocketAreRefused() throws {
        let folder = try Folder()
        defer { folder.done() }
        try FileManager.default.createDirectory(atPath: folder.path("dir"), withIntermediateDirectories: true)
        let socketPath = folder.path("socket")
        let socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { bytes in
            for (index, byte) in socketPath.utf8.enumerated() { bytes[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        #expect(bound == 0)
        for (path, words) in [(folder.path("dir"), "is a folder"), (socketPath, "is a socket")] {
            do {
                try AtomicFile.write(Data("x".utf8), to: URL(fileURLWithPath: path))
                Issue.record("\(path) was written")
            } catch let error as FileError {
                #expect(error.kind == .unwritable && error.message.contains(words), "\(error)")
            }
        }
        #expect(Self.kind(socketPath) == S_IFSOCK && Self.kind(folder.path("dir")) == S_IFDIR)
        #expect(folder.names == ["dir", "socket"])
    }

    @Test func aSetIsWrittenWholeBeforeAnyIsMovedIntoPlace() throws {
        let folder = try Folder()
        defer { folder.done() }
        try "old a".write(toFile: folder.path("a"), atomically: false, encoding: .utf8)
        try "old b".write(toFile: folder.path("b"), atomically: false, encoding: .utf8)
        let a = try AtomicFile(URL(fileURLWithPath: folder.path("a")))
        try a.append("new a")
        try a.finishWriting()
        #expect(try String(contentsOfFile: folder.path("a"), encoding: .utf8) == "old a")
        #expect(try String(contentsOfFile: a.writtenURL!.path, encoding: .utf8) == "new a")
        // The second file fails (here: given up): the first is not moved, and nothing is left.
        let b = try AtomicFile(URL(fileURLWithPath: folder.path("b")))
        try b.append("new b")
        b.abandon()
        a.abandon()
        #expect(try String(contentsOfFile: folder.path("a"), encoding: .utf8) == "old a")
        #expect(folder.names == ["a", "b"])
    }

    @Test func temporaryFilesOfDeadWritersAreRemoved() throws {
        let folder = try Folder()
        defer { folder.done() }
        // A process id that is surely not alive: the largest a kernel gives, plus one.
        let dead = ".summary.json.4194305-123.partial"
        let mine = ".frames.jsonl.\(getpid())-7.partial"
        for name in [dead, mine, "summary.json", ".hidden"] { FileManager.default.createFile(atPath: folder.path(name), contents: nil) }
        #expect(AtomicFile.writerProcess(ofPartial: dead) == 4_194_305)
        #expect(AtomicFile.writerProcess(ofPartial: "summary.json") == nil)
        #expect(AtomicFile.removeStalePartials(in: folder.url) == 1)
        #expect(folder.names == [mine, ".hidden", "summary.json"].sorted())
    }
}
