import ArgumentParser
import UISim

/// `uisim scenes`: the scenes and their variants.
struct ScenesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "scenes", abstract: "List the scenes (the app's own, then the built-in ones) and their variants.")

    func run() {
        print(Self.listing(CommandScenes.catalog.scenes))
    }

    /// The scenes and their variants in two columns, the first as wide as its longest entry.
    static func listing(_ scenes: [Scene]) -> String {
        var rows: [(String, String)] = []
        for (index, scene) in scenes.enumerated() {
            rows.append(("\(scene.name)\(index == 0 ? " (default)" : "")", scene.summary))
            for variant in scene.variants {
                rows.append(("  --variant \(variant.name)=on|off", variant.summary + (variant.defaultValue ? " (on by default)" : "")))
            }
        }
        let width = (rows.map(\.0.count).max() ?? 0) + 2
        return rows.map { $0.0.padding(toLength: width, withPad: " ", startingAt: 0) + $0.1 }.joined(separator: "\n")
    }
}
