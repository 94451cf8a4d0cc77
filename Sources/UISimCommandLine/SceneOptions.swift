import ArgumentParser
import Foundation
import UISim

/// The scenes the running command knows: the app's own (given to `UISimCommand.main(scenes:)`)
/// and the built-in ones. Bound for the life of one command by `UISimCommand.main`.
enum CommandScenes {
    @TaskLocal static var catalog = BuiltInScenes.catalog
}

/// The options every command that replays shares: which scene, and on which device.
struct SceneOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The scene (see `uisim scenes`).", valueName: "name"))
    var scene: String = CommandScenes.catalog.defaultScene.name

    @Option(help: ArgumentHelp("The device whose screen to simulate (\(UIScreen.Model.all.map(\.identifier).joined(separator: ", "))).", valueName: "device"))
    var device: UIScreen.Model = .iPhone14

    @Option(name: .customLong("content-size"),
            help: ArgumentHelp("The user's text size, which Dynamic Type's fonts follow (\(UIContentSizeCategory.optionNames.joined(separator: ", "))).",
                               valueName: "category"))
    var contentSize: UIContentSizeCategory = .large

    @Option(help: ArgumentHelp("Light or dark: what the app's dynamic colours (the system colours, UIColor(dynamicProvider:)) resolve to.",
                               valueName: "light|dark"))
    var appearance: Appearance = .light

    @Option(name: .customLong("documents"),
            help: ArgumentHelp("A folder of the app's .xib and .storyboard files, searched (with its subfolders) for a nib or a storyboard by name after the app's bundle (repeatable).",
                               valueName: "folder"))
    var documents: [String] = []

    /// The `--documents` folders, each checked to be a folder (else a usage error, exit 64).
    func documentFolders() throws -> [URL] {
        try documents.map { path in
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
                throw ValidationError("--documents \(path): no such folder")
            }
            return URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL
        }
    }

    /// The scene named, or a usage error (exit 64) listing the scenes.
    func resolvedScene() throws -> Scene {
        do {
            return try CommandScenes.catalog.named(scene)
        } catch let error as SceneError {
            throw ValidationError(error.description)
        }
    }

    /// The scene's settings with `variants` ("name=on", "a=on,b=off") over its defaults, or a
    /// usage error (exit 64) naming the variant.
    func settings(_ variants: [String]) throws -> Scene.Settings {
        do {
            return try resolvedScene().settings(try Scene.Settings.values(parsing: variants))
        } catch let error as SceneError {
            throw ValidationError(error.description)
        }
    }
}

extension UIContentSizeCategory: ExpressibleByArgument {
    public init?(argument: String) { self.init(optionName: argument) }
    public static var allValueStrings: [String] { optionNames }
    public var defaultValueDescription: String { optionName }
}

extension UIScreen.Model: ExpressibleByArgument {
    public init?(argument: String) {
        guard let model = UIScreen.Model.named(argument) else { return nil }
        self = model
    }

    public static var allValueStrings: [String] { UIScreen.Model.all.map(\.identifier) }
    public var defaultValueDescription: String { identifier }
}
