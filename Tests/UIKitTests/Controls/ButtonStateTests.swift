import Foundation
import Testing
@testable import UIKit

/// UIButton's per-state content as UIKit documents it: a state without its own title, title colour,
/// image, styled title or background image shows the normal state's; a styled title is shown
/// instead of the plain one; the `current…` properties say what is shown now.
@MainActor
@Suite struct ButtonStateTests {
    /// A 10 × 10 (points, at scale 1) image of one colour.
    func image(_ color: UIColor) -> UIImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        return UIGraphicsImageRenderer(size: CGSize(width: 10, height: 10), format: format).image { context in
            color.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        }
    }

    @Test func eachStateFallsBackToNormal() {
        let button = UIButton(type: .system)
        let normal = image(.red), selected = image(.blue)
        button.setTitle("Follow", for: .normal)
        button.setTitle("Following", for: .selected)
        button.setTitleColor(.green, for: .normal)
        button.setImage(normal, for: .normal)
        button.setImage(selected, for: .selected)

        #expect(button.currentTitle == "Follow" && button.currentImage === normal)
        #expect(button.title(for: .highlighted) == "Follow" && button.image(for: .highlighted) === normal)
        #expect(button.titleColor(for: .selected) == .green)

        button.isSelected = true
        #expect(button.currentTitle == "Following" && button.currentImage === selected)
        #expect(button.imageView?.image === selected)
    }

    /// A 10 × 10 image beside a title: the intrinsic width is the image's 10 plus the title's.
    @Test func anImageSetForAnotherStateIsNotShownInNormal() {
        let button = UIButton(type: .custom)
        button.setTitle("A", for: .normal)
        let plain = button.intrinsicContentSize.width
        button.setImage(image(.red), for: .selected)
        #expect(button.currentImage == nil && button.intrinsicContentSize.width == plain)
        button.isSelected = true
        #expect(button.intrinsicContentSize.width == plain + 10)
    }

    @Test func aStyledTitleIsShownInsteadOfThePlainOne() {
        let button = UIButton(type: .system)
        button.setTitle("plain", for: .normal)
        let styled = NSAttributedString(string: "styled", attributes: [.font: UIFont.boldSystemFont(ofSize: 20)])
        button.setAttributedTitle(styled, for: .normal)
        #expect(button.currentAttributedTitle === styled)
        #expect(button.titleLabel?.text == "styled" && button.currentTitle == "styled")
        #expect(button.titleLabel?.attributedText?.attribute(.font, at: 0, effectiveRange: nil) as? UIFont == .boldSystemFont(ofSize: 20))
        button.setAttributedTitle(nil, for: .normal)
        #expect(button.titleLabel?.text == "plain")
    }

    /// A background image fills the button's bounds, behind its title: made only when one is set.
    @Test func aBackgroundImageFillsTheBounds() {
        let button = UIButton(frame: CGRect(x: 0, y: 0, width: 120, height: 44))
        let views = button.subviews.count
        button.setTitle("Go", for: .normal)
        #expect(button.subviews.count == views)
        let background = image(.orange)
        button.setBackgroundImage(background, for: .normal)
        button.layoutIfNeeded()
        let view = button.subviews.first as? UIImageView
        #expect(view?.image === background && view?.frame == CGRect(x: 0, y: 0, width: 120, height: 44))
        #expect(button.backgroundImage(for: .disabled) === background && button.currentBackgroundImage === background)
    }

    /// InputBarAccessoryView's send button: content at the edges. A 200 × 44 button with a 10 × 10
    /// image and a title `w` wide: centred (the default) the title spans 190 from x 10, its text
    /// centred; left, the image at 0 and the title at 10, `w` wide; right, the title ends at 200
    /// (x = 200 − w) with the image just before it; top and bottom, the title's line (its
    /// intrinsic height h) at y 0 or 44 − h, the image at 0 or 34.
    @Test func contentAlignmentPlacesTheImageAndTitle() {
        let button = UIButton(type: .custom)
        button.frame = CGRect(x: 0, y: 0, width: 200, height: 44)
        button.setTitle("Send", for: .normal)
        button.setImage(image(.red), for: .normal)
        let text = button.titleLabel!.intrinsicContentSize
        button.layoutIfNeeded()
        #expect(button.titleLabel?.frame == CGRect(x: 10, y: 0, width: 190, height: 44))
        #expect(button.imageView?.frame == CGRect(x: 0, y: 17, width: 10, height: 10))
        button.contentHorizontalAlignment = .left
        button.layoutIfNeeded()
        #expect(button.titleLabel?.frame == CGRect(x: 10, y: 0, width: text.width, height: 44))
        button.contentHorizontalAlignment = .trailing
        #expect(button.effectiveContentHorizontalAlignment == .right)
        button.layoutIfNeeded()
        #expect(button.titleLabel?.frame.maxX == 200 && button.titleLabel?.frame.width == text.width)
        #expect(button.imageView?.frame.maxX == 200 - text.width)
        button.contentVerticalAlignment = .top
        button.layoutIfNeeded()
        #expect(button.titleLabel?.frame.minY == 0 && button.titleLabel?.frame.height == text.height && button.imageView?.frame.minY == 0)
        button.contentVerticalAlignment = .bottom
        button.layoutIfNeeded()
        #expect(button.titleLabel?.frame.maxY == 44 && button.imageView?.frame.minY == 34)
        button.contentVerticalAlignment = .fill
        button.layoutIfNeeded()
        #expect(button.imageView?.frame.height == 44)
    }

    /// A view's traits say its screen's idiom (InputBarAccessoryView reads it to size its bar).
    @Test func aViewsTraitsSayTheDevicesIdiom() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let view = UIView()
        window.addSubview(view)
        #expect(view.traitCollection.userInterfaceIdiom == .phone)
        #expect(UITraitCollection(userInterfaceIdiom: .pad).userInterfaceIdiom == .pad)
        #expect(UITraitCollection(traitsFrom: [UITraitCollection(userInterfaceIdiom: .pad), UITraitCollection(displayScale: 3)]).userInterfaceIdiom == .pad)
        #expect(UITraitCollection(displayScale: 3).userInterfaceIdiom == .unspecified)
    }

    /// `titleEdgeInsets` and `imageEdgeInsets` inset the title's and the image's rectangles, not
    /// the button's size. A 200 × 44 button with a 10 × 10 image and a title: the image sits at
    /// the content's left, x = 0, and the title spans the 190 pt beside it. Title insets of 20 on
    /// the left make the title's rectangle (30, 0, 170, 44); image insets of −4 left and 4 right
    /// move the image 4 pt left, to x = −4, keeping its size. The intrinsic size is unchanged.
    @Test func edgeInsetsMoveTheTitleAndTheImage() {
        let button = UIButton(frame: CGRect(x: 0, y: 0, width: 200, height: 44))
        button.setImage(image(.red), for: .normal)
        button.setTitle("Go", for: .normal)
        let natural = button.intrinsicContentSize
        button.layoutIfNeeded()
        #expect(button.imageView?.frame == CGRect(x: 0, y: 17, width: 10, height: 10))
        #expect(button.titleLabel?.frame == CGRect(x: 10, y: 0, width: 190, height: 44))
        button.titleEdgeInsets = UIEdgeInsets(top: 0, left: 20, bottom: 0, right: 0)
        button.imageEdgeInsets = UIEdgeInsets(top: 0, left: -4, bottom: 0, right: 4)
        button.layoutIfNeeded()
        #expect(button.titleLabel?.frame == CGRect(x: 30, y: 0, width: 170, height: 44))
        #expect(button.imageView?.frame == CGRect(x: -4, y: 17, width: 10, height: 10))
        #expect(button.intrinsicContentSize == natural)
    }
}
