import Foundation

/// Imports W3C WebDriver actions (the body of `POST /session/{id}/actions`, which Appium and
/// other WebDriver drivers send to iOS devices): `{"actions": [source…]}` or the list of sources
/// alone. Each `pointer` source is a finger (`pointerType` `touch`; `pen` is a pencil, `mouse` is
/// replayed as a finger with a warning).
///
/// Actions run in ticks as the specification says: the n-th action of every source makes tick n,
/// which lasts as long as its longest `pause` or `pointerMove`. `pointerDown`, `pointerUp` and
/// `pointerCancel` happen at the start of their tick; a `pointerMove` with a duration is
/// interpolated in a straight line at the screen's touch sample rate
/// (`TraceScreen.touchSampleRate`), fingers moving in parallel. Coordinates are viewport points
/// (`origin` `viewport`, the default) or offsets from the pointer (`pointer`); element origins need
/// a live app and are an error. `pressure` (0…1) becomes `force` (0.5 is 1.0, an average touch),
/// `width` and `height` the contact's radius. Pointers still down at the end are cancelled.
/// A `key` source's `keyDown` types its `value` at the start of its tick (a key sample, as
/// Appium's `sendKeys` sends them): WebDriver's Backspace (U+E003) is delete, Return and Enter
/// (U+E006, U+E007) the return key, Tab (U+E004) and Space (U+E00D) themselves; other special
/// keys (modifiers, arrows) are skipped with a warning. `keyUp` only waits.
///
/// The document is read whole (at most `TraceLimits.maxWholeFileBytes`); samples are made as they
/// are asked for, so a long gesture takes no memory.
public struct WebDriverActionsReader: TouchSampleStream {
    public let screen: TraceScreen?
    public var warnings: [TraceWarning] { log.all }
    public private(set) var contactsCancelledAtEnd = 0
    public var format: String { "webdriver-actions" }

    private let file: String
    private var log: WarningLog
    /// Milliseconds between two samples of a moving pointer (the screen's touch sample rate).
    private let interval: Double
    private var sources: [Source] = []
    private let tickCount: Int
    /// How long each tick lasts, in milliseconds (its longest pause or move).
    private var tickLengths: [Double] = []
    /// The sources with an action in each tick, in their order: those of tick t are
    /// `tickSources[tickSourceStart[t]..<tickSourceStart[t + 1]]`. A tick visits only its own
    /// sources, so that many sources with few actions and one with many cost their actions, not
    /// their product.
    private var tickSourceStart: [Int] = []
    private var tickSources: [Int] = []
    private var tick = 0
    /// The current tick's start and end, in milliseconds (as the actions give durations, so that
    /// whole milliseconds add up exactly).
    private var tickStart = 0.0
    private var tickEnd = 0.0
    private var queue: [TouchSample] = []
    private var queueIndex = 0
    private var moves: [Move] = []
    private var finished = false
    /// Set by the first error: what follows it cannot be trusted, so reading ends there.
    private var failed = false
    private var tracker = ContactTracker()

    private struct Source {
        var id: String
        var line: Int
        var isPointer: Bool
        var isPencil: Bool
        var contact: Int
        var actions: [Action]
        var position = CGPoint.zero
        var isDown = false
        var force: Double?
        var radius: Double?
    }

    private struct Action {
        enum Kind { case down, up, cancel, move, pause, key, ignored }
        var kind: Kind
        var line: Int
        /// Milliseconds; nil when not given (a move then lasts its tick).
        var duration: Double?
        var x = 0.0, y = 0.0
        var relative = false
        var force: Double?
        var radius: Double?
        /// What a `keyDown` types.
        var text: String?
    }

    /// A move under way, stepped by count: its k-th sample of n comes k sample intervals after its
    /// start and the n-th exactly at its end, so that it ends whatever its duration (adding up
    /// fractions of it in floating point may fall just short of the end, and never end).
    private struct Move {
        var source: Int
        var from: CGPoint
        var to: CGPoint
        /// Milliseconds from the start of the actions.
        var start: Double
        /// Milliseconds, more than 0.
        var duration: Double
        /// Milliseconds between samples.
        var interval: Double
        /// The samples the move makes: the fewest whose spacing is at most `interval`.
        var steps: Int
        /// The number of the next sample, from 1.
        var step = 1

