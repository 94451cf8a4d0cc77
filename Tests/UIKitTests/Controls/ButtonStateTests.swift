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
}
