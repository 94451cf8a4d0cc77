// libFuzzer harness for the Native reader (`make fuzz`, Fuzz/README.md).
import FuzzHarness

@main enum Harness {
    static func main() { runFuzzHarness(.native) }
}
