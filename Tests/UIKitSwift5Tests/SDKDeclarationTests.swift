// UIKit's declarations as the iOS SDK imports them into Swift (issue 45 §2), checked by compiling
// subclasses that override them with the SDK's spelling: a member whose optionality, access
// (`open`), `required` or label differs from the SDK's does not compile here. The assertions show
// that the overrides are the ones UIKit calls and that `null_resettable` properties reset to their
// defaults on nil. Each class names the header it was checked against (iOS 17.0 SDK,
// UIKit.framework/Headers).
import XCTest
import UIKit

// MARK: UILabel (UILabel.h)

final class SDKLabel: UILabel {
    var drawnTextRects: [CGRect] = []
    var textColorReads = 0

    override init(frame: CGRect) { super.init(frame: frame) }
    required init?(coder: NSCoder) { super.init(coder: coder) }

    // null_resettable → `T!`
    override var textColor: UIColor! {
        get { textColorReads += 1; return super.textColor }
        set { super.textColor = newValue }
    }
    override var font: UIFont! {
        get { super.font }
        set { super.font = newValue }
    }
    // nullable → `T?`
    override var text: String? {
        get { super.text }
        set { super.text = newValue }
    }
    override var attributedText: NSAttributedString? {
        get { super.attributedText }
        set { super.attributedText = newValue }
    }
    override var highlightedTextColor: UIColor? {
        get { super.highlightedTextColor }
        set { super.highlightedTextColor = newValue }
    }
    override var textAlignment: NSTextAlignment {
        get { super.textAlignment }
        set { super.textAlignment = newValue }
    }
    override var numberOfLines: Int {
        get { super.numberOfLines }
        set { super.numberOfLines = newValue }
    }
    override var lineBreakMode: NSLineBreakMode {
        get { super.lineBreakMode }
        set { super.lineBreakMode = newValue }
    }
    override var adjustsFontSizeToFitWidth: Bool {
        get { super.adjustsFontSizeToFitWidth }
        set { super.adjustsFontSizeToFitWidth = newValue }
    }
    override var minimumScaleFactor: CGFloat {
        get { super.minimumScaleFactor }
        set { super.minimumScaleFactor = newValue }
    }
    override var preferredMaxLayoutWidth: CGFloat {
        get { super.preferredMaxLayoutWidth }
        set { super.preferredMaxLayoutWidth = newValue }
    }
    override var isHighlighted: Bool {
        get { super.isHighlighted }
        set { super.isHighlighted = newValue }
    }
    override var isEnabled: Bool {
        get { super.isEnabled }
        set { super.isEnabled = newValue }
    }
    override func textRect(forBounds bounds: CGRect, limitedToNumberOfLines numberOfLines: Int) -> CGRect {
        super.textRect(forBounds: bounds, limitedToNumberOfLines: numberOfLines)
    }
    override func drawText(in rect: CGRect) {
        drawnTextRects.append(rect)
        super.drawText(in: rect.insetBy(dx: 4, dy: 0))
    }
}

// MARK: UIButton (UIButton.h)

final class SDKButton: UIButton {
    var titlesSet: [String?] = []

    override init(frame: CGRect) { super.init(frame: frame) }
    required init?(coder: NSCoder) { super.init(coder: coder) }

    // nullable, readonly → `T? { get }`
    override var titleLabel: UILabel? { super.titleLabel }
    override var imageView: UIImageView? { super.imageView }
    override var buttonType: UIButton.ButtonType { super.buttonType }
    override var contentEdgeInsets: UIEdgeInsets {
        get { super.contentEdgeInsets }
        set { super.contentEdgeInsets = newValue }
    }
    override func setTitle(_ title: String?, for state: UIControl.State) {
        titlesSet.append(title)
        super.setTitle(title, for: state)
    }
    override func title(for state: UIControl.State) -> String? { super.title(for: state) }
    override func setTitleColor(_ color: UIColor?, for state: UIControl.State) { super.setTitleColor(color, for: state) }
    override func setImage(_ image: UIImage?, for state: UIControl.State) { super.setImage(image, for: state) }
    // iOS 15's configurations: the property and the update a subclass overrides.
    override var configuration: UIButton.Configuration? {
        get { super.configuration }
        set { super.configuration = newValue }
    }
    var updates = 0
    override func updateConfiguration() {
        updates += 1
        var configuration = self.configuration ?? .plain()
        configuration.baseForegroundColor = isHighlighted ? .systemRed : nil
        self.configuration = configuration
    }
}

// MARK: UIView (UIView.h)

final class SDKView: UIView {
    var calls: [String] = []

    override init(frame: CGRect) { super.init(frame: frame) }
    required init?(coder: NSCoder) { super.init(coder: coder) }

