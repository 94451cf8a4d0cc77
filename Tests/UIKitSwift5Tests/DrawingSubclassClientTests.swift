// UIKit's drawing classes as Swift 5 code on iOS subclasses them (an app's brand colour and font,
// a path that strokes itself, traits and renderer formats made for a test): each override is spelled
// as the SDK declares the member (`open class var`, `open var … { get }`, `open func`), so with
// another spelling it would not compile.
import Foundation
import XCTest
import UIKit

final class BrandColor: UIColor, @unchecked Sendable {   // @unchecked: immutable, as UIColor
    override class var red: UIColor { UIColor(red: 0.9, green: 0.1, blue: 0.2, alpha: 1) }
    override var cgColor: CGColor { UIColor(red: 0.1, green: 0.2, blue: 0.9, alpha: 1).cgColor }
    override func withAlphaComponent(_ alpha: CGFloat) -> UIColor { super.withAlphaComponent(alpha) }
    override func resolvedColor(with traitCollection: UITraitCollection) -> UIColor { self }
    override func setFill() { super.setFill() }
}

final class OutlinePath: UIBezierPath {
    private(set) var strokes = 0
    override var lineWidth: CGFloat { didSet { strokes += 0 } }
    override func stroke() {
        strokes += 1
        super.stroke()
    }
    override func addLine(to point: CGPoint) { super.addLine(to: point) }
    override func setLineDash(_ pattern: UnsafePointer<CGFloat>?, count: Int, phase: CGFloat) {
        super.setLineDash(pattern, count: count, phase: phase)
    }
}

final class PaddedImage: UIImage {
    override var size: CGSize { CGSize(width: super.size.width + 2, height: super.size.height + 2) }
    override func withRenderingMode(_ renderingMode: UIImage.RenderingMode) -> UIImage { super.withRenderingMode(renderingMode) }
}

final class BrandFont: UIFont, @unchecked Sendable {   // @unchecked: immutable, as UIFont
    override var pointSize: CGFloat { 15 }
    override var fontName: String { "Brand-Regular" }
    override class func systemFont(ofSize fontSize: CGFloat) -> UIFont { super.systemFont(ofSize: fontSize) }
}

final class TwoXTraits: UITraitCollection, @unchecked Sendable {   // @unchecked: immutable
    override var displayScale: CGFloat { 2 }
}

final class OneXFormat: UIGraphicsImageRendererFormat {
    override var scale: CGFloat {
        get { 1 }
        set {}
    }
}

final class DrawingSubclassClientTests: XCTestCase {
    func testOverridesAreWhatUIKitCalls() throws {
        XCTAssertEqual(BrandColor.red.cgColor.components, [0.9, 0.1, 0.2, 1])
        let path = OutlinePath(rect: CGRect(x: 0, y: 0, width: 4, height: 4))
        let pattern: [CGFloat] = [1, 1]
        path.setLineDash(pattern, count: 2, phase: 0)
        let image = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4), format: OneXFormat()).image { _ in
            path.stroke()
        }
        XCTAssertEqual(path.strokes, 1)
        XCTAssertEqual(image.scale, 1)
        XCTAssertEqual(PaddedImage().size, CGSize(width: 2, height: 2))
        XCTAssertEqual(TwoXTraits().displayScale, 2)
    }
}
