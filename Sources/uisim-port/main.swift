// `uisim-port SRC… -o OUT`: `uisim port` alone, for the UISimPort build-tool plugin (a tool that
// links only the port, not the simulator). Exit codes as uisim's: 64 usage or unreadable input,
// 65 a Swift file too big to be one, 73 an output that cannot be written.
import Foundation
import Port
import Support

var arguments = Array(CommandLine.arguments.dropFirst())
var output: String?
if let flag = arguments.firstIndex(of: "-o"), flag + 1 < arguments.count {
    output = arguments[flag + 1]
    arguments.removeSubrange(flag...(flag + 1))
}

func fail(_ message: String, _ code: Int32) -> Never {
    FileHandle.standardError.write(Data("uisim-port: \(message)\n".utf8))
    exit(code)
}

guard let output, !arguments.isEmpty else { fail("usage: uisim-port SRC… -o OUT", 64) }
do {
    try PortJob.checkOutput(output, against: arguments)
    let result = try PortJob(sources: arguments).run(output: URL(fileURLWithPath: output))
    // A build shows the port's findings as warnings at their places.
    for (path, finding) in result.findings {
        FileHandle.standardError.write(Data("\(path):\(finding.line): warning: \(finding.message)\n".utf8))
    }
} catch let error as FileError {
    fail(error.description, error.kind == .unwritable ? 73 : error.kind == .malformed ? 65 : 64)
} catch {
    fail("\(error)", 64)
}
