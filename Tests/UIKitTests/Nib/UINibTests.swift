import Foundation
import Geometry
import Testing
@testable import UIKit

/// A card view of the app's own, made from its document through `init?(coder:)`, its outlets and
/// action declared as `uisim port` writes them from `@IBOutlet` and `@IBAction`.
final class NibCardView: UIView {
    weak var titleLabel: UILabel!
    weak var button: UIButton!
    var fields: [UITextField]!
    var taps: [String] = []
    var events: [String] = []
    /// What the view saw of itself in its own `init?(coder:)`.
    var backgroundInInit: UIColor?
    var subviewsInInit = 0

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        backgroundInInit = backgroundColor
        subviewsInInit = subviews.count
        NibOrder.log.append("init card")
    }

    override func awakeFromNib() {
        super.awakeFromNib()
        NibOrder.log.append("awake card (title \(titleLabel?.text ?? "nil"))")
    }

    func tapped(_ sender: Any) {
        taps.append("tapped by \(type(of: sender))")
    }

    override class var interfaceBuilderConnections: [UINibConnection] {
        super.interfaceBuilderConnections + [
            .outlet("titleLabel", \NibCardView.titleLabel), .outlet("button", \NibCardView.button),
            .outletCollection("fields", \NibCardView.fields),
            .action(Selector("tapped:", NibCardView.tapped(_:))),
        ]
    }
}

final class NibTitleLabel: UILabel {
    required init?(coder: NSCoder) {
        super.init(coder: coder)
        NibOrder.log.append("init label")
    }

    override func awakeFromNib() {
        super.awakeFromNib()
        NibOrder.log.append("awake label")
    }
}

/// A File's Owner, as a view controller is.
final class NibOwner: UIResponder {
    var card: NibCardView?
    var saved = 0
    func save() { saved += 1 }
    override class var interfaceBuilderConnections: [UINibConnection] {
        [.outlet("card", \NibOwner.card), .action(Selector("save", NibOwner.save))]
    }
}

@MainActor enum NibOrder { static var log: [String] = [] }

@Suite(.serialized) struct UINibTests {
    /// A document as Xcode 15 writes one (our own), `body` inside `<objects>`.
    static func document(_ body: String, owner: String = "") -> Data {
        Data("""
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22155" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES">
            <device id="retina6_12" orientation="portrait" appearance="light"/>
            <dependencies>
                <plugIn identifier="com.apple.InterfaceBuilder.IBCocoaTouchPlugin" version="22131"/>
            </dependencies>
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner" customClass="NibOwner" customModule="UIKitTests">\(owner)</placeholder>
                <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
        \(body)
            </objects>
        </document>
        """.utf8)
    }

