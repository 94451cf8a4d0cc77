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
        for (kind, name) in [("process_name", "uisim replay"), ("thread_name", "main run loop")] {
            try event { o in
                o("args") { o in o("name", name) }
                o("name", kind)
                o("ph", "M")
                o("pid", 1)
                o("tid", 1)
            }
        }
    }

    /// Writes one event; `members` adds its fields, in sorted order.
    private func event(_ members: (inout JSONObject) -> Void) throws {
        try file.append((first ? "" : ",\n") + JSONText.object(capacity: 160, members))
        first = false
    }

    public func write(_ frame: FrameRecord) throws {
        let start = (frame.vsync * 1_000_000).rounded()
        let p = frame.phases
        try event { o in
            o("args") { o in
                o("hitch_ms", frame.hitch)
                o("mode", frame.mode)
            }
            o("cat", "frame")
            o("dur", max(p.total, 0.001))
            o("name", "frame \(frame.frame)")
            o("ph", "X")
            o("pid", 1)
            o("tid", 1)
            o("ts", start)
        }
        var offset = start
        for (name, micros) in [("event", p.event), ("timers", p.timers), ("layout", p.layout), ("display", p.display), ("render", p.render)]
        where micros > 0 {
            try event { o in
                o("cat", "phase")
                o("dur", micros)
                o("name", name)
                o("ph", "X")
                o("pid", 1)
                o("tid", 1)
                o("ts", offset)
            }
            offset += micros
        }
        let c = frame.counts
        try event { o in
            o("args") { o in
                o("blended", c.blendedPixels)
                o("composited", c.compositedPixels)
                o("drawn", c.drawnPixels)
                o("occluded", c.occludedPixels)
            }
            o("name", "pixels")
            o("ph", "C")
            o("pid", 1)
            o("ts", start)
        }
        try event { o in
            o("args") { o in o("hitch", frame.hitch) }
            o("name", "hitch ms")
            o("ph", "C")
            o("pid", 1)
            o("ts", start)
        }
        let t = frame.touches
        for (name, count) in [("touch began", t.began), ("touch moved", t.moved), ("touch ended", t.ended), ("touch cancelled", t.cancelled)]
        where count > 0 {
            try event { o in
                o("args") { o in o("count", count) }
                o("cat", "touch")
                o("name", name)
                o("ph", "i")
                o("pid", 1)
                o("s", "t")
                o("tid", 1)
                o("ts", start)
            }
        }
    }

    /// Closes the JSON and moves the complete file into place.
    public func finish() throws {
        try file.append("\n]}\n")
        try file.commit()
    }
}
