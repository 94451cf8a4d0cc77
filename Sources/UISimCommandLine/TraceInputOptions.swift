import ArgumentParser
import Foundation
import UISim

/// How a recording made by another tool is read: which of its devices, and how its axes fit the
/// screen. (`--input-device`, because `replay --device` names the simulated iPhone.)
struct TraceInputOptions: ParsableArguments {
    @Option(help: "How a recording's axis ranges map onto the screen: stretch (fill it) or aspect (keep the device's shape, centred).")
    var fit: TraceImportOptions.Fit = .stretch

    @Option(name: .customLong("input-device"),
            help: ArgumentHelp("In a recording of several input devices, the one to read: its node or a part of its name (default: the first touchscreen).", valueName: "node-or-name"))
    var inputDevice: String?

    /// The options, with the command's signal pipe: a signal stops a read that waits (a FIFO
    /// without a writer, a stalled pipe) or a long one.
    func options(screen: TraceScreen = .default) -> TraceImportOptions {
        TraceImportOptions(screen: screen, fit: fit, device: inputDevice, interruption: Interruption.descriptor)
    }
}

extension TraceImportOptions.Fit: ExpressibleByArgument {}

/// Whether `path` is a regular file (one that can be read twice: a pipe cannot).
func isRegularFile(_ path: String) -> Bool {
    (try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType) == .typeRegular
}
