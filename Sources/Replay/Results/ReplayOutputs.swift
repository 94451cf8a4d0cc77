import Foundation
import Geometry
import Traces
import CoreGraphics
import QuartzCore
import UIKit
import Support

/// Which frames get a PNG snapshot.
public enum SnapshotPolicy: String, CaseIterable, Sendable {
    /// None at all.
    case none
    /// The three slowest frames, shown in the report (the default).
    case worst
    /// Every frame that hitched, plus the three slowest.
    case hitches
    /// Every frame, plus the three slowest.
    case all
}

/// The size of snapshots.
public enum SnapshotResolution: String, CaseIterable, Sendable {
    /// One pixel per point (390 × 844 on an iPhone 14): quick to paint and encode, what the
    /// report shows (the default).
    case point
    /// The screen's native pixels, as the frame buffer holds them.
    case native
}

/// The folder a replay writes (`frames.jsonl`, `trace.json`, `summary.json`, `report.html`,
/// `snapshots/`), as one set: frame files stream as frames finish, snapshots are written as
/// they are taken, all under temporary names; at the end every file is written whole first, then
/// all are moved into place. An interrupted replay leaves complete, valid files for the frames it
/// finished; one that fails (a full disk half way through the report) leaves the earlier run's
/// set as it was, with none of its own files beside it.
public final class ReplayOutputs: FrameSink {
    public let directory: URL
    private let frames: FramesJSONL
    private let chrome: ChromeTrace
    private var builder: SummaryBuilder
    private let policy: SnapshotPolicy
    private let overlays: DebugOverlays
    /// Whether the frame buffer must be painted before a native snapshot (frames are not
    /// rasterized one by one unless the render stage is measured).
    private let rasterizes: Bool
    private let resolution: SnapshotResolution
    /// Held while the replay writes, so that a second run into the same folder is refused.
    private var lock: FolderLock?
    private var worst: [(frame: FrameRecord, image: CGImage)] = []
    private static let worstKept = 3
    /// How long the replay took (wall time, seconds), for the summary; set before `finish`.
    public var replaySeconds: Double?
    /// What Auto Layout reported during the replay (`UIApplication.layoutIssues`), for the summary.
    public var layoutIssues: [String] = []
    /// What the accessibility audit found (`--audit`), written to audit.json; nil: no audit (an
    /// audit.json an earlier replay left is removed, so the folder never shows a stale one).
    public var audit: [AccessibilityFinding]?
    public var auditURL: URL { directory.appendingPathComponent("audit.json") }
    /// The last screen's view hierarchy as UIKit's `recursiveDescription` prints it
    /// (`--dump-hierarchy`), written to hierarchy.txt; nil: none (a stale one is removed).
    public var hierarchy: String?
    public var hierarchyURL: URL { directory.appendingPathComponent("hierarchy.txt") }

    public var framesURL: URL { directory.appendingPathComponent("frames.jsonl") }
    public var summaryURL: URL { directory.appendingPathComponent("summary.json") }
    public var reportURL: URL { directory.appendingPathComponent("report.html") }
    public var traceURL: URL { directory.appendingPathComponent("trace.json") }
    public var snapshotsURL: URL { directory.appendingPathComponent("snapshots") }

    /// Starts the folder (created if missing) for a replay described by `header`.
    public init(directory: URL, header: Summary, snapshots: SnapshotPolicy = .worst, overlays: DebugOverlays = .blended,
                resolution: SnapshotResolution = .point, renderMode: RenderMode = .estimated) throws {
        self.directory = directory
        try makeOutputFolder(directory)
        lock = try FolderLock(directory)
        // Temporary files of runs killed before they could remove them (SIGKILL).
        AtomicFile.removeStalePartials(in: directory)
        AtomicFile.removeStalePartials(in: directory.appendingPathComponent("snapshots"))
        frames = try FramesJSONL(url: directory.appendingPathComponent("frames.jsonl"))
        chrome = try ChromeTrace(url: directory.appendingPathComponent("trace.json"), name: "\(header.trace) on \(header.scene)",
                                 renderMode: renderMode)
        builder = SummaryBuilder(header)
        policy = snapshots
        self.overlays = overlays
        rasterizes = renderMode == .estimated
        self.resolution = resolution
    }

