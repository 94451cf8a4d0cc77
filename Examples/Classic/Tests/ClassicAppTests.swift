import Foundation
@testable import ClassicApp
import Replay
import Testing
import Traces
import UIKit

/// The 2019 app of Examples/Classic, its iOS sources as they are, ported by the UISimPort plugin as
/// the target builds: its target–action, notifications, key-value observing and overrides work as
/// on iOS, and a replay of its notes list holds the committed baseline.
@Suite struct ClassicAppTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

    /// Every counter of `summary` as the baseline in `file` has it. Hitches and times are not
    /// gated here: a debug build's frame times depend on the machine and on the tests running
    /// beside it (a frame that loads a scene or presents one comes near the 16.7 ms budget).
    static func expectSameCounts(_ summary: Summary, as file: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let report = try Baseline.read(from: file).check(summary, timeTolerance: 1000)
        let changed = report.findings.filter { $0.name.hasPrefix("counts.") && $0.verdict != .same }
        #expect(changed.isEmpty, "\(changed.map { "\($0.name): \($0.baseline) → \($0.current)" })", sourceLocation: sourceLocation)
        #expect(report.findings.contains { $0.name == "counts.layouts" }, sourceLocation: sourceLocation)
    }

    func outputs(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("classic-\(name)-\(UUID().uuidString)")
    }

    /// On an iPhone 14 (390 × 844): the navigation bar ends at 47 + 44 = 91, the table's 52-pt
    /// header holds the search field, rows of 60 pt start at 143: row 2 spans 263–323, row 0's star
    /// button is at x 320–360, y 153–193; the compose item is the bar's trailing button.
    static func notesTrace() -> Trace {
        var trace = Trace()
        trace.tap(1, at: CGPoint(x: 100, y: 293), time: 0)                // row 2
        trace.tap(2, at: CGPoint(x: 340, y: 173), time: 0.6)              // row 0's star
        trace.tap(3, at: CGPoint(x: 368, y: 69), time: 1.2)               // compose
        trace.drag(4, from: CGPoint(x: 200, y: 700), to: CGPoint(x: 200, y: 400), time: 1.8, duration: 0.5)
        return trace
    }

    @Test func theNotesListWorksAsOnIOS() throws {
        let folder = outputs("notes")
        defer { try? FileManager.default.removeItem(at: folder) }
        let traceFile = folder.appendingPathComponent("notes.trace")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Self.notesTrace().write(to: traceFile)
        let (scene, notes) = ClassicScene.make()
        let summary = try Replay.run(traceFile, scene: scene, snapshots: .none, outputs: folder.appendingPathComponent("out"))

        #expect(notes.opened == [2])                   // didSelectRowAt
        #expect(notes.composeTaps == 1)                // UIBarButtonItem(barButtonSystemItem:target:action:)
        // The view's tap (dismissKeyboard) recognized on the row, not on the star button (a
        // button's own tap wins over an ancestor's) nor on the bar (not in the view).
        #expect(notes.dismissTaps == 1)
        let star = try #require(notes.tableView.visibleCells.compactMap { $0 as? NoteCell }.first { $0.stars == 1 })
        #expect(star.starButton.title(for: .normal) == "★")
        // After the 300-pt drag, row 7 (urgent: every seventh) and row 8 are on screen: BadgeLabel's
        // textColor override, read through UIKit's null_resettable property, and reset by nil.
        let urgent = try #require(notes.tableView.cellForRow(at: IndexPath(row: 7, section: 0)) as? NoteCell)
        let plain = try #require(notes.tableView.cellForRow(at: IndexPath(row: 8, section: 0)) as? NoteCell)
        #expect(urgent.titleLabel.textColor == .systemRed)
        #expect(plain.titleLabel.textColor == .label)
        #expect(urgent.analyticsName == "note-7")
        #expect(observedOffsetKeyPath == "contentOffset")
        // KVO on contentOffset: every step of the drag and of the deceleration after it.
        #expect(notes.offsetChanges > 10 && notes.showsBarShadow)

        // The committed baseline: counters exactly (`expectSameCounts`).
        let baselineFile = Self.folder.appendingPathComponent("Baselines/notes.json")
        if ProcessInfo.processInfo.environment["CLASSIC_WRITE_BASELINE"] == "1" {
            try Baseline(summary: summary).write(to: baselineFile)
        }
        try Self.expectSameCounts(summary, as: baselineFile)
    }

    /// The to-do list on an iPhone 14: the bar ends at 91, the 64-pt header, rows of 52 pt from
    /// 155 (row 0 155–207, row 1 207–259); the Edit item is the bar's trailing button. In editing
    /// mode a row's delete control is its leading 38 pt; its confirmation button is at the row's
    /// trailing end. The card the custom transition presents covers the bottom 300 pt (from 544),
    /// its Close button at 80–124 in it.
    static func tasksTrace() -> Trace {
        var trace = Trace()
        trace.tap(1, at: CGPoint(x: 360, y: 69), time: 0)        // Edit
        trace.tap(2, at: CGPoint(x: 19, y: 181), time: 0.6)      // row 0's delete control
        trace.tap(3, at: CGPoint(x: 372, y: 181), time: 1.2)     // Delete
        trace.tap(4, at: CGPoint(x: 360, y: 69), time: 1.8)      // Done
        trace.tap(5, at: CGPoint(x: 100, y: 233), time: 2.4)     // row 1: its card slides up
        trace.tap(6, at: CGPoint(x: 70, y: 646), time: 3.2)      // Close: the card slides down
        return trace
    }

    /// The header's visual format: "|-[title]" puts "Today" 20 pt from the leading edge, the count
    /// in a 60-pt column 20 pt from the trailing edge (x = 390 − 20 − 60 = 310), both centred on
    /// the 40-pt title at y 12–52 (centre 32). The replay deletes "Buy milk" through the editing
    /// controls, presents "Fix the bike" (row 1 after the deletion) with the custom animator and
    /// dismisses it with the same, and holds the committed baseline.
    @Test func theTasksListEditsAndPresentsWithItsOwnTransition() throws {
        let folder = outputs("tasks")
        defer { try? FileManager.default.removeItem(at: folder) }
        let traceFile = folder.appendingPathComponent("tasks.trace")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Self.tasksTrace().write(to: traceFile)
        let (scene, tasks) = ClassicScene.makeTasks()
        let summary = try Replay.run(traceFile, scene: scene, snapshots: .none, outputs: folder.appendingPathComponent("out"))

        #expect(tasks.headerTitle.frame.minX == 20 && tasks.headerTitle.frame.minY == 12 && tasks.headerTitle.frame.height == 40)
        // The count's 17-pt line is 61/3 pt tall: its top at 32 − 61/6 = 21.83, on the 1/3-pt pixel
        // grid 22 (Auto Layout's frames are pixel-aligned).
        let count = tasks.headerCount.frame
        #expect(count.minX == 310 && count.width == 60 && abs(count.height - 61.0 / 3) < 1e-9 && abs(count.minY - 22) < 1e-9)
        #expect(tasks.editingChanges == [true, false] && !tasks.isEditing)
        #expect(tasks.appearances == 1)   // viewWillAppear overridden in an extension, forwarded by the port
        #expect(tasks.deleted == ["Buy milk"] && tasks.tasks.count == 7 && tasks.headerCount.text == "7")
        #expect(tasks.detailTransition.animations == 2)
        #expect(tasks.presentedViewController == nil)

        let baselineFile = Self.folder.appendingPathComponent("Baselines/tasks.json")
        if ProcessInfo.processInfo.environment["CLASSIC_WRITE_BASELINE"] == "1" {
            try Baseline(summary: summary).write(to: baselineFile)
        }
        try Self.expectSameCounts(summary, as: baselineFile)
    }

    /// EmptyStateView.swift declares its outlets and action as iOS code does (`@IBOutlet`,
    /// `@IBAction`); the plugin's port lists them for the nib loader, and EmptyStateView.xib (a
    /// resource of the target) connects them: the label and button outlets, the two-label outlet
    /// collection in the document's order, the button's action, then `awakeFromNib()`.
    @Test func theEmptyStateLoadsFromItsNibWithItsOutletsAndAction() {
        let view = EmptyStateView.loadFromNib()
        #expect(view.awokeConnected)
        #expect(view.messageLabel.text == "No notes yet")
        #expect(view.hintLabels.map(\.text) == ["Tap + to write one", "Notes sync on save"])
        // The document's constraints: the label 20 pt in from each side of the 390-pt view; the
        // button 120 × 44, centred: x = (390 − 120) / 2 = 135.
        view.layoutIfNeeded()
        #expect(view.messageLabel.frame.minX == 20 && view.messageLabel.frame.width == 350)
        #expect(view.createButton.frame.minX == 135 && view.createButton.frame.size == CGSize(width: 120, height: 44))
        view.createButton.sendActions(for: .touchUpInside)
        #expect(view.createTaps == 1)
    }

    @Test func aKeyboardNotificationReachesTheSelectorAndSchedulesARefresh() {
        let (_, notes) = ClassicScene.make()
        notes.loadViewIfNeeded()
        NotificationCenter.default.post(name: UIResponder.keyboardWillShowNotification, object: nil)
        #expect(notes.keyboardShown == 1)
        NotificationCenter.default.removeObserver(notes)
        NotificationCenter.default.post(name: UIResponder.keyboardWillShowNotification, object: nil)
        #expect(notes.keyboardShown == 1)
    }

    /// NotesSettings.storyboard on an iPhone 14: the bar ends at 91; the grouped table's first section
    /// header is the document's 18 pt, so its rows of 44 pt span 109–153 (the sync switch, at the
    /// content view's trailing margin: x = 390 − 16 − 51 = 323) and 153–197 (Sort by); About is
    /// the second section's row, at 232–276. The sort screen's plain rows start at 91 (Title at
    /// 135–179). The About screen centres its version label in the safe area (91–810, centre
    /// 450.5) and puts Done 20 pt under it: y 480⅔–524⅔.
    static func settingsTrace() -> Trace {
        var trace = Trace()
        trace.tap(1, at: CGPoint(x: 348, y: 131), time: 0)        // the sync switch: off
        trace.tap(2, at: CGPoint(x: 195, y: 175), time: 0.6)      // Sort by: the sort screen is pushed
        trace.tap(3, at: CGPoint(x: 195, y: 157), time: 1.4)      // Title: picked, popped
        trace.tap(4, at: CGPoint(x: 195, y: 254), time: 2.2)      // About: pushed
        trace.tap(5, at: CGPoint(x: 195, y: 502), time: 3.0)      // Done: unwinds to Settings
        return trace
    }

    /// A storyboard-built screen replayed as the app's: the static cells' switch sends its action,
    /// the Sort by cell's segue pushes the sort picker prepared with the current order, the picked
    /// order comes back, About is pushed and its Done button's unwind segue runs
    /// `unwindToSettings:` and pops back; the replay holds the committed baseline.
    @Test func theSettingsStoryboardWorksAsOnIOS() throws {
        let folder = outputs("settings")
        defer { try? FileManager.default.removeItem(at: folder) }
        let traceFile = folder.appendingPathComponent("settings.trace")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Self.settingsTrace().write(to: traceFile)
        let (scene, settings) = ClassicScene.makeSettings()
        let summary = try Replay.run(traceFile, scene: scene, snapshots: .none, outputs: folder.appendingPathComponent("out"))

        #expect(settings.syncSwitch.frame.minX == 323 && settings.syncSwitch.superview?.superview is UITableViewCell)
        #expect(settings.syncChanges == [false] && !settings.syncSwitch.isOn)
        #expect(settings.sortOrder == "Title" && settings.sortValueLabel.text == "Title")
        #expect(settings.sortValueLabel === settings.tableView.cellForRow(at: IndexPath(row: 1, section: 0))?.detailTextLabel)
        #expect(settings.unwound == 1)
        #expect(settings.navigationController?.topViewController === settings)
        // What the taps loaded from the storyboard: the sort screen's controller, its table and
        // three Option cells (one nib each), About's controller and its view with a label and a
        // button: 7 documents instantiated, 1 + 1 + 3 + 1 + 3 = 9 objects.
        #expect(summary[.counter(.nibsLoaded)] == 7 && summary[.counter(.nibObjects)] == 9)

        // The committed baseline: counters exactly.
        let baselineFile = Self.folder.appendingPathComponent("Baselines/settings.json")
        if ProcessInfo.processInfo.environment["CLASSIC_WRITE_BASELINE"] == "1" {
            try Baseline(summary: summary).write(to: baselineFile)
        }
        try Self.expectSameCounts(summary, as: baselineFile)
    }
}
