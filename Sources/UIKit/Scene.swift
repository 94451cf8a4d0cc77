import Foundation
import Geometry
import Support

/// A scene: a view hierarchy to replay traces against, with variants that each switch one
/// piece of advice (or any other choice of the app's) on or off. The built-in scenes are
/// `Scene`s; an app provides its own screens as `Scene`s to the command line
/// (`UISimCommand.main(scenes:)`) and to `Replay.run(_:scene:outputs:)`.
/// uisim's own type, not UIKit's `UIScene`: it stands for "a screen of the app, ready to replay".
public struct Scene: Sendable {
    /// A switch of the scene, such as `opaque=on`.
    public struct Variant: Hashable, Sendable {
        public let name: String
        /// What turning it on does.
        public let summary: String
        /// Whether it is on unless asked otherwise.
        public let defaultValue: Bool

        public init(name: String, summary: String, defaultValue: Bool = false) {
            self.name = name
            self.summary = summary
            self.defaultValue = defaultValue
        }
    }

    /// The scene's name on the command line, such as "controls".
    public let name: String
    /// One line about what the scene shows.
    public let summary: String
    public let variants: [Variant]
    private let build: @MainActor @Sendable (UIWindow, Settings) -> Void

    public init(name: String, summary: String, variants: [Variant] = [],
                build: @escaping @MainActor @Sendable (UIWindow, Settings) -> Void) {
        self.name = name
        self.summary = summary
        self.variants = variants
        self.build = build
    }

    /// A scene whose window's root view controller `makeRootViewController` makes, for the
    /// settings of the run: the usual shape of an app's screen.
    public init(name: String, summary: String, variants: [Variant] = [],
                rootViewController makeRootViewController: @escaping @MainActor @Sendable (Settings) -> UIViewController) {
        self.init(name: name, summary: summary, variants: variants) { window, settings in
            window.rootViewController = makeRootViewController(settings)
        }
    }

    /// The variants' values for one run.
    public struct Settings: Hashable, Sendable {
        public private(set) var values: [String: Bool]

        public init(_ values: [String: Bool] = [:]) {
            self.values = values
        }

        /// Whether `variant` is on.
        public func isOn(_ variant: String) -> Bool { values[variant] ?? false }

        /// "name=on name=off…", sorted, for reports.
        public var description: String {
            values.keys.sorted().map { "\($0)=\(values[$0]! ? "on" : "off")" }.joined(separator: " ")
        }
    }

    /// Settings with every variant at its default, then `overrides`. Throws for an unknown variant.
    public func settings(_ overrides: [String: Bool] = [:]) throws -> Settings {
        var values = Dictionary(uniqueKeysWithValues: variants.map { ($0.name, $0.defaultValue) })
        for (name, value) in overrides {
            guard values[name] != nil else {
                let known = variants.map(\.name).joined(separator: ", ")
                throw SceneError("scene '\(self.name)' has no variant \(InputEcho.quoted(name))" + (known.isEmpty ? "" : "; its variants are: \(known)"))
            }
            values[name] = value
        }
        return Settings(values)
    }

    /// A window on `screen` holding the scene's views, made key and visible.
    @preconcurrency @MainActor
    public func makeWindow(screen: UIScreen = .main, settings: Settings) -> UIWindow {
        let window = UIWindow(frame: screen.bounds)
        window.screen = screen
        window.backgroundColor = .black
        build(window, settings)
        window.makeKeyAndVisible()
        return window
    }
}

/// A wrong scene name or variant, with what to type instead.
public struct SceneError: Error, CustomStringConvertible, Equatable {
    public let description: String
    public init(_ description: String) { self.description = description }
}


extension Scene.Settings {
    /// Parses variant texts as the command line takes them ("name=on", "a=on,b=off"; repeatable)
    /// into values for `Scene.settings(_:)`.
    public static func values(parsing texts: [String]) throws -> [String: Bool] {
        var values: [String: Bool] = [:]
        // Strict: an empty --variant, or an empty item in one ("a=on,"), is a typo, not nothing.
        for text in texts.flatMap({ $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }) {
            let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, ["on", "off"].contains(parts[1]) else {
                throw SceneError("bad variant \(InputEcho.quoted(text)): write name=on or name=off")
            }
            let value = parts[1] == "on"
            if let earlier = values.updateValue(value, forKey: parts[0]), earlier != value {
                throw SceneError("variant \(InputEcho.quoted(parts[0])) is given both on and off: choose one")
            }
        }
        return values
    }
}

/// The scenes a command line knows, by name: an app's own first, then uisim's built-in ones.
/// The first is the default.
public struct SceneCatalog: Sendable {
    public let scenes: [Scene]

    /// A catalog of `scenes`; throws if two share a name (one would hide the other).
    public init(_ scenes: [Scene]) throws {
        var seen = Set<String>()
        for scene in scenes where !seen.insert(scene.name).inserted {
            throw SceneError("two scenes are named '\(scene.name)': give each scene its own name")
        }
        guard !scenes.isEmpty else { throw SceneError("a scene catalog needs at least one scene") }
        self.scenes = scenes
    }

    /// The scene replays use when none is named: the first.
    public var defaultScene: Scene { scenes[0] }

    /// The scene called `name`.
    public func named(_ name: String) throws -> Scene {
        guard let scene = scenes.first(where: { $0.name == name }) else {
            throw SceneError("no scene \(InputEcho.quoted(name)); the scenes are: \(scenes.map(\.name).joined(separator: ", "))")
        }
        return scene
    }
}
