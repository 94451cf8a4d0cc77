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

/// Runs the harness for `format`'s reader; does not return when fuzzing.
public func runFuzzHarness(_ format: TraceFile.Format) {
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
