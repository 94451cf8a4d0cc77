import Foundation
import Geometry
import CoreGraphics
import QuartzCore
import UIFoundation

/// The scroll view of a section that scrolls across its collection view's direction (UIKit's
/// private `_UICollectionViewOrthogonalScrollerEmbeddedScrollView`): the section's band, the
/// collection view's width; its cells are its subviews. Scrolling it lays the collection view
/// out again, which asks the layout for the items now in the band.
final class OrthogonalScrollView: UIScrollView {
    weak var collectionView: UICollectionView?
    let section: Int

    init(section: Int) {
        self.section = section
        super.init(frame: .zero)
        // UIKit's orthogonal sections scroll without indicators.
        showsHorizontalScrollIndicator = false
        showsVerticalScrollIndicator = false
        alwaysBounceHorizontal = true
        backgroundColor = nil
    }

    public required init?(coder: NSCoder) {
        noArchives(Self.self)
        return nil
    }

    override var contentOffset: CGPoint {
        didSet {
            guard contentOffset != oldValue, let collectionView else { return }
            collectionView.collectionViewLayout.setOrthogonalOffset(contentOffset.x, section: section)
            collectionView.setNeedsLayout()
        }
    }

    /// Where the section settles when the finger lifts, by its behaviour: on a group's leading
    /// edge (at the section's inset) nearest where free deceleration would stop
    /// (`.continuousGroupLeadingBoundary`); one group on, in the direction of a release faster than
    /// the paging speed, else the nearest (`.groupPaging`, and `.groupPagingCentered` with groups
    /// centred); `.paging` pages by the bounds (`isPagingEnabled`); `.continuous` decelerates.
    func configure(for info: OrthogonalSection) {
        isPagingEnabled = info.behavior == .paging
        let width = info.band.width
        let stops: [CGFloat]
        switch info.behavior {
        case .continuousGroupLeadingBoundary, .groupPaging: stops = info.groups.map { $0.start - info.leadingInset }
        case .groupPagingCentered: stops = info.groups.map { ($0.start + $0.end) / 2 - width / 2 }
        case .none, .continuous, .paging: stops = []
        }
        guard !stops.isEmpty else {
            releaseTarget = nil
            return
        }
        let free = info.behavior == .continuousGroupLeadingBoundary
        releaseTarget = { [decelerationRate] offset, velocity in
            func nearest(_ x: CGFloat) -> Int {
                stops.indices.min { abs(stops[$0] - x) < abs(stops[$1] - x) } ?? 0
            }
            if free {
                // Where the content would coast to: the velocity decays by the rate per millisecond.
                let rate = decelerationRate.rawValue
                let coast = offset.x + velocity.x * rate / (1 - rate) / 1000
                return CGPoint(x: stops[nearest(coast)], y: offset.y)
            }
            var index = nearest(offset.x)
            if velocity.x > UIScrollView.pagingVelocity, stops[index] <= offset.x { index += 1 }
            if velocity.x < -UIScrollView.pagingVelocity, stops[index] >= offset.x { index -= 1 }
            return CGPoint(x: stops[min(max(index, 0), stops.count - 1)], y: offset.y)
        }
    }
}

extension UICollectionView {
    /// Gives each orthogonal section of the layout its scroll view over its band (made the first
    /// time), and drops those of sections that are no longer orthogonal.
    func syncOrthogonalScrollers() {
        let infos = collectionViewLayout.orthogonalSections()
        var kept: [Int: OrthogonalScrollView] = [:]
        for info in infos {
            let scroller = orthogonalScrollers[info.section] ?? {
                let made = OrthogonalScrollView(section: info.section)
                made.collectionView = self
                insertSubview(made, at: 0)
                return made
            }()
            kept[info.section] = scroller
            if scroller.frame != info.band { scroller.frame = info.band }
            let size = CGSize(width: info.contentWidth, height: info.band.height)
            if scroller.contentSize != size { scroller.contentSize = size }
            scroller.configure(for: info)
            collectionViewLayout.setOrthogonalOffset(scroller.contentOffset.x, section: info.section)
        }
        for (section, scroller) in orthogonalScrollers where kept[section] == nil {
            scroller.removeFromSuperview()
        }
        orthogonalScrollers = kept
    }
}
