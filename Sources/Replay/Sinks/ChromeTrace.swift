import Foundation

/// `trace.json`: the Chrome Trace Event Format (JSON object form), which Perfetto UI and
/// chrome://tracing open. Each frame is a span with a nested span per phase, laid end to end
/// from the frame's vsync; counter tracks follow pixels and hitches; touches are instant events.
public final class ChromeTrace: FrameSink {
    private let file: AtomicFile
    private var first = true

    public init(url: URL, name: String) throws {
        file = try AtomicFile(url)
        try file.append("{\"displayTimeUnit\":\"ms\",\"otherData\":{\"replay\":\(try StableJSON.string(name))},\"traceEvents\":[\n")
        try event(["name": "process_name", "ph": "M", "pid": 1, "tid": 1, "args": ["name": "uisim replay"]])
        try event(["name": "thread_name", "ph": "M", "pid": 1, "tid": 1, "args": ["name": "main run loop"]])
    }

    private func event(_ fields: [String: Any]) throws {
        let data = try JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])
        try file.append((first ? "" : ",\n") + String(decoding: data, as: UTF8.self))
        first = false
    }

    public func write(_ frame: FrameRecord) throws {
        let start = (frame.vsync * 1_000_000).rounded()
        let p = frame.phases
        try event(["name": "frame \(frame.frame)", "cat": "frame", "ph": "X", "pid": 1, "tid": 1, "ts": start,
                   "dur": max(p.total, 0.001), "args": ["hitch_ms": frame.hitch, "mode": frame.mode]])
        var offset = start
        for (name, micros) in [("event", p.event), ("timers", p.timers), ("layout", p.layout), ("display", p.display), ("render", p.render)]
        where micros > 0 {
            try event(["name": name, "cat": "phase", "ph": "X", "pid": 1, "tid": 1, "ts": offset, "dur": micros])
            offset += micros
        }
        let c = frame.counts
        try event(["name": "pixels", "ph": "C", "pid": 1, "ts": start,
                   "args": ["composited": c.compositedPixels, "blended": c.blendedPixels, "occluded": c.occludedPixels, "drawn": c.drawnPixels]])
        try event(["name": "hitch ms", "ph": "C", "pid": 1, "ts": start, "args": ["hitch": frame.hitch]])
        let t = frame.touches
        for (name, count) in [("touch began", t.began), ("touch moved", t.moved), ("touch ended", t.ended), ("touch cancelled", t.cancelled)]
        where count > 0 {
            try event(["name": name, "cat": "touch", "ph": "i", "s": "t", "pid": 1, "tid": 1, "ts": start, "args": ["count": count]])
        }
    }

    /// Closes the JSON and moves the complete file into place.
    public func finish() throws {
        try file.append("\n]}\n")
        try file.commit()
    }
}
