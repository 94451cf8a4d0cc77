import ArgumentParser
import UISim

/// `uisim scenes`: the built-in scenes and their variants.
struct ScenesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "scenes", abstract: "List the built-in scenes and their variants.")

    func run() {
        for (index, scene) in BuiltInScenes.all.enumerated() {
            print("\(scene.name)\(index == 0 ? " (default)" : "")".padding(toLength: 22, withPad: " ", startingAt: 0) + scene.summary)
            for variant in scene.variants {
                print("  --variant \(variant.name)=on|off".padding(toLength: 40, withPad: " ", startingAt: 0)
                      + variant.summary + (variant.defaultValue ? " (on by default)" : ""))
            }
        }
    }
}
