import Foundation

/// A file uisim could not use, with its place and what is wrong, typed by what the user must do
/// about it: a `malformed` file holds bad data (a broken summary, baseline or `frames.jsonl`: the
/// command line's exit 65), an `unreadable` one cannot be opened or read (64, as a missing file),
/// an `unwritable` output cannot be written or moved into place (73). Broken traces have their
/// own type, `TraceError` (65).
public struct FileError: Error, CustomStringConvertible, Equatable, Sendable {
    public enum Kind: String, Sendable {
        case malformed, unreadable, unwritable
    }

    public let kind: Kind
    /// The file's path as given.
    public let file: String
    /// 1-based line number, or nil for a problem with the whole file.
    public let line: Int?
    public let message: String

    public init(_ kind: Kind, file: String, line: Int? = nil, _ message: String) {
        self.kind = kind
        self.file = file
        self.line = line
        self.message = message
    }

    /// Bad data in `file` (at `line`).
    public static func malformed(_ file: String, line: Int? = nil, _ message: String) -> FileError {
        FileError(.malformed, file: file, line: line, message)
    }

    /// `file` cannot be read: `reason` in the system's words.
    public static func unreadable(_ file: String, _ reason: String) -> FileError {
        FileError(.unreadable, file: file, "cannot read: \(reason)")
    }

    /// `file` cannot be written: `what` (such as "cannot write: No space left on device").
    public static func unwritable(_ file: String, _ what: String) -> FileError {
        FileError(.unwritable, file: file, what)
    }

    public var description: String {
        if let line { return "\(file):\(line): \(message)" }
        return "\(file): \(message)"
    }
}

/// A request that cannot be done as asked (merging a shard twice, writing a result over the one
/// read): the command line's usage error, exit 64.
public struct UsageError: Error, CustomStringConvertible, Equatable, Sendable {
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
    if ns.domain == NSCocoaErrorDomain {
        switch CocoaError.Code(rawValue: ns.code) {
        case .fileReadNoSuchFile, .fileNoSuchFile: return String(cString: strerror(ENOENT))
        case .fileReadNoPermission, .fileWriteNoPermission: return String(cString: strerror(EACCES))
        case .fileWriteOutOfSpace: return String(cString: strerror(ENOSPC))
        case .fileReadTooLarge: return String(cString: strerror(EFBIG))
        case .fileReadCorruptFile: return "not in the expected format"
        default: break
        }
    }
    return error.localizedDescription
}

/// The system's reason for `errno`.
func systemReason(_ code: Int32 = errno) -> String {
    String(cString: strerror(code))
}
