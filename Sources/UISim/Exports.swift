@_exported import Foundation
@_exported import Geometry
@_exported import Graphics
@_exported import Layers
@_exported import RunLoop
@_exported import Views
@_exported import Traces
@_exported import Replay
