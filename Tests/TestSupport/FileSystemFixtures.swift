import Foundation
#if canImport(Glibc)
import Glibc
#endif

// What tests of files and processes share (as NIO's NIOTestUtils): a FIFO's reader and the
// probe for device nodes. Device nodes and FIFOs are made in a test's own folder, never the system's.

/// Reads a FIFO to its end on a thread of its own; `wait()` gives what it read.
public final class FIFOReader: @unchecked Sendable {
    // @unchecked: `data` is written by the reading thread before `done` is signalled and read
    // only after `wait()` has seen that signal.
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    public init(_ path: String) {
        Thread.detachNewThread { [self] in
            data = FileHandle(forReadingAtPath: path)?.readDataToEndOfFile() ?? Data()
            done.signal()
        }
    }

    public func wait() -> Data {
        done.wait()
        return data
    }
}

/// Whether this process may make device nodes (mknod needs CAP_MKNOD), tried once in a folder of
/// its own: tests that need them are `.enabled(if: DeviceNodes.canMake, …)`, so the skip shows.
public enum DeviceNodes {
    public static let canMake: Bool = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("uisim-mknod-\(UUID().uuidString)")
        guard (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil else { return false }
        defer { try? FileManager.default.removeItem(at: folder) }
        return mknod(folder.appendingPathComponent("null").path, S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0
    }()
}