    override func layoutSubviews() { calls.append("layoutSubviews"); super.layoutSubviews() }
    override func draw(_ rect: CGRect) { calls.append("draw"); super.draw(rect) }
    override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: 40, height: 30) }
    override var intrinsicContentSize: CGSize { CGSize(width: 12, height: 34) }
    override func layoutIfNeeded() { calls.append("layoutIfNeeded"); super.layoutIfNeeded() }
    override func setNeedsLayout() { calls.append("setNeedsLayout"); super.setNeedsLayout() }
    override func setNeedsDisplay() { calls.append("setNeedsDisplay"); super.setNeedsDisplay() }
    override func setNeedsDisplay(_ rect: CGRect) { super.setNeedsDisplay(rect) }
    override func sizeToFit() { calls.append("sizeToFit"); super.sizeToFit() }
    override func updateConstraints() { calls.append("updateConstraints"); super.updateConstraints() }
    override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        calls.append("traitCollectionDidChange")
        super.traitCollectionDidChange(previousTraitCollection)
    }
    override func willMove(toSuperview newSuperview: UIView?) { calls.append("willMoveToSuperview"); super.willMove(toSuperview: newSuperview) }
    override func didMoveToSuperview() { calls.append("didMoveToSuperview"); super.didMoveToSuperview() }
    override func willMove(toWindow newWindow: UIWindow?) { super.willMove(toWindow: newWindow) }
    override func didMoveToWindow() { calls.append("didMoveToWindow"); super.didMoveToWindow() }
    override func didAddSubview(_ subview: UIView) { calls.append("didAddSubview"); super.didAddSubview(subview) }
    override func willRemoveSubview(_ subview: UIView) { super.willRemoveSubview(subview) }
    override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        // A larger touch area: 10 pt around the bounds.
        bounds.insetBy(dx: -10, dy: -10).contains(point)
    }
    override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? { super.hitTest(point, with: event) }
    override func addSubview(_ view: UIView) { calls.append("addSubview"); super.addSubview(view) }
    override func insertSubview(_ view: UIView, at index: Int) { super.insertSubview(view, at: index) }
    override func insertSubview(_ view: UIView, aboveSubview siblingSubview: UIView) { super.insertSubview(view, aboveSubview: siblingSubview) }
    override func insertSubview(_ view: UIView, belowSubview siblingSubview: UIView) { super.insertSubview(view, belowSubview: siblingSubview) }
    override func bringSubviewToFront(_ view: UIView) { super.bringSubviewToFront(view) }
    override func sendSubviewToBack(_ view: UIView) { super.sendSubviewToBack(view) }
    override func exchangeSubview(at index1: Int, withSubviewAt index2: Int) { super.exchangeSubview(at: index1, withSubviewAt: index2) }
    override func removeFromSuperview() { calls.append("removeFromSuperview"); super.removeFromSuperview() }
    override func isDescendant(of view: UIView) -> Bool { super.isDescendant(of: view) }
    override func viewWithTag(_ tag: Int) -> UIView? { super.viewWithTag(tag) }
    override var window: UIWindow? { super.window }
    override var safeAreaInsets: UIEdgeInsets { super.safeAreaInsets }
    override var traitCollection: UITraitCollection { super.traitCollection }
    override var overrideUserInterfaceStyle: UIUserInterfaceStyle {
        get { super.overrideUserInterfaceStyle }
        set { super.overrideUserInterfaceStyle = newValue }
    }
    override func convert(_ point: CGPoint, to view: UIView?) -> CGPoint { super.convert(point, to: view) }
    override func convert(_ point: CGPoint, from view: UIView?) -> CGPoint { super.convert(point, from: view) }
    override func convert(_ rect: CGRect, to view: UIView?) -> CGRect { super.convert(rect, to: view) }
    override func convert(_ rect: CGRect, from view: UIView?) -> CGRect { super.convert(rect, from: view) }
    // nullable → `T?`; null_resettable → `T!`
    override var backgroundColor: UIColor? {
        get { super.backgroundColor }
        set { super.backgroundColor = newValue }
    }
    override var tintColor: UIColor! {
        get { super.tintColor }
        set { super.tintColor = newValue }
    }
    override func tintColorDidChange() { super.tintColorDidChange() }
    override var frame: CGRect {
        get { super.frame }
        set { super.frame = newValue }
    }
    override var bounds: CGRect {
        get { super.bounds }
        set { super.bounds = newValue }
    }
    override var isHidden: Bool {
        get { super.isHidden }
        set { super.isHidden = newValue }
    }
    override var alpha: CGFloat {
        get { super.alpha }
        set { super.alpha = newValue }
    }
    override var layoutMargins: UIEdgeInsets {
        get { super.layoutMargins }
        set { super.layoutMargins = newValue }
    }
    override func layoutMarginsDidChange() { super.layoutMarginsDidChange() }
    override func safeAreaInsetsDidChange() { super.safeAreaInsetsDidChange() }
    override var alignmentRectInsets: UIEdgeInsets { super.alignmentRectInsets }
    override class var layerClass: AnyClass { CALayer.self }
    override class var requiresConstraintBasedLayout: Bool { true }
}

// MARK: UIScrollView (UIScrollView.h)

final class SDKScrollView: UIScrollView {
    var flashes = 0
    var zooms: [CGFloat] = []

    override init(frame: CGRect) { super.init(frame: frame) }
    required init?(coder: NSCoder) { super.init(coder: coder) }

