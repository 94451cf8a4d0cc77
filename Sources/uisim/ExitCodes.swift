import ArgumentParser

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
