import Foundation
import Geometry

extension UIView {
    /// The view and its subtree as UIKit's private debugging method `recursiveDescription` prints
    /// them (`po view.value(forKey: "recursiveDescription")!` in the debugger), so that a team can
    /// diff uisim's layout against a dump taken on iOS: one line a view, each subview under its
    /// superview indented by `"   | "`, in subview order:
    ///
    /// ```
    /// <UIWindow: 0x1; frame = (0 0; 390 844); layer = <UIWindowLayer: 0x1>>
    ///    | <UIView: 0x2; frame = (0 0; 390 844); autoresize = W+H; layer = <CALayer: 0x2>>
    ///    |    | <UILabel: 0x3; frame = (16 20; 288 20.3333); text = 'Hello'; opaque = NO; userInteractionEnabled = NO; layer = <_UILabelLayer: 0x3>>
    /// ```
    /// The properties are those UIKit's `description` prints when they differ from a plain view's
    /// defaults, in the order of dumps taken on iOS: the frame (numbers as `%g`), a label's or a
    /// text field's text, a transform, `clipsToBounds = YES`, `hidden = YES`, alpha,
    /// `opaque = NO`, the autoresizing mask (`LM+W+RM+TM+H+BM`), the tag,
    /// `userInteractionEnabled = NO`; then the layer. Addresses are the
    /// views' places in the walk (the window 0x1), not memory addresses, so that two dumps of one
    /// screen are equal: mask them in iOS dumps before diffing.
    public func recursiveDescription() -> String {
        var lines: [String] = []
        var next = 0
        func walk(_ view: UIView, depth: Int) {
            next += 1
            lines.append(String(repeating: "   | ", count: depth) + view.debugLine(address: next))
            for subview in view.subviews { walk(subview, depth: depth + 1) }
        }
        walk(self, depth: 0)
        return lines.joined(separator: "\n") + "\n"
    }

    /// One view's line of `recursiveDescription`.
    private func debugLine(address: Int) -> String {
        let hex = "0x" + String(address, radix: 16)
        var fields = ["frame = (\(Self.g(frame.minX)) \(Self.g(frame.minY)); \(Self.g(frame.width)) \(Self.g(frame.height)))"]
        if let label = self as? UILabel, let text = label.text { fields.append("text = '\(text)'") }
        if let field = self as? UITextField, let text = field.text, !text.isEmpty { fields.append("text = '\(text)'") }
        if !transform.isIdentity {
            let t = transform
            fields.append("transform = [\([t.a, t.b, t.c, t.d, t.tx, t.ty].map(Self.g).joined(separator: ", "))]")
        }
        if clipsToBounds { fields.append("clipsToBounds = YES") }
        if isHidden { fields.append("hidden = YES") }
        if alpha != 1 { fields.append("alpha = \(Self.g(alpha))") }
        if !isOpaque { fields.append("opaque = NO") }
        if let mask = Self.autoresizeCode(autoresizingMask) { fields.append("autoresize = \(mask)") }
        if tag != 0 { fields.append("tag = \(tag)") }
        if !isUserInteractionEnabled { fields.append("userInteractionEnabled = NO") }
        fields.append("layer = <\(String(describing: type(of: layer))): \(hex)>")
        return "<\(String(describing: type(of: self))): \(hex); " + fields.joined(separator: "; ") + ">"
    }

    /// A number as `%g` prints it (6 significant digits, no trailing zeros): 20.3333, 844, 0.5.
    private static func g(_ value: CGFloat) -> String {
        String(format: "%g", Double(value) == 0 ? 0 : Double(value))
    }

    /// UIKit's code for an autoresizing mask ("W+H", "RM+BM"), nil for none.
    private static func autoresizeCode(_ mask: UIView.AutoresizingMask) -> String? {
        let codes: [(UIView.AutoresizingMask, String)] = [(.flexibleLeftMargin, "LM"), (.flexibleWidth, "W"), (.flexibleRightMargin, "RM"),
                                                          (.flexibleTopMargin, "TM"), (.flexibleHeight, "H"), (.flexibleBottomMargin, "BM")]
        let names = codes.filter { mask.contains($0.0) }.map(\.1)
        return names.isEmpty ? nil : names.joined(separator: "+")
    }
}
