import Geometry
import Support

/// The readers' name for `InputEcho`: input echoed at most 80 characters, control characters escaped.
package typealias TraceEcho = InputEcho
