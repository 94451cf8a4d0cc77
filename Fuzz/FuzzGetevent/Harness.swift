// libFuzzer harness for the Getevent reader (`make fuzz`, Fuzz/README.md).
import FuzzHarness

@main enum Harness {
    static func main() { runFuzzHarness(.getevent) }
}