    // weak, nullable → `weak var … : UIScrollViewDelegate?`
    override weak var delegate: UIScrollViewDelegate? {
        get { super.delegate }
        set { super.delegate = newValue }
    }
    override var contentOffset: CGPoint {
        get { super.contentOffset }
        set { super.contentOffset = newValue }
    }
    override var contentSize: CGSize {
        get { super.contentSize }
        set { super.contentSize = newValue }
    }
    override var contentInset: UIEdgeInsets {
        get { super.contentInset }
        set { super.contentInset = newValue }
    }
    override var adjustedContentInset: UIEdgeInsets { super.adjustedContentInset }
    override func adjustedContentInsetDidChange() { super.adjustedContentInsetDidChange() }
    override var contentInsetAdjustmentBehavior: UIScrollView.ContentInsetAdjustmentBehavior {
        get { super.contentInsetAdjustmentBehavior }
        set { super.contentInsetAdjustmentBehavior = newValue }
    }
    override var scrollIndicatorInsets: UIEdgeInsets {
        get { super.scrollIndicatorInsets }
        set { super.scrollIndicatorInsets = newValue }
    }
    override var verticalScrollIndicatorInsets: UIEdgeInsets {
        get { super.verticalScrollIndicatorInsets }
        set { super.verticalScrollIndicatorInsets = newValue }
    }
    override var horizontalScrollIndicatorInsets: UIEdgeInsets {
        get { super.horizontalScrollIndicatorInsets }
        set { super.horizontalScrollIndicatorInsets = newValue }
    }
    override var isScrollEnabled: Bool {
        get { super.isScrollEnabled }
        set { super.isScrollEnabled = newValue }
    }
    override var isPagingEnabled: Bool {
        get { super.isPagingEnabled }
        set { super.isPagingEnabled = newValue }
    }
    override var bounces: Bool {
        get { super.bounces }
        set { super.bounces = newValue }
    }
    override var alwaysBounceVertical: Bool {
        get { super.alwaysBounceVertical }
        set { super.alwaysBounceVertical = newValue }
    }
    override var showsVerticalScrollIndicator: Bool {
        get { super.showsVerticalScrollIndicator }
        set { super.showsVerticalScrollIndicator = newValue }
    }
    override var decelerationRate: UIScrollView.DecelerationRate {
        get { super.decelerationRate }
        set { super.decelerationRate = newValue }
    }
    override var refreshControl: UIRefreshControl? {
        get { super.refreshControl }
        set { super.refreshControl = newValue }
    }
    // readonly → `{ get }`
    override var isTracking: Bool { super.isTracking }
    override var isDragging: Bool { super.isDragging }
    override var isDecelerating: Bool { super.isDecelerating }
    override var isZooming: Bool { super.isZooming }
    override var isZoomBouncing: Bool { super.isZoomBouncing }
    override var panGestureRecognizer: UIPanGestureRecognizer { super.panGestureRecognizer }
    override var pinchGestureRecognizer: UIPinchGestureRecognizer? { super.pinchGestureRecognizer }
    override var zoomScale: CGFloat {
        get { super.zoomScale }
        set { super.zoomScale = newValue }
    }
    override func setZoomScale(_ scale: CGFloat, animated: Bool) { zooms.append(scale); super.setZoomScale(scale, animated: animated) }
    override func zoom(to rect: CGRect, animated: Bool) { super.zoom(to: rect, animated: animated) }
    override func flashScrollIndicators() { flashes += 1; super.flashScrollIndicators() }
    override func setContentOffset(_ contentOffset: CGPoint, animated: Bool) { super.setContentOffset(contentOffset, animated: animated) }
    override func scrollRectToVisible(_ rect: CGRect, animated: Bool) { super.scrollRectToVisible(rect, animated: animated) }
    override func touchesShouldBegin(_ touches: Set<UITouch>, with event: UIEvent?, in view: UIView) -> Bool {
        super.touchesShouldBegin(touches, with: event, in: view)
    }
    override func touchesShouldCancel(in view: UIView) -> Bool { super.touchesShouldCancel(in: view) }
}

final class ScrollRecorder: NSObject, UIScrollViewDelegate {
    var offsets: [CGFloat] = []
    func scrollViewDidScroll(_ scrollView: UIScrollView) { offsets.append(scrollView.contentOffset.y) }
}

// MARK: UIImageView (UIImageView.h)

final class SDKImageView: UIImageView {
    // UIImageView.h marks no initializer designated: Swift imports `init(image:)` as designated.
    init() { super.init(image: nil) }
    override init(image: UIImage?) { super.init(image: image) }
    override init(image: UIImage?, highlightedImage: UIImage?) { super.init(image: image, highlightedImage: highlightedImage) }
    override init(frame: CGRect) { super.init(frame: frame) }
    required init?(coder: NSCoder) { super.init(coder: coder) }

    override var image: UIImage? {
        get { super.image }
        set { super.image = newValue }
    }
    override var highlightedImage: UIImage? {
        get { super.highlightedImage }
        set { super.highlightedImage = newValue }
    }
    override var isHighlighted: Bool {
        get { super.isHighlighted }
        set { super.isHighlighted = newValue }
    }
}

// MARK: UITextField (UITextField.h, UITextInputTraits.h, UITextInput.h)

final class SDKTextField: UITextField {
    override init(frame: CGRect) { super.init(frame: frame) }
    required init?(coder: NSCoder) { super.init(coder: coder) }

    override var text: String? {
        get { super.text }
        set { super.text = newValue }
    }
    override var attributedText: NSAttributedString? {
        get { super.attributedText }
        set { super.attributedText = newValue }
    }
    // nullable (not null_resettable, unlike UILabel's)
    override var textColor: UIColor? {
        get { super.textColor }
        set { super.textColor = newValue }
    }
    override var font: UIFont? {
        get { super.font }
        set { super.font = newValue }
    }
    override var placeholder: String? {
        get { super.placeholder }
        set { super.placeholder = newValue }
    }
    override var attributedPlaceholder: NSAttributedString? {
        get { super.attributedPlaceholder }
        set { super.attributedPlaceholder = newValue }
    }
    override var textAlignment: NSTextAlignment {
        get { super.textAlignment }
        set { super.textAlignment = newValue }
    }
    override var borderStyle: UITextField.BorderStyle {
        get { super.borderStyle }
        set { super.borderStyle = newValue }
    }
    override weak var delegate: UITextFieldDelegate? {
        get { super.delegate }
        set { super.delegate = newValue }
    }
    override var clearButtonMode: UITextField.ViewMode {
        get { super.clearButtonMode }
        set { super.clearButtonMode = newValue }
    }
    override var leftView: UIView? {
        get { super.leftView }
        set { super.leftView = newValue }
    }
    override var rightView: UIView? {
        get { super.rightView }
        set { super.rightView = newValue }
    }
    override var isEditing: Bool { super.isEditing }
    override var hasText: Bool { super.hasText }
    override var keyboardType: UIKeyboardType {
        get { super.keyboardType }
        set { super.keyboardType = newValue }
    }
    override var returnKeyType: UIReturnKeyType {
        get { super.returnKeyType }
        set { super.returnKeyType = newValue }
    }
    override var isSecureTextEntry: Bool {
        get { super.isSecureTextEntry }
        set { super.isSecureTextEntry = newValue }
    }
    // null_unspecified → `T!`
    override var textContentType: UITextContentType! {
        get { super.textContentType }
        set { super.textContentType = newValue }
    }
    override func textRect(forBounds bounds: CGRect) -> CGRect { super.textRect(forBounds: bounds).insetBy(dx: 10, dy: 0) }
    override func editingRect(forBounds bounds: CGRect) -> CGRect { super.editingRect(forBounds: bounds) }
    override func placeholderRect(forBounds bounds: CGRect) -> CGRect { super.placeholderRect(forBounds: bounds) }
    override func borderRect(forBounds bounds: CGRect) -> CGRect { super.borderRect(forBounds: bounds) }
    override func clearButtonRect(forBounds bounds: CGRect) -> CGRect { super.clearButtonRect(forBounds: bounds) }
    override func leftViewRect(forBounds bounds: CGRect) -> CGRect { super.leftViewRect(forBounds: bounds) }
    override func rightViewRect(forBounds bounds: CGRect) -> CGRect { super.rightViewRect(forBounds: bounds) }
    override func drawText(in rect: CGRect) { super.drawText(in: rect) }
    override func drawPlaceholder(in rect: CGRect) { super.drawPlaceholder(in: rect) }
    override func insertText(_ text: String) { super.insertText(text.uppercased()) }
    override func deleteBackward() { super.deleteBackward() }

