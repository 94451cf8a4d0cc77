import ArgumentParser
import UISim

/// `uisim demo`: the worked geometry example of the seed notes (Programming iOS), step by step.
struct DemoCommand: @preconcurrency ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Print the seed example's view geometry (frame, bounds, center, transforms), step by step.")

    @MainActor
    func run() {
        for step in GeometryDemo.steps() {
            print(step)
        }
    }
}

/// The seed's example, as lines of text: each step's code and the geometry it leaves.
@MainActor
enum GeometryDemo {
    static func steps() -> [String] {
        var lines: [String] = []
        let window = UIWindow(frame: UIScreen.main.bounds)
        let mainview = UIView(frame: window.bounds)
        window.addSubview(mainview)
        lines.append("screen: \(UIScreen.main)")

        let v1 = UIView(frame: CGRect(x: 113, y: 111, width: 132, height: 194))
        let v2 = UIView(frame: v1.bounds.insetBy(dx: 10, dy: 10))
        mainview.addSubview(v1)
        v1.addSubview(v2)
        lines.append("")
        lines.append("let v1 = UIView(frame: CGRect(x: 113, y: 111, width: 132, height: 194))")
        lines.append("let v2 = UIView(frame: v1.bounds.insetBy(dx: 10, dy: 10))")
        lines += describe(["v1": v1, "v2": v2], in: mainview)

        v2.bounds.size.height += 20
        v2.bounds.size.width += 20
        lines.append("")
        lines.append("v2.bounds.size += 20 (grows about its center)")
        lines += describe(["v2": v2], in: mainview)

        v1.bounds.origin.x += 10
        v1.bounds.origin.y += 10
        lines.append("")
        lines.append("v1.bounds.origin += 10 (v2 moves the other way)")
        lines += describe(["v1": v1, "v2": v2], in: mainview)

        v1.transform = CGAffineTransform(rotationAngle: 45 * .pi / 180)
        lines.append("")
        lines.append("v1.transform = CGAffineTransform(rotationAngle: 45°)")
        lines += describe(["v1": v1], in: mainview)

        v1.transform = CGAffineTransform(scaleX: 1.8, y: 1)
        lines.append("")
        lines.append("v1.transform = CGAffineTransform(scaleX: 1.8, y: 1)")
        lines += describe(["v1": v1], in: mainview)

        v1.transform = CGAffineTransform(a: 1, b: 0, c: -0.2, d: 1, tx: 0, ty: 0)
        lines.append("")
        lines.append("v1.transform = CGAffineTransform(a: 1, b: 0, c: -0.2, d: 1, tx: 0, ty: 0)")
        lines += describe(["v1": v1], in: mainview)
        return lines
    }

    private static func describe(_ views: KeyValuePairs<String, UIView>, in mainview: UIView) -> [String] {
        views.map { name, view in
            let origin = view.convert(view.bounds.origin, to: mainview)
            return "  \(name): frame \(text(view.frame)), bounds \(text(view.bounds)), center \(text(view.center)),"
                + " bounds origin in main view \(text(origin))"
        }
    }

    private static func text(_ rect: CGRect) -> String {
        "(\(number(rect.minX)), \(number(rect.minY)), \(number(rect.width)), \(number(rect.height)))"
    }

    private static func text(_ point: CGPoint) -> String {
        "(\(number(point.x)), \(number(point.y)))"
    }

    private static func number(_ value: CGFloat) -> String {
        let rounded = (Double(value) * 1000).rounded() / 1000
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
