import Foundation
import Geometry
import CoreGraphics
import QuartzCore
import Support
import UIFoundation

/// One problem the accessibility audit found, with the view, where it is and what to do.
public struct AccessibilityFinding: Codable, Hashable, Sendable {
    public enum Kind: String, Codable, Sendable, CaseIterable {
        /// An interactive view VoiceOver cannot reach: not an element, and nothing inside it is.
        case notAnElement = "not-an-element"
        /// An interactive element with no label: VoiceOver says only its kind ("button").
        case missingLabel = "missing-label"
        /// A control whose hit region is under 44 × 44 pt (Apple's Human Interface Guidelines).
        case smallHitTarget = "small-hit-target"
        /// Text under 4.5:1 against what is composited under it (3:1 for large text: 18 pt, or
        /// 14 pt bold), WCAG 2's AA level, which Xcode's Accessibility Inspector applies.
        case lowContrast = "low-contrast"
    }

    public var kind: Kind
    /// The view: its class, its label or text, its identifier, and its place in the hierarchy.
    public var view: String
    /// Its rectangle on the screen, in points.
    public var frame: CGRect
    /// What is wrong, with the numbers.
    public var detail: String
    /// What to change.
    public var fix: String

    enum CodingKeys: String, CodingKey { case kind, view, frame, detail, fix }

    /// A finding; the frame is kept to the hundredth of a point (what a reader needs, and the
    /// same on every machine).
    public init(kind: Kind, view: String, frame: CGRect, detail: String, fix: String) {
        func hundredths(_ v: CGFloat) -> CGFloat { (v * 100).rounded() / 100 }
        self.kind = kind
        self.view = view
        self.frame = CGRect(x: hundredths(frame.minX), y: hundredths(frame.minY), width: hundredths(frame.width), height: hundredths(frame.height))
        self.detail = detail
        self.fix = fix
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        kind = try c.decode(Kind.self, forKey: .kind)
        view = try c.decode(String.self, forKey: .view)
        let f = try c.decode([Double].self, forKey: .frame)
        guard f.count == 4 else { throw DecodingError.dataCorruptedError(forKey: .frame, in: c, debugDescription: "expected [x, y, width, height]") }
        frame = CGRect(x: f[0], y: f[1], width: f[2], height: f[3])
        detail = try c.decode(String.self, forKey: .detail)
        fix = try c.decode(String.self, forKey: .fix)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(kind, forKey: .kind)
        try c.encode(view, forKey: .view)
        try c.encode([frame.minX, frame.minY, frame.width, frame.height].map { Double($0) }, forKey: .frame)
        try c.encode(detail, forKey: .detail)
        try c.encode(fix, forKey: .fix)
    }

    /// One line for a terminal.
    public var sentence: String {
        let f = frame
        return "\(kind.rawValue): \(view) at (\(f.minX.shortDescription), \(f.minY.shortDescription), \(f.width.shortDescription) × \(f.height.shortDescription)): \(detail); fix: \(fix)"
    }
}

/// An accessibility audit of what a window shows, the checks Xcode's audit makes on a device
/// (`performAccessibilityAudit`), done headlessly: interactive views VoiceOver cannot reach or
/// that have no label, hit targets under 44 × 44 pt, and text whose contrast against the pixels
/// composited under it is under WCAG's 4.5:1 (3:1 for large text).
///
/// Interactive views are enabled controls and views with an enabled tap or long-press
/// recognizer, shown (not hidden, not transparent, not inside `accessibilityElementsHidden`) and
/// on the screen. A hit region is what the view's `point(inside:with:)` accepts 22 pt each side of
/// its centre (so a view that grows its hit area passes); UIKit's fixed-size controls whose hit
/// regions UIKit grows (switch, slider, stepper, segmented control, page control, date picker)
/// are not measured. Contrast takes the label's text colour over the most common colour of the
/// screen's pixels under the label (painted for the audit: any render mode).
@preconcurrency @MainActor
public enum AccessibilityAudit {
    public static let minimumHitSide: CGFloat = 44