    static let card = """
            <view contentMode="scaleToFill" id="card" customClass="NibCardView" customModule="UIKitTests">
                <rect key="frame" x="0.0" y="0.0" width="320" height="200"/>
                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                <subviews>
                    <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Hello &amp; welcome" textAlignment="center" lineBreakMode="wordWrap" numberOfLines="2" translatesAutoresizingMaskIntoConstraints="NO" id="title" customClass="NibTitleLabel" customModule="UIKitTests">
                        <rect key="frame" x="16" y="20" width="288" height="41"/>
                        <fontDescription key="fontDescription" type="system" weight="semibold" pointSize="20"/>
                        <color key="textColor" red="1" green="0.5" blue="0.25" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
                        <nil key="highlightedColor"/>
                    </label>
                    <button opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" buttonType="system" lineBreakMode="middleTruncation" translatesAutoresizingMaskIntoConstraints="NO" id="go">
                        <rect key="frame" x="16" y="140" width="288" height="44"/>
                        <fontDescription key="fontDescription" type="boldSystem" pointSize="15"/>
                        <state key="normal" title="Go">
                            <color key="titleColor" white="0.0" alpha="1" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/>
                        </state>
                        <state key="disabled" title="Wait"/>
                        <connections>
                            <action selector="tapped:" destination="card" eventType="touchUpInside" id="a1"/>
                            <action selector="save" destination="-1" eventType="touchUpInside" id="a2"/>
                        </connections>
                    </button>
                    <textField opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="left" contentVerticalAlignment="center" borderStyle="roundedRect" placeholder="Email" textAlignment="natural" minimumFontSize="17" translatesAutoresizingMaskIntoConstraints="NO" id="email">
                        <rect key="frame" x="16" y="80" width="288" height="34"/>
                        <fontDescription key="fontDescription" style="UICTFontTextStyleBody"/>
                        <textInputTraits key="textInputTraits" keyboardType="emailAddress" returnKeyType="next"/>
                    </textField>
                </subviews>
                <viewLayoutGuide key="safeArea" id="safe"/>
                <color key="backgroundColor" systemColor="systemBackgroundColor"/>
                <constraints>
                    <constraint firstItem="title" firstAttribute="leading" secondItem="card" secondAttribute="leading" constant="16" id="c1"/>
                    <constraint firstAttribute="trailing" secondItem="title" secondAttribute="trailing" constant="16" id="c2"/>
                    <constraint firstItem="title" firstAttribute="top" secondItem="card" secondAttribute="top" constant="20" id="c3"/>
                    <constraint firstItem="go" firstAttribute="leading" secondItem="title" secondAttribute="leading" id="c4"/>
                    <constraint firstItem="go" firstAttribute="width" secondItem="title" secondAttribute="width" multiplier="1:2" id="c5"/>
                    <constraint firstAttribute="bottom" secondItem="go" secondAttribute="bottom" constant="16" id="c6"/>
                    <constraint firstItem="go" firstAttribute="height" constant="44" id="c7"/>
                    <constraint firstItem="go" firstAttribute="height" constant="60" priority="250" id="c8"/>
                    <constraint firstItem="email" firstAttribute="top" secondItem="title" secondAttribute="bottom" constant="12" id="c9"/>
                    <constraint firstItem="email" firstAttribute="leading" secondItem="title" secondAttribute="leading" id="c10"/>
                    <constraint firstItem="email" firstAttribute="width" relation="greaterThanOrEqual" constant="100" id="c11"/>
                    <constraint firstItem="email" firstAttribute="width" constant="500" priority="750" id="c12"/>
                    <constraint firstItem="email" firstAttribute="trailing" relation="lessThanOrEqual" secondItem="title" secondAttribute="trailing" id="c13"/>
                </constraints>
                <connections>
                    <outlet property="titleLabel" destination="title" id="o1"/>
                    <outlet property="button" destination="go" id="o2"/>
                    <outletCollection property="fields" destination="email" id="o3"/>
                </connections>
                <point key="canvasLocation" x="138" y="80"/>
            </view>
    """

    func load(_ body: String = Self.card, owner: NibOwner? = NibOwner(), ownerConnections: String = "") throws -> [Any] {
        NibOrder.log = []
        return try UINib(data: Self.document(body, owner: ownerConnections), bundle: nil).instantiateThrowing(withOwner: owner)
    }

    func loadError(_ body: String, ownerConnections: String = "") -> NibLoadingError? {
        do {
            _ = try load(body, ownerConnections: ownerConnections)
            return nil
        } catch let error as NibLoadingError {
            return error
        } catch {
            return nil
        }
    }

    @Test func topLevelObjectsAreTheDocumentsLeavingOutPlaceholders() throws {
        let objects = try load()
        #expect(objects.count == 1)
        let card = try #require(objects.first as? NibCardView)
        #expect(card.subviews.count == 3)
        #expect(card.subviews[0] is NibTitleLabel)
        #expect(card.subviews[1] is UIButton)
        #expect(card.subviews[2] is UITextField)
    }

    @Test func theAppsInitializerSeesTheDocumentsPropertiesAndSubviews() throws {
        let card = try #require(try load().first as? NibCardView)
        #expect(card.backgroundInInit === UIColor.systemBackground)
        #expect(card.subviewsInInit == 3)
    }

    @Test func viewProperties() throws {
        let card = try #require(try load().first as? NibCardView)
        #expect(card.frame == CGRect(x: 0, y: 0, width: 320, height: 200))
        #expect(card.autoresizingMask == [.flexibleWidth, .flexibleHeight])
        #expect(card.translatesAutoresizingMaskIntoConstraints)
        #expect(card.contentMode == .scaleToFill)
        let label = try #require(card.titleLabel)
        #expect(!label.translatesAutoresizingMaskIntoConstraints)
        #expect(!label.isOpaque)
        #expect(!label.isUserInteractionEnabled)
        #expect(label.contentMode == .left)
    }