    // UITextInput (UITextInput.h): nullable, copy → `UITextRange?` { get set }
    override var selectedTextRange: UITextRange? {
        get { super.selectedTextRange }
        set { super.selectedTextRange = newValue }
    }
    override var markedTextRange: UITextRange? { super.markedTextRange }
    override var markedTextStyle: [NSAttributedString.Key: Any]? {
        get { super.markedTextStyle }
        set { super.markedTextStyle = newValue }
    }
    override func setMarkedText(_ markedText: String?, selectedRange: NSRange) { super.setMarkedText(markedText, selectedRange: selectedRange) }
    override func unmarkText() { super.unmarkText() }
    override var beginningOfDocument: UITextPosition { super.beginningOfDocument }
    override var endOfDocument: UITextPosition { super.endOfDocument }
    override func text(in range: UITextRange) -> String? { super.text(in: range) }
    override func replace(_ range: UITextRange, withText text: String) { super.replace(range, withText: text) }
    override func textRange(from fromPosition: UITextPosition, to toPosition: UITextPosition) -> UITextRange? {
        super.textRange(from: fromPosition, to: toPosition)
    }
    override func position(from position: UITextPosition, offset: Int) -> UITextPosition? { super.position(from: position, offset: offset) }
    override func position(from position: UITextPosition, in direction: UITextLayoutDirection, offset: Int) -> UITextPosition? {
        super.position(from: position, in: direction, offset: offset)
    }
    override func compare(_ position: UITextPosition, to other: UITextPosition) -> ComparisonResult { super.compare(position, to: other) }
    override func offset(from: UITextPosition, to toPosition: UITextPosition) -> Int { super.offset(from: from, to: toPosition) }
    override weak var inputDelegate: UITextInputDelegate? {
        get { super.inputDelegate }
        set { super.inputDelegate = newValue }
    }
    override func position(within range: UITextRange, farthestIn direction: UITextLayoutDirection) -> UITextPosition? {
        super.position(within: range, farthestIn: direction)
    }
    override func characterRange(byExtending position: UITextPosition, in direction: UITextLayoutDirection) -> UITextRange? {
        super.characterRange(byExtending: position, in: direction)
    }
    // A taller caret, as apps override it.
    override func caretRect(for position: UITextPosition) -> CGRect { super.caretRect(for: position).insetBy(dx: 0, dy: -2) }
    override func firstRect(for range: UITextRange) -> CGRect { super.firstRect(for: range) }
    override func closestPosition(to point: CGPoint) -> UITextPosition? { super.closestPosition(to: point) }
    override func closestPosition(to point: CGPoint, within range: UITextRange) -> UITextPosition? { super.closestPosition(to: point, within: range) }
    override func characterRange(at point: CGPoint) -> UITextRange? { super.characterRange(at: point) }
    // UIResponder.h: nullable, readonly
    override var textInputMode: UITextInputMode? { super.textInputMode }
}

// MARK: UITextView (UITextView.h, UITextInputTraits.h, UITextInput.h)

final class SDKTextView: UITextView {
    override init(frame: CGRect, textContainer: NSTextContainer?) { super.init(frame: frame, textContainer: textContainer) }
    required init?(coder: NSCoder) { super.init(coder: coder) }

    override var selectedRange: NSRange {
        get { super.selectedRange }
        set { super.selectedRange = newValue }
    }
    override var selectedTextRange: UITextRange? {
        get { super.selectedTextRange }
        set { super.selectedTextRange = newValue }
    }
    override var markedTextRange: UITextRange? { super.markedTextRange }
    override var keyboardType: UIKeyboardType {
        get { super.keyboardType }
        set { super.keyboardType = newValue }
    }
    override var returnKeyType: UIReturnKeyType {
        get { super.returnKeyType }
        set { super.returnKeyType = newValue }
    }
    override var autocapitalizationType: UITextAutocapitalizationType {
        get { super.autocapitalizationType }
        set { super.autocapitalizationType = newValue }
    }
    override var autocorrectionType: UITextAutocorrectionType {
        get { super.autocorrectionType }
        set { super.autocorrectionType = newValue }
    }
    override var isSecureTextEntry: Bool {
        get { super.isSecureTextEntry }
        set { super.isSecureTextEntry = newValue }
    }
    override var textContentType: UITextContentType! {
        get { super.textContentType }
        set { super.textContentType = newValue }
    }
    override func caretRect(for position: UITextPosition) -> CGRect { super.caretRect(for: position) }
    override func position(from position: UITextPosition, offset: Int) -> UITextPosition? { super.position(from: position, offset: offset) }
}

// MARK: UITextPosition, UITextRange, UITextInputMode (UITextInput.h)

/// An app's own positions and ranges for a UITextInput of its own (abstract classes to subclass).
final class SDKTextPosition: UITextPosition {
    let index: Int
    init(_ index: Int) { self.index = index }
}

final class SDKTextRange: UITextRange {
    let from: SDKTextPosition, to: SDKTextPosition
    init(_ from: Int, _ to: Int) { self.from = SDKTextPosition(from); self.to = SDKTextPosition(to) }
    override var isEmpty: Bool { from.index == to.index }
    override var start: UITextPosition { from }
    override var end: UITextPosition { to }
}

