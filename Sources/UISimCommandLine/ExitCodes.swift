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
    /// Could not write outputs (sysexits' EX_CANTCREAT).
    static let cannotWrite = ExitCode(73)
    /// Interrupted by SIGINT, after writing complete outputs for the frames done.
    static let interrupted = ExitCode(130)
}

/// Runs `body`, reporting a broken input (exit 65) or an output that cannot be written (exit
/// 73) as the README documents; an experiment stopped by a signal between two runs exits 130 or
/// 143 with no comparison.
func withDataExitCodes<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let interrupted as Interrupted {
        Interruption.record(interrupted.signal)
        report("interrupted: no comparison written")
        throw Interruption.exitCode ?? Exit.interrupted
    } catch let error as TraceError {
        report(error.description)
        throw Exit.badData
    } catch let error as OutputError {
        report(error.description)
        throw Exit.cannotWrite
    }
}

/// A usage error (exit 64, "cannot read …") unless `path` names a readable file: what every
/// command that takes a file checks before it starts.
func requireReadable(_ path: String, _ what: String) throws {
    guard FileManager.default.isReadableFile(atPath: path) else { throw ValidationError("cannot read \(what) '\(path)'") }
}

/// The summary.json a result argument names: `path` itself when it is a JSON file, else the file
/// in that folder; a usage error (exit 64) when it cannot be read.
func summaryFile(_ path: String) throws -> URL {
    let url = URL(fileURLWithPath: path)
    let file = path.hasSuffix(".json") ? url : url.appendingPathComponent("summary.json")
    try requireReadable(file.path, "the summary")
    return file
}

/// Copies the trace at `path` (any format) to a native trace at `output`, sample by sample, in
/// constant memory, through `cut` if given: 65 for a broken input (the output left as it was),
/// 73 when the output cannot be written.
func copyTrace(_ path: String, options: TraceImportOptions, to output: String, cut: TraceCut? = nil) throws {
    var cut = cut
    try withDataExitCodes {
        var stream = try TraceFile.open(path: path, options: options)
        let writer = try NativeTraceFileWriter(url: URL(fileURLWithPath: output), screen: stream.screen)
        var tracker = ContactTracker()
        while let sample = try stream.next() {
            guard let samples = cut != nil ? cut!.take(sample) : [sample] else { break }
            for sample in samples {
                do {
                    try tracker.accept(sample)
                } catch let problem as SampleProblem {
                    throw TraceError(file: path, line: nil, problem.message)
                }
                try writer.write(sample)
            }
        }
        try writer.finish()
    }
}

/// Prints a one-line error to standard error, as `uisim: …`.
func report(_ message: String) {
    var stderr = StandardError()
    print("uisim: \(message)", to: &stderr)
}

struct StandardError: TextOutputStream {
    mutating func write(_ string: String) {
        FileHandle.standardError.write(Data(string.utf8))
    }
}

import Foundation
