import ArgumentParser
import Foundation
import UISim

/// The exit codes uisim uses (documented in the README).
enum Exit {
    /// A check found a regression.
    static let checkFailed = ExitCode(1)
    /// Usage: a bad option, scene, device or missing file, or settings that do not match (sysexits' EX_USAGE).
    static let usage = ExitCode(64)
    /// Bad input data: a broken trace, summary or baseline (sysexits' EX_DATAERR).
    static let badData = ExitCode(65)
    /// An internal error: a bug in uisim (sysexits' EX_SOFTWARE).
    static let internalError = ExitCode(70)
    /// Could not write outputs (sysexits' EX_CANTCREAT).
    static let cannotWrite = ExitCode(73)
    /// Interrupted by SIGINT, after writing complete outputs for the frames done.
    static let interrupted = ExitCode(130)

    /// The exit code of an error a command threw, and the line to print: the one place errors
    /// become exit codes. A broken trace or result file is bad data (65), an unreadable file or a
    /// request that cannot be done a usage error (64), an output that cannot be written or a
    /// machine out of memory or descriptors 73, work
    /// stopped by a signal 130 or 143, anything else a bug (70). Nil for ArgumentParser's own
    /// errors and exit codes, which it reports itself.
    static func outcome(of error: Error) -> (code: ExitCode, message: String?)? {
        switch error {
        case let error as TraceError:
            return (badData, error.description)
        case let error as FileError:
            switch error.kind {
            case .malformed: return (badData, error.description)
            case .unreadable: return (usage, error.description)
            case .unwritable: return (cannotWrite, error.description)
            }
        case let error as UsageError:
            return (usage, error.description)
        case let error as ResourceError:
            return (cannotWrite, error.description)
        case let interrupted as Interrupted:
            Interruption.record(interrupted.signal)
            return (Interruption.exitCode ?? Exit.interrupted, "interrupted: \(interrupted.unwritten)")
        case let interrupted as ReadInterrupted:
            return (Interruption.exitCode ?? Exit.interrupted, "interrupted while reading \(interrupted.name): nothing written")
        case let error as ReplayStalled:
            return (internalError, "internal error: \(error)")
        case _ where String(reflecting: type(of: error)).hasPrefix("ArgumentParser."):
            return nil   // ExitCode, ValidationError, CleanExit (help, version) and the like
        default:
            return (internalError, "internal error: \(describe(error)) (a bug in uisim: please report it)")
        }
    }
}

/// A usage error (exit 64, "cannot read …") unless `path` names a readable file, not a folder:
/// what every command that takes a file checks before it starts.
func requireReadable(_ path: String, _ what: String) throws {
    guard FileManager.default.isReadableFile(atPath: path) else { throw ValidationError("cannot read \(what) \(TraceEcho.quoted(path))") }
    guard !TraceSet.isFolder(path) else { throw ValidationError("\(what) \(TraceEcho.quoted(path)) is a folder: give a file") }
}

/// A usage error unless `path`, given to `option` for an output, names something (an empty
/// path would be the current folder).
func requireOutputPath(_ path: String?, _ option: String) throws {
    if let path, path.isEmpty { throw ValidationError("\(option) is empty: give a path") }
}

/// The path `path` names once its symbolic links are followed (for one that does not exist yet,
/// its folder's), to tell whether two paths name the same file.
func realPath(_ path: String) -> String {
    if let resolved = realpath(path, nil) {
        defer { free(resolved) }
        return String(cString: resolved)
    }
    let url = URL(fileURLWithPath: path)
    let folder = url.deletingLastPathComponent().path
    guard let resolved = realpath(folder, nil) else { return url.standardizedFileURL.path }
    defer { free(resolved) }
    return URL(fileURLWithPath: String(cString: resolved)).appendingPathComponent(url.lastPathComponent).path
}

/// The summary.json a result argument names: `path` itself when it is a JSON file, else the file
/// in that folder; a usage error (exit 64) when it cannot be read.
func summaryFile(_ path: String) throws -> URL {
    let url = URL(fileURLWithPath: path)
    let file = path.hasSuffix(".json") ? url : url.appendingPathComponent("summary.json")
    try requireReadable(file.path, "the summary")
    return file
}

/// Prints a one-line error to standard error, as `uisim: …`.
func report(_ message: String) {
    var stderr = StandardError()
    print("uisim: \(TraceEcho.safeForTerminal(message))", to: &stderr)
}

struct StandardError: TextOutputStream {
    mutating func write(_ string: String) {
        FileHandle.standardError.write(Data(string.utf8))
    }
}