// MARK: UITableViewCell (UITableViewCell.h) and UITableViewHeaderFooterView (UITableViewHeaderFooterView.h)

final class SDKTableViewCell: UITableViewCell {
    var reused = 0

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
    }
    required init?(coder: NSCoder) { super.init(coder: coder) }

    // readonly, nullable → `T? { get }`
    override var textLabel: UILabel? { super.textLabel }
    override var detailTextLabel: UILabel? { super.detailTextLabel }
    override var imageView: UIImageView? { super.imageView }
    // readonly → `{ get }`
    override var contentView: UIView { super.contentView }
    override var reuseIdentifier: String? { super.reuseIdentifier }
    override var accessoryType: UITableViewCell.AccessoryType {
        get { super.accessoryType }
        set { super.accessoryType = newValue }
    }
    override var accessoryView: UIView? {
        get { super.accessoryView }
        set { super.accessoryView = newValue }
    }
    override var selectionStyle: UITableViewCell.SelectionStyle {
        get { super.selectionStyle }
        set { super.selectionStyle = newValue }
    }
    override var backgroundView: UIView? {
        get { super.backgroundView }
        set { super.backgroundView = newValue }
    }
    override var selectedBackgroundView: UIView? {
        get { super.selectedBackgroundView }
        set { super.selectedBackgroundView = newValue }
    }
    override var separatorInset: UIEdgeInsets {
        get { super.separatorInset }
        set { super.separatorInset = newValue }
    }
    override var isSelected: Bool {
        get { super.isSelected }
        set { super.isSelected = newValue }
    }
    override var isHighlighted: Bool {
        get { super.isHighlighted }
        set { super.isHighlighted = newValue }
    }
    override func setSelected(_ selected: Bool, animated: Bool) { super.setSelected(selected, animated: animated) }
    override func setHighlighted(_ highlighted: Bool, animated: Bool) { super.setHighlighted(highlighted, animated: animated) }
    override func prepareForReuse() { reused += 1; super.prepareForReuse() }
    // Editing: `editing` (getter isEditing), `editingStyle` readonly, the rest settable.
    override var isEditing: Bool {
        get { super.isEditing }
        set { super.isEditing = newValue }
    }
    override func setEditing(_ editing: Bool, animated: Bool) { super.setEditing(editing, animated: animated) }
    override var editingStyle: UITableViewCell.EditingStyle { super.editingStyle }
    override var showsReorderControl: Bool {
        get { super.showsReorderControl }
        set { super.showsReorderControl = newValue }
    }
    override var shouldIndentWhileEditing: Bool {
        get { super.shouldIndentWhileEditing }
        set { super.shouldIndentWhileEditing = newValue }
    }
    override var editingAccessoryType: UITableViewCell.AccessoryType {
        get { super.editingAccessoryType }
        set { super.editingAccessoryType = newValue }
    }
    override var editingAccessoryView: UIView? {
        get { super.editingAccessoryView }
        set { super.editingAccessoryView = newValue }
    }
}

final class SDKHeaderFooterView: UITableViewHeaderFooterView {
    override init(reuseIdentifier: String?) { super.init(reuseIdentifier: reuseIdentifier) }
    required init?(coder: NSCoder) { super.init(coder: coder) }

    override var textLabel: UILabel? { super.textLabel }
    override var contentView: UIView { super.contentView }
    override var reuseIdentifier: String? { super.reuseIdentifier }
}

final class OneRowSource: NSObject, UITableViewDataSource {
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 1 }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.textLabel?.text = "Row"
        return cell
    }
}

// MARK: UIViewController (UIViewController.h)

final class SDKViewController: UIViewController {
    var calls: [String] = []
    var presentations = 0