    /// Activity indicators as Xcode writes them (13 of Rocket.Chat's cells hold one): a large one
    /// that animates from the start (37 pt, shown, turning) with its colour; a medium one that
    /// hides when stopped (20 pt, hidden); an old "gray" one that does not hide (shown, stopped).
    @Test func activityIndicatorProperties() throws {
        let objects = try load("""
                <activityIndicatorView opaque="NO" contentMode="scaleToFill" animating="YES" style="large" id="spin1">
                    <rect key="frame" x="10" y="10" width="37" height="37"/>
                    <color key="color" red="1" green="0.0" blue="0.0" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
                </activityIndicatorView>
                <activityIndicatorView hidden="YES" opaque="NO" contentMode="scaleToFill" hidesWhenStopped="YES" style="medium" id="spin2">
                    <rect key="frame" x="0.0" y="0.0" width="20" height="20"/>
                </activityIndicatorView>
                <activityIndicatorView opaque="NO" contentMode="scaleToFill" style="gray" id="spin3">
                    <rect key="frame" x="0.0" y="0.0" width="20" height="20"/>
                </activityIndicatorView>
        """)
        let spinners = objects.compactMap { $0 as? UIActivityIndicatorView }
        try #require(spinners.count == 3)
        #expect(spinners[0].style == .large && spinners[0].isAnimating && !spinners[0].isHidden)
        #expect(spinners[0].intrinsicContentSize == CGSize(width: 37, height: 37) && spinners[0].frame.origin == CGPoint(x: 10, y: 10))
        var (r, g, b, a) = (CGFloat(0), CGFloat(0), CGFloat(0), CGFloat(0))
        #expect(spinners[0].color.getRed(&r, green: &g, blue: &b, alpha: &a) && [r, g, b, a] == [1, 0, 0, 1])
        #expect(spinners[1].style == .medium && spinners[1].hidesWhenStopped && !spinners[1].isAnimating && spinners[1].isHidden)
        #expect(spinners[2].style == .gray && !spinners[2].hidesWhenStopped && !spinners[2].isAnimating && !spinners[2].isHidden)
        // The app's issues are shared with the suite's other tests: none is about these.
        #expect(!UIApplication.shared.layoutIssues.contains { $0.contains("activityIndicatorView") })
    }

    @Test func labelProperties() throws {
        let label = try #require((try load().first as? NibCardView)?.titleLabel)
        #expect(label.text == "Hello & welcome")
        #expect(label.textAlignment == .center)
        #expect(label.lineBreakMode == .byWordWrapping)
        #expect(label.numberOfLines == 2)
        #expect(label.font.fontName == UIFont.systemFont(ofSize: 20, weight: .semibold).fontName && label.font.pointSize == 20)
        let color = try #require(label.textColor)
        var (r, g, b, a) = (CGFloat(0), CGFloat(0), CGFloat(0), CGFloat(0))
        #expect(color.getRed(&r, green: &g, blue: &b, alpha: &a))
        #expect([r, g, b, a] == [1, 0.5, 0.25, 1])
    }

    @Test func buttonAndFieldProperties() throws {
        let card = try #require(try load().first as? NibCardView)
        let button = try #require(card.button)
        #expect(button.title(for: .normal) == "Go")
        #expect(button.title(for: .disabled) == "Wait")
        #expect(button.titleLabel?.font.fontName == UIFont.boldSystemFont(ofSize: 15).fontName && button.titleLabel?.font.pointSize == 15)
        var (r, g, b, a) = (CGFloat(-1), CGFloat(-1), CGFloat(-1), CGFloat(-1))
        #expect(button.titleLabel?.textColor.getRed(&r, green: &g, blue: &b, alpha: &a) == true)
        #expect([r, g, b, a] == [0, 0, 0, 1])
        let field = try #require(card.fields.first)
        #expect(field.placeholder == "Email")
        #expect(field.borderStyle == .roundedRect)
        #expect(field.keyboardType == .emailAddress)
        #expect(field.returnKeyType == .next)
        #expect(field.font?.pointSize == UIFont.preferredFont(forTextStyle: .body).pointSize)
    }

