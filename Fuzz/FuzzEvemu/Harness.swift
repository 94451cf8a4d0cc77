// libFuzzer harness for the Evemu reader (`make fuzz`, Fuzz/README.md).
import FuzzHarness

@main enum Harness {
    static func main() { runFuzzHarness(.evemu) }
}