        init(source: Int, from: CGPoint, to: CGPoint, start: Double, duration: Double, interval: Double) {
            self.source = source
            self.from = from
            self.to = to
            self.start = start
            self.duration = duration
            self.interval = interval
            let exact = (duration / interval).rounded(.up)
            var steps = exact.isFinite ? Int(min(max(exact, 1), 1e15)) : 1
            // Division rounds: make sure every sample before the last is before the end, and the
            // last gap no longer than the others.
            if steps > 1 && Double(steps - 1) * interval >= duration { steps -= 1 }
            if Double(steps) * interval < duration { steps += 1 }
            self.steps = steps
        }

        /// Milliseconds from the move's start to sample `k`: the last exactly at the end.
        func offset(_ k: Int) -> Double {
            k < steps ? Double(k) * interval : duration
        }

        /// The time of the next sample, in seconds.
        var nextTime: Double { (start + offset(step)) / 1000 }

        /// Where the next sample is: on the straight line, the last exactly at the target.
        var nextLocation: CGPoint {
            guard step < steps else { return to }
            let f = offset(step) / duration
            return CGPoint(x: from.x + (to.x - from.x) * f, y: from.y + (to.y - from.y) * f)
        }

        var isLast: Bool { step >= steps }
    }

    /// What the reader holds besides the actions: samples made and not yet returned, and moves
    /// under way. At most one move per pointer, and the samples of one tick's start (one per
    /// pointer), however long a move is: interpolated samples are made one at a time.
    var pending: (samples: Int, moves: Int) { (queue.count - queueIndex, moves.count) }

    /// Reads `url` whole and checks every action.
    public init(url: URL, options: TraceImportOptions = TraceImportOptions()) throws {
        let (name, bytes) = try TraceSource.file(url, interruption: options.interruption).whole()
        try self.init(bytes: bytes, name: name, options: options)
    }

    /// Reads actions held in memory; `name` stands for the file in errors.
    public init(text: String, name: String = "<memory>", options: TraceImportOptions = TraceImportOptions()) throws {
        try self.init(bytes: Array(text.utf8), name: name, options: options)
    }

    init(bytes: [UInt8], name: String, options: TraceImportOptions) throws {
        file = name
        log = WarningLog(file: name)
        screen = options.screen
        interval = 1000 / options.screen.touchSampleRate
        let root = try JSONNode.parse(bytes, file: name)
        guard let list = root["actions"]?.array ?? root.array else {
            throw TraceError(file: name, line: root.line, "expected {\"actions\": [input sources…]} or a list of input sources")
        }
        var contacts = 0
        var idLines: [String: Int] = [:]
        for node in list {
            let source = try Self.source(node, file: name, log: &log, contact: contacts + 1)
            if source.isPointer {
                contacts += 1
                guard contacts <= TraceLimits.maxSimultaneousContacts else {
                    throw TraceError(file: name, line: node.line, "more than \(TraceLimits.maxSimultaneousContacts) pointers")
                }
            }
            if let first = idLines[source.id] {
                throw TraceError(file: name, line: node.line, "input source id \(TraceEcho.quoted(source.id)) is used twice (first on line \(first))")
            }
            idLines[source.id] = node.line
            sources.append(source)
        }
        guard contacts > 0 || sources.contains(where: { $0.actions.contains { $0.kind == .key } }) else {
            throw TraceError(file: name, line: root.line, "no pointer input source and no key typed: nothing touches the screen")
        }
        tickCount = sources.map(\.actions.count).max() ?? 0
        try arrangeTicks(file: name)
    }

    /// Finds each tick's sources and length, in one pass over the actions. The end of the
    /// actions is then known before any sample is made: actions that last past the time limit
    /// are refused at once, at the action that passes it, not after making every sample up to it.
    private mutating func arrangeTicks(file: String) throws {
        tickSourceStart = Array(repeating: 0, count: tickCount + 1)
        for source in sources {
            for tick in source.actions.indices { tickSourceStart[tick + 1] += 1 }
        }
        for tick in 0..<tickCount { tickSourceStart[tick + 1] += tickSourceStart[tick] }
        tickSources = Array(repeating: 0, count: tickSourceStart[tickCount])
        tickLengths = Array(repeating: 0, count: tickCount)
        var tickLines = [Int?](repeating: nil, count: tickCount)
        var filled = tickSourceStart
        for (index, source) in sources.enumerated() {
            for (tick, action) in source.actions.enumerated() {
                tickSources[filled[tick]] = index
                filled[tick] += 1
                if action.kind == .pause || action.kind == .move, let duration = action.duration, duration > tickLengths[tick] {
                    tickLengths[tick] = duration
                    tickLines[tick] = action.line
                }
            }
        }
        var end = 0.0
        for tick in 0..<tickCount {
            end += tickLengths[tick]
            guard end <= TraceLimits.maxTime * 1000 else {
                throw TraceError(file: file, line: tickLines[tick], "time \(TraceNumber.format(end / 1000)) is past the limit of \(TraceNumber.format(TraceLimits.maxTime)) s")
            }
        }
    }

