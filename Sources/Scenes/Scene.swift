import Foundation
import Views

/// A built-in scene: a view hierarchy to replay traces against, with variants that each switch
/// one piece of the seed notes' advice on or off.
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
    private let build: @Sendable (UIWindow, Settings) -> Void

    public init(name: String, summary: String, variants: [Variant] = [],
                build: @escaping @Sendable (UIWindow, Settings) -> Void) {
        self.name = name
        self.summary = summary
        self.variants = variants
        self.build = build
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
                throw SceneError("scene '\(self.name)' has no variant '\(name)'" + (known.isEmpty ? "" : "; its variants are: \(known)"))
            }
            values[name] = value
        }
        return Settings(values)
    }

    /// A window on `screen` holding the scene's views, made key and visible.
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

/// The scenes that ship with uisim.
public enum BuiltInScenes {
    /// Every built-in scene; the first is the default.
    public static let all: [Scene] = [FeedScene.scene, ControlsScene.scene, ResizeScene.scene]

    /// The scene replays use when none is named.
    public static var defaultScene: Scene { all[0] }

    /// The scene called `name`.
    public static func named(_ name: String) throws -> Scene {
        guard let scene = all.first(where: { $0.name == name }) else {
            throw SceneError("no scene '\(name)'; the scenes are: \(all.map(\.name).joined(separator: ", "))")
        }
        return scene
    }
}
