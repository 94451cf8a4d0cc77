import Foundation
import Traces
import Support

/// `frames.jsonl`: one JSON object per frame (`"schema"` in each), written as frames finish.
public final class FramesJSONL: FrameSink {
    private let file: AtomicFile

    public init(url: URL) throws {
        file = try AtomicFile(url)
    }

    public func write(_ frame: FrameRecord) throws {
        try file.append(frame.jsonLine + "\n")
    }

    /// Finishes the file, not yet moved into place (`output.moveIntoPlace()`).
    func finishWriting() throws {
        try file.finishWriting()
    }

    /// The file, for the set of outputs it is moved into place with.
    var output: AtomicFile { file }

    /// Gives the file up (its temporary file removed).
    public func abandon() {
        file.abandon()
    }
}
