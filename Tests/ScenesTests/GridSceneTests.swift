import Foundation
import CoreGraphics
import QuartzCore
import Replay
import RunLoop
@testable import Scenes
import Testing
import Traces
@testable import UIKit

/// The `grid` scene: a compositional collection view with a carousel, a list and 10 000
/// self-sizing cards; its first screen worked out by hand, and what a fling and each variant do.
@Suite struct GridSceneTests {
    func fling(_ variants: [String: Bool] = [:], trace: String = "fling.trace") throws -> Summary {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("uisim-grid-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let scene = try BuiltInScenes.named("grid")
        var job = try ReplayJob(trace: AdviceEffectsTests.traces.appendingPathComponent(trace), scene: scene,
                                settings: try scene.settings(variants), out: folder, snapshots: .none)
        job.clock = .fixed
        return try job.run().summary
    }

    /// On a 390 × 844 screen: the carousel's header 40 pt, its band 40–220, tiles 80 % of the
    /// section's width (390 less its 16 pt insets: 358), 286.4 wide from the 16 pt inset, 10 apart
    /// (tiles 0 and 1 on screen: tile 1 starts at 312.4). The list's
    /// section 17.5 pt down (220 + 17.5), six rows of a text and a caption, 179/3 pt each (11 +
    /// 61/3 + 3 + 43/3 + 11), 17.5 below: 613. The cards' header 613–653, then cards in pairs, 5 pt
    /// inside half of 390 − 22: 174 wide from x = 16 and 200; each 8 + 119 (158 × 0.75, rounded)
    /// + 8 + its title (a subheadline line on the pixel grid: 18, 36 or 54 pt) + 4 + 47/3 (a
    /// footnote line) + 10 tall, a pair as tall as its taller card plus 10.
    @MainActor @Test func theFirstScreenIsWorkedOutByHand() throws {
        try UIApplication.withNewApplication {
            let controller = GridViewController(style: GridStyle(Scene.Settings()))
            let window = UIWindow(frame: UIScreen.main.bounds)
            window.rootViewController = controller
            window.makeKeyAndVisible()
            window.layoutIfNeeded()
            let collection = controller.collectionView!
            #expect(collection.bounds.size == CGSize(width: 390, height: 844))
            @MainActor func frame(_ item: Int, _ section: Int) -> CGRect? {
                collection.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
            }
            #expect(collection.indexPathsForVisibleItems.filter { $0.section == 0 }.map(\.item) == [0, 1])
            #expect(frame(0, 0).map { abs($0.width - 286.4) < 1e-9 && $0.minX == 16 && $0.minY == 40 && $0.height == 180 } == true)
            #expect(frame(1, 0).map { abs($0.minX - 312.4) < 1e-9 } == true)
            let row: CGFloat = 179.0 / 3
            for item in 0..<6 {
                let f = try #require(frame(item, 1))
                #expect(abs(f.minY - (237.5 + CGFloat(item) * row)) < 1e-9 && abs(f.height - row) < 1e-9 && f.minX == 16 && f.width == 358)
            }
            let header = collection.layoutAttributesForSupplementaryElement(ofKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 2))
            #expect(abs((header?.frame.minY ?? 0) - 613) < 1e-9 && header?.frame.height == 40)
            // The cards: each as tall as its title's lines, measured as UILabel measures them.
            let lineHeight = UIFont.preferredFont(forTextStyle: .subheadline).lineHeight
            @MainActor func lines(_ card: Int) -> CGFloat {
                (CardCell.title(card).boundingRect(with: CGSize(width: 158, height: 1e6), options: .usesLineFragmentOrigin,
                                                   attributes: [.font: UIFont.preferredFont(forTextStyle: .subheadline)], context: nil).height / lineHeight).rounded()
            }
            @MainActor func cardHeight(_ card: Int) -> CGFloat { 8 + 119 + 8 + (min(lines(card), 3) * lineHeight * 3).rounded(.up) / 3 + 4 + 47.0 / 3 + 10 }
            var top: CGFloat = 653
            for pair in 0..<2 {
                let left = try #require(frame(2 * pair, 2)), right = try #require(frame(2 * pair + 1, 2))
                #expect(abs(left.minY - (top + 5)) < 1e-9 && left.minX == 16 && left.width == 174 && right.minX == 200)
                #expect(abs(left.height - cardHeight(2 * pair)) < 1e-9 && abs(right.height - cardHeight(2 * pair + 1)) < 1e-9,
                        "pair \(pair): \(left.height), \(right.height)")
                top += max(left.height, right.height) + 10
            }
            // Titles of one, two and three lines among the first cards.
            #expect(Set((0..<12).map(lines)).isSuperset(of: [1, 2, 3]))
            #expect(collection.backgroundColor == .systemGroupedBackground)
        }
    }

    /// A fling through the cards: every cell asked for was made or reused, a handful made (a
    /// screen's worth less those of the first screen), the rest reused; cards measured as they
    /// came; no supplementary view asked (the headers stay on screen or are not reached).
    @Test func aFlingReusesCards() throws {
        let summary = try fling()
        let asked = summary.counts[.cellForItemCalls], made = summary.counts[.cellsCreated], reused = summary.counts[.cellsReused]
        #expect(asked == made + reused && asked > 0)
        #expect(made <= 12 && reused > made, "made \(made), reused \(reused)")
        #expect(summary.counts[.selfSizingMeasurements] >= asked - summary.counts[.cellsCreated] && summary.counts[.selfSizingMeasurements] > 0)
        #expect(summary.counts[.layoutAttributes] > 0)
    }

    /// The variants do what they say: opaque cards blend less; thumbnails rendered ahead are not
    /// drawn when their cards come (fewer draws, items prefetched); degraded thumbnails draw fewer
    /// operations while scrolling and redraw once when it stops (more draws).
    @Test func variantsChangeWhatTheySay() throws {
        let plain = try fling()
        let opaque = try fling(["opaque": true])
        #expect(opaque.counts[.blendedPixels] * 10 < plain.counts[.blendedPixels])
        let prefetch = try fling(["prefetch": true])
        #expect(prefetch.counts[.prefetchedItems] > 0 && plain.counts[.prefetchedItems] == 0)
        #expect(prefetch.counts[.draws] < plain.counts[.draws] && prefetch.counts[.drawnPixels] < plain.counts[.drawnPixels])
        let degraded = try fling(["degrade-while-scrolling": true])
        #expect(degraded.counts[.drawOperations] < plain.counts[.drawOperations] || degraded.counts[.draws] > plain.counts[.draws])
        #expect(degraded.counts[.draws] > plain.counts[.draws])
        #expect(degraded.frames == plain.frames && opaque.frames == plain.frames)
    }

    /// A sideways swipe on the carousel (`carousel-swipe.trace`, 220 pt left in 0.15 s) pages it one
    /// tile on, centred: tile 1 runs 312.4–598.8, its middle 455.6 at the screen's 195, an offset
    /// of 260.6; the list does not move.
    @MainActor @Test func aSwipeOnTheCarouselPagesIt() throws {
        try UIApplication.withNewApplication {
            let scene = try BuiltInScenes.named("grid")
            let window = scene.makeWindow(screen: UIScreen.main, settings: try scene.settings([:]))
            var trace = try TraceFile.open(AdviceEffectsTests.traces.appendingPathComponent("grid/carousel-swipe.trace"))
            _ = try Replay(window: window, clock: VirtualClock()).run(&trace)
            let collection = try #require((window.rootViewController as? GridViewController)?.collectionView)
            let carousel = try #require(collection.subviews.compactMap { $0 as? OrthogonalScrollView }.first)
            #expect(abs(carousel.contentOffset.x - 260.6) < 1e-9)
            #expect(collection.contentOffset == .zero)
            // The carousel shows 260.6–650.6 of its content: tiles 0 (16–302.4) to 2 (608.8–895.2).
            #expect(collection.indexPathsForVisibleItems.filter { $0.section == 0 }.map(\.item) == [0, 1, 2])
        }
    }
}
