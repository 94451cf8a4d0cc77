import Foundation

/// A file written in pieces under a temporary name of its own (hidden, unique to this writer) and
/// renamed into place when complete, so a reader never sees half of it: an interrupted run leaves
/// either the old file or a whole new one, and a writer dropped before `commit` (an error, a
/// failed disk) removes its temporary file.
public final class AtomicFile {
    public let url: URL
    private let partial: URL
    private let handle: FileHandle
    private var buffer = Data()
    private var committed = false

    public init(_ url: URL) throws {
        self.url = url
        partial = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(getpid())-\(UInt32.random(in: 0...UInt32.max)).partial")
        guard FileManager.default.createFile(atPath: partial.path, contents: nil), let handle = FileHandle(forWritingAtPath: partial.path) else {
            throw OutputError("\(url.path): cannot write: \(String(cString: strerror(errno)))")
        }
        self.handle = handle
    }

    public func append(_ text: String) throws {
        buffer.append(contentsOf: text.utf8)
        if buffer.count > 1 << 16 { try flush() }
    }

    private func flush() throws {
        guard !buffer.isEmpty else { return }
        do {
            try handle.write(contentsOf: buffer)
        } catch {
            throw OutputError("\(partial.path): cannot write: \(describe(error))")
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes what is left and moves the file into place (replacing a file of that name; a
    /// folder of that name is an error, not something to delete).
    public func commit() throws {
        try flush()
        try? handle.synchronize()
        try? handle.close()
        committed = true
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
            try? FileManager.default.removeItem(at: partial)
            throw OutputError("\(url.path): is a folder, where uisim writes a file")
        }
        guard rename(partial.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: partial)
            throw OutputError("\(url.path): cannot move into place: \(reason)")
        }
    }

    /// Gives the file up: its temporary file is removed, nothing is moved into place.
    public func abandon() {
        guard !committed else { return }
        committed = true
        try? handle.close()
        try? FileManager.default.removeItem(at: partial)
    }

    deinit {
        abandon()
    }

    /// Writes `data` to `url` atomically in one go.
    public static func write(_ data: Data, to url: URL) throws {
        do {
            try data.write(to: url, options: .atomic)
        } catch {
            throw OutputError("\(url.path): cannot write: \(describe(error))")
        }
    }
}

/// A file that could not be written (or moved into place), with its path and the system's reason.
public struct OutputError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// What went wrong, in the system's words where there are some ("File too large", "No space left
/// on device") rather than Foundation's "The operation could not be completed".
public func describe(_ error: Error) -> String {
    let ns = error as NSError
    if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
        return String(cString: strerror(Int32(underlying.code)))
    }
    if ns.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(ns.code))) }
    return error.localizedDescription
}
