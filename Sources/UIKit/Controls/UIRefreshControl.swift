import Foundation
import Geometry
import CoreGraphics
import RunLoop
import UIFoundation

/// Pull to refresh, as UIKit's `UIRefreshControl` (a scroll view's `refreshControl`): a 60 pt
/// control above the content with a spinner that shows as the content is pulled down. Pulled past
/// its threshold while the finger is still down — half the scroll view's height, at most
/// 100 × 1.125 × (height ÷ 568) pt (112.5 pt on a 568 pt screen, 167 pt on an iPhone 14's 844),
/// UIKit's rule — it starts refreshing: `isRefreshing`, the spinner turning, 60 pt added to the
/// top of `adjustedContentInset` so the content rests below it, and `.valueChanged` sent then, not
/// at the release. `endRefreshing()` takes the inset away (the content going back up over 0.3 s
/// if it rests there); `beginRefreshing()` refreshes without sending anything and scrolls nothing.
open class UIRefreshControl: UIControl {
    /// The control's height, and the inset it adds while refreshing.
    public static let height: CGFloat = 60

    open private(set) var isRefreshing = false
    /// A title under the spinner (kept and drawn by its label).
    open var attributedTitle: NSAttributedString? {
        didSet { titleLabel.attributedText = attributedTitle }
    }

    private let spinner = UIActivityIndicatorView(style: .medium)
    private let titleLabel = UILabel()
    private weak var scrollView: UIScrollView?

    /// UIKit's designated initializer: 320 × 60 points until a table or scroll view takes it.
    public init() {
        super.init(frame: CGRect(x: 0, y: 0, width: 320, height: Self.height))
        setUp()
    }

    /// The frame is UIKit's own size whatever is asked, as `init()`'s.
    public override init(frame: CGRect) {
        super.init(frame: CGRect(x: 0, y: 0, width: 320, height: Self.height))
        setUp()
    }

    private func setUp() {
        spinner.color = .secondaryLabel
        spinner.hidesWhenStopped = false
        spinner.isHidden = true
        titleLabel.font = .preferredFont(forTextStyle: .caption1)
        titleLabel.textAlignment = .center
        addSubview(spinner)
        addSubview(titleLabel)
        systemSubviews = [spinner, titleLabel]
    }

    public required init?(coder: NSCoder) {
        noArchives(Self.self)
        return nil
    }

    func attach(to scrollView: UIScrollView) {
        self.scrollView = scrollView
        scrollView.insertSubview(self, at: 0)
        if isRefreshing { scrollView.refreshInset = Self.height }   // refreshing before it was attached
        layoutInScrollView()
    }

    func detach() {
        if isRefreshing {
            scrollView?.refreshInset = 0
            isRefreshing = false
            spinner.stopAnimating()
        }
        removeFromSuperview()
        scrollView = nil
    }

    /// Above the content's top, as wide as the scroll view.
    func layoutInScrollView() {
        guard let scrollView else { return }
        let frame = CGRect(x: 0, y: -Self.height, width: scrollView.bounds.width, height: Self.height)
        if self.frame != frame { self.frame = frame }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        spinner.center = CGPoint(x: bounds.midX, y: attributedTitle == nil ? bounds.midY : bounds.midY - 8)
        titleLabel.frame = CGRect(x: 0, y: bounds.midY + 6, width: bounds.width, height: 20)
    }

    /// How far past its resting top the content is pulled down.
    private var pulled: CGFloat {
        guard let scrollView else { return 0 }
        return -(scrollView.contentOffset.y + scrollView.adjustedContentInset.top - scrollView.refreshInset)
    }

    /// The pull that starts a refresh: half the height, at most 112.5 pt per 568 pt of it.
    var threshold: CGFloat {
        guard let scrollView else { return .infinity }
        let height = scrollView.bounds.height
        let title: CGFloat = attributedTitle == nil ? 0 : 20
        return min((height / 2).rounded(), (title + 100) * 1.125 * (height / 568))
    }

    /// The content moved: the spinner shows while pulled, and a pull past the threshold with the
    /// finger down starts refreshing.
    func scrollViewDidScroll() {
        guard let scrollView, isEnabled else { return }
        let pulled = self.pulled
        spinner.isHidden = pulled <= 0 && !isRefreshing
        if !isRefreshing, scrollView.isTracking, pulled >= threshold {
            startRefreshing()
            sendActions(for: .valueChanged)
        }
    }

    /// Refreshes without a pull: nothing is sent, the content is not scrolled (UIKit's).
    open func beginRefreshing() {
        guard !isRefreshing else { return }
        startRefreshing()
    }

    private func startRefreshing() {
        isRefreshing = true
        spinner.isHidden = false
        spinner.startAnimating()
        scrollView?.refreshInset = Self.height
    }

    /// Stops: the inset goes, and content resting on it goes back up over 0.3 s (after the finger
    /// lifts, if it is still down: then as a normal release).
    open func endRefreshing() {
        guard isRefreshing, let scrollView else {
            isRefreshing = false
            return
        }
        isRefreshing = false
        spinner.stopAnimating()
        let restingOnIt = scrollView.contentOffset.y < scrollView.offsetRange.min.y + Self.height + 0.5
        scrollView.refreshInset = 0
        spinner.isHidden = pulled <= 0
        if restingOnIt, !scrollView.isTracking, scrollView.contentOffset.y < scrollView.offsetRange.min.y {
            scrollView.setContentOffset(CGPoint(x: scrollView.contentOffset.x, y: scrollView.offsetRange.min.y), animated: true)
        }
    }
}
