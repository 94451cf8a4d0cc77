// The build-tool plugin that ports a target's iOS sources as it builds (`uisim port` without a
// copy in the repository): the target keeps the app's files, untouched, in a folder named `iOS`
// that it excludes; the plugin ports that folder into the build's work directory and the target
// compiles the ported files. Errors point at the ported copies, whose lines are the originals'.
import Foundation
import PackagePlugin

@main
struct UISimPort: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = target.directoryURL.appending(path: "iOS")
        let ported = context.pluginWorkDirectoryURL.appending(path: "Ported")
        var inputs: [URL] = []
        var outputs: [URL] = []
        let base = folder.standardizedFileURL.path
        if let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles]) {
            for case let file as URL in files where file.pathExtension == "swift" {
                let relative = String(file.standardizedFileURL.path.dropFirst(base.count + 1))
                inputs.append(file)
                outputs.append(ported.appending(path: relative))
            }
        }
        guard !inputs.isEmpty else {
            Diagnostics.warning("UISimPort: \(target.name) has no iOS folder of Swift files to port (\(folder.path))")
            return []
        }
        return [.buildCommand(displayName: "Porting \(target.name)'s iOS sources (uisim port)",
                              executable: try context.tool(named: "uisim-port").url,
                              arguments: [folder.path, "-o", ported.path],
                              inputFiles: inputs, outputFiles: outputs)]
    }
}
