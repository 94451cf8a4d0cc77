import Foundation
import Support

/// A small file read whole (a summary, a baseline, a list of traces), whatever it is: a regular
/// file, a FIFO, a pipe or a device, read once from its start as traces are, never refused with a
/// false "Permission denied" because it cannot seek. A read waits for input or for the command's
/// interruption (`AtomicFile.watchInterruption`), so a FIFO with no writer never holds a signalled
/// command. At most `limit` bytes: a larger one is refused rather than read into memory.
public enum WholeFile {
    /// The largest file read whole by default: 256 MiB, far beyond any summary or baseline.
    public static let defaultLimit = 256 << 20

    /// The bytes of the file at `path`. Cannot be opened or read: `FileError.unreadable` with the
    /// system's reason; larger than `limit`: `FileError.malformed`; interrupted: `ReadInterrupted`.
    public static func read(_ path: String, limit: Int = defaultLimit) throws -> [UInt8] {
        let channel: InputChannel
        do {
            channel = try InputChannel(path: path, interruption: AtomicFile.interruption)
        } catch let error as TraceError {
            throw FileError(.unreadable, file: path, error.message)
        }
        var bytes: [UInt8] = []
        while true {
            let chunk: [UInt8]
            do {
                chunk = try channel.read(upTo: 1 << 20)
            } catch let error as TraceError {
                throw FileError(.unreadable, file: path, error.message)
            }
            if chunk.isEmpty { return bytes }
            bytes += chunk
            guard bytes.count <= limit else { throw FileError.malformed(path, "larger than \(limit) bytes: too large to read") }
        }
    }
}
