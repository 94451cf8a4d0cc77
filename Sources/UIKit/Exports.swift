// `import UIKit` brings what it brings on iOS: Foundation, Core Graphics (with the CG geometry
// Foundation declares on Linux and the rest in Geometry) and Core Animation.
@_exported import Foundation
@_exported import Geometry
@_exported import CoreGraphics
@_exported import QuartzCore
