import Foundation

/// The warnings of one reader, at most `TraceLimits.maxWarnings` of them (then one saying how
/// many more were left out), so a file with a problem on every line cannot fill memory.
struct WarningLog: Sendable {
    private(set) var list: [TraceWarning] = []
    private var leftOut = 0
    private let file: String

    init(file: String) {
        self.file = file
    }

    mutating func add(line: Int?, _ message: String) {
        guard list.count < TraceLimits.maxWarnings else {
            leftOut += 1
            return
        }
        list.append(TraceWarning(file: file, line: line, message))
    }

    /// The warnings kept, and a last one counting those left out.
    var all: [TraceWarning] {
        leftOut == 0 ? list : list + [TraceWarning(file: file, line: nil, "\(leftOut) more warnings left out")]
    }
}