    init() { super.init(nibName: nil, bundle: nil) }
    override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil) }
    required init?(coder: NSCoder) { super.init(coder: coder) }

    // null_resettable → `UIView!`
    override var view: UIView! {
        get { super.view }
        set { super.view = newValue }
    }
    override func loadView() { calls.append("loadView"); super.loadView() }
    override func viewDidLoad() { calls.append("viewDidLoad"); super.viewDidLoad() }
    override func viewWillAppear(_ animated: Bool) { calls.append("viewWillAppear"); super.viewWillAppear(animated) }
    override func viewDidAppear(_ animated: Bool) { calls.append("viewDidAppear"); super.viewDidAppear(animated) }
    override func viewWillDisappear(_ animated: Bool) { super.viewWillDisappear(animated) }
    override func viewDidDisappear(_ animated: Bool) { super.viewDidDisappear(animated) }
    override func viewWillLayoutSubviews() { super.viewWillLayoutSubviews() }
    override func viewDidLayoutSubviews() { super.viewDidLayoutSubviews() }
    override func updateViewConstraints() { super.updateViewConstraints() }
    override func viewSafeAreaInsetsDidChange() { super.viewSafeAreaInsetsDidChange() }
    override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) { super.traitCollectionDidChange(previousTraitCollection) }
    override func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {
        super.viewWillTransition(to: size, with: coordinator)
    }
    override var title: String? {
        get { super.title }
        set { super.title = newValue }
    }
    override var isViewLoaded: Bool { super.isViewLoaded }
    override var viewIfLoaded: UIView? { super.viewIfLoaded }
    override var isEditing: Bool {
        get { super.isEditing }
        set { super.isEditing = newValue }
    }
    override func setEditing(_ editing: Bool, animated: Bool) { super.setEditing(editing, animated: animated) }
    override var editButtonItem: UIBarButtonItem { super.editButtonItem }
    override func loadViewIfNeeded() { super.loadViewIfNeeded() }
    override var navigationItem: UINavigationItem { super.navigationItem }
    override var navigationController: UINavigationController? { super.navigationController }
    override var tabBarController: UITabBarController? { super.tabBarController }
    override var tabBarItem: UITabBarItem! {
        get { super.tabBarItem }
        set { super.tabBarItem = newValue }
    }
    override var presentedViewController: UIViewController? { super.presentedViewController }
    override var presentingViewController: UIViewController? { super.presentingViewController }
    override var presentationController: UIPresentationController? { super.presentationController }
    override var sheetPresentationController: UISheetPresentationController? { super.sheetPresentationController }
    override var isBeingPresented: Bool { super.isBeingPresented }
    override var isBeingDismissed: Bool { super.isBeingDismissed }
    override var isMovingToParent: Bool { super.isMovingToParent }
    override var isMovingFromParent: Bool { super.isMovingFromParent }
    override var modalPresentationStyle: UIModalPresentationStyle {
        get { super.modalPresentationStyle }
        set { super.modalPresentationStyle = newValue }
    }
    override var modalTransitionStyle: UIModalTransitionStyle {
        get { super.modalTransitionStyle }
        set { super.modalTransitionStyle = newValue }
    }
    override var isModalInPresentation: Bool {
        get { super.isModalInPresentation }
        set { super.isModalInPresentation = newValue }
    }
    override func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {
        presentations += 1
        super.present(viewControllerToPresent, animated: flag, completion: completion)
    }
    override func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) { super.dismiss(animated: flag, completion: completion) }
    override func show(_ vc: UIViewController, sender: Any?) { super.show(vc, sender: sender) }
    override var transitionCoordinator: UIViewControllerTransitionCoordinator? { super.transitionCoordinator }
    override var traitCollection: UITraitCollection { super.traitCollection }
    override var overrideUserInterfaceStyle: UIUserInterfaceStyle {
        get { super.overrideUserInterfaceStyle }
        set { super.overrideUserInterfaceStyle = newValue }
    }
    override var children: [UIViewController] { super.children }
    override var parent: UIViewController? { super.parent }
    override func addChild(_ childController: UIViewController) { super.addChild(childController) }
    override func removeFromParent() { super.removeFromParent() }
    override func willMove(toParent parent: UIViewController?) { super.willMove(toParent: parent) }
    override func didMove(toParent parent: UIViewController?) { super.didMove(toParent: parent) }
    override func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) { super.beginAppearanceTransition(isAppearing, animated: animated) }
    override func endAppearanceTransition() { super.endAppearanceTransition() }
    override var additionalSafeAreaInsets: UIEdgeInsets {
        get { super.additionalSafeAreaInsets }
        set { super.additionalSafeAreaInsets = newValue }
    }
    override var edgesForExtendedLayout: UIRectEdge {
        get { super.edgesForExtendedLayout }
        set { super.edgesForExtendedLayout = newValue }
    }
}

// MARK: UIStackView (UIStackView.h)

final class SDKStackView: UIStackView {
    override init(frame: CGRect) { super.init(frame: frame) }
    // NS_DESIGNATED_INITIALIZER, not nullable: required and not failable.
    required init(coder: NSCoder) { super.init(coder: coder) }

    override var arrangedSubviews: [UIView] { super.arrangedSubviews }
    override func addArrangedSubview(_ view: UIView) { super.addArrangedSubview(view) }
    override func insertArrangedSubview(_ view: UIView, at stackIndex: Int) { super.insertArrangedSubview(view, at: stackIndex) }
    override func removeArrangedSubview(_ view: UIView) { super.removeArrangedSubview(view) }
    override var axis: NSLayoutConstraint.Axis {
        get { super.axis }
        set { super.axis = newValue }
    }
    override var distribution: UIStackView.Distribution {
        get { super.distribution }
        set { super.distribution = newValue }
    }
    override var alignment: UIStackView.Alignment {
        get { super.alignment }
        set { super.alignment = newValue }
    }
    override var spacing: CGFloat {
        get { super.spacing }
        set { super.spacing = newValue }
    }
    override func setCustomSpacing(_ spacing: CGFloat, after arrangedSubview: UIView) { super.setCustomSpacing(spacing, after: arrangedSubview) }
    override func customSpacing(after arrangedSubview: UIView) -> CGFloat { super.customSpacing(after: arrangedSubview) }
    override var isLayoutMarginsRelativeArrangement: Bool {
        get { super.isLayoutMarginsRelativeArrangement }
        set { super.isLayoutMarginsRelativeArrangement = newValue }
    }
    override var isBaselineRelativeArrangement: Bool {
        get { super.isBaselineRelativeArrangement }
        set { super.isBaselineRelativeArrangement = newValue }
    }
}

// MARK: UIPresentationController (UIPresentationController.h)

final class SDKPresentationController: UIPresentationController {
    let wrapper = UIView()

    override init(presentedViewController: UIViewController, presenting presentingViewController: UIViewController?) {
        super.init(presentedViewController: presentedViewController, presenting: presentingViewController)
    }

    override var presentedView: UIView? { wrapper }
    override var presentedViewController: UIViewController { super.presentedViewController }
    override var presentingViewController: UIViewController { super.presentingViewController }
    override var containerView: UIView? { super.containerView }
    override weak var delegate: UIAdaptivePresentationControllerDelegate? {
        get { super.delegate }
        set { super.delegate = newValue }
    }
    override var frameOfPresentedViewInContainerView: CGRect { super.frameOfPresentedViewInContainerView }
}

final class SDKDeclarationTests: XCTestCase {
    func testLabelNullResettablePropertiesResetToTheirDefaults() {
        let label = SDKLabel(frame: CGRect(x: 0, y: 0, width: 100, height: 20))
        XCTAssertEqual(label.font, UIFont.systemFont(ofSize: 17))
        XCTAssertEqual(label.textColor, UIColor.label)
        label.font = .boldSystemFont(ofSize: 30)
        label.textColor = .red
        XCTAssertEqual(label.font.pointSize, 30)
        XCTAssertEqual(label.textColor, UIColor.red)
        label.font = nil
        label.textColor = nil
        XCTAssertEqual(label.font, UIFont.systemFont(ofSize: 17))
        XCTAssertEqual(label.textColor, UIColor.label)
        // A plain UILabel too.
        let plain = UILabel()
        plain.font = nil
        plain.textColor = nil
        XCTAssertEqual(plain.font.pointSize, 17)
        XCTAssertEqual(plain.textColor, UIColor.label)
    }

