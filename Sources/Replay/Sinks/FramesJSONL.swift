import Foundation
import Traces

/// `frames.jsonl`: one JSON object per frame (`"schema": 2` in each), written as frames finish.
public final class FramesJSONL: FrameSink {
    private let file: AtomicFile

    public init(url: URL) throws {
        file = try AtomicFile(url)
    }

    public func write(_ frame: FrameRecord) throws {
        try file.append(frame.jsonLine + "\n")
    }

    /// Moves the complete file into place.
    public func finish() throws {
        try file.commit()
    }

    /// Gives the file up (its temporary file removed).
    public func abandon() {
        file.abandon()
    }
}
