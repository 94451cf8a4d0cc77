import ArgumentParser
import Foundation
import UISim

/// `uisim`: the command line, as a library. An app's package gets every command for its own
/// screens from an executable target of a few lines:
///
/// ```swift
/// import UISimCommandLine
///
/// @main enum MyAppSim {
///     static func main() { UISimCommand.main(scenes: [FeedScreen.scene]) }
/// }
/// ```
/// Its scenes come first (the first is the default), then uisim's built-in ones. Each subcommand
/// parses its options, calls the library and prints. A subcommand that builds views runs on the
/// main actor, as UIKit's types do: its `run()` is `@MainActor` through a `@preconcurrency`
/// conformance (ArgumentParser calls `run()` nonisolated), and `main` calls it on the main thread,
/// where Swift's check of that passes. `main` stays synchronous: an `async` main would hand the
/// main thread to `dispatch_main()`, and the run loop could no longer serve the main queue.
public struct UISimCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "uisim",
        abstract: "Replay recorded touch traces headlessly through a simulated UIKit runtime.",
        discussion: """
            uisim runs a view hierarchy through UIKit's runtime model on Linux: touches, hit testing, \
            responders, layout, drawing and compositing, timing and counting every frame.
            """,
        version: "uisim \(UISimVersion.string) (libevent \(libeventVersion), cairo \(cairoVersion))",
        subcommands: [ReplayCommand.self, MergeCommand.self, ScenesCommand.self, CompareCommand.self, AdviceCommand.self, CheckCommand.self, BaselineCommand.self, TraceCommand.self, PortCommand.self, DemoCommand.self])

    public init() {}

    /// Parses the process's arguments and runs the command, with `scenes` (an app's own) beside
    /// the built-in scenes, and SIGINT and SIGTERM handled for its whole life (`Interruption`): a
    /// command that was signalled exits 130 or 143 once its outputs are done. Exits 64 when two
    /// scenes share a name.
    public static func main(scenes: [Scene]) {
        main(scenes: scenes, arguments: nil)
    }

    /// The same, with `arguments` instead of the process's (without the program's name).
    public static func main(scenes: [Scene], arguments: [String]?) {
        MallocArenas.useOne()
        Interruption.install()
        let catalog: SceneCatalog
        do {
            catalog = try SceneCatalog(scenes + BuiltInScenes.all)
        } catch {
            report("\(error)")
            exit(withError: Exit.usage)
        }
        CommandScenes.$catalog.withValue(catalog) {
            var command: ParsableCommand
            do {
                command = try parseAsRoot(arguments)
            } catch {
                // --help and --version: ArgumentParser's own, to standard output.
                let code = exitCode(for: error)
                guard code != .success else { exit(withError: error) }
                // A usage error (64) names what was typed: its control characters escaped.
                var stderr = StandardError()
                print(TraceEcho.safeForTerminal(fullMessage(for: error)), to: &stderr)
                Foundation.exit(code.rawValue)
            }
            do {
                try command.run()
            } catch {
                guard let outcome = Exit.outcome(of: error) else {
                    exit(withError: Interruption.exitCode.map { $0 as Error } ?? error)
                }
                if let message = outcome.message { report(message) }
                exit(withError: Interruption.exitCode ?? outcome.code)
            }
        }
        if let code = Interruption.exitCode { exit(withError: code) }
    }

    /// `uisim` with the built-in scenes only.
    public static func main() {
        main(scenes: [])
    }
}

/// The version of uisim.
enum UISimVersion {
    static let string = "0.1.0"
}
