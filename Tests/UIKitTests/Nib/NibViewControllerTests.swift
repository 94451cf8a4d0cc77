import Foundation
import Geometry
import Testing
@testable import UIKit

/// A sign-in screen whose view is its nib's (File's Owner), as an app declares it: the email
/// field's delegate is the controller, the button's action signs in.
final class NibSignInController: UIViewController, UITextFieldDelegate {
    weak var emailField: UITextField!
    var signIns = 0

    func signIn(_ sender: Any) { signIns += 1 }

    override class var interfaceBuilderConnections: [UINibConnection] {
        super.interfaceBuilderConnections + [
            .outlet("emailField", \NibSignInController.emailField),
            .action(Selector("signIn:", NibSignInController.signIn(_:))),
        ]
    }
}

/// A controller made with no nib name, whose nib is named after it (`NibProfileView.xib`).
final class NibProfileViewController: UIViewController {
    weak var nameLabel: UILabel!

    override class var interfaceBuilderConnections: [UINibConnection] {
        super.interfaceBuilderConnections + [.outlet("nameLabel", \NibProfileViewController.nameLabel)]
    }
}

/// A controller made in code with no nib of its name: its view is a plain one.
final class NiblessController: UIViewController {}

/// View controllers whose views come from nibs, as UIKit loads them.
extension UINibTests {
    /// The sign-in nib: File's Owner a `NibSignInController` whose `view` outlet is the 390 × 844
    /// root view; a text field whose `delegate` outlet (UIKit's own) is the owner; a button whose
    /// action is the owner's `signIn:`.
    static let signIn = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22155" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES">
            <device id="retina6_12" orientation="portrait" appearance="light"/>
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner" customClass="NibSignInController" customModule="UIKitTests" customModuleProvider="target">
                    <connections>
                        <outlet property="emailField" destination="email" id="o1"/>
                        <outlet property="view" destination="root" id="o2"/>
                    </connections>
                </placeholder>
                <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
                <view contentMode="scaleToFill" id="root">
                    <rect key="frame" x="0.0" y="0.0" width="390" height="844"/>
                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                    <subviews>
                        <textField opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="left" contentVerticalAlignment="center" borderStyle="roundedRect" placeholder="Email" textAlignment="natural" minimumFontSize="17" id="email">
                            <rect key="frame" x="20" y="120" width="350" height="34"/>
                            <autoresizingMask key="autoresizingMask" widthSizable="YES" flexibleMaxY="YES"/>
                            <fontDescription key="fontDescription" type="system" pointSize="14"/>
                            <textInputTraits key="textInputTraits"/>
                            <connections>
                                <outlet property="delegate" destination="-1" id="o3"/>
                            </connections>
                        </textField>
                        <button opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" buttonType="system" lineBreakMode="middleTruncation" id="go">
                            <rect key="frame" x="20" y="170" width="350" height="44"/>
                            <autoresizingMask key="autoresizingMask" widthSizable="YES" flexibleMaxY="YES"/>
                            <state key="normal" title="Sign In"/>
                            <connections>
                                <action selector="signIn:" destination="-1" eventType="touchUpInside" id="a1"/>
                            </connections>
                        </button>
                    </subviews>
                    <color key="backgroundColor" systemColor="systemBackgroundColor"/>
                </view>
            </objects>
        </document>
        """

    /// A folder as a bundle's resources: the nibs given, by file name.
    static func bundle(with documents: [String: String]) throws -> (Bundle, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("uisim-nibvc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in documents { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        return (try #require(Bundle(path: folder.path)), folder)
    }

    /// `init(nibName:bundle:)`: the view is the nib's, through the File's Owner's `view` outlet,
    /// loaded when first asked for; the text field's delegate outlet (UIKit's, not the app's) is the
    /// controller; the button's action reaches it. In a 390 × 844 window the autoresizing field
    /// keeps its 20 pt sides: (20, 120, 350, 34).
    @Test func aControllerLoadsItsViewFromTheNibItNames() throws {
        let (bundle, folder) = try Self.bundle(with: ["SignIn.xib": Self.signIn])
        defer { try? FileManager.default.removeItem(at: folder) }
        let controller = NibSignInController(nibName: "SignIn", bundle: bundle)
        #expect(controller.nibName == "SignIn" && controller.nibBundle === bundle && !controller.isViewLoaded)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        window.rootViewController = controller
        window.makeKeyAndVisible()
        _ = window.layoutPass()
        #expect(controller.view.frame == CGRect(x: 0, y: 0, width: 390, height: 844))
        #expect(controller.emailField.delegate === controller)
        #expect(controller.emailField.frame == CGRect(x: 20, y: 120, width: 350, height: 34))
        let button = try #require(controller.view.subviews.compactMap { $0 as? UIButton }.first)
        button.sendActions(for: .touchUpInside)
        #expect(controller.signIns == 1)
    }

    /// With no nib name, UIKit looks for the nib named after the class without "Controller"
    /// (`NibProfileView.xib`), then after the class: the first is found. A controller whose class
    /// has no nib gets a plain view.
    @Test func aControllerWithoutANibNameFindsTheNibOfItsClass() throws {
        let profile = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22155" targetRuntime="iOS.CocoaTouch">
                <objects>
                    <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner" customClass="NibProfileViewController" customModule="UIKitTests">
                        <connections>
                            <outlet property="nameLabel" destination="name" id="o1"/>
                            <outlet property="view" destination="root" id="o2"/>
                        </connections>
                    </placeholder>
                    <view contentMode="scaleToFill" id="root">
                        <rect key="frame" x="0.0" y="0.0" width="390" height="844"/>
                        <subviews>
                            <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Ada" id="name">
                                <rect key="frame" x="20" y="100" width="200" height="21"/>
                            </label>
                        </subviews>
                    </view>
                </objects>
            </document>
            """
        let (bundle, folder) = try Self.bundle(with: ["NibProfileView.xib": profile, "NibProfileViewController.xib": "not a nib"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let controller = NibProfileViewController(nibName: nil, bundle: bundle)
        #expect(controller.nibName == nil)
        #expect(controller.nameLabel == nil)
        controller.loadViewIfNeeded()
        #expect(controller.nameLabel?.text == "Ada" && controller.view.subviews.first === controller.nameLabel)
        let plain = NiblessController(nibName: nil, bundle: bundle)
        #expect(plain.view.subviews.isEmpty)
    }
}
