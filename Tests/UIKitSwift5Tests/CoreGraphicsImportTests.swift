// `import CoreGraphics` alone is enough for Core Graphics' geometry (CoreGraphicsOnlyHelpers.swift,
// which imports nothing else, compiles).
import CoreGraphics
import XCTest

final class CoreGraphicsImportTests: XCTestCase {
    func testCodeImportingOnlyCoreGraphicsUsesTheGeometryTypes() {
        let insetter = EdgeInsetter(amount: 10)
        let rect = insetter.inset(CGRect(origin: CGPoint(x: 10, y: 20), size: CGSize(width: 100, height: 50)))
        XCTAssertEqual(rect, CGRect(x: 20, y: 30, width: 80, height: 30))
        XCTAssertEqual(insetter.center(of: rect), CGPoint(x: 60, y: 45))
        XCTAssertEqual(insetter.moved(CGPoint(x: 1, y: 2), by: CGVector(dx: 3, dy: 4)), CGPoint(x: 4, y: 6))
        XCTAssertEqual(EdgeInsetter.half, CGFloat(Double.pi / 2))
        XCTAssertEqual(EdgeInsetter.unit.width, 1)
    }
}
