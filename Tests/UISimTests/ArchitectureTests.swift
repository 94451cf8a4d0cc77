import Foundation
import Testing

/// Documentation/Architecture.md's tables hold the code to them: every module under `Sources/`
/// has a row, imports only the package's modules its row lists, and each of those sits on a
/// lower layer; each C library is imported by the one Swift file its row names.
@Suite struct ArchitectureTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    struct Row { var layer: Int; var module: String; var imports: [String] }

    /// The rows between `<!-- name -->` and `<!-- /name -->`, as cells (the header and its rule left out).
    static func table(_ name: String) throws -> [[String]] {
        let text = try String(contentsOf: root.appendingPathComponent("Documentation/Architecture.md"), encoding: .utf8)
        guard let start = text.range(of: "<!-- \(name) -->"), let end = text.range(of: "<!-- /\(name) -->"),
              start.upperBound < end.lowerBound else {
            Issue.record("Documentation/Architecture.md has no \(name) table")
            return []
        }
        return text[start.upperBound..<end.lowerBound].split(separator: "\n").compactMap { line in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 2, !cells[0].hasPrefix("---"), cells[0] != "layer", cells[0] != "C module" else { return nil }
            return Array(cells)
        }
    }

    /// Names in backticks: "`A`, `B`" → [A, B]; "—" → [].
    static func names(_ cell: String) -> [String] {
        cell.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    /// The package's modules and their folders: each folder of Sources/, and the overlays' subfolders.
    static func moduleFolders() throws -> [String: URL] {
        let sources = root.appendingPathComponent("Sources")
        var folders: [String: URL] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: sources.path) where !name.hasPrefix(".") {
            let folder = sources.appendingPathComponent(name)
            if name == "TestingOverlays" {
                for overlay in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
                    folders[overlay] = folder.appendingPathComponent(overlay)
                }
            } else {
                folders[name] = folder
            }
        }
        return folders
    }

    /// The modules each Swift file under `folder` imports: path relative to the root → names.
    static func imports(under folder: URL) -> [(file: String, module: String)] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        let pattern = /^\s*(?:@[A-Za-z_]+\s+|package\s+|public\s+|internal\s+)*import\s+(?:class\s+|struct\s+|enum\s+|func\s+)?([A-Za-z_][A-Za-z0-9_]*)/
        var found: [(String, String)] = []
        for case let url as URL in walker where url.pathExtension == "swift" {
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
            let relative = String(url.path.dropFirst(root.path.count + 1))
            for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
                if let match = line.prefixMatch(of: pattern) { found.append((relative, String(match.1))) }
            }
        }
        return found
    }

    @Test func everyModuleHasARowAndImportsOnlyDownward() throws {
        let rows = try Self.table("module-table").compactMap { cells -> Row? in
            guard cells.count >= 3, let layer = Int(cells[0]), let module = Self.names(cells[1]).first else {
                Issue.record("a module row that does not read: \(cells.prefix(3))")
                return nil
            }
            return Row(layer: layer, module: module, imports: Self.names(cells[2]))
        }
        let byName = Dictionary(rows.map { ($0.module, $0) }) { first, _ in
            Issue.record("\(first.module) has two rows")
            return first
        }
        let folders = try Self.moduleFolders()
        #expect(Set(byName.keys) == Set(folders.keys), "rows without a module: \(Set(byName.keys).subtracting(folders.keys)); modules without a row: \(Set(folders.keys).subtracting(byName.keys))")
        for row in rows {
            for name in row.imports {
                guard let imported = byName[name] else { Issue.record("\(row.module) lists \(name), which has no row"); continue }
                #expect(imported.layer < row.layer, "\(row.module) (layer \(row.layer)) imports \(name) (layer \(imported.layer)): imports point down")
            }
            guard let folder = folders[row.module] else { continue }
            let actual = Set(Self.imports(under: folder).map(\.module).filter { byName[$0] != nil })
            #expect(actual == Set(row.imports), "\(row.module) imports \(actual.sorted()) where its row lists \(row.imports.sorted())")
        }
    }

    @Test func eachCLibraryIsImportedByOneFile() throws {
        let wrappers = try Self.table("c-wrappers")
        #expect(!wrappers.isEmpty)
        let folders = try Self.moduleFolders()
        let everything = folders.values.flatMap { Self.imports(under: $0) }
        for cells in wrappers {
            guard let module = Self.names(cells[0]).first, let file = Self.names(cells[1]).first else {
                Issue.record("a wrapper row that does not read: \(cells)")
                continue
            }
            let importers = Set(everything.filter { $0.module == module }.map(\.file))
            #expect(importers == [file], "\(module) is imported by \(importers.sorted()), not only by \(file)")
        }
    }

    /// Tests mirror the sources: a folder inside a test target (other than its fixtures, and the
    /// `iOS` folder of code as iOS has it that the UISimPort plugin ports) has a folder of the same
    /// path in the module it tests.
    @Test func testFoldersMirrorSourceFolders() throws {
        let tests = Self.root.appendingPathComponent("Tests")
        for target in try FileManager.default.contentsOfDirectory(atPath: tests.path) where target.hasSuffix("Tests") {
            let module = String(target.dropLast("Tests".count))
            let sources = Self.root.appendingPathComponent("Sources/\(module)")
            guard let walker = FileManager.default.enumerator(atPath: tests.appendingPathComponent(target).path) else { continue }
            for case let path as String in walker where !path.hasPrefix("Fixtures") && !path.hasPrefix("iOS") {
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: tests.appendingPathComponent("\(target)/\(path)").path, isDirectory: &isFolder),
                      isFolder.boolValue else { continue }
                #expect(FileManager.default.fileExists(atPath: sources.appendingPathComponent(path).path),
                        "Tests/\(target)/\(path) has no Sources/\(module)/\(path)")
            }
        }
    }

    /// Every `@unchecked Sendable` in the sources says why beside it (in the comment just above it or
    /// within three lines inside it, naming `@unchecked`): the compiler cannot check it, so the reason
    /// is the proof.
    @Test func everyUncheckedSendableSaysWhy() throws {
        let sources = Self.root.appendingPathComponent("Sources")
        let walker = try #require(FileManager.default.enumerator(atPath: sources.path))
        var unexplained: [String] = []
        var seen = 0
        for case let path as String in walker where path.hasSuffix(".swift") {
            let lines = try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8).components(separatedBy: "\n")
            for (index, line) in lines.enumerated() where line.contains("@unchecked Sendable")
                && !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                seen += 1
                // The comment block just above the declaration, and the three lines inside it.
                var top = index
                while top > 0, lines[top - 1].trimmingCharacters(in: .whitespaces).hasPrefix("//") { top -= 1 }
                let near = lines[top...min(lines.count - 1, index + 3)]
                let says = near.contains { other in
                    let text = other.trimmingCharacters(in: .whitespaces)
                    return text.hasPrefix("//") && (text.contains("@unchecked") || text.contains("Sendable by proof"))
                }
                if !says { unexplained.append("Sources/\(path):\(index + 1)") }
            }
        }
        #expect(seen > 10, "the walk found too few: \(seen)")
        #expect(unexplained.isEmpty, "@unchecked Sendable without a reason beside it: \(unexplained)")
    }
}
