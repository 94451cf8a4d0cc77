import Foundation
import Geometry
import Testing
@testable import UIKit

/// A badge of the app's own with two `@IBInspectable` properties (as `uisim port` lists them).
final class NibBadgeView: UIView {
    var cornerRadius: CGFloat = 0 { didSet { layer.cornerRadius = cornerRadius } }
    var borderTint: UIColor?

    override class var interfaceBuilderConnections: [UINibConnection] {
        super.interfaceBuilderConnections + [.inspectable("cornerRadius", \NibBadgeView.cornerRadius),
                                             .inspectable("borderTint", \NibBadgeView.borderTint)]
    }
}

/// Value controls, text views, gesture recognizers, runtime attributes and iOS 7's layout guides
/// from documents, as Xcode writes them (our own documents).
extension UINibTests {
    /// A text view's inspector: its text (long texts are a `<string key="text">` element), colour,
    /// font, alignment, not editable.
    @Test func aTextViewFromADocument() throws {
        let objects = try UINib(data: Self.document("""
            <textView clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="scaleToFill" editable="NO" textAlignment="center" id="terms">
                <rect key="frame" x="0.0" y="0.0" width="300" height="120"/>
                <string key="text">Terms apply.
            Read them first.</string>
                <color key="textColor" systemColor="systemGrayColor"/>
                <fontDescription key="fontDescription" type="system" pointSize="15"/>
                <textInputTraits key="textInputTraits" autocapitalizationType="sentences"/>
            </textView>
            """), bundle: nil).instantiateThrowing(withOwner: nil)
        let terms = try #require(objects.first as? UITextView)
        #expect(terms.text == "Terms apply.\nRead them first." && !terms.isEditable && terms.textAlignment == .center)
        #expect(terms.textColor === UIColor.systemGray && terms.font?.pointSize == 15 && terms.frame.size == CGSize(width: 300, height: 120))
    }

    /// A date picker's mode, style and minute interval; a button's content insets (minX, minY,
    /// maxX, maxY: left, top, right, bottom); a label's multi-line text, written as an element,
    /// and its preferred width.
    @Test func pickersInsetsAndLongTexts() throws {
        let objects = try UINib(data: Self.document("""
            <view contentMode="scaleToFill" id="root">
                <rect key="frame" x="0.0" y="0.0" width="320" height="480"/>
                <subviews>
                    <datePicker contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" datePickerMode="date" minuteInterval="5" style="inline" id="when">
                        <rect key="frame" x="0.0" y="0.0" width="320" height="340"/>
                        <date key="date" timeIntervalSinceReferenceDate="690000000"/>
                    </datePicker>
                    <button opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" buttonType="system" lineBreakMode="middleTruncation" id="go">
                        <rect key="frame" x="20" y="350" width="120" height="44"/>
                        <inset key="contentEdgeInsets" minX="12" minY="6" maxX="14" maxY="8"/>
                        <inset key="titleEdgeInsets" minX="2" minY="0.0" maxX="0.0" maxY="0.0"/>
                        <inset key="imageEdgeInsets" minX="0.0" minY="0.0" maxX="3" maxY="0.0"/>
                        <state key="normal" title="Go"/>
                    </button>
                    <label opaque="NO" userInteractionEnabled="NO" contentMode="left" numberOfLines="0" preferredMaxLayoutWidth="280" id="note">
                        <rect key="frame" x="20" y="400" width="280" height="41"/>
                        <string key="text">First line
            second line</string>
                        <fontDescription key="fontDescription" type="system" pointSize="17"/>
                    </label>
                </subviews>
            </view>
            """), bundle: nil).instantiateThrowing(withOwner: nil)
        let root = try #require(objects.first as? UIView)
        let picker = try #require(root.subviews[0] as? UIDatePicker)
        #expect(picker.datePickerMode == .date && picker.preferredDatePickerStyle == .inline && picker.minuteInterval == 5)
        let button = try #require(root.subviews[1] as? UIButton)
        #expect(button.contentEdgeInsets == UIEdgeInsets(top: 6, left: 12, bottom: 8, right: 14))
        #expect(button.titleEdgeInsets.left == 2 && button.imageEdgeInsets.right == 3)
        let note = try #require(root.subviews[2] as? UILabel)
        #expect(note.text == "First line\nsecond line" && note.preferredMaxLayoutWidth == 280 && note.numberOfLines == 0)
    }

