import Foundation
import QuartzCore
import Traces
import Support

/// `trace.json`: the Chrome Trace Event Format (JSON object form), which Perfetto UI and
/// chrome://tracing open. Two threads, as on iOS: the app's main thread (a span per frame's app
/// stage, its event and commit phases nested in it) and the render server (a span per frame's
/// render stage, render prepare and execute nested); spans on one thread never overlap. Each
/// frame's expected and actual presentation are async slices on two more tracks, as Perfetto's
/// FrameTimeline shows them; each animation is an async slice from the frame that first rendered
/// it to the one that showed its end; counter tracks follow every counter (a track per unit) and hitches; touches are instant events.
public final class ChromeTrace: FrameSink {
    private let file: AtomicFile
    private var first = true
    /// Transitions begun and not yet ended (id → slice name), and the last frame's presentation
    /// (µs): a replay that ends in the middle of one closes its slice there.
    private var openTransitions: [Int: String] = [:]
    private var lastPresented = 0.0
    /// The thread ids of the two threads.
    static let mainThread = 1, renderServer = 2, text = 3

    public init(url: URL, name: String, renderMode: RenderMode = .estimated) throws {
        file = try AtomicFile(url)
        try file.append("{\"displayTimeUnit\":\"ms\",\"otherData\":{\"replay\":\(try StableJSON.string(name))},\"traceEvents\":[\n")
        let render = renderMode == .estimated ? "render server (estimated)" : "render server (cairo, measured)"
        for (kind, tid, name) in [("process_name", 0, "uisim replay"), ("thread_name", Self.mainThread, "main thread"),
                                  ("thread_name", Self.renderServer, render),
                                  ("thread_name", Self.text, "text, inside the commit phase (all of it, from the phase's start)")] {
            try event { o in
                o("args") { o in o("name", name) }
                o("name", kind)
                o("ph", "M")
                o("pid", 1)
                if tid > 0 { o("tid", tid) }
            }
        }
    }

    /// Writes one event; `members` adds its fields, in sorted order.
    private func event(_ members: (inout JSONObject) -> Void) throws {
        try file.append((first ? "" : ",\n") + JSONText.object(capacity: 160, members))
        first = false
    }

    /// The counter tracks, one per unit ("counts", "pixels", "bytes"), each following every
    /// counter of that unit under its JSON name (as frames.jsonl and summary.json name it).
    static let counterTracks: [(name: String, counters: [(Counter, String)])] = [FigureUnit.count, .pixels, .bytes].map { unit in
        (unit == .count ? "counts" : unit.rawValue, FrameRecord.countersByName.filter { $0.0.unit == unit })
    }

    private static func micros(_ seconds: Double) -> Double {
        (seconds * 1_000_000).rounded()
    }

    /// A complete span ("X") on `tid`.
    private func span(_ name: String, category: String, tid: Int, start: Double, duration: Double,
                      args: ((inout JSONObject) -> Void)? = nil) throws {
        try event { o in
            if let args { o("args", object: args) }
            o("cat", category)
            o("dur", max(duration, 0.001))
            o("name", name)
            o("ph", "X")
            o("pid", 1)
            o("tid", tid)
            o("ts", start)
        }
    }

    /// An async slice ("b"/"e") on the track called `name`: slices of one track may overlap.
    private func slice(_ name: String, id: Int, start: Double, end: Double, args: (inout JSONObject) -> Void) throws {
        for (phase, time) in [("b", start), ("e", end)] {
            try event { o in
                if phase == "b" { o("args", object: args) }
                o("cat", "frame timeline")
                o("id", id)
                o("name", name)
                o("ph", phase)
                o("pid", 1)
                o("ts", time)
            }
        }
    }

