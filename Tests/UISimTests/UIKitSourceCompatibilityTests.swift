import Testing
import UISim

/// Code written the way it is for UIKit, with only the import changed: it must compile and
/// give UIKit's answers.
@Suite struct UIKitSourceCompatibilityTests {
    final class BadgeView: UIView {
        override init(frame: CGRect) {
            super.init(frame: frame)
            backgroundColor = UIColor(red: 1, green: 0.4, blue: 1, alpha: 1)
            isOpaque = false
            autoresizingMask = [.flexibleLeftMargin, .flexibleBottomMargin]
            contentMode = .redraw
        }

        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    }

    /// A screen as UIKit code writes it: its own initializer, so `init?(coder:)` is required (as
    /// UIKit's compiler demands), and a view that calls `super.init(coder:)`.
    final class UserViewController: UIViewController {
        let userID: Int
        init(userID: Int) {
            self.userID = userID
            super.init(nibName: nil, bundle: nil)
        }
        required init?(coder: NSCoder) {
            userID = 0
            super.init(coder: coder)
        }
    }

    final class ArchivedView: UIView {
        required init?(coder: NSCoder) { super.init(coder: coder) }
        override init(frame: CGRect) { super.init(frame: frame) }
    }

    /// uisim has no archives: `init?(coder:)` makes nothing (nil) and says so once per class.
    @MainActor @Test func initFromACoderIsNilAndSaidOnce() {
        UIApplication.withNewApplication {
            #expect(UserViewController(coder: NSCoder()) == nil)
            #expect(ArchivedView(coder: NSCoder()) == nil && ArchivedView(coder: NSCoder()) == nil)
            #expect(UILabel(coder: NSCoder()) == nil)
            let said = UIApplication.shared.layoutIssues.filter { $0.hasPrefix("init(coder:)") }
            #expect(said.count == 3, "\(said)")
            #expect(said.contains { $0.contains("ArchivedView cannot be made from an archive (uisim has no nibs or storyboards)") })
            #expect(UserViewController(userID: 7).userID == 7)
        }
    }

    @Test func portedCodeReadsTheSame() {
        let window = UIWindow(frame: UIScreen.main.bounds)
        let mainview = UIView(frame: window.bounds)
        window.addSubview(mainview)
        let v1 = UIView(frame: CGRect(x: 113, y: 111, width: 132, height: 194))
        let v2 = UIView(frame: v1.bounds.insetBy(dx: 10, dy: 10))
        mainview.addSubview(v1)
        v1.addSubview(v2)
        v2.bounds.size.height += 20
        v2.bounds.size.width += 20
        v1.bounds.origin.x += 10
        v1.bounds.origin.y += 10
        #expect(v2.convert(CGPoint.zero, to: nil) == CGPoint(x: 103, y: 101))

        let badge = BadgeView(frame: CGRect(x: 300, y: 10, width: 40, height: 20))
        mainview.addSubview(badge)
        mainview.frame.size.width += 10
        #expect(badge.frame.origin == CGPoint(x: 310, y: 10))
        #expect(badge.layer.contentsScale == UIScreen.main.scale)

        badge.layer.anchorPoint = CGPoint(x: 0, y: 0)
        badge.layer.zPosition = 1
        badge.transform = CGAffineTransform(rotationAngle: .pi).scaledBy(x: 2, y: 2)
        let r = v1.superview!.convert(v1.frame, to: UIScreen.main.fixedCoordinateSpace)
        #expect(r == CGRect(x: 113, y: 111, width: 132, height: 194))
        let sublayers: [CALayer]? = v1.layer.sublayers
        #expect(sublayers?.count == 1)
    }

    /// A screen laid out the way iOS code lays it out today: a stack view anchored to the safe
    /// area and centred, an image view kept square, a constant changed in
    /// `updateViewConstraints()`.
    final class ProfileViewController: UIViewController {
        let avatar = UIImageView()
        let name = UILabel()
        let stack = UIStackView()
        private var avatarWidth: NSLayoutConstraint!

