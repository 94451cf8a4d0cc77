import Foundation

extension TraceFile {
    /// Copies the trace at `path` (any supported format, "-" for standard input) to a native
    /// trace at `output`, sample by sample, in constant memory, through `cut` if given: what
    /// `uisim trace convert` and `uisim trace cut` do. Every sample is checked as a replay checks
    /// it (`ContactTracker`); a broken input throws `TraceError` at its place and leaves the
    /// output as it was.
    public static func copy(_ path: String, options: TraceImportOptions, to output: URL, cut: TraceCut? = nil) throws {
        var cut = cut
        var stream = try open(path: path, options: options)
        let writer = try NativeTraceFileWriter(url: output, screen: stream.screen)
        var tracker = ContactTracker()
        while let sample = try stream.next() {
            guard let samples = cut != nil ? cut!.take(sample) : [sample] else { break }
            for sample in samples {
                do throws(SampleProblem) {
                    try tracker.accept(sample)
                } catch {
                    throw TraceError(file: path, line: nil, error.message)
                }
                try writer.write(sample)
            }
        }
        try writer.finish()
    }
}
