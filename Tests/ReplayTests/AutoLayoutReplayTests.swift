import Foundation
import QuartzCore
import Replay
import RunLoop
import Testing
import Traces
@testable import UIKit

/// The layout engine's work is counted in the frame that does it: constraints added and
/// removed, constants changed, updateConstraints calls, solves, intrinsic-size invalidations.
@Suite struct AutoLayoutReplayTests {
    final class Frames: FrameSink {
        var records: [FrameRecord] = []
        func write(_ frame: FrameRecord) throws { records.append(frame) }
        var total: Counts { records.reduce(into: Counts()) { $0.add($1.counts) } }
    }

    /// A screen whose button, on touch down, moves a box by its leading constraint and, on the
    /// lift, sets a label's text (a new intrinsic size); the launch layout comes before frame 0
    /// and is not counted.
    final class Screen: UIView {
        let box = UIView(), label = UILabel()
        var leading: NSLayoutConstraint!

        override init(frame: CGRect) {
            super.init(frame: frame)
            for view in [box, label] {
                view.translatesAutoresizingMaskIntoConstraints = false
                addSubview(view)
            }
            label.text = "Inbox"
            leading = box.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 16)
            NSLayoutConstraint.activate([
                leading, box.topAnchor.constraint(equalTo: topAnchor, constant: 100),
                box.widthAnchor.constraint(equalToConstant: 40), box.heightAnchor.constraint(equalToConstant: 40),
                label.leadingAnchor.constraint(equalTo: box.trailingAnchor, constant: 8),
                label.centerYAnchor.constraint(equalTo: box.centerYAnchor),
            ])
        }

        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { leading.constant = 60 }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { label.text = "Inbox (3)" }
    }

    /// `screen` in a window of its size, tapped at (200, 400) from 0.5 s for 0.1 s on the virtual
    /// clock: each frame's record.
    static func tap(_ screen: UIView, measuringWork: Bool = false) throws -> Frames {
        let window = UIWindow(frame: screen.frame)
        window.addSubview(screen)
        var trace = Trace()
        trace.tap(1, at: CGPoint(x: 200, y: 400), time: 0.5, duration: 0.1)
        let replay = Replay(window: window, clock: VirtualClock(measuresWork: measuringWork))
        let frames = Frames()
        replay.sinks = [frames]
        _ = try replay.run(trace)
        return frames
    }

    @Test func aConstantChangeIsOneSolveAndATextChangeOneInvalidation() throws {
        try UIApplication.withNewApplication {
            let screen = Screen(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let frames = try Self.tap(screen)
            #expect(screen.box.frame == CGRect(x: 60, y: 100, width: 40, height: 40))
            let label = screen.label.frame, wanted = screen.label.intrinsicContentSize
            #expect(label.minX == 108 && abs(label.width - wanted.width) < 1e-9 && abs(label.height - wanted.height) < 1e-9, "\(label)")
            let total = frames.total
            // Touch down: one constant changed, one solve; the lift: one invalidation, one solve.
            #expect(total[.constraintConstantChanges] == 1)
            #expect(total[.intrinsicSizeInvalidations] == 1)
            #expect(total[.engineSolves] == 2)
            // A new content size moves the constants of the label's two width constraints
            // (hugging and compression resistance): nothing is added or removed.
            #expect(total[.constraintsAdded] == 0 && total[.constraintsRemoved] == 0)
            #expect(total[.updateConstraintsCalls] == 0 && total[.unsatisfiableConstraints] == 0)
            let solving = frames.records.filter { $0.counts[.engineSolves] > 0 }
            #expect(solving.count == 2)
        }
    }

    /// A screen with two required widths that disagree: the replay's summary lists UIKit's
    /// message once (summary.json's `layout_issues`, the terminal table, the report), and a
    /// screen without conflicts has none.
    @Test func layoutIssuesReachTheSummary() throws {
        let scene = Scene(name: "conflict", summary: "two widths", variants: [.init(name: "conflict", summary: "a second width")]) { window, settings in
            let box = UIView()
            box.translatesAutoresizingMaskIntoConstraints = false
            window.addSubview(box)
            NSLayoutConstraint.activate([box.widthAnchor.constraint(equalToConstant: 100), box.heightAnchor.constraint(equalToConstant: 10),
                                         box.leadingAnchor.constraint(equalTo: window.leadingAnchor),
                                         box.topAnchor.constraint(equalTo: window.topAnchor)])
            if settings.isOn("conflict") { box.widthAnchor.constraint(equalToConstant: 200).isActive = true }
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let trace = root.appendingPathComponent("Traces/taps.trace")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("uisim-issues-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let clean = try Replay.run(trace, scene: scene, snapshots: .none, outputs: folder.appendingPathComponent("clean"))
        #expect(clean.layoutIssues == nil)
        let conflict = try Replay.run(trace, scene: scene, variants: ["conflict": true], snapshots: .none,
                                      outputs: folder.appendingPathComponent("conflict"))
        let issues = try #require(conflict.layoutIssues)
        #expect(issues.count == 1 && issues[0].hasPrefix("Unable to simultaneously satisfy constraints."), "\(issues)")
        #expect(issues[0].contains("Will attempt to recover by breaking constraint\n<NSLayoutConstraint UIView.width == 200   (active)>"))
        let written = try Summary.read(from: folder.appendingPathComponent("conflict/summary.json"))
        #expect(written.layoutIssues == issues)
        #expect(written.table(report: "r").contains("layout issues") && !clean.table(report: "r").contains("layout issues"))
        let report = try String(contentsOf: folder.appendingPathComponent("conflict/report.html"), encoding: .utf8)
        #expect(report.contains("<h2>Layout issues</h2>"))
    }

    /// A touch that deactivates a box's top constraint leaves the box with no vertical position:
    /// the frame of the touch counts one ambiguous layout and the issue names the box, its place
    /// and the free variable (minY); the lift puts a new top back, and nothing more is counted.
    /// Asking changes no frame: the box stays where it was.
    @Test func aViewLeftAmbiguousIsCountedInItsFrameAndNamed() throws {
        final class Screen: UIView {
            let box = UIView()
            var top: NSLayoutConstraint!
            override init(frame: CGRect) {
                super.init(frame: frame)
                box.translatesAutoresizingMaskIntoConstraints = false
                addSubview(box)
                top = box.topAnchor.constraint(equalTo: topAnchor, constant: 100)
                NSLayoutConstraint.activate([top, box.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 16),
                                             box.widthAnchor.constraint(equalToConstant: 40), box.heightAnchor.constraint(equalToConstant: 40)])
            }

            required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
            override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { top.isActive = false }
            override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
                top = box.topAnchor.constraint(equalTo: topAnchor, constant: 120)
                top.isActive = true
            }
        }
        try UIApplication.withNewApplication {
            let screen = Screen(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let frames = try Self.tap(screen)
            let ambiguous = frames.records.filter { $0.counts[.ambiguousLayouts] > 0 }
            #expect(ambiguous.count == 1 && ambiguous.first?.counts[.ambiguousLayouts] == 1)
            #expect(ambiguous.first?.counts[.constraintsRemoved] == 1)
            let issues = UIApplication.shared.layoutIssues
            #expect(issues == ["AMBIGUOUS LAYOUT for UIView.minY in UIWindow > Screen > UIView: its constraints leave it undetermined (hasAmbiguousLayout is true)."],
                    "\(issues)")
            #expect(screen.box.frame == CGRect(x: 16, y: 120, width: 40, height: 40))
        }
    }

    /// Text's work is counted in the frame that does it: the lift sets "Inbox (3)", a new text
    /// laid out once (for the engine's intrinsic size) and drawn from the cache: one text layout,
    /// nine glyphs drawn (one per character in Inter), no measurement asked by the app.
    @Test func aNewTextIsOneLayoutAndItsGlyphsDrawn() throws {
        try UIApplication.withNewApplication {
            let screen = Screen(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let frames = try Self.tap(screen)
            let drawing = frames.records.filter { $0.counts[.glyphsDrawn] > 0 }
            #expect(drawing.count == 1)
            let lift = try #require(drawing.first)
            #expect(lift.counts[.glyphsDrawn] == 9 && lift.counts[.textLayouts] == 1 && lift.counts[.textLayoutCacheHits] >= 1)
            #expect(frames.total[.textMeasurements] == 0)
        }
        // Its time, measured: part of the phases it happened in (the label measured for the
        // engine, then drawn), never more than they took together.
        try UIApplication.withNewApplication {
            let frames = try Self.tap(Screen(frame: CGRect(x: 0, y: 0, width: 390, height: 844)), measuringWork: true)
            let lift = try #require(frames.records.first { $0.counts[.glyphsDrawn] > 0 })
            let s = lift.stages
            #expect(s[.text] > 0 && s[.text] <= s[.constraints] + s[.layout] + s[.display], "\(s[.text]) µs")
            #expect(frames.records.filter { $0.counts[.textLayouts] == 0 && $0.counts[.glyphsDrawn] == 0 }.allSatisfy { $0.stages[.text] == 0 })
        }
    }
}