        override func viewDidLoad() {
            super.viewDidLoad()
            view.backgroundColor = .white
            stack.axis = .vertical
            stack.spacing = 8
            stack.alignment = .center
            stack.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(stack)
            stack.addArrangedSubview(avatar)
            stack.addArrangedSubview(name)
            name.text = "Ada"
            name.setContentHuggingPriority(.required, for: .vertical)
            avatarWidth = avatar.widthAnchor.constraint(equalToConstant: 80)
            NSLayoutConstraint.activate([
                avatarWidth,
                avatar.heightAnchor.constraint(equalTo: avatar.widthAnchor),
                stack.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 16),
                stack.centerXAnchor.constraint(equalTo: view.centerXAnchor),
                stack.leadingAnchor.constraint(greaterThanOrEqualTo: view.layoutMarginsGuide.leadingAnchor),
            ])
        }

        override func updateViewConstraints() {
            avatarWidth.constant = 96
            super.updateViewConstraints()
        }
    }

    /// On an iPhone 14 (safe area 47 pt at the top): the avatar is 96 × 96 (the constant set in
    /// updateViewConstraints), centred: x = (390 − 96) / 2 = 147; y = 47 + 16 = 63; the name
    /// 8 pt below it, at 63 + 96 + 8 = 167.
    @Test func autoLayoutCodeReadsTheSame() {
        UIApplication.withNewApplication {
            let window = UIWindow(frame: UIScreen.main.bounds)
            let controller = ProfileViewController()
            window.rootViewController = controller
            window.makeKeyAndVisible()
            window.layoutIfNeeded()
            let avatar = controller.avatar.convert(controller.avatar.bounds, to: window)
            #expect(avatar == CGRect(x: 147, y: 63, width: 96, height: 96))
            #expect(controller.name.convert(controller.name.bounds, to: window).minY == 167)
            #expect(!controller.avatar.hasAmbiguousLayout)
            #expect(UIApplication.shared.layoutIssues.isEmpty)
        }
    }

    /// A comment cell's text as iOS code writes it today: a Dynamic Type headline, a body of as
    /// many lines as it needs with line spacing and kern, a height measured with
    /// `boundingRect(…, options: [.usesLineFragmentOrigin, .usesFontLeading], …)` and rounded up
    /// with `ceil`, a text view that does not scroll and has no insets.
    final class CommentView: UIView {
        let author = UILabel()
        let body = UILabel()
        let quote = UITextView()

        override init(frame: CGRect) {
            super.init(frame: frame)
            author.font = .preferredFont(forTextStyle: .headline)
            author.adjustsFontForContentSizeCategory = true
            body.numberOfLines = 0
            body.lineBreakMode = .byWordWrapping
            quote.isScrollEnabled = false
            quote.isEditable = false
            quote.textContainerInset = .zero
            quote.textContainer.lineFragmentPadding = 0
            quote.font = UIFont.italicSystemFont(ofSize: 15)
            for view in [author, body, quote] as [UIView] {
                view.translatesAutoresizingMaskIntoConstraints = false
                addSubview(view)
            }
            NSLayoutConstraint.activate([
                author.topAnchor.constraint(equalTo: topAnchor, constant: 12),
                author.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 16),
                body.topAnchor.constraint(equalTo: author.bottomAnchor, constant: 4),
                body.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 16),
                body.trailingAnchor.constraint(equalTo: trailingAnchor, constant: -16),
                quote.topAnchor.constraint(equalTo: body.bottomAnchor, constant: 8),
                quote.leadingAnchor.constraint(equalTo: body.leadingAnchor),
                quote.trailingAnchor.constraint(equalTo: body.trailingAnchor),
            ])
        }

        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

        func configure(author name: String, text: String, quoted: String) {
            author.text = name
            let paragraph = NSMutableParagraphStyle()
            paragraph.lineSpacing = 4
            body.attributedText = NSAttributedString(string: text, attributes: [
                .font: UIFont.systemFont(ofSize: 15, weight: .regular), .foregroundColor: UIColor.darkGray,
                .paragraphStyle: paragraph, .kern: 0.2,
            ])
            quote.text = quoted
        }

        /// The body's height for a width, as a cell computes it by hand.
        static func bodyHeight(_ text: String, width: CGFloat) -> CGFloat {
            let paragraph = NSMutableParagraphStyle()
            paragraph.lineSpacing = 4
            let rect = (text as NSString).boundingRect(with: CGSize(width: width, height: .greatestFiniteMagnitude),
                                                       options: [.usesLineFragmentOrigin, .usesFontLeading],
                                                       attributes: [.font: UIFont.systemFont(ofSize: 15), .paragraphStyle: paragraph, .kern: 0.2],
                                                       context: nil)
            return ceil(rect.height)
        }
    }

    /// The headline is 17 pt semibold: one line of 20⅓ pt at @3x, so the body starts at
    /// 12 + 20⅓ + 4 = 36⅓. The body wraps at 390 − 32 = 358 pt in lines of 17.900390625 pt with 4
    /// between: its label is that height up to the pixel, which the hand-measured `ceil` rounds up
    /// to the point. The quote, one line of italic 15 pt with no insets, is one line tall.
    @Test func textCodeReadsTheSame() {
        UIApplication.withNewApplication {
            let window = UIWindow(frame: UIScreen.main.bounds)
            let view = CommentView(frame: window.bounds)
            window.addSubview(view)
            let text = "A comment long enough to need a few lines at this width, as comments under a post often are, "
                + "with a second sentence that runs on."
            view.configure(author: "Ada", text: text, quoted: "Quoted")
            window.layoutIfNeeded()
            #expect(view.author.font.pointSize == 17 && view.author.font.weight == .semibold)
            #expect(abs(view.author.frame.height - 61.0 / 3) < 1e-9 && abs(view.body.frame.minY - (36 + 1.0 / 3)) < 1e-9)
            let lines = ((view.body.frame.height + 4) / (UIFont.systemFont(ofSize: 15).lineHeight + 4)).rounded(.down)
            #expect(lines >= 2)
            let exact = lines * 17.900390625 + (lines - 1) * 4
            #expect(abs(view.body.frame.height - (exact * 3).rounded(.up) / 3) < 1e-6, "\(view.body.frame)")
            #expect(CommentView.bodyHeight(text, width: view.body.frame.width) == exact.rounded(.up))
            #expect(abs(view.quote.frame.height - 18) < 1e-9)   // 17.900390625 up to the pixel: 54 px
            #expect(UIApplication.shared.layoutIssues.isEmpty)
        }
    }

    /// A view model as an iOS app in Swift 6 writes one: `@MainActor`, holding a view, handing it
    /// to a `@Sendable` closure and to a task. It compiles only because UIKit's types are
    /// `@MainActor` (so `Sendable`), as they are on iOS.
    @MainActor final class CounterModel {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 100, height: 20))
        var count = 0
        func increment() { count += 1 }
    }

    @Test nonisolated func mainActorTypesCrossToTheMainActorAsOnIOS() async {
        func sendable<T: Sendable>(_ type: T.Type) -> String { "\(type)" }
        #expect([sendable(UIView.self), sendable(UIViewController.self), sendable(UIGestureRecognizer.self), sendable(UITouch.self),
                 sendable(UIEvent.self), sendable(UIScreen.self), sendable(CADisplayLink.self), sendable(EventRunLoop.self)]
                == ["UIView", "UIViewController", "UIGestureRecognizer", "UITouch", "UIEvent", "UIScreen", "CADisplayLink", "EventRunLoop"])
        let model = await CounterModel()
        let show: @Sendable () async -> Void = {
            await model.increment()
            await MainActor.run { model.label.text = "\(model.count)" }
        }
        await show()
        await Task { @MainActor in model.increment(); model.label.text = "\(model.count)" }.value
        #expect(await model.label.text == "2")
    }
}