    public func write(_ record: FrameRecord) throws {
        try frames.write(record)
        try chrome.write(record)
        builder.add(record)
    }

    /// Takes the snapshots the policy asks for; call after each frame (the replay's `afterFrame`).
    public func afterFrame(_ frame: FrameRecord, window: UIWindow) {
        guard policy != .none else { return }
        var every = policy == .all || (policy == .hitches && frame.hitch > 0)
        if every && (frameSnapshots >= snapshotCap || snapshotBytes >= Self.maxSnapshotBytes) {
            snapshotNote = snapshotNote ?? "snapshots of frames stopped at the cap (\(snapshotCap) files or \(Self.maxSnapshotBytes >> 20) MB)"
            every = false
        }
        let isWorst = worst.count < Self.worstKept || rank(frame) > rank(worst.last!.frame)
        guard every || isWorst else { return }
        let image: CGImage
        switch resolution {
        case .point:
            image = window.compositor.rasterized(pointScale: 1, overlays: overlays)
        case .native:
            if rasterizes { window.compositor.rasterizeScreen() }
            image = window.compositor.snapshot(overlays: overlays)
        }
        if every {
            let name = String(format: "frame-%06d.png", frame.frame)
            do {
                let png = try image.pngData()
                try makeSnapshotsFolder()
                let file = try AtomicFile(snapshotsURL.appendingPathComponent(name))
                try file.append(png)
                try file.finishWriting()
                pending.append(file)
                written.insert(name)
                frameSnapshots += 1
                snapshotBytes += png.count
            } catch {
                snapshotNote = snapshotNote ?? "\(snapshotsURL.appendingPathComponent(name).path): cannot write the snapshot: \((error as? FileError)?.message ?? describe(error))"
            }
        }
        if isWorst {
            worst.append((frame, image))
            worst.sort { rank($0.frame) > rank($1.frame) }
            if worst.count > Self.worstKept { worst.removeLast() }
        }
    }

    /// The most per-frame snapshots (`--snapshots hitches|all`) a replay writes, in files and bytes
    /// (by default; `snapshotCap` sets another file count).
    public static let maxFrameSnapshots = 1000, maxSnapshotBytes = 512 << 20
    /// The most per-frame snapshot files this replay writes.
    public var snapshotCap = ReplayOutputs.maxFrameSnapshots
    private var frameSnapshots = 0, snapshotBytes = 0
    /// Snapshot files written by this replay (older ones of the same names' kinds are removed).
    private var written: Set<String> = []
    /// Files written whole and waiting to be moved into place with the rest of the set.
    private var pending: [AtomicFile] = []
    /// What went wrong with snapshots, if anything (a cap reached, a file not written), for the
    /// command line to say.
    public private(set) var snapshotNote: String?

    /// Gives the outputs up after a failure (a broken trace, a full disk): no temporary file is
    /// left, nothing half-written is moved into place, earlier outputs in the folder stay as they
    /// were, and the folder is unlocked.
    public func abandon() {
        frames.abandon()
        chrome.abandon()
        for file in pending { file.abandon() }
        pending = []
        // A snapshots folder this replay made and left empty goes too.
        if createdSnapshotsFolder, (try? FileManager.default.contentsOfDirectory(atPath: snapshotsURL.path))?.isEmpty == true {
            try? FileManager.default.removeItem(at: snapshotsURL)
        }
        lock = nil
    }

    /// Whether this replay made the snapshots folder (so that giving up removes it when empty).
    private var createdSnapshotsFolder = false

    private func makeSnapshotsFolder() throws {
        guard !createdSnapshotsFolder else { return }
        var isFolder: ObjCBool = false
        let existed = FileManager.default.fileExists(atPath: snapshotsURL.path, isDirectory: &isFolder)
        try makeOutputFolder(snapshotsURL)
        createdSnapshotsFolder = !existed
    }

