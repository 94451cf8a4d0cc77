import Foundation
import Geometry
import Testing
@testable import UIKit

/// A login screen's controller, as an app declares it (its outlets and action as `uisim port`
/// writes them from `@IBOutlet` and `@IBAction`).
final class NibLoginController: UIViewController {
    weak var logoView: UIImageView!
    weak var form: UIStackView!
    weak var emailField: UITextField!
    weak var passwordField: UITextField!
    weak var signInButton: UIButton!
    var signIns = 0

    func signIn(_ sender: Any) { signIns += 1 }

    override class var interfaceBuilderConnections: [UINibConnection] {
        super.interfaceBuilderConnections + [
            .outlet("logoView", \NibLoginController.logoView), .outlet("form", \NibLoginController.form),
            .outlet("emailField", \NibLoginController.emailField), .outlet("passwordField", \NibLoginController.passwordField),
            .outlet("signInButton", \NibLoginController.signInButton),
            .action(Selector("signIn:", NibLoginController.signIn(_:))),
        ]
    }
}

/// A login screen from a nib as Xcode 15 writes one (our own): a 120-pt logo 40 pt under the safe
/// area's top, and under it a vertical stack (email, password, Sign In) held 20 pt from the sides at
/// priority 750 but never wider than 400 pt. Its compact-height variation (a phone on its side)
/// leaves the logo out, centres the form in the safe area instead of hanging it under the logo,
/// and tightens the stack's spacing from 12 to 8.
@MainActor
@Suite struct NibLoginTests {
    static let login = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22155" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES">
            <device id="retina6_12" orientation="portrait" appearance="light"/>
            <dependencies>
                <plugIn identifier="com.apple.InterfaceBuilder.IBCocoaTouchPlugin" version="22131"/>
                <capability name="Safe area layout guides" minToolsVersion="9.0"/>
                <capability name="documents saved in the Xcode 8 format" minToolsVersion="8.0"/>
            </dependencies>
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner" customClass="NibLoginController" customModule="UIKitTests" customModuleProvider="target">
                    <connections>
                        <outlet property="emailField" destination="email" id="o1"/>
                        <outlet property="form" destination="form" id="o2"/>
                        <outlet property="logoView" destination="logo" id="o3"/>
                        <outlet property="passwordField" destination="password" id="o4"/>
                        <outlet property="signInButton" destination="signin" id="o5"/>
                        <outlet property="view" destination="root" id="o6"/>
                    </connections>
                </placeholder>
                <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
                <view contentMode="scaleToFill" id="root">
                    <rect key="frame" x="0.0" y="0.0" width="390" height="844"/>
                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                    <subviews>
                        <imageView clipsSubviews="YES" userInteractionEnabled="NO" contentMode="scaleAspectFit" horizontalHuggingPriority="251" verticalHuggingPriority="251" translatesAutoresizingMaskIntoConstraints="NO" id="logo">
                            <rect key="frame" x="135" y="87" width="120" height="120"/>
                            <constraints>
                                <constraint firstAttribute="width" constant="120" id="c-logo-w"/>
                                <constraint firstAttribute="height" constant="120" id="c-logo-h"/>
                            </constraints>
                        </imageView>
                        <stackView opaque="NO" contentMode="scaleToFill" axis="vertical" spacing="12" translatesAutoresizingMaskIntoConstraints="NO" id="form">
                            <rect key="frame" x="20" y="239" width="350" height="162"/>
                            <subviews>
                                <textField opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="left" contentVerticalAlignment="center" borderStyle="roundedRect" placeholder="Email" textAlignment="natural" minimumFontSize="17" translatesAutoresizingMaskIntoConstraints="NO" id="email">
                                    <rect key="frame" x="0.0" y="0.0" width="350" height="44"/>
                                    <constraints>
                                        <constraint firstAttribute="height" constant="44" id="c-email-h"/>
                                    </constraints>
                                    <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                    <textInputTraits key="textInputTraits" keyboardType="emailAddress" returnKeyType="next"/>
                                </textField>
                                <textField opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="left" contentVerticalAlignment="center" borderStyle="roundedRect" placeholder="Password" textAlignment="natural" minimumFontSize="17" translatesAutoresizingMaskIntoConstraints="NO" id="password">
                                    <rect key="frame" x="0.0" y="56" width="350" height="44"/>
                                    <constraints>
                                        <constraint firstAttribute="height" constant="44" id="c-password-h"/>
                                    </constraints>
                                    <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                    <textInputTraits key="textInputTraits" returnKeyType="go" secureTextEntry="YES"/>
                                </textField>
                                <button opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" buttonType="system" lineBreakMode="middleTruncation" translatesAutoresizingMaskIntoConstraints="NO" id="signin">
                                    <rect key="frame" x="0.0" y="112" width="350" height="50"/>
                                    <constraints>
                                        <constraint firstAttribute="height" constant="50" id="c-signin-h"/>
                                    </constraints>
                                    <state key="normal" title="Sign In"/>
                                    <connections>
                                        <action selector="signIn:" destination="-1" eventType="touchUpInside" id="a1"/>
                                    </connections>
                                </button>
                            </subviews>
                            <constraints>
                                <constraint firstAttribute="width" relation="lessThanOrEqual" constant="400" id="c-form-max"/>
                            </constraints>
                            <variation key="heightClass=compact" spacing="8"/>
                        </stackView>
                    </subviews>
                    <viewLayoutGuide key="safeArea" id="safe"/>
                    <color key="backgroundColor" systemColor="systemBackgroundColor"/>
                    <constraints>
                        <constraint firstItem="logo" firstAttribute="top" secondItem="safe" secondAttribute="top" constant="40" id="c-logo-top"/>
                        <constraint firstItem="logo" firstAttribute="centerX" secondItem="root" secondAttribute="centerX" id="c-logo-x"/>
                        <constraint firstItem="form" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="20" priority="750" id="c-form-lead"/>
                        <constraint firstAttribute="trailing" secondItem="form" secondAttribute="trailing" constant="20" priority="750" id="c-form-trail"/>
                        <constraint firstItem="form" firstAttribute="centerX" secondItem="root" secondAttribute="centerX" id="c-form-x"/>
                        <constraint firstItem="form" firstAttribute="top" secondItem="logo" secondAttribute="bottom" constant="32" id="c-form-top"/>
                        <constraint firstItem="form" firstAttribute="centerY" secondItem="safe" secondAttribute="centerY" id="c-form-y"/>
                    </constraints>
                    <variation key="default">
                        <mask key="constraints">
                            <exclude reference="c-form-y"/>
                        </mask>
                    </variation>
                    <variation key="heightClass=compact">
                        <mask key="subviews">
                            <exclude reference="logo"/>
                        </mask>
                        <mask key="constraints">
                            <exclude reference="c-form-top"/>
                            <exclude reference="c-logo-top"/>
                            <exclude reference="c-logo-x"/>
                            <include reference="c-form-y"/>
                        </mask>
                    </variation>
                </view>
            </objects>
        </document>
        """

    /// The controller from the nib in a window the size of the screen, laid out.
    func loaded() throws -> (NibLoginController, UIWindow, URL) {
        let (bundle, folder) = try UINibTests.bundle(with: ["Login.xib": Self.login])
        let controller = NibLoginController(nibName: "Login", bundle: bundle)
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.rootViewController = controller
        window.makeKeyAndVisible()
        _ = window.layoutPass()
        return (controller, window, folder)
    }

    /// On an iPhone 14 held upright (compact width, regular height): no variation but the
    /// default. The logo is 120 × 120, centred, 40 pt under the 47-pt safe area top: (135, 87).
    /// The form's sides at 20 pt (priority 750) leave it 350 pt wide, within its 400-pt maximum:
    /// x = 20; it hangs 32 pt under the logo, y = 87 + 120 + 32 = 239; 44 + 12 + 44 + 12 + 50 = 162
    /// tall. The button's action reaches the controller.
    @Test func portraitFollowsTheBaseConfiguration() throws {
        try UIApplication.withNewApplication(screen: UIScreen(model: .iPhone14)) {
            let (login, window, folder) = try loaded()
            defer { try? FileManager.default.removeItem(at: folder); withExtendedLifetime(window) {} }
            #expect(login.logoView.superview === login.view)
            #expect(login.logoView.frame == CGRect(x: 135, y: 87, width: 120, height: 120))
            #expect(login.form.frame == CGRect(x: 20, y: 239, width: 350, height: 162))
            #expect(login.form.spacing == 12)
            #expect(login.passwordField.frame == CGRect(x: 0, y: 56, width: 350, height: 44) && login.passwordField.isSecureTextEntry)
            #expect(login.signInButton.frame == CGRect(x: 0, y: 112, width: 350, height: 50))
            login.signInButton.sendActions(for: .touchUpInside)
            #expect(login.signIns == 1)
            #expect(UIApplication.shared.layoutIssues.isEmpty, "\(UIApplication.shared.layoutIssues)")
        }
    }

    /// On its side (844 × 390: compact height; safe area 47 pt at the sides, 21 at the bottom)
    /// the compact-height variation holds: the logo is made (its outlet set) but not installed;
    /// the form is at most 400 pt wide (its required maximum beats the 750 sides: 804 would be
    /// wider), centred: x = (844 − 400) / 2 = 222; spaced 8: 44 + 8 + 44 + 8 + 50 = 154 tall,
    /// centred on the safe area (0–369, centre 184.5): y = 184.5 − 77 = 107.5, which is half a
    /// pixel at @3x (322.5 px): on the pixel grid, 323 px, 107⅔ pt.
    @Test func landscapeTakesTheCompactHeightVariation() throws {
        let landscape = UIScreen.Model(identifier: "iphone-14-landscape", name: "iPhone 14 on its side", pointSize: CGSize(width: 844, height: 390),
                                       scale: 3, maximumFramesPerSecond: 60, safeAreaInsets: UIEdgeInsets(top: 0, left: 47, bottom: 21, right: 47))
        try UIApplication.withNewApplication(screen: UIScreen(model: landscape)) {
            let (login, window, folder) = try loaded()
            defer { try? FileManager.default.removeItem(at: folder); withExtendedLifetime(window) {} }
            #expect(login.logoView != nil && login.logoView.superview == nil)
            #expect(login.form.spacing == 8)
            let form = login.form.frame
            #expect(form.minX == 222 && abs(form.minY - 323.0 / 3) < 1e-9 && form.size == CGSize(width: 400, height: 154))
            #expect(login.signInButton.frame == CGRect(x: 0, y: 104, width: 400, height: 50))
            #expect(UIApplication.shared.layoutIssues.isEmpty, "\(UIApplication.shared.layoutIssues)")
        }
    }
}
