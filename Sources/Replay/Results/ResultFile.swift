import Foundation
import Traces
import Support

/// A problem with one value of a result file, named by its path in the JSON ("counts.draws",
/// "traces[2].figures.counts.draws"), so that the error can give the line it is on.
public struct FigureProblem: Equatable, Sendable, CustomStringConvertible {
    /// The value's path: keys joined by dots, array indices in brackets.
    public let path: String
    /// What is wrong with it: "is -1: expected 0 to 2^53".
    public let text: String

    public init(_ path: String, _ text: String) {
        self.path = path
        self.text = text
    }

    public var description: String { "\(path) \(text)" }
}

/// Reading uisim's own JSON files (summaries, baselines): a file that cannot be read is
/// `FileError.unreadable`; one that is not JSON, not of this schema, not the kind of file asked
/// for, or holds a value out of range is `FileError.malformed`, with the line of the value at
/// fault (`summary.json:14: counts.draws is -1: expected 0 to 2^53`).
enum ResultFile {
    /// The parsed document, decoded as `T`, after its schema is checked against `schema`
    /// (`older` says what to do with a file of an older one; `readable` lists older schemas read
    /// all the same, the caller mapping them).
    static func read<T: Decodable>(_ type: T.Type, from url: URL, what: String, schema: Int, readable: ClosedRange<Int>? = nil,
                                   older: String) throws -> (T, JSONNode) {
        let bytes = try WholeFile.read(url.path)
        let data = Data(bytes)
        let document: JSONNode
        do {
            document = try JSONNode.parse(bytes, file: url.path)
        } catch let error as TraceError {
            throw FileError.malformed(url.path, line: error.line, "not a uisim \(what): \(error.message)")
        }
        guard document.isObject else { throw FileError.malformed(url.path, line: document.line, "not a uisim \(what): not a JSON object") }
        // No figure of uisim's goes beyond 2^53 (counts) or 10^12 (times): a number beyond is bad
        // data named by its path, never read rounded (2^53 + 1 as 2^53) nor refused as "not JSON".
        if let unheld = document.unheldNumbers().first {
            throw FileError.malformed(url.path, line: unheld.line, "\(unheld.path) is \(unheld.text): expected 0 to 2^53")
        }
        let found = document["schema"]?.number.map { Int(exactly: $0) } ?? nil
        guard found == schema || found.map({ readable?.contains($0) == true }) == true else {
            throw FileError.malformed(url.path, line: document["schema"]?.line,
                                      "a \(what) of schema \(found.map(String.init) ?? "none"), this uisim reads schema \(schema)"
                                      + ((found ?? 0) < schema ? " (made by an older uisim): \(older)" : ""))
        }
        do {
            return (try JSONDecoder().decode(T.self, from: data), document)
        } catch let error as DecodingError {
            let (path, text) = explain(error)
            throw FileError.malformed(url.path, line: line(of: path, in: document), "not a uisim \(what): \(path.isEmpty ? "" : "\(path) ")\(text)")
        }
    }

    /// The error for `problems` found in a file read by `read`: the first, on its line, and how
    /// many more there are.
    static func malformed(_ url: URL, _ problems: [FigureProblem], in document: JSONNode) -> FileError {
        let first = problems[0]
        return FileError.malformed(url.path, line: line(of: first.path, in: document),
                                   "\(first)\(problems.count > 1 ? " (and \(problems.count - 1) more problems)" : "")")
    }

    /// The line of the value at `path` (the nearest enclosing value found; the document's first
    /// line if nothing is). Keys may hold dots themselves ("counts.draws" in `figures`): at an
    /// object, the shortest run of components that names one of its keys is taken.
    static func line(of path: String, in document: JSONNode) -> Int {
        var components = components(of: path)[...]
        var node = document
        while let first = components.first {
            if let items = node.array {
                guard let index = Int(first), items.indices.contains(index) else { break }
                node = items[index]
                components = components.dropFirst()
                continue
            }
            var found: JSONNode?
            var taken = 0
            for count in 1...components.count {
                if let child = node[components.prefix(count).joined(separator: ".")] {
                    found = child
                    taken = count
                    break
                }
            }
            guard let found else { break }
            node = found
            components = components.dropFirst(taken)
        }
        return node.line
    }

    /// "traces[2].figures.counts.draws" → ["traces", "2", "figures", "counts", "draws"].
    static func components(of path: String) -> [String] {
        var result: [String] = []
        for part in path.split(separator: ".", omittingEmptySubsequences: true) {
            var rest = Substring(part)
            if let bracket = rest.firstIndex(of: "[") {
                if bracket > rest.startIndex { result.append(String(rest[..<bracket])) }
                rest = rest[bracket...]
                while rest.hasPrefix("["), let close = rest.firstIndex(of: "]") {
                    result.append(String(rest[rest.index(after: rest.startIndex)..<close]))
                    rest = rest[rest.index(after: close)...]
                }
            } else {
                result.append(String(rest))
            }
        }
        return result
    }

    /// A decoding error as the path of the value at fault and what is wrong with it.
    static func explain(_ error: DecodingError) -> (path: String, text: String) {
        func path(_ keys: [CodingKey]) -> String {
            keys.reduce("") { text, key in
                if let index = key.intValue { return "\(text)[\(index)]" }
                return text.isEmpty ? key.stringValue : "\(text).\(key.stringValue)"
            }
        }
        switch error {
        case .keyNotFound(let key, let context):
            return (path(context.codingPath), "has no '\(key.stringValue)'")
        case .valueNotFound(let type, let context):
            return (path(context.codingPath), "is null: expected \(name(of: type))")
        case .typeMismatch(let type, let context):
            return (path(context.codingPath), "is not \(name(of: type))")
        case .dataCorrupted(let context):
            return (path(context.codingPath), context.debugDescription)
        @unknown default:
            return ("", "\(error)")
        }
    }

    private static func name(of type: Any.Type) -> String {
        switch type {
        case is Int.Type, is Int64.Type, is UInt64.Type: "a whole number"
        case is Double.Type: "a number"
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        default: "a \(type)"
        }
    }
}