    public static func run(on window: UIWindow) -> [AccessibilityFinding] {
        var findings: [AccessibilityFinding] = []
        let screen = window.bounds.applying(window.transformToScreenCoordinates)
        var labels: [UILabel] = []
        window.forEachInSubtree { view in
            guard view.isAccessibilityReachable, view.screenFrame.intersects(screen) else { return }
            if let label = view as? UILabel, let text = label.text, !text.isEmpty { labels.append(label) }
            guard isInteractive(view) else { return }
            if let finding = labelFinding(view) { findings.append(finding) }
            if let finding = hitTargetFinding(view) { findings.append(finding) }
        }
        if !labels.isEmpty {
            let image = window.compositor.rasterized(pointScale: 1)
            for label in labels {
                if let finding = contrastFinding(label, image: image, screen: screen) { findings.append(finding) }
            }
        }
        return findings
    }

    /// Enabled controls and views a tap or long press acts on.
    static func isInteractive(_ view: UIView) -> Bool {
        guard view.isUserInteractionEnabled else { return false }
        if let control = view as? UIControl { return control.isEnabled }
        return (view.gestureRecognizers ?? []).contains { ($0 is UITapGestureRecognizer || $0 is UILongPressGestureRecognizer) && $0.isEnabled }
    }

    static func describe(_ view: UIView) -> String {
        var name = "\(type(of: view))"
        if let label = view.accessibilityLabel, !label.isEmpty { name += " '\(label.count > 40 ? String(label.prefix(40)) + "…" : label)'" }
        if let id = view.accessibilityIdentifier { name += " (\(id))" }
        let path = Array(sequence(first: view, next: \.superview).dropFirst().prefix(3)).reversed().map { "\(type(of: $0))" }
        return path.isEmpty ? name : name + " in " + path.joined(separator: " > ")
    }

    private static func labelFinding(_ view: UIView) -> AccessibilityFinding? {
        var element: UIView? = view
        while let candidate = element, !candidate.isAccessibilityElement { element = candidate.superview }
        guard let element else {
            // Not an element: fine if something inside it is one with a label (VoiceOver reads it and activates under it).
            var labelled = false
            view.forEachInSubtree { inner in
                if inner !== view, inner.isAccessibilityElement, !(inner.accessibilityLabel ?? "").isEmpty { labelled = true }
            }
            if labelled { return nil }
            return AccessibilityFinding(kind: .notAnElement, view: describe(view), frame: view.screenFrame,
                                        detail: "VoiceOver cannot reach it: isAccessibilityElement is false and nothing inside it is an element",
                                        fix: "set isAccessibilityElement = true and an accessibilityLabel that says what it does, with accessibilityTraits = .button")
        }
        guard (element.accessibilityLabel ?? "").trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        return AccessibilityFinding(kind: .missingLabel, view: describe(element), frame: element.screenFrame,
                                    detail: "no accessibilityLabel: VoiceOver says only its kind",
                                    fix: "set accessibilityLabel to what it does (a button with only an image: the action's name, such as \"Compose\")")
    }

    /// UIKit's fixed-size controls, whose hit regions UIKit makes larger than their bounds, and
    /// the items of bars, which UIKit gives the bar's height.
    static func growsItsOwnHitRegion(_ view: UIView) -> Bool {
        if view is UISwitch || view is UISlider || view is UIStepper || view is UISegmentedControl || view is UIPageControl || view is UIDatePicker {
            return true
        }
        return sequence(first: view, next: \.superview).contains { $0 is UINavigationBar || $0 is UIToolbar || $0 is UITabBar }
    }

