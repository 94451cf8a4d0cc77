import Foundation
import QuartzCore

/// The reports' colours, each chosen from a typed value (a stage, a hitch type, a band's
/// severity, a side of a comparison), never from the words a page shows.
enum ReportPalette {
    /// The colour of a stage: the app stage and its phases, the render stage.
    static func color(_ stage: Stage) -> String {
        switch stage {
        case .app, .layout: "#0969da"
        case .event: "#8250df"
        case .constraints: "#0550ae"
        case .display: "#1a7f37"
        case .prepare: "#57606a"
        case .commit: "#bf8700"
        case .text: "#9a6700"
        case .render, .renderPrepare, .renderExecute: "#6cb6ff"
        case .frame: "#24292f"
        }
    }

    /// The colour that marks a frame presented late, by the stage that was late; nil for a frame
    /// on time.
    static func color(_ hitch: FramePipeline.HitchType) -> String? {
        switch hitch {
        case .none: nil
        case .commit: "#cf222e"
        case .render: "#8250df"
        }
    }

    /// Frames whose app and render stages took longer than the budget, presented on time all the
    /// same (the stages overlap with the next frame's).
    static let overBudget = "#bf8700"

    /// The frame budget's line.
    static let budget = "#cf222e"

    /// A hitch band, by its severity (`HitchBands.severity(for:)`): green, yellow, orange, red.
    static func band(severity: Int) -> String {
        ["#1a7f37", "#b58100", "#bc4c00", "#cf222e"][min(max(severity, 0), 3)]
    }

    /// The two sides of a comparison.
    enum Side { case a, b }

    static func color(_ side: Side) -> String {
        switch side {
        case .a: "#0969da"
        case .b: "#cf222e"
        }
    }

    /// Axis text and lines.
    static let axisText = "#57606a"
    static let grid = "#d0d7de"
}
