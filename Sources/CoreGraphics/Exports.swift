// `import CoreGraphics` brings what it brings on iOS: `CGFloat`, `CGPoint`, `CGSize`, `CGRect` and
// their functions (which Foundation declares on Linux), and `CGAffineTransform` and `CGVector`
// (which Geometry declares).
@_exported import Foundation
@_exported import Geometry
