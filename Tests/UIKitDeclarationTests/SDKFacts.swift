// The iOS SDK's UIKit declarations as facts (Fixtures/UIKit.facts, written by Scripts/sdk-declarations.py
// from the SDK's headers): classes with their superclass and protocols, protocols, and each member's
// kind, Objective-C name, Swift name where known, the optionality mark of its type or result and of
// each parameter, and its flags.
import Foundation

struct SDKMember {
    enum Kind: String { case variable = "var", classVariable = "class-var", function = "func", classFunction = "class-func", initializer = "init" }
    let type: String
    let kind: Kind
    let objcName: String
    /// `nil` where the Swift name is left to matching by the Objective-C pieces.
    let swiftName: String?
    let result: String
    let parameters: [String]
    let flags: Set<String>

    var isStatic: Bool { kind == .classVariable || kind == .classFunction }
    var readonly: Bool { flags.contains("readonly") }
    /// The selector's pieces (`pointInside:withEvent:` → pointInside, withEvent; `layoutSubviews`).
    var pieces: [String] {
        objcName.hasSuffix(":") ? objcName.split(separator: ":").map(String.init) : [objcName]
    }
    var display: String { "\(type).\(swiftName ?? objcName)" }
}

struct SDKFacts {
    struct Class { let superclass: String?; let protocols: [String]; let final: Bool }
    private(set) var classes: [String: Class] = [:]
    private(set) var protocols: [String: [String]] = [:]
    private(set) var members: [String: [SDKMember]] = [:]
    /// NS_ENUM and NS_OPTIONS types by their Swift names: options or not, each case's Swift name
    /// and its value where a literal in the header gives it.
    struct Enumeration { let options: Bool; let cases: [(name: String, value: Int64?)] }
    private(set) var enumerations: [String: Enumeration] = [:]

    init(contentsOf url: URL) throws {
        let text = try String(contentsOf: url, encoding: .utf8)
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            func list(_ s: String) -> [String] { s == "-" ? [] : s.split(separator: ",").map(String.init) }
            switch f[0] {
            case "class":
                classes[f[1]] = Class(superclass: f[2] == "-" ? nil : f[2], protocols: list(f[3]), final: f.count > 4 && f[4] == "final")
            case "protocol":
                protocols[f[1]] = list(f[2])
            case "enum":
                let cases = list(f[4]).map { item -> (String, Int64?) in
                    let parts = item.split(separator: "=", maxSplits: 1).map(String.init)
                    return (parts[0], parts.count > 1 ? Int64(parts[1]) : nil)
                }
                enumerations[f[1]] = Enumeration(options: f[3] == "options", cases: cases)
            case "member":
                var kind = SDKMember.Kind(rawValue: f[2])!
                var flags = Set(list(f[7]))
                // A class method its Swift name makes an initializer (+systemImageNamed: is init(systemName:)):
                // Swift imports it as a convenience initializer, failable when the method may return nil.
                if kind == .classFunction, f[4].hasPrefix("init(") {
                    kind = .initializer
                    flags.insert("convenience")
                    if f[5].hasSuffix("?") { flags.insert("failable") }
                }
                let member = SDKMember(type: f[1], kind: kind, objcName: f[3], swiftName: f[4] == "-" ? nil : f[4],
                                       result: f[5], parameters: list(f[6]), flags: flags)
                members[f[1], default: []].append(member)
            default:
                continue
            }
        }
    }

    func isType(_ name: String) -> Bool { classes[name] != nil || protocols[name] != nil }

    /// Where a member of `type` may come from: the type, its superclasses, and the protocols they adopt
    /// (with the protocols those refine), nearest first.
    func lineage(of type: String) -> [String] {
        var out: [String] = []
        var queue = [type]
        var next: String? = classes[type]?.superclass
        while let superclass = next, !out.contains(superclass), classes[superclass] != nil || superclass == "NSObject" {
            queue.append(superclass)
            next = classes[superclass]?.superclass
        }
        while !queue.isEmpty {
            let t = queue.removeFirst()
            guard !out.contains(t) else { continue }
            out.append(t)
            queue += classes[t]?.protocols ?? protocols[t] ?? []
        }
        return out
    }
}
