// Library code that imports only CoreGraphics, as a layout helper in a library does (SnapKit's
// ConstraintInsets, Eureka's geometry helpers): CGFloat, CGPoint, CGSize, CGRect and their
// functions come with it, as on iOS (on Linux Foundation declares them), and so do
// CGAffineTransform and CGVector. This file imports nothing else: XCTest re-exports Foundation on
// Linux, so the test that calls these lives in CoreGraphicsImportTests.swift.
import CoreGraphics

struct EdgeInsetter {
    var amount: CGFloat

    func inset(_ rect: CGRect) -> CGRect {
        rect.insetBy(dx: amount, dy: amount)
    }

    func center(of rect: CGRect) -> CGPoint {
        CGPoint(x: rect.midX, y: rect.midY)
    }

    func moved(_ point: CGPoint, by vector: CGVector) -> CGPoint {
        point.applying(CGAffineTransform(translationX: vector.dx, y: vector.dy))
    }

    static let half = CGFloat.pi / 2
    static let unit = CGSize(width: 1, height: 1)
}
