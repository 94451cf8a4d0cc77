// The glue a team adds beside its iOS sources (which stay in iOS/, untouched, ported as the
// target builds by the UISimPort plugin): the scene uisim replays, the notes in a navigation
// controller as the app's delegate would set them up.
import UIKit

enum ClassicScene {
    /// The notes screen in a navigation controller; `notes` is the screen, for tests to inspect.
    static func make() -> (scene: Scene, notes: NotesViewController) {
        let notes = NotesViewController()
        let navigation = UINavigationController(rootViewController: notes)
        return (Scene(name: "classic-notes", summary: "a 2019 app's notes list, ported by uisim port") { _ in navigation }, notes)
    }
}

extension ClassicScene {
    /// The to-do list in a navigation controller; `tasks` is the screen, for tests to inspect.
    static func makeTasks() -> (scene: Scene, tasks: TasksViewController) {
        let tasks = TasksViewController(style: .plain)
        let navigation = UINavigationController(rootViewController: tasks)
        return (Scene(name: "classic-tasks", summary: "a 2019 app's to-do list: a visual-format header, table editing, a custom transition") { _ in navigation },
                tasks)
    }
}

extension ClassicScene {
    /// NotesSettings.storyboard's initial scene, as the app's delegate would show it: a navigation
    /// controller whose root (its relationship segue) is the settings table; `settings` is that
    /// screen, for tests to inspect.
    static func makeSettings() -> (scene: Scene, settings: SettingsViewController) {
        let storyboard = UIStoryboard(name: "NotesSettings", bundle: nil)
        let navigation = storyboard.instantiateInitialViewController() as! UINavigationController
        let settings = navigation.topViewController as! SettingsViewController
        return (Scene(name: "classic-settings", summary: "a 2019 app's settings from a storyboard: static cells, segues from cells, an unwind") { _ in navigation },
                settings)
    }
}