    /// Numbers worked out by hand, the card 320 × 200 (translating its frame): the title at
    /// x 16, width 320 − 32 = 288, y 20, its height the label's own (two lines at most of a
    /// 20 pt font); the button x 16, width 288 / 2 = 144, height 44 (required beats the optional
    /// 60), bottom at 200 − 16, y 140; the field under the title by 12, its width the optional 500
    /// capped by "trailing ≤ the title's": 288.
    @Test func constraintsLayOutTheDocumentsFramesAnew() throws {
        let card = try #require(try load().first as? NibCardView)
        card.titleLabel.frame = .zero
        card.button.frame = .zero
        card.layoutIfNeeded()
        let title = card.titleLabel.frame
        #expect(title.minX == 16 && title.width == 288 && title.minY == 20)
        #expect(card.button.frame == CGRect(x: 16, y: 140, width: 144, height: 44))
        let field = card.fields[0].frame
        #expect(field.minX == 16 && field.width == 288)
        #expect(abs(field.minY - (title.maxY + 12)) < 0.001)
        #expect(card.constraints.count == 13)
    }

    @Test func outletsAndActionsConnect() throws {
        let owner = NibOwner()
        NibOrder.log = []
        let objects = try UINib(data: Self.document(Self.card, owner: """
            <connections><outlet property="card" destination="card" id="o9"/></connections>
            """), bundle: nil).instantiateThrowing(withOwner: owner)
        let card = try #require(objects.first as? NibCardView)
        #expect(owner.card === card)
        #expect(card.titleLabel === card.subviews[0])
        #expect(card.fields.count == 1 && card.fields[0] === card.subviews[2])
        card.button.sendActions(for: .touchUpInside)
        #expect(card.taps == ["tapped by UIButton"])
        #expect(owner.saved == 1)
    }

    /// UIKit's order: each object is made (children inside their parent's initializer, so they
    /// finish first), every outlet of the document is connected, then every object wakes.
    @Test func awakeFromNibAfterEveryOutletInDocumentOrder() throws {
        _ = try load()
        #expect(NibOrder.log == ["init label", "init card", "awake card (title Hello & welcome)", "awake label"])
    }

    @Test func stackViewArrangesItsSubviews() throws {
        let objects = try load("""
            <stackView opaque="NO" contentMode="scaleToFill" axis="vertical" alignment="center" distribution="fillEqually" spacing="8" id="stack">
                <rect key="frame" x="0.0" y="0.0" width="100" height="108"/>
                <subviews>
                    <switch opaque="NO" contentMode="scaleToFill" horizontalHuggingPriority="750" verticalHuggingPriority="750" on="YES" id="s1">
                        <color key="onTintColor" systemColor="systemGreenColor"/>
                    </switch>
                    <imageView clipsSubviews="YES" userInteractionEnabled="NO" alpha="0.5" hidden="YES" tag="7" contentMode="scaleAspectFit" id="i1"/>
                </subviews>
            </stackView>
            """)
        let stack = try #require(objects.first as? UIStackView)
        #expect(stack.axis == .vertical && stack.alignment == .center && stack.distribution == .fillEqually && stack.spacing == 8)
        #expect(stack.arrangedSubviews.count == 2)
        let toggle = try #require(stack.arrangedSubviews[0] as? UISwitch)
        #expect(toggle.isOn && toggle.onTintColor === UIColor.systemGreen)
        #expect(toggle.contentHuggingPriority(for: .horizontal) == UILayoutPriority(750))
        let image = try #require(stack.arrangedSubviews[1] as? UIImageView)
        #expect(image.clipsToBounds && image.alpha == 0.5 && image.isHidden && image.tag == 7 && image.contentMode == .scaleAspectFit)
    }

