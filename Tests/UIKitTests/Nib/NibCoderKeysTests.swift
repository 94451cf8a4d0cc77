import Foundation
import Geometry
import Testing
@testable import UIKit

/// A label of the app's own that reads what the nib archives, as some apps' `init?(coder:)` do
/// (before calling super, which applies the document).
final class NibArchiveLabel: UILabel {
    var read: [String: String] = [:]

    required init?(coder: NSCoder) {
        var read: [String: String] = [:]
        read["text"] = coder.decodeObject(forKey: "UIText") as? String
        read["hidden"] = "\(coder.decodeBool(forKey: "UIHidden"))"
        read["tag"] = "\(coder.decodeInteger(forKey: "UITag"))"
        read["lines"] = coder.containsValue(forKey: "UINumberOfLines") ? "\(coder.decodeInt32(forKey: "UINumberOfLines"))" : "absent"
        read["alpha"] = "\(coder.decodeDouble(forKey: "UIAlpha"))"
        read["color"] = (coder.decodeObject(forKey: "UITextColor") as? UIColor) === UIColor.systemRed ? "systemRed" : "other"
        read["font"] = (coder.decodeObject(forKey: "UIFont") as? UIFont).map { "\($0.pointSize)" } ?? "none"
        read["bounds"] = (coder.decodeObject(forKey: "UIBounds") as? CGRect).map { "\($0.width)x\($0.height)" } ?? "none"
        read["center"] = (coder.decodeObject(forKey: "UICenter") as? CGPoint).map { "\($0.x),\($0.y)" } ?? "none"
        read["own"] = coder.containsValue(forKey: "accentName") ? "present" : "absent"
        read["alignment"] = "\(coder.decodeInteger(forKey: "UITextAlignment"))"
        super.init(coder: coder)
        self.read = read
    }
}

extension UINibTests {
    /// `init?(coder:)` reads the values the document gives under UIKit's archive keys: the text,
    /// hidden, tag, lines, alpha, colour, font, bounds (the frame's size) and centre (the frame's
    /// middle: 20 + 200/2, 40 + 30/2); a key of the app's own is absent, as on iOS (Interface
    /// Builder archives none), and so is a value the document leaves at its default.
    @Test func initWithCoderReadsTheArchivedValues() throws {
        let objects = try UINib(data: Self.document("""
            <label opaque="NO" userInteractionEnabled="NO" contentMode="left" hidden="YES" tag="7" alpha="0.5" text="Hi" textAlignment="center" id="l" customClass="NibArchiveLabel" customModule="UIKitTests">
                <rect key="frame" x="20" y="40" width="200" height="30"/>
                <color key="textColor" systemColor="systemRedColor"/>
                <fontDescription key="fontDescription" type="system" pointSize="15"/>
            </label>
            """), bundle: nil).instantiateThrowing(withOwner: nil)
        let label = try #require(objects.first as? NibArchiveLabel)
        #expect(label.read == ["text": "Hi", "hidden": "true", "tag": "7", "lines": "absent", "alpha": "0.5", "color": "systemRed",
                               "font": "15.0", "bounds": "200.0x30.0", "center": "120.0,55.0", "own": "absent",
                               "alignment": "\(NSTextAlignment.center.rawValue)"])
        #expect(label.text == "Hi" && label.isHidden && label.tag == 7)
    }
}
