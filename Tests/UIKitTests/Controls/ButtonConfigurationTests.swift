import Foundation
import Geometry
import Testing
@testable import UIKit

/// UIButton's configurations (iOS 15) as UIKit's behave: the medium size's content insets (7 pt
/// above and below, 12 at the sides), body text, the style's colours per state, the image beside
/// the title `imagePadding` apart, the title over the subtitle `titlePadding` (1) apart.
@MainActor
@Suite struct ButtonConfigurationTests {
    /// A 10 × 10 (points, at scale 1) image.
    func image() -> UIImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        return UIGraphicsImageRenderer(size: CGSize(width: 10, height: 10), format: format).image { context in
            UIColor.red.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        }
    }

    /// The size of `text` as a label of `font` shows it.
    func size(_ text: String, _ font: UIFont) -> CGSize {
        let label = UILabel()
        label.font = font
        label.text = text
        return label.intrinsicContentSize
    }

    /// A filled "Call": its size is the title's and the insets (24 wide, 14 tall more); laid out
    /// 200 × 50, the title is centred; the background fills it, the tint with a 5.95 pt radius,
    /// the title white. The legacy title setter leaves the configuration's title shown.
    @Test func aFilledButtonsSizeColoursAndTitle() {
        var configuration = UIButton.Configuration.filled()
        configuration.title = "Call"
        let button = UIButton(configuration: configuration)
        let title = size("Call", .preferredFont(forTextStyle: .body))
        #expect(button.intrinsicContentSize == CGSize(width: title.width + 24, height: title.height + 14))
        button.frame = CGRect(x: 0, y: 0, width: 200, height: 50)
        button.layoutIfNeeded()
        let shown = button.titleLabel?.frame ?? .zero, expected = CGRect(x: (200 - title.width) / 2, y: (50 - title.height) / 2,
                                                                          width: title.width, height: title.height)
        #expect([shown.minX - expected.minX, shown.minY - expected.minY, shown.width - expected.width, shown.height - expected.height]
            .allSatisfy { abs($0) < 1e-9 })
        let background = button.configurationBackground
        #expect(background?.frame == button.bounds && background?.layer.cornerRadius == 5.95)
        #expect(background?.backgroundColor == button.tintColor && button.titleLabel?.textColor == .white)
        button.setTitle("Legacy", for: .normal)
        #expect(button.titleLabel?.text == "Call" && button.title(for: .normal) == "Legacy")
    }

    /// States: highlighted, the filled background and the title at 0.75 of their alpha;
    /// disabled, the title tertiary label and the background the secondary fill at 0.75 of its
    /// alpha. A plain button has no background, its title the tint.
    @Test func eachStateShowsTheStylesColours() throws {
        var configuration = UIButton.Configuration.filled()
        configuration.title = "Go"
        let button = UIButton(configuration: configuration)
        let tint = try #require(button.tintColor)
        button.isHighlighted = true
        #expect(button.configurationBackground?.backgroundColor?.cgColor.alpha == tint.cgColor.alpha * 0.75)
        #expect(button.titleLabel?.textColor.cgColor.alpha == 0.75)
        button.isHighlighted = false
        button.isEnabled = false
        #expect(button.titleLabel?.textColor == .tertiaryLabel)
        let fill = UIColor.secondarySystemFill.cgColor.alpha
        #expect(abs((button.configurationBackground?.backgroundColor?.cgColor.alpha ?? 0) - fill * 0.75) < 1e-9)
        var plain = UIButton.Configuration.plain()
        plain.title = "Edit"
        let edit = UIButton(configuration: plain)
        #expect(edit.configurationBackground?.backgroundColor == nil && edit.titleLabel?.textColor == edit.tintColor)
    }

    /// An image before the title, 8 pt apart: the content is 10 + 8 + the title's width, centred
    /// in 200 × 50 less the insets; a capsule's radius is half the height (25). The title over a
    /// subtitle: 1 pt apart, the subtitle in footnote.
    @Test func anImageBesideTheTitleAndASubtitleUnderIt() {
        var configuration = UIButton.Configuration.gray()
        configuration.title = "Share"
        configuration.image = image()
        configuration.imagePadding = 8
        configuration.cornerStyle = .capsule
        let button = UIButton(configuration: configuration)
        let title = size("Share", .preferredFont(forTextStyle: .body))
        #expect(button.intrinsicContentSize == CGSize(width: 10 + 8 + title.width + 24, height: max(10, title.height) + 14))
        button.frame = CGRect(x: 0, y: 0, width: 200, height: 50)
        button.layoutIfNeeded()
        let left = (200 - (10 + 8 + title.width)) / 2
        #expect(button.imageView?.frame == CGRect(x: left, y: 20, width: 10, height: 10))
        #expect(button.titleLabel?.frame.minX == left + 18)
        #expect(button.configurationBackground?.layer.cornerRadius == 25)
        #expect(button.configurationBackground?.backgroundColor == .secondarySystemFill)

        var twoLines = UIButton.Configuration.tinted()
        twoLines.title = "Download"
        twoLines.subtitle = "12 MB"
        let download = UIButton(configuration: twoLines)
        let top = size("Download", .preferredFont(forTextStyle: .body)), bottom = size("12 MB", .preferredFont(forTextStyle: .footnote))
        #expect(download.intrinsicContentSize == CGSize(width: max(top.width, bottom.width) + 24, height: top.height + 1 + bottom.height + 14))
    }

    /// `configurationUpdateHandler` runs at each state change; setting the configuration there
    /// shows it (a pressed title while highlighted). `updated(for:)` gives the state's.
    @Test func theUpdateHandlerFollowsTheState() {
        var configuration = UIButton.Configuration.plain()
        configuration.title = "Hold"
        let button = UIButton(configuration: configuration)
        var calls = 0
        button.configurationUpdateHandler = { button in
            calls += 1
            var updated = button.configuration
            updated?.title = button.isHighlighted ? "Holding" : "Hold"
            button.configuration = updated
        }
        let before = calls
        button.isHighlighted = true
        #expect(button.titleLabel?.text == "Holding" && calls > before)
        button.isHighlighted = false
        #expect(button.titleLabel?.text == "Hold")
        button.configuration = nil
        button.configurationUpdateHandler = nil
        button.setTitle("Legacy", for: .normal)
        #expect(button.titleLabel?.text == "Legacy")
    }
}
