import Layers
import Traces

extension DebugOverlays {
    /// The overlays' names, as `--overlay` takes them.
    public static let names: [(name: String, overlay: DebugOverlays)] =
        [("blended", .blended), ("misaligned", .misaligned), ("offscreen", .offscreen), ("updates", .updates)]

    /// The overlays named in `list`, comma-separated ("blended,updates"; "none" or nothing for
    /// none); a `UsageError` naming the choices for a name that is none of them.
    public init(parsing list: String) throws {
        self = []
        for name in list.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !name.isEmpty && name != "none" {
            guard let overlay = Self.names.first(where: { $0.name == name })?.overlay else {
                throw UsageError("unknown overlay \(TraceEcho.quoted(name)): use \(Self.names.map(\.name).joined(separator: ", ")) or none")
            }
            insert(overlay)
        }
    }
}
