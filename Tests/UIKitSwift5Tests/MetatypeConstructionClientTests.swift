// Eureka's providers making the app's classes through a metatype, in Swift 5: iOS/ holds them as
// iOS code writes them, and the UISimPort plugin ports that folder as this target builds, so these
// tests run what `uisim port` writes (`VCType._metatypeInit(nibName:bundle:)` in the providers,
// a `_metatypeInit` override on each class's closing-brace line).
import XCTest
import UIKit

final class MetatypeConstructionClientTests: XCTestCase {
    func testAControllerProviderMakesTheSubclassThroughItsOwnInitializer() {
        let profile = EurekaStyleControllerProvider<ProfileViewController>.nibFile(name: "Profile", bundle: nil).makeController()
        XCTAssertTrue(type(of: profile) == ProfileViewController.self)
        XCTAssertEqual(profile.initializedWithNib, "Profile")

        // A controller that declares no initializer inherits UIKit's, and is made as itself.
        let settings = EurekaStyleControllerProvider<SettingsViewController>.nibFile(name: "Settings", bundle: .main).makeController()
        XCTAssertTrue(type(of: settings) == SettingsViewController.self)
        XCTAssertEqual(settings.rows, ["Notifications"])
        XCTAssertTrue(type(of: EurekaStyleControllerProvider<UINavigationController>.nibFile(name: "N", bundle: nil).makeController())
                      == UINavigationController.self)
    }

    func testAHeaderProviderMakesTheViewClassItNames() {
        let banner = EurekaStyleHeaderFooterProvider<BannerView>.class.createView()
        XCTAssertTrue(type(of: banner) == BannerView.self)
        XCTAssertTrue(banner.configured)
        XCTAssertEqual(banner.frame, .zero)
        // `ViewType()` is UIKit's init(frame: .zero), or a class's own init().
        let spacer = EurekaStyleHeaderFooterProvider<SpacerView>.class.createView()
        XCTAssertEqual(spacer.height, 12)
        XCTAssertEqual(spacer.frame.height, 12)
        XCTAssertTrue(type(of: EurekaStyleHeaderFooterProvider<UILabel>.class.createView()) == UILabel.self)
    }

    func testARowAndATableMakeTheirCellClasses() {
        let cell = FormRow<SwitchCell>().makeCell(style: .value1)
        XCTAssertTrue(type(of: cell) == SwitchCell.self)
        XCTAssertEqual(cell.madeWith, .value1)
        XCTAssertTrue(cell.accessoryView === cell.toggle)

        let fresh = dequeueFresh(SwitchCell.self, identifier: "switch")
        XCTAssertTrue(type(of: fresh) == SwitchCell.self)
        XCTAssertEqual(fresh.reuseIdentifier, "switch")
        XCTAssertTrue(type(of: dequeueFresh(UITableViewCell.self, identifier: "plain")) == UITableViewCell.self)
    }
}
