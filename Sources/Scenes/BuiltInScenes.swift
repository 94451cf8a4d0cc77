import UIKit

/// The scenes that ship with uisim.
public enum BuiltInScenes {
    /// Every built-in scene; the first is the default.
    public static let all: [Scene] = [FeedScene.scene, ControlsScene.scene, ResizeScene.scene, MessagesScene.scene, GridScene.scene, NavigationScene.scene,
                                        ContactsScene.scene]

    /// The built-in scenes, by name.
    public static let catalog = try! SceneCatalog(all)   // the names are distinct: a test lists them

    /// The scene replays use when none is named.
    public static var defaultScene: Scene { catalog.defaultScene }

    /// The scene called `name`.
    public static func named(_ name: String) throws -> Scene {
        try catalog.named(name)
    }
}