    func testLabelOverridesAreTheOnesUIKitCalls() {
        let label = SDKLabel(frame: CGRect(x: 0, y: 0, width: 100, height: 20))
        label.text = "Inbox"
        let reads = label.textColorReads
        // The label draws through `drawText(in:)`, reading `textColor` through its getter.
        label.layer.setNeedsDisplay()
        label.layer.displayIfNeeded()
        XCTAssertEqual(label.drawnTextRects, [label.bounds])
        XCTAssertGreaterThan(label.textColorReads, reads)
        let rect = label.textRect(forBounds: label.bounds, limitedToNumberOfLines: 1)
        XCTAssertGreaterThan(rect.width, 0)
        XCTAssertNil(SDKLabel(coder: NSCoder()))
    }

    func testButtonDeclarations() {
        // The class factory `buttonWithType:` is `init(type:)`, and makes the subclass.
        let button = SDKButton(type: .system)
        XCTAssertEqual(button.buttonType, .system)
        XCTAssertEqual(UIButton(frame: .zero).buttonType, .custom)
        XCTAssertEqual(UIButton.ButtonType.roundedRect, .system)
        button.setTitle("Send", for: .normal)
        XCTAssertEqual(button.titlesSet, ["Send"])
        XCTAssertEqual(button.titleLabel?.text, "Send")
        button.titleLabel?.font = .boldSystemFont(ofSize: 20)
        XCTAssertEqual(button.titleLabel?.font.pointSize, 20)
        button.setTitleColor(.red, for: .normal)
        XCTAssertEqual(button.titleLabel?.textColor, UIColor.red)
        XCTAssertNotNil(button.imageView)
        XCTAssertNil(button.imageView?.image)
        XCTAssertNil(SDKButton(coder: NSCoder()))
        // A subclass's updateConfiguration() runs on each state change and its configuration is shown.
        let configured = SDKButton(configuration: .filled(), primaryAction: UIAction(title: "Pay") { _ in })
        XCTAssertEqual(configured.configuration?.title, "Pay")
        XCTAssertEqual(configured.titleLabel?.text, "Pay")
        let before = configured.updates
        configured.isHighlighted = true
        XCTAssertGreaterThan(configured.updates, before)
        XCTAssertEqual(configured.configuration?.baseForegroundColor, .systemRed)
    }

