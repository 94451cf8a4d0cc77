import Foundation
import Traces

/// A problem writing a replay's outputs, with the file it concerns (the same error as any output
/// file's: `Traces.OutputError`).
public typealias ReplayOutputError = OutputError

/// JSON with sorted keys, so that equal values give equal bytes.
enum StableJSON {
    static func encode<T: Encodable>(_ value: T, pretty: Bool = false) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value)
    }

    static func string<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try encode(value), as: UTF8.self)
    }
}
