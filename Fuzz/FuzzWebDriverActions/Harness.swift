// libFuzzer harness for the WebDriverActions reader (`make fuzz`, Fuzz/README.md).
import FuzzHarness

@main enum Harness {
    static func main() { runFuzzHarness(.webDriverActions) }
}
