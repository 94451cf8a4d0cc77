import Foundation

/// The machine ran out of something uisim needs to go on: memory for a bitmap, file descriptors
/// (`ulimit -v`, `ulimit -n`). Reported in a sentence that says what and how much, never a crash;
/// the command line's exit 73, like an output that cannot be written.
public struct ResourceError: Error, CustomStringConvertible, Equatable, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
}
