// libFuzzer harness for the LibinputRecord reader (`make fuzz`, Fuzz/README.md).
import FuzzHarness

@main enum Harness {
    static func main() { runFuzzHarness(.libinputRecord) }
}
