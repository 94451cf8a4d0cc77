import Foundation

/// A chart's legend, laid out inside the chart's SVG so that no two entries overlap and none is
/// cut off, whatever their labels: entries go left to right and a new line starts when the next
/// entry would pass the right edge; a label too long for a line of its own wraps at its spaces
/// (a word longer than a line, anywhere). An SVG page has no text metrics without a renderer,
/// so widths are estimated from the characters, generously (see `textWidth`), so that the fonts
/// a browser picks fit inside the estimate.
struct ChartLegend {
    /// What shows an entry's colour.
    enum Swatch: Equatable {
        /// A filled box (a bar's colour).
        case box
        /// A line, solid, dotted or dashed (a curve's or a threshold's).
        case line, dotted, dashed
        /// None: the entry is text only.
        case none
    }

    struct Entry: Equatable {
        var swatch: Swatch
        var color: String
        var label: String

        init(_ swatch: Swatch, _ color: String, _ label: String) {
            self.swatch = swatch
            self.color = color
            self.label = label
        }
    }

    /// An entry where the layout put it, in the legend's coordinates.
    struct Placement: Equatable {
        let entry: Entry
        /// The entry's left edge.
        let x: Double
        /// The top of the entry's first line.
        let y: Double
        /// The label, wrapped to lines.
        let lines: [String]
        /// The swatch, its gap and the widest line: the entry spans `x ..< x + width`.
        let width: Double

        var range: Range<Double> { x ..< x + width }
    }

    static let swatchWidth = 14.0, swatchGap = 5.0, entryGap = 18.0

    let fontSize: Double
    let width: Double
    let placements: [Placement]
    /// The legend's height: its lines.
    let height: Double

    var lineHeight: Double { Self.lineHeight(fontSize) }

    private static func lineHeight(_ fontSize: Double) -> Double { (fontSize * 1.4).rounded() }

    /// `entries` laid out `width` wide.
    init(_ entries: [Entry], width: Double, fontSize: Double = 12) {
        self.fontSize = fontSize
        self.width = width
        let lineHeight = Self.lineHeight(fontSize)
        var placements: [Placement] = []
        var x = 0.0, y = 0.0, rowLines = 0
        for entry in entries {
            let swatch = entry.swatch == .none ? 0 : Self.swatchWidth + Self.swatchGap
            let lines = Self.wrap(entry.label, width: Swift.max(width - swatch, fontSize), fontSize: fontSize)
            let entryWidth = swatch + (lines.map { Self.textWidth($0, fontSize: fontSize) }.max() ?? 0)
            if x > 0 && x + entryWidth > width {
                x = 0
                y += Double(rowLines) * lineHeight
                rowLines = 0
            }
            placements.append(Placement(entry: entry, x: x, y: y, lines: lines, width: entryWidth))
            rowLines = Swift.max(rowLines, lines.count)
            x += entryWidth + Self.entryGap
        }
        self.placements = placements
        height = y + Double(rowLines) * lineHeight
    }

    /// The legend as SVG, its top left corner at (`left`, `top`).
    func svg(left: Double, top: Double) -> String {
        let f = { (value: Double) in HTMLReport.format(value, 1) }
        var out = "<g font-size=\"\(f(fontSize))\" fill=\"#1f2328\">"
        for p in placements {
            let x = left + p.x, y = top + p.y
            let middle = y + lineHeight / 2
            switch p.entry.swatch {
            case .box:
                out += "<rect x=\"\(f(x))\" y=\"\(f(middle - 5))\" width=\"\(f(Self.swatchWidth))\" height=\"10\" fill=\"\(p.entry.color)\"/>"
            case .line, .dotted, .dashed:
                let dash = p.entry.swatch == .dotted ? " stroke-dasharray=\"2 2\"" : p.entry.swatch == .dashed ? " stroke-dasharray=\"6 4\"" : ""
                out += "<line x1=\"\(f(x))\" x2=\"\(f(x + Self.swatchWidth))\" y1=\"\(f(middle))\" y2=\"\(f(middle))\" stroke=\"\(p.entry.color)\" stroke-width=\"2\"\(dash)/>"
            case .none:
                break
            }
            let textX = x + (p.entry.swatch == .none ? 0 : Self.swatchWidth + Self.swatchGap)
            for (i, line) in p.lines.enumerated() {
                // The baseline sits a third of the way below the line's middle.
                let baseline = y + Double(i) * lineHeight + lineHeight / 2 + fontSize / 3
                out += "<text x=\"\(f(textX))\" y=\"\(f(baseline))\">\(Markup.escape(line))</text>"
            }
        }
        return out + "</g>"
    }

    /// `text`'s width at `fontSize`, estimated from its characters: each a share of the font size
    /// at least as wide as in the usual sans-serif fonts (Helvetica, Arial, DejaVu Sans, Verdana),
    /// so that real text fits inside the estimate.
    static func textWidth(_ text: String, fontSize: Double) -> Double {
        text.reduce(0) { $0 + em($1) } * fontSize
    }

    /// A character's width in ems, at most as narrow as in common fonts.
    static func em(_ character: Character) -> Double {
        guard let ascii = character.asciiValue else { return 1.25 }   // accents, symbols, CJK, emoji: as wide as anything
        switch ascii {
        case 0x20: return 0.35
        case UInt8(ascii: "m"), UInt8(ascii: "w"), UInt8(ascii: "M"), UInt8(ascii: "W"), UInt8(ascii: "@"), UInt8(ascii: "%"): return 1.0
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return 0.8
        case UInt8(ascii: "i"), UInt8(ascii: "j"), UInt8(ascii: "l"), UInt8(ascii: "I"), UInt8(ascii: "."), UInt8(ascii: ","),
             UInt8(ascii: ":"), UInt8(ascii: ";"), UInt8(ascii: "'"), UInt8(ascii: "|"), UInt8(ascii: "!"): return 0.4
        case UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "~"), UInt8(ascii: "<"), UInt8(ascii: ">"),
             UInt8(ascii: "#"), UInt8(ascii: "&"), UInt8(ascii: "^"): return 0.9
        default: return 0.66
        }
    }

    /// `text` in lines no wider than `width`: broken at spaces, and a word wider than a line broken
    /// where it must.
    static func wrap(_ text: String, width: Double, fontSize: Double) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true).map(String.init) {
            let joined = line.isEmpty ? word : line + " " + word
            if textWidth(joined, fontSize: fontSize) <= width {
                line = joined
                continue
            }
            if !line.isEmpty { lines.append(line) }
            line = ""
            for character in word {
                if !line.isEmpty && textWidth(line + String(character), fontSize: fontSize) > width {
                    lines.append(line)
                    line = ""
                }
                line.append(character)
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }
}