    func testViewOverridesAreTheOnesUIKitCalls() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        window.isHidden = false
        let view = SDKView(frame: CGRect(x: 10, y: 10, width: 100, height: 100))
        window.addSubview(view)
        let moves = ["willMoveToSuperview", "didMoveToWindow", "didMoveToSuperview"]
        XCTAssertEqual(view.calls.filter(moves.contains), moves)
        XCTAssertTrue(view.window === window)
        view.calls = []
        let child = UIView()
        view.addSubview(child)
        XCTAssertEqual(Array(view.calls.prefix(1)), ["addSubview"])
        XCTAssertTrue(view.calls.contains("didAddSubview"))
        // A requested layout goes through the open methods.
        view.calls = []
        view.setNeedsLayout()
        view.layoutIfNeeded()
        XCTAssertEqual(view.calls.first, "setNeedsLayout")
        XCTAssertTrue(view.calls.contains("layoutIfNeeded"))
        XCTAssertTrue(view.calls.contains("layoutSubviews"))
        // requiresConstraintBasedLayout: UIKit's update-constraints pass calls the override.
        XCTAssertTrue(view.calls.contains("updateConstraints"))
        // sizeToFit reads the override of sizeThatFits.
        view.sizeToFit()
        XCTAssertEqual(view.bounds.size, CGSize(width: 40, height: 30))
        // Hit testing asks point(inside:with:): 5 pt outside the frame still hits.
        XCTAssertTrue(window.hitTest(CGPoint(x: view.frame.maxX + 5, y: view.frame.midY), with: nil) === view)
        // The null_resettable tint: nil inherits again.
        view.tintColor = .red
        XCTAssertEqual(view.tintColor, UIColor.red)
        view.tintColor = nil
        XCTAssertEqual(view.tintColor, window.tintColor)
        view.backgroundColor = nil
        XCTAssertNil(view.backgroundColor)
        view.calls = []
        view.overrideUserInterfaceStyle = .dark
        XCTAssertTrue(view.calls.contains("traitCollectionDidChange"))
        XCTAssertEqual(view.traitCollection.userInterfaceStyle, .dark)
        view.removeFromSuperview()
        XCTAssertTrue(view.calls.contains("removeFromSuperview"))
        XCTAssertNil(view.window)
        XCTAssertNil(SDKView(coder: NSCoder()))
    }

    func testScrollViewDeclarations() {
        let scroll = SDKScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let recorder = ScrollRecorder()
        scroll.delegate = recorder
        XCTAssertTrue(scroll.delegate === recorder)
        scroll.contentSize = CGSize(width: 100, height: 400)
        scroll.contentOffset = CGPoint(x: 0, y: 30)
        XCTAssertEqual(recorder.offsets.last, 30)
        // The old name sets both insets.
        scroll.scrollIndicatorInsets = UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        XCTAssertEqual(scroll.verticalScrollIndicatorInsets, UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        XCTAssertEqual(scroll.horizontalScrollIndicatorInsets, UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        scroll.flashScrollIndicators()
        XCTAssertEqual(scroll.flashes, 1)
        scroll.zoomScale = 1
        XCTAssertEqual(scroll.zooms, [1])
        XCTAssertFalse(scroll.isDragging || scroll.isDecelerating || scroll.isTracking || scroll.isZooming)
        XCTAssertNil(scroll.pinchGestureRecognizer)
        XCTAssertTrue(scroll.gestureRecognizers?.contains { $0 === scroll.panGestureRecognizer } == true)
        scroll.delegate = nil
        XCTAssertNil(scroll.delegate)
    }

    func testImageViewInitializersAreDesignated() {
        let image = UIGraphicsImageRenderer(size: CGSize(width: 8, height: 6)).image { _ in }
        let view = SDKImageView(image: image)
        XCTAssertEqual(view.bounds.size, CGSize(width: 8, height: 6))
        XCTAssertTrue(view.image === image)
        XCTAssertFalse(view.isUserInteractionEnabled)
        let highlighted = SDKImageView(image: nil, highlightedImage: image)
        XCTAssertTrue(highlighted.highlightedImage === image)
        XCTAssertNil(SDKImageView().image)
        XCTAssertEqual(UIImageView(image: image).intrinsicContentSize, CGSize(width: 8, height: 6))
    }

    func testTextFieldDeclarations() {
        let field = SDKTextField(frame: CGRect(x: 0, y: 0, width: 200, height: 30))
        field.insertText("ab")
        XCTAssertEqual(field.text, "AB")
        XCTAssertTrue(field.hasText)
        XCTAssertFalse(field.isEditing)
        XCTAssertNil(field.textContentType)
        field.textContentType = .emailAddress
        XCTAssertEqual(field.textContentType, .emailAddress)
        field.font = nil
        XCTAssertNil(field.font)
        XCTAssertEqual(field.textRect(forBounds: field.bounds).minX, 10)
        XCTAssertEqual(field.caretRect(for: field.endOfDocument).height, UIFont.systemFont(ofSize: 17).lineHeight + 4)
        XCTAssertEqual(field.offset(from: field.beginningOfDocument, to: field.endOfDocument), 2)
        XCTAssertEqual(field.textInputMode?.primaryLanguage, "en-US")

        let view = SDKTextView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        view.text = "abc"
        view.selectedRange = NSRange(location: 1, length: 1)
        XCTAssertEqual(view.selectedTextRange.map { view.offset(from: view.beginningOfDocument, to: $0.end) }, 2)
        view.keyboardType = .emailAddress
        XCTAssertEqual(view.keyboardType, .emailAddress)
        XCTAssertTrue(SDKTextRange(3, 3).isEmpty)
        XCTAssertFalse(SDKTextRange(3, 4).isEmpty)
    }

    func testTableViewCellDeclarations() {
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 200))
        table.register(SDKTableViewCell.self, forCellReuseIdentifier: "row")
        let source = OneRowSource()
        table.dataSource = source
        table.layoutIfNeeded()
        let cell = table.visibleCells.first as? SDKTableViewCell
        XCTAssertNotNil(cell)
        XCTAssertEqual(cell?.reuseIdentifier, "row")
        XCTAssertEqual(cell?.textLabel?.text, "Row")
        XCTAssertTrue(cell?.textLabel?.superview === cell?.contentView)
        let subtitle = SDKTableViewCell(style: .subtitle, reuseIdentifier: nil)
        XCTAssertNotNil(subtitle.detailTextLabel)
        XCTAssertNil(SDKTableViewCell(style: .default, reuseIdentifier: nil).detailTextLabel)
        subtitle.prepareForReuse()
        XCTAssertEqual(subtitle.reused, 1)
        XCTAssertNil(SDKTableViewCell(coder: NSCoder()))
        let header = SDKHeaderFooterView(reuseIdentifier: "header")
        XCTAssertEqual(header.reuseIdentifier, "header")
        XCTAssertTrue(header.textLabel?.superview === header.contentView)
    }

    func testViewControllerDeclarations() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let controller = SDKViewController()
        controller.title = "Inbox"
        XCTAssertFalse(controller.isViewLoaded)
        XCTAssertNil(controller.viewIfLoaded)
        window.rootViewController = controller
        window.makeKeyAndVisible()
        XCTAssertEqual(Array(controller.calls.prefix(2)), ["loadView", "viewDidLoad"])
        XCTAssertTrue(controller.calls.contains("viewWillAppear"))
        XCTAssertEqual(controller.navigationItem.title, "Inbox")
        XCTAssertNil(controller.navigationController)
        XCTAssertNil(controller.presentedViewController)
        // null_resettable view: nil loads it again on the next read.
        controller.calls = []
        let child = SDKViewController()
        controller.addChild(child)
        XCTAssertTrue(child.parent === controller)
        XCTAssertEqual(controller.children.count, 1)
        child.view = nil
        XCTAssertNotNil(child.view)
        XCTAssertEqual(child.calls.filter { $0 == "loadView" }.count, 1)
        child.removeFromParent()
        XCTAssertNil(child.parent)
        // present(_:animated:completion:) is the override.
        let sheet = UIViewController()
        controller.present(sheet, animated: false)
        XCTAssertEqual(controller.presentations, 1)
        XCTAssertTrue(controller.presentedViewController === sheet)
        XCTAssertTrue(sheet.presentingViewController === controller)
        controller.tabBarItem = nil
        XCTAssertEqual(controller.tabBarItem.title, "Inbox")
        XCTAssertNil(SDKViewController(coder: NSCoder()))
    }

    func testStackViewCoderInitializerIsNotFailable() {
        let stack: SDKStackView = SDKStackView(coder: NSCoder())
        XCTAssertTrue(stack.arrangedSubviews.isEmpty)
        let label = UILabel()
        stack.addArrangedSubview(label)
        XCTAssertEqual(stack.arrangedSubviews.count, 1)
        XCTAssertTrue(label.superview === stack)
        stack.removeArrangedSubview(label)
        XCTAssertTrue(stack.arrangedSubviews.isEmpty)
    }

    func testPresentationControllerPresentedViewIsOpen() {
        let presented = UIViewController()
        let controller = SDKPresentationController(presentedViewController: presented, presenting: nil)
        XCTAssertTrue(controller.presentedView === controller.wrapper)
        XCTAssertTrue(controller.presentedViewController === presented)
        XCTAssertTrue(controller.presentingViewController === presented)
        XCTAssertNil(controller.containerView)
    }
}
