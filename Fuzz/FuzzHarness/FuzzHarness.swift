// What every harness in Fuzz/ runs (`make fuzz`, Fuzz/README.md): built with -D FUZZING and
// -sanitize=fuzzer, libFuzzer's driver feeding one trace reader; built plainly, the reader over
// the files named on the command line (to replay a finding without the fuzzer).
import Foundation
import Traces
#if FUZZING
import CFuzzing
#endif

/// The reader being fuzzed: libFuzzer's callback is a C function, so it cannot capture it.
nonisolated(unsafe) private var fuzzedFormat = TraceFile.Format.native

/// Runs the harness for `format`'s reader; does not return when fuzzing. `--write-seeds FOLDER`
/// writes the reader's generated seeds (`TraceFuzzing.seeds`) into FOLDER instead, in either build.
public func runFuzzHarness(_ format: TraceFile.Format) {
    let arguments = CommandLine.arguments.dropFirst()
    if arguments.first == "--write-seeds" {
        guard let folder = arguments.dropFirst().first else {
            print("usage: \(CommandLine.arguments[0]) --write-seeds FOLDER")
            exit(64)
        }
        do {
            let count = try TraceFuzzing.writeSeeds(format, to: URL(fileURLWithPath: folder))
            print("\(count) seeds written to \(folder)")
            return
        } catch {
            print("cannot write seeds to \(folder): \(error)")
            exit(73)
        }
    }
    #if FUZZING
    fuzzedFormat = format
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        TraceFuzzing.drain(fuzzedFormat, data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
        return 0
    })
    #else
    TraceFuzzing.main(format)
    #endif
}
