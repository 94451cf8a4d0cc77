import Foundation

/// A progress bar on standard error, drawn only when standard error is a terminal, and at most
/// ten times a second.
struct ProgressBar {
    let total: Double?
    private var lastDraw = 0.0
    let enabled: Bool
    /// What is being replayed, such as "[2/7] fling", when it is one of several.
    let label: String?

    init(total: Double?, enabled: Bool, label: String? = nil) {
        self.total = total
        self.enabled = enabled && isatty(STDERR_FILENO) == 1
        self.label = label
    }

    mutating func update(frame: Int, time: Double) {
        guard enabled else { return }
        let now = Date().timeIntervalSinceReferenceDate
        guard now - lastDraw >= 0.1 else { return }
        lastDraw = now
        var line = "\r  replaying \(label.map { "\($0) " } ?? "")"
        if let total, total > 0 {
            let fraction = min(max(time / total, 0), 1)
            let filled = Int((fraction * 30).rounded())
            line += "[" + String(repeating: "#", count: filled) + String(repeating: " ", count: 30 - filled) + "] "
            line += String(format: "%3.0f%%  ", fraction * 100)
            line += String(format: "%.2f/%.2f s", time, total)
        } else {
            line += String(format: "%.2f s", time)
        }
        line += "  frame \(frame)\u{1B}[K"
        FileHandle.standardError.write(Data(line.utf8))
    }

    func finish() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
