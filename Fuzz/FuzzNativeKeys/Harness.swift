// libFuzzer harness for the Native reader's key lines (`make fuzz`, Fuzz/README.md): every input's
// bytes, whatever they are, typed as the text of key lines.
import FuzzHarness
import Traces

@main enum Harness {
    static func main() { runFuzzHarness(.native, keyLines: true) }
}
