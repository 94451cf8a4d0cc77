import Foundation
import Traces
import Support

/// The traces a CI job replays: files, the traces in folders, or the paths listed in a file, in a
/// stable order (by file name), and the share of them one shard runs.
public enum TraceSet {
    /// The traces `paths` name: a file is itself; a folder gives the trace files directly in it
    /// (recognized by content: its README and other files are left out). Sorted by file name,
    /// then path; a file named twice counts once.
    public static func resolve(_ paths: [String]) throws -> [URL] {
        var urls: [URL] = []
        for path in paths {
            // A missing file is the user's to fix, named directly or in a list: a usage error (64).
            guard FileManager.default.fileExists(atPath: path) else {
                throw FileError(.unreadable, file: path, "no such file or folder")
            }
            guard isFolder(path) else {
                urls.append(URL(fileURLWithPath: path))
                continue
            }
            let contents = try FileManager.default.contentsOfDirectory(atPath: path)
            for name in contents where !name.hasPrefix(".") {
                let url = URL(fileURLWithPath: path).appendingPathComponent(name)
                guard !isFolder(url.path), (try? TraceFile.format(of: url)) != nil else { continue }
                urls.append(url)
            }
        }
        // A file named twice counts once; two names equal only once normalized (café in NFC and
        // NFD: Swift's strings call them equal) are two files, which the batch refuses by name.
        var seen = Set<[UInt8]>()
        return urls.map(\.standardizedFileURL).filter { seen.insert(Array($0.path.utf8)).inserted }
            .sorted { ($0.lastPathComponent, $0.path) < ($1.lastPathComponent, $1.path) }
    }

    /// Whether `path` names a folder.
    public static func isFolder(_ path: String) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &folder) && folder.boolValue
    }

    /// The paths listed in `list`, one per line (blank lines and `#` comments skipped), relative
    /// to the list's folder unless absolute.
    public static func paths(listedIn list: URL) throws -> [String] {
        let bytes = try WholeFile.read(list.path)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw FileError.malformed(list.path, "not UTF-8 text: a list names one trace a line")
        }
        // Lines end with LF, CRLF (a list written on Windows) or CR.
        return text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).compactMap { raw in
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0].trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty else { return nil }
            return line.hasPrefix("/") ? line : list.deletingLastPathComponent().appendingPathComponent(line).path
        }
    }
}

/// One of `count` shards of a set of traces (`uisim replay --shard index/count`, index from 1 as
/// GitLab's `CI_NODE_INDEX`). A trace belongs to the shard its file name hashes to (64-bit
/// FNV-1a), so its place does not move when other traces are added or removed, and every machine
/// agrees.
public struct Shard: Equatable, Sendable, CustomStringConvertible {
    public let index: Int
    public let count: Int

    /// `index` from 1 to `count`.
    public init(index: Int, count: Int) throws {
        guard count >= 1, index >= 1, index <= count else {
            throw TraceError(file: "--shard", line: nil, "shard \(index)/\(count): expected INDEX/COUNT with 1 ≤ INDEX ≤ COUNT")
        }
        self.index = index
        self.count = count
    }

    /// Parses "2/4".
    public init(_ text: String) throws {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
            throw TraceError(file: "--shard", line: nil, "'\(text)': expected INDEX/COUNT such as 2/4")
        }
        try self.init(index: index, count: count)
    }

    public var description: String { "\(index)/\(count)" }

    /// Whether the trace at `url` is this shard's.
    public func contains(_ url: URL) -> Bool {
        Int(Self.hash(url.lastPathComponent) % UInt64(count)) + 1 == index
    }

    static func hash(_ name: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}