    public func write(_ frame: FrameRecord) throws {
        guard frame.kind == .frame else { return try touchEvents(frame.touches, at: Self.micros(frame.vsync)) }
        let s = frame.stages
        let appStart = Self.micros(frame.appStart), appEnd = Self.micros(frame.commitEnd)
        try span("frame \(frame.frame)", category: "app", tid: Self.mainThread, start: appStart, duration: appEnd - appStart) { o in
            o("hitch_ms", frame.hitch)
            o("hitch_type", frame.hitchType.rawValue)
            o("mode", frame.mode)
        }
        // The event phase opens the turn; the commit phase closes it.
        if s[.event] > 0 { try span("event", category: "app", tid: Self.mainThread, start: appStart, duration: min(s[.event], appEnd - appStart)) }
        // The phases end with the stage; their times (the thread's share of the turn, rounded to
        // nanoseconds) may add up to a hair more than the stage's wall span: they start no earlier
        // than the stage and end no later.
        var offset = max(appStart, appEnd - (s[.constraints] + s[.layout] + s[.display] + s[.prepare] + s[.commit]))
        let commitStart = offset
        for stage in [Stage.constraints, .layout, .display, .prepare, .commit] where s[stage] > 0 {
            let duration = min(s[stage], max(0, appEnd - offset))
            try span(stage.rawValue, category: "commit", tid: Self.mainThread, start: offset, duration: duration)
            offset += duration
        }
        // Text's work is spread over the constraints, layout and display phases: its sum, on a
        // track of its own from the commit phase's start.
        if s[.text] > 0 { try span("text", category: "commit", tid: Self.text, start: commitStart, duration: s[.text]) }
        let renderStart = Self.micros(frame.renderStart)
        try span("render \(frame.frame)", category: "render", tid: Self.renderServer, start: renderStart, duration: s[.render])
        if s[.renderPrepare] > 0 {
            try span("render prepare", category: "render", tid: Self.renderServer, start: renderStart, duration: s[.renderPrepare])
        }
        if s[.renderExecute] > 0 {
            try span("render execute", category: "render", tid: Self.renderServer, start: renderStart + s[.renderPrepare], duration: s[.renderExecute])
        }
        // Each animation is an async slice on the render server's animation track, from the
        // frame that first rendered it to the one that showed its end.
        for animation in frame.animations {
            try event { o in
                if animation.began { o("args") { o in o("frame", frame.frame) } }
                o("cat", "animation")
                o("id", animation.id)
                o("name", animation.name)
                o("ph", animation.began ? "b" : "e")
                o("pid", 1)
                o("tid", Self.renderServer)
                o("ts", renderStart)
            }
        }
        // Each screen transition is an async slice on the main thread, from the app stage of the
        // frame that began it to the presentation of the one that ended it.
        lastPresented = Self.micros(frame.presented)
        for transition in frame.transitions {
            let began = transition.phase == .began
            let name = "\(transition.kind.rawValue) \(transition.name)"
            if began { openTransitions[transition.id] = name } else { openTransitions[transition.id] = nil }
            try event { o in
                if began { o("args") { o in o("frame", frame.frame) } }
                if !began { o("args") { o in o("outcome", transition.phase.rawValue) } }
                o("cat", "transition")
                o("id", transition.id)
                o("name", name)
                o("ph", began ? "b" : "e")
                o("pid", 1)
                o("tid", Self.mainThread)
                o("ts", began ? appStart : Self.micros(frame.presented))
            }
        }
        let vsync = Self.micros(frame.vsync)
        try slice("expected timeline", id: frame.frame, start: vsync, end: Self.micros(frame.expected)) { o in o("frame", frame.frame) }
        try slice("actual timeline", id: frame.frame, start: vsync, end: Self.micros(frame.presented)) { o in
            o("frame", frame.frame)
            o("hitch_type", frame.hitchType.rawValue)
        }
        for (track, counters) in Self.counterTracks {
            try event { o in
                o("args") { o in
                    for (counter, name) in counters { o(name, frame.counts[counter]) }
                }
                o("name", track)
                o("ph", "C")
                o("pid", 1)
                o("ts", appStart)
            }
        }
        try event { o in
            o("args") { o in o("hitch", frame.hitch) }
            o("name", "hitch ms")
            o("ph", "C")
            o("pid", 1)
            o("ts", Self.micros(frame.presented))
        }
        try touchEvents(frame.touches, at: appStart)
    }

    /// Instant events for the touches a record delivered, at `time` (µs).
    private func touchEvents(_ t: FrameRecord.Touches, at time: Double) throws {
        for (name, count) in [("touch began", t.began), ("touch moved", t.moved), ("touch ended", t.ended), ("touch cancelled", t.cancelled)]
        where count > 0 {
            try event { o in
                o("args") { o in o("count", count) }
                o("cat", "touch")
                o("name", name)
                o("ph", "i")
                o("pid", 1)
                o("s", "t")
                o("tid", Self.mainThread)
                o("ts", time)
            }
        }
    }

    /// Gives the file up (its temporary file removed).
    public func abandon() {
        file.abandon()
    }

    /// Closes the JSON and finishes the file, not yet moved into place (`file.moveIntoPlace()`).
    func finishWriting() throws {
        for (id, name) in openTransitions.sorted(by: { $0.key < $1.key }) {
            try event { o in
                o("args") { o in o("outcome", "unfinished") }
                o("cat", "transition")
                o("id", id)
                o("name", name)
                o("ph", "e")
                o("pid", 1)
                o("tid", Self.mainThread)
                o("ts", lastPresented)
            }
        }
        openTransitions = [:]
        try file.append("\n]}\n")
        try file.finishWriting()
    }

    /// The file, for the set of outputs it is moved into place with.
    var output: AtomicFile { file }
}
