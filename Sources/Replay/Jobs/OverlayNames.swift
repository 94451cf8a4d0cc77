import Support
import QuartzCore
import Traces

extension DebugOverlays {
    /// The overlays' names, as `--overlay` takes them.
    public static let names: [(name: String, overlay: DebugOverlays)] =
        [("blended", .blended), ("misaligned", .misaligned), ("offscreen", .offscreen), ("updates", .updates)]

    /// The overlays named in `list`, comma-separated ("blended,updates"; "none" or nothing for
    /// none); a `UsageError` naming the choices for a name that is none of them.
    public init(parsing list: String) throws {
        self = []
        // Strict: an empty list or name ("", "blended,") is a typo, and "none" stands alone.
        let names = list.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        let known = "use \(Self.names.map(\.name).joined(separator: ", ")), several joined by commas, or none"
        if names.contains(where: \.isEmpty) {
            throw UsageError("--overlay \(TraceEcho.quoted(list)) has an empty name: \(known)")
        }
        if names.contains("none") {
            guard names == ["none"] else { throw UsageError("--overlay \(TraceEcho.quoted(list)): none stands alone, not with other overlays") }
            return
        }
        for name in names {
            guard let overlay = Self.names.first(where: { $0.name == name })?.overlay else {
                throw UsageError("unknown overlay \(TraceEcho.quoted(name)): use \(Self.names.map(\.name).joined(separator: ", ")) or none")
            }
            insert(overlay)
        }
    }
}