    @Test func bundleLoadsTheDocumentByNameFromASearchFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("uisim-nib-\(UUID().uuidString)/Base.lproj")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        try Self.document(Self.card).write(to: folder.appendingPathComponent("Card.xib"))
        UINib.addSearchFolder(folder.deletingLastPathComponent())
        defer { UINib.removeAllSearchFolders() }
        let objects = try #require(Bundle.main.loadNibNamed("Card", owner: nil))
        #expect(objects.first is NibCardView)
        #expect(throws: NibLoadingError.self) { try UINib(nibName: "Nowhere", bundle: nil).instantiateThrowing(withOwner: nil) }
    }

    // MARK: Bad input

    /// An activity indicator's style or flag that Xcode never writes stops the load at its line.
    @Test func aBadActivityIndicatorAttributeIsLocated() throws {
        let style = try #require(loadError("""
            <activityIndicatorView style="huge" id="s"/>
            """))
        #expect(style.description == "<data>:10: style \"huge\" is not one of gray, large, medium, white, whiteLarge")
        let animating = try #require(loadError("""
            <activityIndicatorView style="large" animating="maybe" id="s"/>
            """))
        #expect(animating.description == "<data>:10: animating is \"maybe\", not YES or NO")
    }

    @Test func aMissingOutletKeyIsUIKitsErrorWithTheLine() throws {
        let error = try #require(loadError("""
            <view contentMode="scaleToFill" id="v">
                <rect key="frame" x="0.0" y="0.0" width="10" height="10"/>
            </view>
            """, ownerConnections: """

                    <connections>
                        <outlet property="subtitleLabel" destination="v" id="x"/>
                    </connections>
            """))
        #expect(error.line == 10)
        #expect(error.message.contains("this class is not key value coding-compliant for the key subtitleLabel."))
        #expect(error.message.contains("NibOwner"))
        #expect(error.description.hasPrefix("<data>:10: "))
    }

    @Test func aDoctypeWithEntitiesIsRefused() {
        let data = Data("""
            <?xml version="1.0"?>
            <!DOCTYPE lol [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0"><objects/></document>
            """.utf8)
        #expect(throws: NibLoadingError(file: "<data>", line: 2,
                                        "a DOCTYPE is not allowed in an Interface Builder document (no DTD is read, no entity defined)")) {
            try UINib(data: data, bundle: nil).instantiateThrowing(withOwner: nil)
        }
    }

    @Test func anUndefinedEntityIsRefused() throws {
        let error = try #require(loadError("""
            <label text="&lol;" id="l"/>
            """))
        #expect(error.line == 10)
        #expect(error.message.hasPrefix("entity &lol; is not defined"))
    }

    @Test func nestingBeyondTheBoundIsRefused() throws {
        let deep = String(repeating: "<a>", count: NibLimits.maxDepth + 1) + String(repeating: "</a>", count: NibLimits.maxDepth + 1)
        let error = try #require(loadError(deep))
        #expect(error.message == "elements nested deeper than \(NibLimits.maxDepth) levels")
        #expect(error.line == 10)
    }

    @Test func anElementUISimCannotMakeIsAnError() throws {
        let error = try #require(loadError("""
            <mapView id="m"/>
            """))
        #expect(error.description == "<data>:10: uisim cannot make <mapView> from a document yet")
    }

    /// iOS logs "Unknown class" and makes the element's own class; the outlet the class would
    /// have had then fails with the KVC error, naming its line.
    @Test func anUnknownClassIsSaidAndItsOutletFails() throws {
        let error = try #require(loadError("""
            <view contentMode="scaleToFill" id="v" customClass="NoSuchView" customModule="UIKitTests">
                <subviews>
                    <label id="l"/>
                </subviews>
                <connections>
                    <outlet property="titleLabel" destination="l" id="x"/>
                </connections>
            </view>
            """))
        #expect(UIApplication.shared.layoutIssues.contains { $0.hasPrefix("<data>:10: Unknown class NoSuchView in Interface Builder file") })
        #expect(error.line == 15)
        #expect(error.message.contains("[<UIView ") && error.message.contains("not key value coding-compliant for the key titleLabel."))
    }

    @Test func brokenXMLNamesItsLine() throws {
        let error = try #require(loadError("""
            <view id="v">
                <subviews>
                </view>
            """))
        #expect(error.description == "<data>:12: </view> closes <subviews> opened on line 11")
        #expect(loadError(#"<view id="v" opaque="maybe"/>"#)?.description == #"<data>:10: opaque is "maybe", not YES or NO"#)
        #expect(loadError(#"<view id="v"><constraints><constraint firstItem="nope" firstAttribute="top" id="c"/></constraints></view>"#)?.description
                == #"<data>:10: no object with id "nope" in the document"#)
    }
}