    /// User-defined runtime attributes: the class's inspectables (a number to its CGFloat, a
    /// colour), the layer's border width and masking; a key path nothing sets is said once.
    @Test func runtimeAttributesSetInspectablesAndLayerKeyPaths() throws {
        try UIApplication.withNewApplication {
            let objects = try UINib(data: Self.document("""
                <view contentMode="scaleToFill" id="badge" customClass="NibBadgeView" customModule="UIKitTests">
                    <rect key="frame" x="0.0" y="0.0" width="80" height="24"/>
                    <userDefinedRuntimeAttributes>
                        <userDefinedRuntimeAttribute type="number" keyPath="cornerRadius">
                            <integer key="value" value="12"/>
                        </userDefinedRuntimeAttribute>
                        <userDefinedRuntimeAttribute type="color" keyPath="borderTint">
                            <color key="value" systemColor="systemRedColor"/>
                        </userDefinedRuntimeAttribute>
                        <userDefinedRuntimeAttribute type="number" keyPath="layer.borderWidth">
                            <real key="value" value="1.5"/>
                        </userDefinedRuntimeAttribute>
                        <userDefinedRuntimeAttribute type="boolean" keyPath="layer.masksToBounds" value="YES"/>
                        <userDefinedRuntimeAttribute type="string" keyPath="localizationKey" value="badge.title"/>
                    </userDefinedRuntimeAttributes>
                </view>
                """), bundle: nil).instantiateThrowing(withOwner: nil)
            let badge = try #require(objects.first as? NibBadgeView)
            #expect(badge.cornerRadius == 12 && badge.layer.cornerRadius == 12 && badge.borderTint === UIColor.systemRed)
            #expect(badge.layer.borderWidth == 1.5 && badge.clipsToBounds)
            #expect(UIApplication.shared.layoutIssues == ["<data>:23: user-defined runtime attribute localizationKey (string) of NibBadgeView is not set: "
                                                          + "uisim sets the class's @IBInspectable properties and the layer's and view's common key paths"])
        }
    }

    /// A slider, a page control, a segmented control, a stepper and a progress view, each with the
    /// inspector's settings; a double-tap recognizer (a top-level object) attached to the root view
    /// through its `gestureRecognizers` collection, its action the owner's `save`.
    @Test func valueControlsAndARecognizerFromADocument() throws {
        let owner = NibOwner()
        let objects = try UINib(data: Self.document("""
            <view contentMode="scaleToFill" id="root">
                <rect key="frame" x="0.0" y="0.0" width="320" height="400"/>
                <subviews>
                    <slider opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" value="0.25" minValue="0.0" maxValue="2" continuous="NO" id="slider">
                        <rect key="frame" x="18" y="20" width="284" height="31"/>
                        <color key="minimumTrackTintColor" systemColor="systemRedColor"/>
                    </slider>
                    <pageControl opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" numberOfPages="5" currentPage="2" id="pages">
                        <rect key="frame" x="100" y="70" width="120" height="26"/>
                        <color key="pageIndicatorTintColor" systemColor="systemGrayColor"/>
                    </pageControl>
                    <segmentedControl opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="left" contentVerticalAlignment="top" segmentControlStyle="plain" selectedSegmentIndex="1" id="range">
                        <rect key="frame" x="20" y="110" width="280" height="32"/>
                        <segments>
                            <segment title="Day"/>
                            <segment title="Week"/>
                            <segment title="Month"/>
                        </segments>
                    </segmentedControl>
                    <stepper opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" wraps="YES" value="4" minimumValue="2" maximumValue="10" stepValue="2" id="stepper">
                        <rect key="frame" x="20" y="160" width="94" height="32"/>
                    </stepper>
                    <progressView opaque="NO" contentMode="scaleToFill" verticalHuggingPriority="750" progressViewStyle="bar" progress="0.75" id="bar">
                        <rect key="frame" x="20" y="210" width="280" height="2.5"/>
                        <color key="progressTintColor" systemColor="systemGreenColor"/>
                    </progressView>
                </subviews>
                <connections>
                    <outletCollection property="gestureRecognizers" destination="tap" appends="YES" id="g1"/>
                </connections>
            </view>
            <tapGestureRecognizer numberOfTapsRequired="2" id="tap">
                <connections>
                    <action selector="save" destination="-1" id="ta"/>
                </connections>
            </tapGestureRecognizer>
            """), bundle: nil).instantiateThrowing(withOwner: owner)
        #expect(objects.count == 2 && objects.last is UITapGestureRecognizer)
        let root = try #require(objects.first as? UIView)
        let slider = try #require(root.subviews[0] as? UISlider)
        #expect(slider.value == 0.25 && slider.maximumValue == 2 && !slider.isContinuous && slider.minimumTrackTintColor === UIColor.systemRed)
        let pages = try #require(root.subviews[1] as? UIPageControl)
        #expect(pages.numberOfPages == 5 && pages.currentPage == 2 && pages.pageIndicatorTintColor === UIColor.systemGray)
        let range = try #require(root.subviews[2] as? UISegmentedControl)
        #expect(range.numberOfSegments == 3 && range.titleForSegment(at: 2) == "Month" && range.selectedSegmentIndex == 1)
        let stepper = try #require(root.subviews[3] as? UIStepper)
        #expect(stepper.value == 4 && stepper.minimumValue == 2 && stepper.stepValue == 2 && stepper.wraps)
        let bar = try #require(root.subviews[4] as? UIProgressView)
        #expect(bar.progressViewStyle == .bar && bar.progress == 0.75 && bar.progressTintColor === UIColor.systemGreen)
        let tap = try #require(root.gestureRecognizers?.first as? UITapGestureRecognizer)
        #expect(tap === objects.last as AnyObject && tap.numberOfTapsRequired == 2 && tap.view === root)
        tap.sendActions()
        #expect(owner.saved == 1)
    }

    /// iOS 7's layout guides of a storyboard scene (`<viewControllerLayoutGuide>`): a label 20 pt
    /// under the top guide sits 20 pt under the safe area's top, 47 + 20 = 67 in a 390 × 844
    /// iPhone 14 window; one 30 pt above the bottom guide ends at 844 − 34 − 30 = 780.
    @Test func iOS7LayoutGuidesOfAScene() throws {
        let data = Data("""
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="9531" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" initialViewController="vc">
            <scenes>
                <scene sceneID="s">
                    <objects>
                        <viewController id="vc" sceneMemberID="viewController">
                            <layoutGuides>
                                <viewControllerLayoutGuide type="top" id="top"/>
                                <viewControllerLayoutGuide type="bottom" id="bottom"/>
                            </layoutGuides>
                            <view key="view" contentMode="scaleToFill" id="root">
                                <rect key="frame" x="0.0" y="0.0" width="320" height="568"/>
                                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                                <subviews>
                                    <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Top" translatesAutoresizingMaskIntoConstraints="NO" id="a">
                                        <rect key="frame" x="20" y="40" width="100" height="21"/>
                                        <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                    </label>
                                    <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Bottom" translatesAutoresizingMaskIntoConstraints="NO" id="b">
                                        <rect key="frame" x="20" y="517" width="100" height="21"/>
                                        <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                    </label>
                                </subviews>
                                <constraints>
                                    <constraint firstItem="a" firstAttribute="top" secondItem="top" secondAttribute="bottom" constant="20" id="c1"/>
                                    <constraint firstItem="a" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="20" id="c2"/>
                                    <constraint firstItem="bottom" firstAttribute="top" secondItem="b" secondAttribute="bottom" constant="30" id="c3"/>
                                    <constraint firstItem="b" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="20" id="c4"/>
                                </constraints>
                            </view>
                        </viewController>
                    </objects>
                </scene>
            </scenes>
        </document>
        """.utf8)
        let storyboard = try UIStoryboard.load(data: data)
        let controller = try #require(storyboard.instantiateInitialViewController())
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        window.rootViewController = controller
        window.makeKeyAndVisible()
        _ = window.layoutPass()
        let top = try #require(controller.view.subviews.first)
        let bottom = try #require(controller.view.subviews.last)
        #expect(top.frame.minY == 67 && top.frame.minX == 20)
        #expect(abs(bottom.frame.maxY - 780) < 1e-9)
        #expect(controller.topLayoutGuide.length == 47)
    }

    /// A button with a configuration, as Xcode 13 and later write one: the style and title of
    /// the configuration (the normal state's "Button" is Xcode's placeholder), its title font
    /// and base background colour.
    @Test func aButtonConfigurationFromADocument() throws {
        let objects = try UINib(data: Self.document("""
            <button opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" buttonType="system" lineBreakMode="middleTruncation" id="call">
                <rect key="frame" x="20" y="254" width="120" height="50"/>
                <state key="normal" title="Button"/>
                <buttonConfiguration key="configuration" style="filled" title="Call" imagePadding="6" cornerStyle="capsule">
                    <fontDescription key="titleFontDescription" type="boldSystem" pointSize="18"/>
                    <color key="baseBackgroundColor" systemColor="systemMintColor"/>
                    <directionalEdgeInsets key="contentInsets" top="4" leading="16" bottom="4" trailing="16"/>
                </buttonConfiguration>
            </button>
            """), bundle: nil).instantiateThrowing(withOwner: nil)
        let button = try #require(objects.first as? UIButton)
        let configuration = try #require(button.configuration)
        #expect(configuration.title == "Call" && configuration.imagePadding == 6 && configuration.cornerStyle == .capsule)
        #expect(configuration.contentInsets == NSDirectionalEdgeInsets(top: 4, leading: 16, bottom: 4, trailing: 16))
        #expect(button.titleLabel?.text == "Call" && button.titleLabel?.font == UIFont.boldSystemFont(ofSize: 18))
        #expect(button.configurationBackground?.backgroundColor === UIColor.systemMint)
        let title = button.titleLabel?.intrinsicContentSize ?? .zero
        #expect(button.intrinsicContentSize == CGSize(width: title.width + 32, height: title.height + 8))
    }

    /// Styled text as Xcode writes it: a label's two fragments (a bold system 20 pt red "Sale",
    /// then " ends today" in 14 pt Avenir-Heavy, centred with 4 pt line spacing and 1.5 of
    /// kerning), a button's styled title for its normal state.
    @Test func styledTextFromADocument() throws {
        let objects = try UINib(data: Self.document("""
            <view contentMode="scaleToFill" id="root">
                <rect key="frame" x="0.0" y="0.0" width="320" height="200"/>
                <subviews>
                    <label opaque="NO" userInteractionEnabled="NO" contentMode="left" numberOfLines="0" id="sale">
                        <rect key="frame" x="20" y="20" width="280" height="60"/>
                        <attributedString key="attributedText">
                            <fragment content="Sale">
                                <attributes>
                                    <color key="NSColor" red="1" green="0.0" blue="0.0" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
                                    <font key="NSFont" metaFont="systemBold" size="20"/>
                                </attributes>
                            </fragment>
                            <fragment content=" ends today">
                                <attributes>
                                    <font key="NSFont" size="14" name="Avenir-Heavy"/>
                                    <real key="NSKern" value="1.5"/>
                                    <paragraphStyle key="NSParagraphStyle" alignment="center" lineBreakMode="wordWrapping" baseWritingDirection="natural" lineSpacing="4" tighteningFactorForTruncation="0.0"/>
                                </attributes>
                            </fragment>
                        </attributedString>
                    </label>
                    <button opaque="NO" contentMode="scaleToFill" buttonType="system" id="more">
                        <rect key="frame" x="20" y="100" width="120" height="44"/>
                        <state key="normal">
                            <attributedString key="attributedTitle">
                                <fragment content="More">
                                    <attributes><font key="NSFont" metaFont="system" size="15"/></attributes>
                                </fragment>
                            </attributedString>
                        </state>
                    </button>
                </subviews>
            </view>
            """), bundle: nil).instantiateThrowing(withOwner: nil)
        let root = try #require(objects.first as? UIView)
        let label = try #require(root.subviews.first as? UILabel)
        let text = try #require(label.attributedText)
        #expect(text.string == "Sale ends today" && label.text == "Sale ends today")
        let first = text.attributes(at: 0, effectiveRange: nil), second = text.attributes(at: 5, effectiveRange: nil)
        #expect((first[.font] as? UIFont) == UIFont.boldSystemFont(ofSize: 20) && (first[.foregroundColor] as? UIColor)?.cgColor.components.first == 1)
        #expect((second[.font] as? UIFont)?.pointSize == 14 && second[.kern] as? CGFloat == 1.5)
        let style = try #require(second[.paragraphStyle] as? NSParagraphStyle)
        #expect(style.alignment == .center && style.lineSpacing == 4)
        let button = try #require(root.subviews.last as? UIButton)
        #expect(button.attributedTitle(for: .normal)?.string == "More" && button.titleLabel?.text == "More")
    }

    /// Bad input in the newer parts of a document: each is refused at its line, or said once.
    @Test func badValuesSayWhereAndWhat() throws {
        func failure(_ body: String, owner: String = "") -> String? {
            do {
                _ = try UINib(data: Self.document(body, owner: owner), bundle: nil).instantiateThrowing(withOwner: nil)
                return nil
            } catch {
                return error.description
            }
        }
        #expect(failure("""
            <view contentMode="scaleToFill" id="v">
                <userDefinedRuntimeAttributes>
                    <userDefinedRuntimeAttribute type="matrix" keyPath="layer.transform"/>
                </userDefinedRuntimeAttributes>
            </view>
            """) == "<data>:12: runtime attribute type \"matrix\" is not one Xcode writes")
        #expect(failure("""
            <tapGestureRecognizer numberOfTapsRequired="two" id="tap"/>
            """) == "<data>:10: numberOfTapsRequired \"two\" is not a whole number")
        #expect(failure("""
            <view contentMode="scaleToFill" id="v">
                <connections><outletCollection property="gestureRecognizers" destination="other" appends="YES" id="c"/></connections>
            </view>
            <view contentMode="scaleToFill" id="other"/>
            """) == "<data>:11: gestureRecognizers of UIView given a UIView")
        #expect(failure("""
            <button opaque="NO" contentMode="scaleToFill" buttonType="system" id="b">
                <buttonConfiguration key="configuration" style="glass" title="Go"/>
            </button>
            """)?.hasPrefix("<data>:11: button configuration style \"glass\" is not one of") == true)
        #expect(failure("""
            <label opaque="NO" contentMode="left" id="l">
                <attributedString key="attributedText"><fragment/></attributedString>
            </label>
            """) == "<data>:11: <fragment> without its content")
        // Bars, effects, styled text and accessibility.
        #expect(failure("""
            <visualEffectView opaque="NO" contentMode="scaleToFill" id="e"><blurEffect style="frosted"/></visualEffectView>
            """)?.hasPrefix("<data>:10: blur style \"frosted\" is not one of") == true)
        #expect(failure("""
            <visualEffectView opaque="NO" contentMode="scaleToFill" id="e"><vibrancyEffect/></visualEffectView>
            """) == "<data>:10: <vibrancyEffect> without its <blurEffect>")
        #expect(failure("""
            <toolbar opaque="NO" contentMode="scaleToFill" id="t"><items><barButtonItem systemItem="teleport" id="i"/></items></toolbar>
            """)?.hasPrefix("<data>:10: system item \"teleport\" is not one of") == true)
        #expect(failure("""
            <toolbar opaque="NO" contentMode="scaleToFill" id="t"><items><barButtonItem title="A" tag="1.5" id="i"/></items></toolbar>
            """) == "<data>:10: tag \"1.5\" is not a whole number")
        #expect(failure("""
            <tabBar contentMode="scaleToFill" id="t"><items><tabBarItem systemItem="inbox" id="i"/></items></tabBar>
            """)?.hasPrefix("<data>:10: tab bar system item \"inbox\" is not one of") == true)
        #expect(failure("""
            <label opaque="NO" contentMode="left" id="l">
                <attributedString key="attributedText"><fragment content="x"><attributes>
                    <font key="NSFont" metaFont="titleBar" size="12"/>
                </attributes></fragment></attributedString>
            </label>
            """) == "<data>:12: metaFont \"titleBar\" is not one of system, systemBold, systemItalic")
        #expect(failure("""
            <view contentMode="scaleToFill" id="v">
                <accessibility key="accessibilityConfiguration"><accessibilityTraits key="traits" loud="YES"/></accessibility>
            </view>
            """)?.hasPrefix("<data>:11: accessibility trait \"loud\" is not one of") == true)
        try UIApplication.withNewApplication {
            _ = try UINib(data: Self.document("""
                <view contentMode="scaleToFill" id="v">
                    <variation key="heightClass=compact-widthClass=unspecified-orientation=sideways"/>
                </view>
                """), bundle: nil).instantiateThrowing(withOwner: nil)
            #expect(UIApplication.shared.layoutIssues.contains { $0.hasPrefix("<data>:11: variation heightClass=compact-widthClass=unspecified-orientation=sideways is not") })
        }
    }

    /// The identity inspector's accessibility: an identifier a UI test queries, a label and hint,
    /// an image view made an element with the image and header traits (replacing its default).
    @Test func accessibilityFromADocument() throws {
        let objects = try UINib(data: Self.document("""
            <view contentMode="scaleToFill" id="root">
                <rect key="frame" x="0.0" y="0.0" width="320" height="200"/>
                <subviews>
                    <textField opaque="NO" contentMode="scaleToFill" borderStyle="roundedRect" id="url">
                        <rect key="frame" x="20" y="20" width="280" height="34"/>
                        <accessibility key="accessibilityConfiguration" identifier="auth.connect.urlfield" label="Server" hint="The address of your server"/>
                    </textField>
                    <imageView userInteractionEnabled="NO" contentMode="scaleAspectFit" id="logo">
                        <rect key="frame" x="20" y="80" width="80" height="80"/>
                        <accessibility key="accessibilityConfiguration">
                            <accessibilityTraits key="traits" image="YES" header="YES"/>
                            <bool key="isElement" value="YES"/>
                        </accessibility>
                    </imageView>
                </subviews>
            </view>
            """), bundle: nil).instantiateThrowing(withOwner: nil)
        let root = try #require(objects.first as? UIView)
        let field = try #require(root.subviews.first as? UITextField)
        #expect(field.accessibilityIdentifier == "auth.connect.urlfield" && field.accessibilityLabel == "Server")
        #expect(field.accessibilityHint == "The address of your server")
        let logo = try #require(root.subviews.last as? UIImageView)
        #expect(logo.isAccessibilityElement && logo.accessibilityTraits == [.image, .header])
    }
}
