import ArgumentParser
import UISim

/// `uisim`: the command line. Each subcommand parses its options, calls the library and prints.
@main
struct UISimCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "uisim",
        abstract: "Replay recorded touch traces headlessly through a simulated UIKit runtime.",
        discussion: """
            uisim runs a view hierarchy through UIKit's runtime model on Linux: touches, hit testing, \
            responders, layout, drawing and compositing, timing and counting every frame.
            """,
        version: "uisim \(UISimVersion.string) (libevent \(libeventVersion), cairo \(cairoVersion))",
        subcommands: [ReplayCommand.self, MergeCommand.self, ScenesCommand.self, CompareCommand.self, AdviceCommand.self, CheckCommand.self, BaselineCommand.self, TraceCommand.self, DemoCommand.self])

    /// Parses and runs a command with SIGINT and SIGTERM handled for its whole life
    /// (`Interruption`): a command that was signalled exits 130 or 143 once its outputs are done.
    static func main() {
        Interruption.install()
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            exit(withError: Interruption.exitCode.map { $0 as Error } ?? error)
        }
        if let code = Interruption.exitCode { exit(withError: code) }
    }
}

/// The version of uisim.
enum UISimVersion {
    static let string = "0.1.0"
}