    private static func source(_ node: JSONNode, file: String, log: inout WarningLog, contact: Int) throws -> Source {
        func fail(_ message: String, _ at: JSONNode) -> TraceError { TraceError(file: file, line: at.line, message) }
        guard node.isObject else { throw fail("an input source must be an object", node) }
        guard let type = node["type"]?.string else { throw fail("an input source needs a \"type\": pointer, key, none or wheel", node) }
        guard let id = node["id"]?.string else { throw fail("an input source needs an \"id\"", node) }
        guard ["pointer", "key", "none", "wheel"].contains(type) else {
            throw fail("unknown input source type \(TraceEcho.quoted(type)): expected pointer, key, none or wheel", node)
        }
        var pencil = false
        if type == "pointer" {
            let pointerType = node["parameters"]?["pointerType"]?.string ?? "mouse"
            switch pointerType {
            case "touch": break
            case "pen": pencil = true
            case "mouse": log.add(line: node.line, "pointer \(TraceEcho.quoted(id)) is a mouse (the default pointerType): replayed as a finger")
            default: throw fail("unknown pointerType \(TraceEcho.quoted(pointerType)): expected touch, pen or mouse", node)
            }
        }
        guard let list = node["actions"]?.array else { throw fail("input source \(TraceEcho.quoted(id)) needs an \"actions\" list", node) }
        var actions: [Action] = []
        var warnedIgnored = false
        for item in list {
            guard let kind = item["type"]?.string else { throw fail("an action needs a \"type\"", item) }
            var action = Action(kind: .ignored, line: item.line)
            if let value = item["duration"] {
                guard let ms = value.number, ms >= 0, ms <= TraceLimits.maxTime * 1000 else {
                    throw fail("bad duration: expected milliseconds from 0 to \(Int(TraceLimits.maxTime * 1000))", value)
                }
                action.duration = ms
            }
            switch (type, kind) {
            case (_, "pause"):
                action.kind = .pause
            case ("pointer", "pointerDown"), ("pointer", "pointerMove"):
                action.kind = kind == "pointerDown" ? .down : .move
                if let pressure = item["pressure"] {
                    guard let p = pressure.number, p >= 0, p <= 1 else { throw fail("bad pressure: expected a number from 0 to 1", pressure) }
                    action.force = p * 2
                }
                let width = item["width"]?.number, height = item["height"]?.number
                if width != nil || height != nil {
                    let size = max(width ?? 0, height ?? 0)
                    guard size >= 0, size <= TraceLimits.maxCoordinate else { throw fail("bad width or height", item) }
                    action.radius = size / 2
                }
                if kind == "pointerMove" {
                    guard let x = item["x"]?.number, let y = item["y"]?.number else { throw fail("pointerMove needs numbers \"x\" and \"y\"", item) }
                    guard abs(x) <= TraceLimits.maxCoordinate, abs(y) <= TraceLimits.maxCoordinate else {
                        throw fail("position (\(x), \(y)) is past the limit of \(TraceLimits.maxCoordinate)", item)
                    }
                    action.x = x
                    action.y = y
                    if let origin = item["origin"] {
                        switch origin.string {
                        case "viewport": break
                        case "pointer": action.relative = true
                        default: throw fail("origin must be \"viewport\" or \"pointer\": element origins need a live app", origin)
                        }
                    }
                }
            case ("pointer", "pointerUp"):
                action.kind = .up
            case ("pointer", "pointerCancel"):
                action.kind = .cancel
            case ("key", "keyDown"):
                guard let value = item["value"]?.string, value.unicodeScalars.count == 1, let scalar = value.unicodeScalars.first else {
                    throw fail("keyDown needs a \"value\": one character or WebDriver key code", item)
                }
                switch scalar.value {
                case 0xE003: action.text = "\u{8}"
                case 0xE006, 0xE007: action.text = "\n"
                case 0xE004: action.text = "\t"
                case 0xE00D: action.text = " "
                case 0xE000...0xF8FF:
                    log.add(line: item.line, "key \(String(format: "U+%04X", scalar.value)) types nothing (a modifier or a navigation key): skipped")
                default: action.text = value
                }
                if action.text != nil { action.kind = .key }
            case ("key", "keyUp"):
                break   // the key was typed at its keyDown
            case ("wheel", "scroll"):
                if !warnedIgnored {
                    log.add(line: item.line, "\(type) actions have no touch equivalent: \(TraceEcho.quoted(id)) only waits")
                    warnedIgnored = true
                }
            default:
                throw fail("unknown action \(TraceEcho.quoted(kind)) for a \(type) input source", item)
            }
            actions.append(action)
        }
        return Source(id: id, line: node.line, isPointer: type == "pointer", isPencil: pencil, contact: contact, actions: actions)
    }

