import Foundation
import Support

/// `uisim port SRC… -o OUT`: copies an iOS app's (or library's) files into OUT, its Swift files
/// rewritten for Swift on Linux and uisim (`SourceRewriter`), every other file as it is. A folder
/// is copied with its paths kept relative to it (hidden files and `.build` skipped, symbolic links
/// not followed); a file goes to OUT by its name. The methods of every Swift file are indexed
/// first, so a `#selector` naming a method of another file gets its Objective-C name right.
public struct PortJob {
    /// A Swift file bigger than this is refused (a source file, not data).
    public static let maximumFileSize = 16 << 20

    /// One file to port: where it is read and where its copy goes, relative to OUT.
    struct Item {
        let source: URL
        let relativePath: String
        /// The path as the user gave it, for messages.
        let shownPath: String
    }

    /// What a port did, by file.
    public struct FileResult: Sendable {
        public let path: String
        public let edits: [PortEdit]
        public let findings: [PortFinding]
    }

    public struct Result: Sendable {
        public var files: [FileResult] = []
        /// Files copied as they are.
        public var copied = 0

        public var swiftFiles: Int { files.count }
        public var changedFiles: Int { files.filter { !$0.edits.isEmpty }.count }
        public var findings: [(path: String, finding: PortFinding)] {
            files.flatMap { file in file.findings.map { (file.path, $0) } }
        }
        public func count(of kind: PortEditKind) -> Int {
            files.reduce(0) { $0 + $1.edits.filter { $0.kind == kind }.count }
        }
    }

    let items: [Item]

    /// The files under `sources` (files or folders), or a usage error naming a path that cannot
    /// be read, or two sources that would write the same file.
    public init(sources: [String]) throws {
        var items: [Item] = []
        for path in sources {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw FileError.unreadable(path, "no such file or folder")
            }
            let url = URL(fileURLWithPath: path)
            if isFolder.boolValue {
                items += try Self.files(in: url, shownAs: path)
            } else {
                items.append(Item(source: url, relativePath: url.lastPathComponent, shownPath: path))
            }
        }
        var seen: [String: String] = [:]
        for item in items {
            if let other = seen.updateValue(item.shownPath, forKey: item.relativePath) {
                throw UsageError("\(other) and \(item.shownPath) would both be written to \(item.relativePath): port them to different folders")
            }
        }
        self.items = items
    }

    private static func files(in folder: URL, shownAs shown: String) throws -> [Item] {
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey, .isSymbolicLinkKey],
                                                              options: [.skipsHiddenFiles]) else {
            throw FileError.unreadable(shown, "cannot list the folder")
        }
        let base = folder.standardizedFileURL.path
        var items: [Item] = []
        for case let url as URL in enumerator {
            if url.lastPathComponent == ".build" {
                enumerator.skipDescendants()
                continue
            }
            let values = try? url.resourceValues(forKeys: [.isRegularFileKey, .isSymbolicLinkKey])
            guard values?.isRegularFile == true, values?.isSymbolicLink != true else { continue }
            let path = url.standardizedFileURL.path
            let relative = path.hasPrefix(base + "/") ? String(path.dropFirst(base.count + 1)) : url.lastPathComponent
            items.append(Item(source: url, relativePath: relative, shownPath: (shown as NSString).appendingPathComponent(relative)))
        }
        return items.sorted { $0.relativePath < $1.relativePath }
    }

    /// Reads and rewrites every file; writes the copies under `output` unless it is nil (a check).
    public func run(output: URL?) throws -> Result {
        var contents: [[UInt8]] = []
        var index = MethodIndex()
        var walks: [TokenWalk?] = []
        for item in items {
            let data: Data
            do {
                data = try Data(contentsOf: item.source)
            } catch {
                throw FileError.unreadable(item.shownPath, describe(error))
            }
            let bytes = [UInt8](data)
            contents.append(bytes)
            if item.relativePath.hasSuffix(".swift") {
                guard bytes.count <= Self.maximumFileSize else {
                    throw FileError.malformed(item.shownPath, "a Swift file of \(bytes.count) bytes: more than \(Self.maximumFileSize >> 20) MB is not a source file")
                }
                let walk = TokenWalk(bytes)
                index.add(walk)
                walks.append(walk)
            } else {
                walks.append(nil)
            }
        }
        var result = Result()
        for (position, item) in items.enumerated() {
            var bytes = contents[position]
            if let walk = walks[position] {
                var rewriter = SourceRewriter(walk: walk, index: index)
                rewriter.run()
                bytes = rewriter.rewritten()
                result.files.append(FileResult(path: item.shownPath, edits: rewriter.edits, findings: rewriter.findings))
            } else {
                result.copied += 1
            }
            if let output {
                let destination = output.appendingPathComponent(item.relativePath)
                do {
                    try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
                } catch {
                    throw FileError.unwritable(destination.deletingLastPathComponent().path, "cannot make the folder: \(describe(error))")
                }
                try AtomicFile.write(Data(bytes), to: destination)
            }
        }
        return result
    }

    /// A usage error when `output` is one of the sources or inside one (the next port would copy
    /// its own output), or a source is inside it.
    public static func checkOutput(_ output: String, against sources: [String]) throws {
        let out = URL(fileURLWithPath: output).standardizedFileURL.resolvingSymlinksInPath().path
        for source in sources {
            let src = URL(fileURLWithPath: source).standardizedFileURL.resolvingSymlinksInPath().path
            if out == src || out.hasPrefix(src + "/") {
                throw UsageError("-o \(output) is inside the source \(source): write the port somewhere else")
            }
            if src.hasPrefix(out + "/") {
                throw UsageError("the source \(source) is inside -o \(output): write the port somewhere else")
            }
        }
    }
}
