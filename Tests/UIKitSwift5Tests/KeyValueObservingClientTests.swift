// Key-value observing as Swift 5 libraries on iOS write it: InputBarAccessoryView's bar observes
// its text view's contentSize with addObserver and an observeValue override, and removes itself in
// deinit; a controller sizes itself to a collection view's content the same way; another keeps an
// NSKeyValueObservation of a scroll view's contentOffset. Written with the SDK's spellings.
import Foundation
import XCTest
import UIKit

/// A bar whose text view grows with its text up to a maximum height, then scrolls, as
/// InputBarAccessoryView's `InputBarAccessoryView` does from the text view's contentSize.
final class GrowingInputBar: UIView {
    let inputTextView = UITextView()
    var maxTextViewHeight: CGFloat = 80
    private(set) var textViewHeight: CGFloat = 36
    private(set) var contentSizeChanges: [(old: CGSize, new: CGSize)] = []

    override init(frame: CGRect) {
        super.init(frame: frame)
        inputTextView.frame = CGRect(x: 8, y: 4, width: frame.width - 16, height: textViewHeight)
        inputTextView.isScrollEnabled = false
        addSubview(inputTextView)
        inputTextView.addObserver(self, forKeyPath: "contentSize", options: [.new, .old], context: nil)
    }

    required init?(coder aDecoder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    deinit {
        inputTextView.removeObserver(self, forKeyPath: "contentSize")
    }

    override func observeValue(forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey : Any]?, context: UnsafeMutableRawPointer?) {
        guard object as AnyObject? === inputTextView, keyPath == "contentSize" else {
            super.observeValue(forKeyPath: keyPath, of: object, change: change, context: context)
            return
        }
        guard let newSize = change?[.newKey] as? CGSize, let oldSize = change?[.oldKey] as? CGSize else { return }
        contentSizeChanges.append((oldSize, newSize))
        guard newSize.height != oldSize.height else { return }
        let shouldScroll = newSize.height > maxTextViewHeight
        inputTextView.isScrollEnabled = shouldScroll
        textViewHeight = min(newSize.height, maxTextViewHeight)
        inputTextView.frame.size.height = textViewHeight
    }
}

/// A controller that sizes a container to its collection view's content, as chat and
/// form libraries do.
final class SelfSizingListController: UIViewController, UICollectionViewDataSource {
    var items = 3
    private(set) var observedHeights: [CGFloat] = []
    private var observing = false
    private static var contentSizeContext = 0

    lazy var collectionView: UICollectionView = {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 320, height: 44)
        layout.minimumLineSpacing = 0
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
        view.dataSource = self
        view.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
        return view
    }()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(collectionView)
        collectionView.addObserver(self, forKeyPath: "contentSize", options: [.new], context: &Self.contentSizeContext)
        observing = true
    }

    deinit {
        if observing { collectionView.removeObserver(self, forKeyPath: "contentSize", context: &Self.contentSizeContext) }
    }

    override func observeValue(forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey : Any]?, context: UnsafeMutableRawPointer?) {
        if context == &Self.contentSizeContext, let size = change?[.newKey] as? CGSize {
            observedHeights.append(size.height)
        } else {
            super.observeValue(forKeyPath: keyPath, of: object, change: change, context: context)
        }
    }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { items }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
    }
}

/// A header that stretches as its scroll view is pulled down, from an NSKeyValueObservation.
final class StretchyHeader {
    private var offsetObservation: NSKeyValueObservation?
    private(set) var heights: [CGFloat] = []
    let baseHeight: CGFloat = 200

    func attach(to scrollView: UIScrollView) {
        offsetObservation = scrollView.observe(\.contentOffset, options: [.new]) { [weak self] _, change in
            guard let self = self, let offset = change.newValue else { return }
            self.heights.append(self.baseHeight + max(0, -offset.y))
        }
    }

    func detach() {
        offsetObservation?.invalidate()
        offsetObservation = nil
    }
}

final class KeyValueObservingClientTests: XCTestCase {
    func testTheBarFollowsItsTextViewsContentSizeAndStopsAtItsMaximum() {
        let bar = GrowingInputBar(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
        bar.layoutIfNeeded()
        let oneLine = bar.inputTextView.contentSize.height
        XCTAssertGreaterThan(oneLine, 0)
        // The first layout set the text view's contentSize: the bar heard of it with both values.
        XCTAssertEqual(bar.contentSizeChanges.count, 1)
        XCTAssertEqual(bar.contentSizeChanges[0].old, .zero)
        XCTAssertEqual(bar.contentSizeChanges[0].new, bar.inputTextView.contentSize)

        bar.inputTextView.insertText("first line\nsecond line")
        bar.layoutIfNeeded()
        let twoLines = bar.inputTextView.contentSize.height
        XCTAssertGreaterThan(twoLines, oneLine)
        XCTAssertEqual(bar.contentSizeChanges.last?.new.height, twoLines)
        XCTAssertEqual(bar.textViewHeight, min(twoLines, bar.maxTextViewHeight))

        bar.inputTextView.insertText("\nthree\nfour\nfive\nsix\nseven")
        bar.layoutIfNeeded()
        XCTAssertGreaterThan(bar.inputTextView.contentSize.height, bar.maxTextViewHeight)
        XCTAssertEqual(bar.textViewHeight, bar.maxTextViewHeight)
        XCTAssertTrue(bar.inputTextView.isScrollEnabled)
    }

    func testTheBarRemovesItselfWhenItGoes() {
        let textView: UITextView
        do {
            let bar = GrowingInputBar(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
            textView = bar.inputTextView
        }
        // The bar is gone and removed itself: setting the size tells nobody, and nothing crashes.
        textView.contentSize = CGSize(width: 10, height: 10)
    }

    func testAControllerSizesItselfToItsCollectionViewsContent() {
        let controller = SelfSizingListController()
        controller.loadViewIfNeeded()
        controller.collectionView.layoutIfNeeded()
        // Three 44 pt rows with no spacing: 132 pt of content.
        XCTAssertEqual(controller.observedHeights.last, 132)
        controller.items = 5
        controller.collectionView.reloadData()
        controller.collectionView.layoutIfNeeded()
        XCTAssertEqual(controller.observedHeights.last, 220)
    }

    func testAHeaderStretchesWithTheOffset() {
        let scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        scrollView.contentSize = CGSize(width: 320, height: 2000)
        let header = StretchyHeader()
        header.attach(to: scrollView)
        scrollView.contentOffset = CGPoint(x: 0, y: -30)
        scrollView.contentOffset = CGPoint(x: 0, y: 100)
        XCTAssertEqual(header.heights, [230, 200])
        header.detach()
        scrollView.contentOffset = CGPoint(x: 0, y: -50)
        XCTAssertEqual(header.heights, [230, 200])
    }
}