    public mutating func next() throws -> TouchSample? {
        guard !failed else { return nil }
        do {
            return try produce()
        } catch {
            failed = true
            throw error
        }
    }

    private mutating func produce() throws -> TouchSample? {
        while true {
            if queueIndex < queue.count {
                defer { queueIndex += 1 }
                return queue[queueIndex]
            }
            queue.removeAll(keepingCapacity: true)
            queueIndex = 0
            if !moves.isEmpty {
                try stepMoves()
            } else if tick < tickCount {
                tickStart = tickEnd
                try beginTick()
                tick += 1
            } else if !finished {
                finished = true
                for i in sources.indices where sources[i].isDown {
                    sources[i].isDown = false
                    try emit(i, .cancel, at: tickEnd / 1000, line: nil)
                    contactsCancelledAtEnd += 1
                    log.add(line: nil, "pointer \(TraceEcho.quoted(sources[i].id)) was still down at the end: cancelled at \(TraceNumber.format(tickEnd / 1000)) s")
                }
            } else {
                return nil
            }
        }
    }

    private mutating func emit(_ index: Int, _ phase: TouchSample.Phase, at time: Double, line: Int?) throws {
        let source = sources[index]
        let sample = TouchSample(time: time, contact: source.contact, phase: phase, location: source.position,
                                 force: phase == .down || phase == .move ? source.force : nil,
                                 majorRadius: phase == .down || phase == .move ? source.radius : nil,
                                 altitude: source.isPencil ? .pi / 2 : nil, azimuth: source.isPencil ? 0 : nil)
        do {
            try tracker.accept(sample)
        } catch {
            throw TraceError(file: file, line: line, error.message)
        }
        queue.append(sample)
    }

    /// Runs the start of tick `tick`: presses and lifts, instant moves, and the moves to
    /// interpolate; sets the tick's end.
    private mutating func beginTick() throws {
        let duration = tickLengths[tick]
        tickEnd = tickStart + duration
        for i in tickSources[tickSourceStart[tick]..<tickSourceStart[tick + 1]] {
            let action = sources[i].actions[tick]
            if let force = action.force { sources[i].force = force }
            if let radius = action.radius { sources[i].radius = radius }
            switch action.kind {
            case .down:
                guard !sources[i].isDown else {
                    throw TraceError(file: file, line: action.line, "pointer \(TraceEcho.quoted(sources[i].id)) goes down while already down")
                }
                sources[i].isDown = true
                try emit(i, .down, at: tickStart / 1000, line: action.line)
            case .up, .cancel:
                guard sources[i].isDown else {
                    log.add(line: action.line, "pointer \(TraceEcho.quoted(sources[i].id)) is not down: \(action.kind == .up ? "pointerUp" : "pointerCancel") skipped")
                    continue
                }
                sources[i].isDown = false
                try emit(i, action.kind == .up ? .up : .cancel, at: tickStart / 1000, line: action.line)
            case .move:
                let from = sources[i].position
                let to = action.relative ? CGPoint(x: from.x + action.x, y: from.y + action.y) : CGPoint(x: action.x, y: action.y)
                let length = action.duration ?? duration
                if length > 0 && sources[i].isDown {
                    moves.append(Move(source: i, from: from, to: to, start: tickStart, duration: length, interval: interval))
                } else {
                    sources[i].position = to
                    if sources[i].isDown { try emit(i, .move, at: tickStart / 1000, line: action.line) }
                }
            case .key:
                let sample = TouchSample.key(time: tickStart / 1000, text: action.text ?? "")
                do {
                    try tracker.accept(sample)
                } catch {
                    throw TraceError(file: file, line: action.line, error.message)
                }
                queue.append(sample)
            case .pause, .ignored:
                break
            }
        }
    }

    /// Makes the next sample of the moves under way: the earliest, the first source on a tie.
    private mutating func stepMoves() throws {
        var best = 0
        for m in moves.indices.dropFirst() where moves[m].nextTime < moves[best].nextTime { best = m }
        var move = moves[best]
        sources[move.source].position = move.nextLocation
        let line = sources[move.source].actions[tick - 1].line
        try emit(move.source, .move, at: move.nextTime, line: line)
        if move.isLast {
            moves.remove(at: best)
        } else {
            move.step += 1
            moves[best] = move
        }
    }
}