    private static func hitTargetFinding(_ view: UIView) -> AccessibilityFinding? {
        guard !growsItsOwnHitRegion(view), view.bounds.width > 0, view.bounds.height > 0 else { return nil }
        let b = view.bounds, half = minimumHitSide / 2 - 0.5
        let wide = view.point(inside: CGPoint(x: b.midX - half, y: b.midY), with: nil) && view.point(inside: CGPoint(x: b.midX + half, y: b.midY), with: nil)
        let tall = view.point(inside: CGPoint(x: b.midX, y: b.midY - half), with: nil) && view.point(inside: CGPoint(x: b.midX, y: b.midY + half), with: nil)
        guard !wide || !tall else { return nil }
        func rounded(_ v: CGFloat) -> String { ((v * 100).rounded() / 100).shortDescription }
        let size = "\(rounded(b.width)) × \(rounded(b.height)) pt"
        return AccessibilityFinding(kind: .smallHitTarget, view: describe(view), frame: view.screenFrame,
                                    detail: "its hit region is \(size), under \(Int(minimumHitSide)) × \(Int(minimumHitSide)) pt \(wide ? "in height" : tall ? "in width" : "both ways")",
                                    fix: "make it at least 44 × 44 pt: a larger frame (the image centred in it), or point(inside:with:) that accepts touches 44 pt around its centre")
    }

    private static func contrastFinding(_ label: UILabel, image: CGImage, screen: CGRect) -> AccessibilityFinding? {
        let frame = label.screenFrame.intersection(screen)
        guard !frame.isNull, frame.width >= 1, frame.height >= 1 else { return nil }
        let x0 = max(0, Int(frame.minX.rounded(.down))), y0 = max(0, Int(frame.minY.rounded(.down)))
        let x1 = min(image.width, Int(frame.maxX.rounded(.up))), y1 = min(image.height, Int(frame.maxY.rounded(.up)))
        guard x1 > x0, y1 > y0 else { return nil }
        var counts: [UInt32: Int] = [:]
        for y in y0..<y1 { for x in x0..<x1 { counts[image.pixel(x: x, y: y), default: 0] += 1 } }
        guard let background = counts.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) })?.key else { return nil }
        let back = rgb(background)
        var alpha: CGFloat = 1
        var next: UIView? = label
        while let view = next { alpha *= view.alpha; next = view.superview }
        let c = label.textColor.resolvedColor(with: label.traitCollection).cgColor.components
        let a = Double(c[3] * alpha)
        let text = (Double(c[0]) * a + back.0 * (1 - a), Double(c[1]) * a + back.1 * (1 - a), Double(c[2]) * a + back.2 * (1 - a))
        let ratio = contrastRatio(text, back)
        let large = label.font.pointSize >= 18 || (label.font.pointSize >= 14 && label.font.weight >= .bold)
        let needed = large ? 3.0 : 4.5
        guard ratio < needed - 1e-9 else { return nil }
        return AccessibilityFinding(kind: .lowContrast, view: describe(label), frame: label.screenFrame,
                                    detail: String(format: "contrast %.2f:1 (text %@ on %@), under %.1f:1", ratio, hex(text), hex(back), needed),
                                    fix: "darken the text or lighten what is under it (or the other way in dark mode) until they reach \(large ? "3" : "4.5"):1; .label and .secondaryLabel do on the system backgrounds")
    }

    /// A frame-buffer pixel's colour as seen: premultiplied, its channels are the colour over the
    /// black a screen shows where nothing is.
    static func rgb(_ argb: UInt32) -> (Double, Double, Double) {
        func c(_ shift: UInt32) -> Double { Double((argb >> shift) & 0xFF) / 255 }
        return (c(16), c(8), c(0))
    }

    /// WCAG 2's relative luminance of an sRGB colour.
    static func luminance(_ color: (Double, Double, Double)) -> Double {
        0.2126 * SRGB.linear(color.0) + 0.7152 * SRGB.linear(color.1) + 0.0722 * SRGB.linear(color.2)
    }

    /// WCAG 2's contrast ratio, (lighter + 0.05) / (darker + 0.05): 1 to 21.
    static func contrastRatio(_ a: (Double, Double, Double), _ b: (Double, Double, Double)) -> Double {
        let la = luminance(a), lb = luminance(b)
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    static func hex(_ color: (Double, Double, Double)) -> String {
        String(format: "#%02X%02X%02X", Int((color.0 * 255).rounded()), Int((color.1 * 255).rounded()), Int((color.2 * 255).rounded()))
    }
}
