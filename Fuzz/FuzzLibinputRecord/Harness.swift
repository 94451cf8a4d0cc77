// libFuzzer harness for the LibinputRecord reader (`make fuzz`, Fuzz/README.md). Built plainly, it
// reads the files named on its command line (to replay a finding without the fuzzer).
import Foundation
import Traces
#if FUZZING
import CFuzzing
#endif

@main enum Harness {
    static func main() {
        #if FUZZING
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in
            TraceFuzzing.drain(.libinputRecord, data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
            return 0
        })
        #else
        TraceFuzzing.main(.libinputRecord)
        #endif
    }
}