    /// Hitching frames first, then the slowest app stage, in steps of 1 % of the frame interval:
    /// app stages closer than that are as slow as each other (the difference is the machine's
    /// noise), and the frame kept is the earlier one, so a replay paints few candidates.
    private func rank(_ frame: FrameRecord) -> (Double, Double) {
        let step = max((frame.expected - frame.vsync) / 2 * 1e6 / 100, 1)   // µs
        return (frame.hitch, (frame.stages[.app] / step).rounded(.down))
    }

    /// Moves the frame files into place and writes the summary, the report and the worst
    /// frames' snapshots. Returns the summary.
    @discardableResult
    public func finish(interrupted: Bool) throws -> Summary {
        var summary = builder.finished(interrupted: interrupted)
        summary.replaySeconds = replaySeconds
        summary.layoutIssues = layoutIssues.isEmpty ? nil : layoutIssues
        // Every file written whole first, then all moved into place.
        try frames.finishWriting()
        try chrome.finishWriting()
        var set = [frames.output, chrome.output]
        func write(_ data: Data, to url: URL) throws {
            let file = try AtomicFile(url)
            try file.append(data)
            try file.finishWriting()
            set.append(file)
        }
        try write(StableJSON.encode(summary, pretty: true) + Data("\n".utf8), to: summaryURL)
        if let audit {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
            try write(try encoder.encode(["findings": audit]) + Data("\n".utf8), to: auditURL)
        } else if (try? auditURL.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            try? FileManager.default.removeItem(at: auditURL)
        }
        if let hierarchy {
            try write(Data(hierarchy.utf8), to: hierarchyURL)
        } else if (try? hierarchyURL.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            try? FileManager.default.removeItem(at: hierarchyURL)
        }
        var snapshots: [HTMLReport.Snapshot] = []
        if !worst.isEmpty { try makeSnapshotsFolder() }
        for (index, entry) in worst.enumerated() {
            let png: Data
            do {
                png = try entry.image.pngData()
            } catch let error as ResourceError {
                throw error   // memory ran out: the run fails as a whole (73), nothing left
            } catch {
                continue
            }
            try write(png, to: snapshotsURL.appendingPathComponent("worst-\(index + 1).png"))
            written.insert("worst-\(index + 1).png")
            let thumbnail = resolution == .point ? png : Self.thumbnail(entry.image) ?? png
            let f = entry.frame
            let caption = "frame \(f.frame) at \(String(format: "%.3f", f.vsync)) s: app \(String(format: "%.2f", f.stages[.app] / 1000)) ms"
                + (f.hitch > 0 ? ", \(f.hitchType.rawValue) hitch \(String(format: "%.1f", f.hitch)) ms" : "")
            snapshots.append(HTMLReport.Snapshot(frame: f, png: thumbnail, caption: caption))
        }
        let html = try HTMLReport.render(summary: summary, framesFile: frames.output.writtenURL, snapshots: snapshots)
        try write(Data(html.utf8), to: reportURL)
        for file in pending + set { try file.moveIntoPlace() }
        pending = []
        // Snapshots an earlier replay left in the folder, of the kinds uisim writes, are replaced by
        // this one's: removed once this replay's are in place (never before, never other files).
        for name in (try? FileManager.default.contentsOfDirectory(atPath: snapshotsURL.path)) ?? []
        where (name.hasPrefix("worst-") || name.hasPrefix("frame-")) && name.hasSuffix(".png") && !written.contains(name) {
            try? FileManager.default.removeItem(at: snapshotsURL.appendingPathComponent(name))
        }
        lock = nil
        return summary
    }

    /// A 240-point-wide copy for the report page.
    private static func thumbnail(_ image: CGImage) -> Data? {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 2
        let width: CGFloat = 240
        let height = width * CGFloat(image.height) / CGFloat(max(image.width, 1))
        return UIGraphicsImageRenderer(size: CGSize(width: width, height: height), format: format).pngData { ctx in
            ctx.cgContext.interpolationQuality = .high
            UIImage(cgImage: image).draw(in: CGRect(x: 0, y: 0, width: width, height: height))
        }
    }
}
