// What every harness in Fuzz/ runs (`make fuzz`, Fuzz/README.md): built with -D FUZZING and
// -sanitize=fuzzer, libFuzzer's driver feeding one trace reader; built plainly, the reader over
// the files named on the command line (to replay a finding without the fuzzer).
import Foundation
import Traces
#if FUZZING
import CFuzzing
#endif

/// The reader being fuzzed, and whether the input is the text of key lines: libFuzzer's callback
/// is a C function, so it cannot capture them.
nonisolated(unsafe) private var fuzzedFormat = TraceFile.Format.native
nonisolated(unsafe) private var fuzzedKeyLines = false

/// Runs the harness for `format`'s reader; does not return when fuzzing. `--write-seeds FOLDER`
/// writes the reader's generated seeds (`TraceFuzzing.seeds`) into FOLDER instead, in either build.
/// With `keyLines`, each input is the text of native key lines (`TraceFuzzing.keyLines`).
public func runFuzzHarness(_ format: TraceFile.Format, keyLines: Bool = false) {
    let arguments = CommandLine.arguments.dropFirst()
    if arguments.first == "--write-seeds" {
        guard let folder = arguments.dropFirst().first else {
            print("usage: \(CommandLine.arguments[0]) --write-seeds FOLDER")
            exit(64)
        }
        do {
            let count = try keyLines ? TraceFuzzing.writeKeySeeds(to: URL(fileURLWithPath: folder))
                : TraceFuzzing.writeSeeds(format, to: URL(fileURLWithPath: folder))
            print("\(count) seeds written to \(folder)")
            return
        } catch {
            print("cannot write seeds to \(folder): \(error)")
            exit(73)
        }
    }
    #if FUZZING
    fuzzedFormat = format
    fuzzedKeyLines = keyLines
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        TraceFuzzing.drain(fuzzedFormat, fuzzedKeyLines ? TraceFuzzing.keyLines(bytes) : bytes)
        return 0
    })
    #else
    TraceFuzzing.main(format, keyLines: keyLines)
    #endif
}
