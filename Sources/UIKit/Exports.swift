// `import UIKit` brings what it brings on iOS: Foundation, Core Graphics (with the CG geometry
// Foundation declares on Linux and the rest in Geometry), Core Animation, and UIKit's own types
// that drawing needs below the views (UIFoundation: colours, fonts, traits, text, images); and
// what Darwin's Foundation has that Foundation on Linux lacks (FoundationCompat).
@_exported import Foundation
@_exported import FoundationCompat
@_exported import Geometry
@_exported import CoreGraphics
@_exported import QuartzCore
@_exported import UIFoundation
