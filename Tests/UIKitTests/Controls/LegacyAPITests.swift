import Foundation
import Geometry
import CoreGraphics
import QuartzCore
import Testing
@testable import UIKit

/// Small pieces of UIKit real libraries use (issue #46): a button's image darker while
/// highlighted and lighter while disabled, cells following the readable width, the layout
/// direction of semantic content and images that flip for it, the AutoFill content types.
@MainActor
@Suite struct LegacyAPITests {
    /// A `width` × 1 image (scale 1) of one colour per column.
    func image(_ colors: [UIColor]) -> UIImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        return UIGraphicsImageRenderer(size: CGSize(width: colors.count, height: 1), format: format).image { context in
            for (x, color) in colors.enumerated() {
                color.setFill()
                context.fill(CGRect(x: x, y: 0, width: 1, height: 1))
            }
        }
    }

    func pixel(_ image: UIImage?, x: Int = 0) -> UInt32? { image?.cgImage?.pixel(x: x, y: 0) }

    /// An opaque red image: highlighted, a third of black over it leaves 255 × 0.7 = 178.5, 179
    /// (0xB3) of red; disabled, half white over it makes (0 + 255) / 2 = 128 (0x80) of green and
    /// blue; alpha stays 255. Not adjusting, or an image of the state's own, shows it as it is.
    @Test func aButtonsImageDimsWhenHighlightedAndLightensWhenDisabled() {
        let red = image([.red])
        let button = UIButton(frame: CGRect(x: 0, y: 0, width: 44, height: 44))
        button.setImage(red, for: .normal)
        #expect(pixel(button.imageView?.image) == 0xFFFF_0000)
        #expect(button.adjustsImageWhenHighlighted && button.adjustsImageWhenDisabled)
        button.isHighlighted = true
        #expect(pixel(button.imageView?.image) == 0xFFB3_0000)
        #expect(button.currentImage === red)   // the state's image is still the one set
        button.adjustsImageWhenHighlighted = false
        #expect(button.imageView?.image === red)
        button.isHighlighted = false
        button.isEnabled = false
        #expect(pixel(button.imageView?.image) == 0xFFFF_8080)
        button.adjustsImageWhenDisabled = false
        #expect(button.imageView?.image === red)
        button.adjustsImageWhenDisabled = true
        let blue = image([.blue])
        button.setImage(blue, for: .disabled)
        #expect(button.imageView?.image === blue)
        button.isEnabled = true
        #expect(button.imageView?.image === red)
    }

    final class Rows: NSObject, UITableViewDataSource {
        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 3 }
        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "row") ?? UITableViewCell(style: .default, reuseIdentifier: "row")
            cell.textLabel?.text = "Row \(indexPath.row)"
            return cell
        }
    }

    /// On an 834-pt iPad Pro 11" the readable width (672 pt) is narrower than the table within
    /// its 8-pt margins (818 pt): following it, a cell's side margins are (834 − 672) / 2 = 81
    /// and its title starts there; not following it (the default), the margins stay 8 and the
    /// title at 16. A 390-pt phone's table (374 pt within its margins) is narrower than the
    /// readable width: nothing changes.
    @Test func cellsFollowTheReadableWidthOnAWideTable() throws {
        try UIApplication.withNewApplication(screen: UIScreen(model: .iPadPro11)) {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 834, height: 1194))
            let rows = Rows()
            let table = UITableView(frame: CGRect(x: 0, y: 100, width: 834, height: 500), style: .plain)
            table.dataSource = rows
            window.addSubview(table)
            window.makeKeyAndVisible()
            table.layoutIfNeeded()
            var cell = try #require(table.cellForRow(at: IndexPath(row: 0, section: 0)))
            cell.layoutIfNeeded()
            #expect(!table.cellLayoutMarginsFollowReadableWidth)
            #expect(cell.layoutMargins.left == 8 && cell.textLabel?.frame.minX == 16)
            table.cellLayoutMarginsFollowReadableWidth = true
            table.layoutIfNeeded()
            cell = try #require(table.cellForRow(at: IndexPath(row: 1, section: 0)))
            cell.layoutIfNeeded()
            #expect(cell.layoutMargins.left == 81 && cell.layoutMargins.right == 81)
            #expect(cell.contentView.layoutMargins.left == 81)
            #expect(cell.textLabel?.frame.minX == 81 && cell.textLabel?.frame.width == 834 - 81 - 81)
            withExtendedLifetime(window) {}
        }
        try UIApplication.withNewApplication {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let rows = Rows()
            let table = UITableView(frame: CGRect(x: 0, y: 100, width: 390, height: 500), style: .plain)
            table.dataSource = rows
            table.cellLayoutMarginsFollowReadableWidth = true
            window.addSubview(table)
            window.makeKeyAndVisible()
            table.layoutIfNeeded()
            let cell = try #require(table.cellForRow(at: IndexPath(row: 0, section: 0)))
            cell.layoutIfNeeded()
            #expect(cell.layoutMargins.left == 8 && cell.textLabel?.frame.minX == 16)
            withExtendedLifetime(window) {}
        }
    }

    /// Playback and spatial content read left to right whatever the surroundings; forced content
    /// reads as forced; unspecified content follows them (the app's: left to right).
    @Test func semanticContentReadsInItsDirection() {
        typealias V = UIView
        #expect(V.userInterfaceLayoutDirection(for: .unspecified) == .leftToRight)
        #expect(V.userInterfaceLayoutDirection(for: .forceRightToLeft) == .rightToLeft)
        #expect(V.userInterfaceLayoutDirection(for: .unspecified, relativeTo: .rightToLeft) == .rightToLeft)
        #expect(V.userInterfaceLayoutDirection(for: .playback, relativeTo: .rightToLeft) == .leftToRight)
        #expect(V.userInterfaceLayoutDirection(for: .spatial, relativeTo: .rightToLeft) == .leftToRight)
        #expect(V.userInterfaceLayoutDirection(for: .forceLeftToRight, relativeTo: .rightToLeft) == .leftToRight)
        #expect(V.userInterfaceLayoutDirection(for: .forceRightToLeft, relativeTo: .leftToRight) == .rightToLeft)
        let view = UIView()
        #expect(view.semanticContentAttribute == .unspecified && view.effectiveUserInterfaceLayoutDirection == .leftToRight)
        view.semanticContentAttribute = .forceRightToLeft
        #expect(view.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        #expect(UIApplication.shared.userInterfaceLayoutDirection == .leftToRight)
    }

    /// A red-then-blue image that flips for right-to-left layouts: an image view reading right
    /// to left shows blue then red; one reading left to right, or an image that does not flip,
    /// red then blue.
    @Test func anImageThatFlipsIsMirroredInARightToLeftImageView() throws {
        let plain = image([.red, .blue])
        #expect(!plain.flipsForRightToLeftLayoutDirection)
        let flipping = plain.imageFlippedForRightToLeftLayoutDirection()
        #expect(flipping.flipsForRightToLeftLayoutDirection && flipping.size == plain.size)
        #expect(flipping.withRenderingMode(.alwaysTemplate).flipsForRightToLeftLayoutDirection)

        func shown(_ image: UIImage, _ attribute: UISemanticContentAttribute) throws -> (UInt32, UInt32) {
            let view = UIImageView()
            view.semanticContentAttribute = attribute
            view.image = image
            let contents = try #require(view.layer.contents)
            return (contents.pixel(x: 0, y: 0), contents.pixel(x: 1, y: 0))
        }
        #expect(try shown(flipping, .forceRightToLeft) == (0xFF00_00FF, 0xFFFF_0000))
        #expect(try shown(flipping, .unspecified) == (0xFFFF_0000, 0xFF00_00FF))
        #expect(try shown(plain, .forceRightToLeft) == (0xFFFF_0000, 0xFF00_00FF))
    }

    /// The SDK's AutoFill content types, with the HTML autocomplete tokens iOS gives them.
    @Test func textContentTypesAreTheSDKs() {
        #expect(UITextContentType.postalCode.rawValue == "postal-code")
        #expect(UITextContentType.oneTimeCode.rawValue == "one-time-code")
        #expect(UITextContentType.creditCardNumber.rawValue == "cc-number")
        #expect(UITextContentType.addressCity == UITextContentType(rawValue: "address-level2"))
        let all: Set<UITextContentType> = [.name, .namePrefix, .givenName, .middleName, .familyName, .nameSuffix, .nickname,
            .jobTitle, .organizationName, .location, .fullStreetAddress, .streetAddressLine1, .streetAddressLine2, .addressCity,
            .addressState, .addressCityAndState, .sublocality, .countryName, .postalCode, .telephoneNumber, .emailAddress, .URL,
            .creditCardNumber, .username, .password, .newPassword, .oneTimeCode, .shipmentTrackingNumber, .flightNumber, .dateTime,
            .birthdate, .birthdateDay, .birthdateMonth, .birthdateYear, .creditCardSecurityCode, .creditCardName,
            .creditCardGivenName, .creditCardMiddleName, .creditCardFamilyName, .creditCardExpiration,
            .creditCardExpirationMonth, .creditCardExpirationYear, .creditCardType]
        #expect(all.count == 43)   // every constant of UITextInputTraits.h, each its own
        let field = UITextField()
        field.textContentType = .postalCode
        #expect(field.textContentType == .postalCode)
    }
}
