// TextKit 1 as Swift 5 code on iOS subclasses it: a text storage that keeps its text itself (the
// four primitives overridden, each edit reported with `edited`, as Apple's subclassing notes ask),
// a layout manager that counts its invalidations and draws as MessageKit's label does, and an
// attachment sized by its line fragment (InputBarAccessoryView's images). Each override is spelled
// as the SDK declares the member, so with another spelling it would not compile.
import Foundation
import XCTest
import UIKit

final class BackedTextStorage: NSTextStorage {
    private let backing = NSMutableAttributedString(string: "")

    override var string: String { backing.string }

    override func attributes(at location: Int, effectiveRange range: NSRangePointer?) -> [NSAttributedString.Key: Any] {
        backing.attributes(at: location, effectiveRange: range)
    }

    override func replaceCharacters(in range: NSRange, with str: String) {
        beginEditing()
        backing.replaceCharacters(in: range, with: str)
        edited(.editedCharacters, range: range, changeInLength: (str as NSString).length - range.length)
        endEditing()
    }

    override func setAttributes(_ attrs: [NSAttributedString.Key: Any]?, range: NSRange) {
        beginEditing()
        backing.setAttributes(attrs, range: range)
        edited(.editedAttributes, range: range, changeInLength: 0)
        endEditing()
    }

    override func processEditing() {
        // Highlighting as such storages do: mentions underlined, before the layout hears of it.
        let mention = (string as NSString).range(of: "@you")
        if mention.location != NSNotFound {
            backing.addAttributes([.underlineStyle: 1], range: mention)
        }
        super.processEditing()
    }
}

final class CountingLayoutManager: NSLayoutManager {
    var invalidations = 0
    var drawnRanges: [NSRange] = []

    override func processEditing(for textStorage: NSTextStorage, edited editMask: NSTextStorage.EditActions, range newCharRange: NSRange,
                                 changeInLength delta: Int, invalidatedRange invalidatedCharRange: NSRange) {
        invalidations += 1
        super.processEditing(for: textStorage, edited: editMask, range: newCharRange, changeInLength: delta, invalidatedRange: invalidatedCharRange)
    }

    override func drawGlyphs(forGlyphRange glyphsToShow: NSRange, at origin: CGPoint) {
        drawnRanges.append(glyphsToShow)
        super.drawGlyphs(forGlyphRange: glyphsToShow, at: origin)
    }

    override func usedRect(for container: NSTextContainer) -> CGRect {
        super.usedRect(for: container).integral
    }
}

final class FittingAttachment: NSTextAttachment {
    override func attachmentBounds(for textContainer: NSTextContainer?, proposedLineFragment lineFrag: CGRect,
                                   glyphPosition position: CGPoint, characterIndex charIndex: Int) -> CGRect {
        CGRect(x: 0, y: 0, width: lineFrag.width, height: lineFrag.width / 2)
    }

    override func image(forBounds imageBounds: CGRect, textContainer: NSTextContainer?, characterIndex charIndex: Int) -> UIImage? {
        super.image(forBounds: imageBounds, textContainer: textContainer, characterIndex: charIndex)
    }
}

final class TextKitClientTests: XCTestCase {
    /// The subclass's text is laid out from its primitives: "hi @you\nthere" is two lines of
    /// 17-pt text, 2 × 20.287109375 = 40.57421875, made integral: 41; the
    /// storage's own `length` and reads follow the backing string.
    func testASubclassedStorageIsLaidOutFromItsPrimitives() {
        let storage = BackedTextStorage()
        let manager = CountingLayoutManager()
        let container = NSTextContainer(size: CGSize(width: 300, height: CGFloat.greatestFiniteMagnitude))
        container.lineFragmentPadding = 0
        manager.addTextContainer(container)
        storage.addLayoutManager(manager)
        storage.replaceCharacters(in: NSRange(location: 0, length: 0),
                                  with: NSAttributedString(string: "hi @you\nthere", attributes: [.font: UIFont.systemFont(ofSize: 17)]))
        XCTAssertEqual(storage.length, 13)
        XCTAssertEqual(manager.invalidations, 1)
        XCTAssertEqual(storage.attribute(.underlineStyle, at: 4, effectiveRange: nil) as? Int, 1)
        XCTAssertEqual(storage.attributedSubstring(from: NSRange(location: 8, length: 5)).string, "there")
        manager.ensureLayout(for: container)
        XCTAssertEqual(manager.usedRect(for: container).height, 41)
        XCTAssertEqual(manager.glyphRange(for: container), NSRange(location: 0, length: 13))
        XCTAssertEqual(manager.characterIndex(for: CGPoint(x: 1, y: 30), in: container, fractionOfDistanceBetweenInsertionPoints: nil), 8)

        UIGraphicsBeginImageContextWithOptions(CGSize(width: 300, height: 60), false, 1)
        manager.drawBackground(forGlyphRange: manager.glyphRange(for: container), at: .zero)
        manager.drawGlyphs(forGlyphRange: manager.glyphRange(for: container), at: .zero)
        UIGraphicsEndImageContext()
        XCTAssertEqual(manager.drawnRanges, [NSRange(location: 0, length: 13)])
    }

    /// An attachment as wide as its proposed line fragment (the 200-pt container's, padding
    /// included) and half as tall: 100 above the baseline, the font's 4.1005859375 below.
    func testAnAttachmentSizedByItsLineFragment() {
        let storage = NSTextStorage(attributedString: NSAttributedString(attachment: FittingAttachment()))
        storage.addAttribute(.font, value: UIFont.systemFont(ofSize: 17), range: NSRange(location: 0, length: 1))
        let manager = NSLayoutManager()
        let container = NSTextContainer(size: CGSize(width: 200, height: 0))
        manager.addTextContainer(container)
        storage.addLayoutManager(manager)
        XCTAssertEqual(manager.usedRect(for: container).height, 100 + 4.1005859375)
        XCTAssertEqual(manager.attachmentSize(forGlyphAt: 0), CGSize(width: 200, height: 100))
    }
}
