// What `uisim port` does to one Swift file: rewrites what Swift on Linux rejects in iOS code into
// what uisim offers, keeping every line where it was (a removed attribute becomes spaces, so even
// the columns stay), and notes what it cannot rewrite.

/// The kinds of rewrite, in the order the summary lists them.
public enum PortEditKind: String, CaseIterable, Sendable {
    case selector = "#selector → Selector(name, Type.method)"
    case selectorByName = "#selector → Selector(name) (receiver's type unknown)"
    case keyPath = "#keyPath → string"
    case objc = "@objc / @objcMembers / @nonobjc removed"
    case dynamic = "dynamic removed"
    case interfaceBuilder = "@IBOutlet / @IBAction / @IBInspectable / @IBDesignable removed"
    case submoduleImport = "import UIKit.X → import UIKit"
    case objectiveCImport = "import ObjectiveC removed (UIKit has its runtime)"
    case platformCondition = "#if os(iOS) / targetEnvironment(simulator) opened"
    case keyValueObserver = "observeValue of a direct NSObject subclass → NSKeyValueObserving"
    case interfaceBuilderConnections = "@IBOutlet / @IBAction listed in interfaceBuilderConnections"
    case extensionOverride = "override in an extension → renamed, and forwarded from the class body"
    case foundationCompat = "NSPredicate(format:) / NSComparisonPredicate / NSExpression / DateComponentsFormatter → FoundationCompat's (Foundation on Linux declares them unavailable)"
    case emptyAttributedString = "NS(Mutable)AttributedString() → NS(Mutable)AttributedString(string: \"\")"
    case objectValueFormatter = "getObjectValue(_:for:range:) of a direct Formatter subclass → ObjectValueFormatter"
    case classDescription = "type(of: x).description() → NSStringFromClass(type(of: x))"
    case metatypeInit = "T(frame:) / T.init(nibName:bundle:) / cellClass.init(style:reuseIdentifier:) through a metatype → T._metatypeInit(…)"
    case metatypeInitOverrides = "a UIKit subclass's initializers → _metatypeInit overrides on its closing-brace line"

    /// What is rewritten, without how (for `--check`'s lines).
    public var subject: String {
        switch self {
        case .selector, .selectorByName: "#selector"
        case .keyPath: "#keyPath"
        case .objc: "@objc / @objcMembers / @nonobjc"
        case .dynamic: "dynamic"
        case .interfaceBuilder: "@IBOutlet / @IBAction / @IBInspectable / @IBDesignable"
        case .submoduleImport: "import UIKit.X"
        case .objectiveCImport: "import ObjectiveC"
        case .platformCondition: "#if os(iOS) / targetEnvironment(simulator)"
        case .keyValueObserver: "observeValue of a direct NSObject subclass"
        case .interfaceBuilderConnections: "@IBOutlet / @IBAction"
        case .extensionOverride: "override in an extension"
        case .foundationCompat: "NSPredicate(format:) / NSComparisonPredicate / NSExpression / DateComponentsFormatter"
        case .emptyAttributedString: "NSAttributedString() / NSMutableAttributedString()"
        case .objectValueFormatter: "override of getObjectValue(_:for:range:) in a Foundation formatter's subclass"
        case .classDescription: "type(of: x).description()"
        case .metatypeInit: "a UIKit class's initializer called through a metatype"
        case .metatypeInitOverrides: "a UIKit subclass's initializers, for construction through a metatype"
        }
    }
}

/// One rewrite, at a line (1-based) of the original file.
public struct PortEdit: Equatable, Sendable {
    public let kind: PortEditKind
    public let line: Int
}

/// Something Swift on Linux will reject that `port` cannot rewrite, at a line.
public struct PortFinding: Equatable, Sendable, CustomStringConvertible {
    public let line: Int
    public let message: String
    public var description: String { "\(line): \(message)" }
}

/// The methods of the sources being ported, by type and name, with their argument labels (nil
/// for `_`): the Objective-C name of `#selector(refresh)` depends on the labels of `refresh`.
public struct MethodIndex: Sendable {
    /// type name ("" outside any type) → method name → the label lists it is declared with.
    var labels: [String: [String: Set<[String?]>]] = [:]
    /// "Type.method(labels)" → the name `@objc(name)` gave it.
    var objectiveCNames: [String: String] = [:]
    /// The classes the sources declare (nested ones as `Outer.Inner`).
    var classes: Set<String> = []
    /// Each class's forwarding overrides, for the overrides its extensions declare (in source order).
    var extensionForwarders: [String: [String]] = [:]
    /// The classes the sources declare, by the same names, with their superclasses and initializers.
    var declaredClasses: [String: DeclaredClass] = [:]
    /// The generic parameters of the types the sources declare, by bare name, for their extensions.
    var genericTypes: [String: [GenericParameter]] = [:]

    public init() {}

    /// The labels of `method` declared in `type` (or, failing that, in any type), when there is
    /// one declaration.
    func labels(of method: String, in type: String?) -> [String?]? {
        if let type, let lists = labels[type]?[method] { return lists.count == 1 ? lists.first : nil }
        let lists = labels.values.reduce(into: Set<[String?]>()) { $0.formUnion($1[method] ?? []) }
        return lists.count == 1 ? lists.first : nil
    }

    static func key(_ type: String?, _ method: String, _ labels: [String?]) -> String {
        "\(type ?? "").\(method)(\(labels.map { ($0 ?? "_") + ":" }.joined()))"
    }
}

/// A file's tokens with the scopes they are in.
struct TokenWalk {
    let bytes: [UInt8]
    let tokens: [SwiftToken]
    /// Indices of the tokens that are not whitespace, newlines or comments.
    let significant: [Int]
    /// For each significant token, the innermost type declaration it is in ("" for none), and
    /// whether that innermost scope is a protocol's body.
    private(set) var enclosingType: [String?] = []
    private(set) var inProtocol: [Bool] = []
    /// For each token index, its 1-based line.
    let lineOfToken: [Int]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        let tokens = SwiftLexer(bytes).tokens()
        self.tokens = tokens
        significant = tokens.indices.filter { ![.whitespace, .newline, .comment].contains(tokens[$0].kind) }
        var line = 1
        var lines: [Int] = []
        lines.reserveCapacity(tokens.count)
        for token in tokens {
            lines.append(line)
            switch token.kind {
            case .newline: line += 1
            case .string, .comment: line += bytes[token.range].reduce(0) { $1 == ASCII.newline ? $0 + 1 : $0 }
            default: break
            }
        }
        lineOfToken = lines
        computeScopes()
    }

    func text(_ s: Int) -> String { String(decoding: bytes[tokens[significant[s]].range], as: UTF8.self) }
    func kind(_ s: Int) -> SwiftToken.Kind { tokens[significant[s]].kind }
    func line(_ s: Int) -> Int { lineOfToken[significant[s]] }
    func isPunctuation(_ s: Int, _ character: String) -> Bool { s < significant.count && kind(s) == .punctuation && text(s) == character }
    func isIdentifier(_ s: Int, _ name: String? = nil) -> Bool {
        s < significant.count && kind(s) == .identifier && (name == nil || text(s) == name)
    }
    /// The byte range from significant token `a` through `b`.
    func byteRange(_ a: Int, through b: Int) -> Range<Int> { tokens[significant[a]].range.lowerBound..<tokens[significant[b]].range.upperBound }

    /// The significant index of the bracket closing the one opened at `open` (`(`, `[`, `{`, or
    /// the `<` of generic arguments), or nil.
    func matching(_ open: Int) -> Int? {
        let pairs = ["(": ")", "[": "]", "{": "}", "<": ">"]
        guard let close = pairs[text(open)] else { return nil }
        let opener = text(open)
        var depth = 0
        var s = open
        while s < significant.count {
            if kind(s) == .punctuation {
                let t = text(s)
                if t == opener { depth += 1 } else if t == close {
                    depth -= 1
                    if depth == 0 { return s }
                }
            }
            s += 1
        }
        return nil
    }

    static let typeKeywords: Set<String> = ["class", "struct", "enum", "extension", "actor", "protocol"]
    static let declarationKeywords: Set<String> = ["func", "var", "let", "subscript", "init", "deinit", "override", "final", "static", "class",
                                                   "public", "private", "fileprivate", "internal", "open", "required", "convenience", "typealias"]

    /// The class declarations, in order: the index of each `class` keyword and the class's name
    /// (a nested one as `Outer.Inner`). `class func`, `class var` and `.class` are not ones.
    var classDeclarations: [(at: Int, name: String)] {
        var found: [(Int, String)] = []
        for s in 0..<max(0, significant.count - 1) {
            guard isIdentifier(s, "class"), isIdentifier(s + 1), !Self.declarationKeywords.contains(text(s + 1)),
                  !(s > 0 && isPunctuation(s - 1, ".")) else { continue }
            let outer = enclosingType[s].map { $0.isEmpty ? "" : $0 + "." } ?? ""
            found.append((s, outer + text(s + 1)))
        }
        return found
    }

    private mutating func computeScopes() {
        struct Scope { let type: String?; let isProtocol: Bool }
        var stack: [Scope] = []
        var pending: (name: String, isProtocol: Bool)?
        enclosingType = []
        inProtocol = []
        var s = 0
        while s < significant.count {
            let innermostType = stack.last(where: { $0.type != nil })?.type ?? nil
            enclosingType.append(innermostType)
            inProtocol.append(stack.last?.isProtocol ?? false)
            if kind(s) == .identifier, Self.typeKeywords.contains(text(s)), !(s > 0 && isPunctuation(s - 1, ".")),
               isIdentifier(s + 1), !Self.declarationKeywords.contains(text(s + 1)) {
                var name = text(s + 1)
                var t = s + 2
                while isPunctuation(t, "."), isIdentifier(t + 1) {
                    name += "." + text(t + 1)
                    t += 2
                }
                pending = (name, text(s) == "protocol")
            } else if isPunctuation(s, "{") {
                stack.append(Scope(type: pending?.name, isProtocol: pending?.isProtocol ?? false))
                pending = nil
            } else if isPunctuation(s, "}") {
                _ = stack.popLast()
            }
            s += 1
        }
    }
}

extension MethodIndex {
    /// Adds the methods declared in `walk`, its classes and its extensions' overrides.
    mutating func add(_ walk: TokenWalk) {
        for s in 0..<max(walk.significant.count - 1, 0)
        where walk.isIdentifier(s, "class") && walk.isIdentifier(s + 1) && !TokenWalk.declarationKeywords.contains(walk.text(s + 1))
            && !(s > 0 && walk.isPunctuation(s - 1, ".")) {
            let outer = walk.enclosingType[s].map { $0.isEmpty ? "" : $0 + "." } ?? ""
            classes.insert(outer + walk.text(s + 1))
        }
        for found in ExtensionOverride.find(in: walk) {
            if let forwarder = found.forwarder { extensionForwarders[found.className, default: []].append(forwarder) }
        }
        for (name, declaration) in DeclaredClass.find(in: walk) { declaredClasses[name] = declaration }
        addGenericTypes(walk)
        var pendingObjCName: String?
        var s = 0
        while s < walk.significant.count {
            if walk.kind(s) == .attribute, walk.text(s) == "@objc", walk.isPunctuation(s + 1, "("), let close = walk.matching(s + 1) {
                pendingObjCName = (s + 2..<close).map(walk.text).joined()
                s = close + 1
                continue
            }
            if walk.isIdentifier(s, "func"), walk.isIdentifier(s + 1) {
                let name = walk.text(s + 1).trimmingBackticks
                var open = s + 2
                if walk.isPunctuation(open, "<") { open = (walk.matching(open) ?? walk.significant.count) + 1 }
                if walk.isPunctuation(open, "("), let close = walk.matching(open) {
                    let parameterLabels = Self.parameterLabels(walk, open, close)
                    let type = walk.enclosingType[s] ?? ""
                    labels[type, default: [:]][name, default: []].insert(parameterLabels)
                    if let pendingObjCName { objectiveCNames[Self.key(type, name, parameterLabels)] = pendingObjCName }
                    s = close
                }
                pendingObjCName = nil
            } else if walk.isIdentifier(s, "var") || walk.isIdentifier(s, "let") || walk.isPunctuation(s, "}") {
                pendingObjCName = nil
            }
            s += 1
        }
    }

    /// The argument labels of the parameter list between `open` and `close`: a parameter's words
    /// before its colon are its label and name, or one name that is both.
    static func parameterLabels(_ walk: TokenWalk, _ open: Int, _ close: Int) -> [String?] {
        var parameters: [[Int]] = []
        var current: [Int] = []
        var depth = 0
        for s in (open + 1)..<close {
            if walk.kind(s) == .punctuation {
                switch walk.text(s) {
                case "(", "[": depth += 1
                case ")", "]": depth -= 1
                case "," where depth == 0:
                    parameters.append(current)
                    current = []
                    continue
                default: break
                }
            }
            current.append(s)
        }
        if !current.isEmpty { parameters.append(current) }
        // A comma inside a generic argument list (`Dictionary<String, Int>`) splits a parameter:
        // a piece with no colon before any bracket belongs to the one before it.
        var merged: [[Int]] = []
        for piece in parameters {
            if let first = piece.first, !merged.isEmpty, !piece.contains(where: { walk.isPunctuation($0, ":") }) || !walk.isIdentifier(first) {
                merged[merged.count - 1] += piece
            } else {
                merged.append(piece)
            }
        }
        return merged.compactMap { piece -> String?? in
            let words = piece.prefix { !walk.isPunctuation($0, ":") }.filter { walk.kind($0) == .identifier }.map { walk.text($0).trimmingBackticks }
            guard let first = words.first else { return nil }
            return .some(first == "_" ? nil : first)
        }
    }
}

/// Rewrites one file.
struct SourceRewriter {
    let walk: TokenWalk
    let index: MethodIndex
    private(set) var replacements: [(range: Range<Int>, text: String)] = []
    private(set) var edits: [PortEdit] = []
    private(set) var findings: [PortFinding] = []
    /// The classes given `NSKeyValueObserving` already.
    private var observers: Set<String> = []
    /// Whether `import UIKit` was added to the file.
    private var addedUIKitImport = false
    /// The classes given `ObjectValueFormatter` already.
    private var objectValueFormatters: Set<String> = []
    /// Each type's `@IBOutlet`s and `@IBAction`s as `UINibConnection`s, in the order declared,
    /// with the line of each (the nib loader connects them by name; iOS finds them by name through
    /// the Objective-C runtime).
    private var connections: [String: [(expression: String, line: Int)]] = [:]

    init(walk: TokenWalk, index: MethodIndex) {
        self.walk = walk
        self.index = index
    }

    static let removedAttributes: [String: PortEditKind] = [
        "@objc": .objc, "@objcMembers": .objc, "@nonobjc": .objc,
        "@IBOutlet": .interfaceBuilder, "@IBAction": .interfaceBuilder, "@IBInspectable": .interfaceBuilder,
        "@IBDesignable": .interfaceBuilder, "@IBSegueAction": .interfaceBuilder, "@GKInspectable": .interfaceBuilder,
    ]
    /// What may follow `dynamic` as a declaration modifier.
    static let afterDynamic: Set<String> = ["var", "func", "let", "subscript", "open", "public", "internal", "private", "fileprivate",
                                            "final", "override", "static", "class", "weak", "lazy", "unowned", "required", "convenience", "init"]
    /// Frameworks of Apple's that have no counterpart on Linux.
    static let appleOnlyModules: Set<String> = [
        "ARKit", "AVFoundation", "AVKit", "AudioToolbox", "AuthenticationServices", "Contacts", "ContactsUI", "CoreData",
        "CoreHaptics", "CoreImage", "CoreLocation", "CoreMotion", "CoreServices", "CoreSpotlight", "CoreTelephony", "CoreText", "EventKit",
        "EventKitUI", "GameKit", "ImageIO", "LocalAuthentication", "MapKit", "MessageUI", "Metal", "MetalKit", "MobileCoreServices",
        "OSLog", "Photos", "PhotosUI", "QuickLook", "SafariServices", "SceneKit", "SpriteKit", "StoreKit", "SwiftUI",
        "UniformTypeIdentifiers", "UserNotifications", "Vision", "WebKit", "os",
    ]
    /// Names swift-corelibs-foundation declares unavailable (or with every member unavailable) that
    /// FoundationCompat declares again: a second declaration of a type would be ambiguous, so port
    /// names FoundationCompat's.
    static let foundationCompatTypes: Set<String> = ["NSComparisonPredicate", "NSExpression", "DateComponentsFormatter"]
    /// Foundation's formatter classes, whose direct subclasses' `getObjectValue(_:for:range:)`
    /// becomes an `ObjectValueFormatter` implementation.
    static let foundationFormatters: Set<String> = [
        "Formatter", "NumberFormatter", "DateFormatter", "ByteCountFormatter", "DateIntervalFormatter", "ISO8601DateFormatter",
        "LengthFormatter", "MassFormatter", "EnergyFormatter", "MeasurementFormatter", "PersonNameComponentsFormatter",
        "ListFormatter", "RelativeDateTimeFormatter", "DateComponentsFormatter",
    ]
    /// Objective-C runtime functions uisim does not offer.
    static let runtimeFunctions: Set<String> = [
        "method_exchangeImplementations", "class_getInstanceMethod", "class_getClassMethod", "class_addMethod", "class_replaceMethod",
        "method_setImplementation", "method_getImplementation", "objc_getClass", "object_getClass", "objc_msgSend", "NSClassFromString",
        "class_copyMethodList", "class_copyPropertyList",
    ]

    mutating func run() {
        var s = 0
        while s < walk.significant.count {
            s = step(at: s)
        }
        renameExtensionOverrides()
        rewriteClassDescriptions()
        rewriteMetatypeConstructions()
        listConnections()
        // FoundationCompat comes with `import UIKit`: a file that imports Foundation alone and uses
        // what it adds gets the import (on its first import's line).
        if (0..<walk.significant.count).contains(where: { walk.kind($0) == .identifier && Self.foundationCompatNames.contains(walk.text($0)) }) {
            importUIKitIfMissing()
        }
    }

    /// `type(of: x).description()`: NSObject's class method, which Swift finds through `AnyObject`
    /// only with Objective-C dispatch; Foundation's `NSStringFromClass` gives the class's name (as
    /// `+description` does), so the port writes that, on the same line.
    private mutating func rewriteClassDescriptions() {
        var s = 0
        while s + 3 < walk.significant.count {
            defer { s += 1 }
            guard walk.isIdentifier(s, "type"), walk.isPunctuation(s + 1, "("), walk.isIdentifier(s + 2, "of"), walk.isPunctuation(s + 3, ":"),
                  !(s > 0 && walk.isPunctuation(s - 1, ".")), let close = walk.matching(s + 1),
                  walk.isPunctuation(close + 1, "."), walk.isIdentifier(close + 2, "description"),
                  walk.isPunctuation(close + 3, "("), walk.isPunctuation(close + 4, ")"), walk.line(s) == walk.line(close + 4) else { continue }
            let inner = String(decoding: walk.bytes[walk.byteRange(s, through: close)], as: UTF8.self)
            replace(walk.byteRange(s, through: close + 4), with: "NSStringFromClass(\(inner))", .classDescription, line: walk.line(s))
            s = close + 4
        }
    }

    /// Names FoundationCompat declares or completes (what Foundation on Linux lacks).
    static let foundationCompatNames: Set<String> = [
        "NSPredicate", "NSComparisonPredicate", "NSExpression", "DateComponentsFormatter", "AutoreleasingUnsafeMutablePointer",
        "NSDataDetector", "NSTextCheckingResult", "getObjectValue", "ObjectValueFormatter", "AutoreleasingPool",
    ]

    /// Each override of this file's extensions of the sources' classes keeps its place, renamed and
    /// without `override`; its class's body forwards to it (`listConnections` writes that).
    private mutating func renameExtensionOverrides() {
        for found in ExtensionOverride.find(in: walk) {
            guard index.classes.contains(found.className) else {
                findings.append(PortFinding(line: found.line, message: "an override in an extension of \(found.className), which these sources do not "
                                            + "declare: Swift on Linux rejects it (move it into a subclass's body)"))
                continue
            }
            guard found.forwarder != nil else {
                findings.append(PortFinding(line: found.line, message: found.reason ?? "an override in an extension cannot be forwarded"))
                continue
            }
            let keyword = walk.byteRange(found.overrideToken, through: found.overrideToken)
            replacements.append((keyword, blank(keyword)))
            replace(walk.byteRange(found.nameToken, through: found.nameToken), with: found.newName, .extensionOverride, line: found.line)
        }
    }

    mutating func replace(_ range: Range<Int>, with text: String, _ kind: PortEditKind, line: Int) {
        replacements.append((range, text))
        edits.append(PortEdit(kind: kind, line: line))
    }

    /// Spaces where `range` was (newlines kept), so the columns after it stay.
    private func blank(_ range: Range<Int>) -> String {
        String(decoding: walk.bytes[range].map { $0 == ASCII.newline ? ASCII.newline : ASCII.space }, as: UTF8.self)
    }

    /// Handles the significant token at `s`; returns the next one to look at.
    private mutating func step(at s: Int) -> Int {
        let text = walk.text(s)
        switch walk.kind(s) {
        case .pound where text == "#selector" && walk.isPunctuation(s + 1, "("):
            guard let close = walk.matching(s + 1) else { return s + 1 }
            rewriteSelector(s, close)
            return close + 1
        case .pound where text == "#keyPath" && walk.isPunctuation(s + 1, "("):
            guard let close = walk.matching(s + 1) else { return s + 1 }
            var components = (s + 2..<close).filter { walk.kind($0) == .identifier }.map { walk.text($0) }
            if components.count > 1, Self.isTypeName(components[0]) { components.removeFirst() }
            replace(walk.byteRange(s, through: close), with: "\"\(components.joined(separator: "."))\"", .keyPath, line: walk.line(s))
            return close + 1
        case .pound where text == "#if" || text == "#elseif":
            return openPlatformConditions(after: s)
        case .attribute:
            if text == "@IBOutlet" || text == "@IBAction" || text == "@IBInspectable" { noteConnection(at: s) }
            if let kind = Self.removedAttributes[text] {
                var end = s
                if walk.isPunctuation(s + 1, "("), let close = walk.matching(s + 1),
                   walk.tokens[walk.significant[s + 1]].range.lowerBound == walk.tokens[walk.significant[s]].range.upperBound
                    || (text == "@objc" && Self.isObjectiveCName(walk, from: s + 2, to: close)) {
                    end = close
                }
                let range = walk.byteRange(s, through: end)
                replace(range, with: blank(range), kind, line: walk.line(s))
                return end + 1
            }
            if text == "@NSManaged" {
                findings.append(PortFinding(line: walk.line(s), message: "@NSManaged needs Core Data, which Linux does not have"))
            }
        case .identifier:
            if text == "dynamic", !(s > 0 && walk.isPunctuation(s - 1, ".")), s + 1 < walk.significant.count,
               walk.kind(s + 1) == .identifier || walk.kind(s + 1) == .attribute, Self.afterDynamic.contains(walk.text(s + 1)) {
                let range = walk.byteRange(s, through: s)
                replace(range, with: blank(range), .dynamic, line: walk.line(s))
            } else if text == "import" {
                return rewriteImport(s)
            } else if text == "override", walk.isIdentifier(s + 1, "func"), walk.isIdentifier(s + 2, "observeValue"),
                      let type = walk.enclosingType[s], let header = nsObjectSuperclass(of: type) {
                // Swift cannot give Foundation's NSObject an overridable observeValue: a direct
                // subclass implements uisim's NSKeyValueObserving instead.
                let range = walk.byteRange(s, through: s)
                replace(range, with: blank(range), .keyValueObserver, line: walk.line(s))
                if observers.insert(type).inserted {
                    replacements.append((walk.byteRange(header, through: header), "NSObject, NSKeyValueObserving"))
                    if observers.count == 1 { importUIKitIfMissing() }
                }
            } else if Self.foundationCompatTypes.contains(text) || (text == "NSPredicate" && walk.isPunctuation(s + 1, "(") && walk.isIdentifier(s + 2, "format")),
                      !(s > 0 && (walk.isPunctuation(s - 1, ".") || walk.isIdentifier(s - 1, "class") || walk.isIdentifier(s - 1, "struct"))) {
                let range = walk.byteRange(s, through: s)
                replace(range.lowerBound..<range.lowerBound, with: "FoundationCompat.", .foundationCompat, line: walk.line(s))
            } else if text == "NSAttributedString" || text == "NSMutableAttributedString", walk.isPunctuation(s + 1, "("), walk.isPunctuation(s + 2, ")"),
                      !(s > 0 && walk.isPunctuation(s - 1, ".")) {
                // Foundation on Linux has no init() (an extension cannot add one: NSObject's would be
                // overridden); Apple's is the empty string.
                let open = walk.byteRange(s + 1, through: s + 1)
                replace(open.upperBound..<open.upperBound, with: "string: \"\"", .emptyAttributedString, line: walk.line(s))
                return s + 3
            } else if text == "override", walk.isIdentifier(s + 1, "func") || (walk.isIdentifier(s + 2, "func") && ["open", "public", "internal"].contains(walk.text(s + 1))),
                      walk.isIdentifier(walk.isIdentifier(s + 1, "func") ? s + 2 : s + 3, "getObjectValue"),
                      let type = walk.enclosingType[s], let header = formatterSuperclass(of: type) {
                // Swift cannot make Foundation's formatters' getObjectValue overridable: a direct
                // subclass implements FoundationCompat's ObjectValueFormatter instead.
                let range = walk.byteRange(s, through: s)
                replace(range, with: blank(range), .objectValueFormatter, line: walk.line(s))
                if objectValueFormatters.insert(type).inserted {
                    let name = walk.text(header)
                    replacements.append((walk.byteRange(header, through: header), "\(name), ObjectValueFormatter"))
                }
            } else if let gap = unavailableUse(at: s) {
                findings.append(PortFinding(line: walk.line(s), message: gap))
            } else if text == "optional", walk.inProtocol[s], walk.isIdentifier(s + 1) {
                findings.append(PortFinding(line: walk.line(s),
                    message: "an optional protocol requirement needs the Objective-C runtime: make it a requirement with a default in an extension"))
            } else if Self.runtimeFunctions.contains(text), !(s > 0 && walk.isPunctuation(s - 1, ".")) {
                findings.append(PortFinding(line: walk.line(s), message: "\(text) needs the Objective-C runtime, which uisim does not offer"))
            }
        default:
            break
        }
        return s + 1
    }

    // MARK: Interface Builder connections

    /// The declaration after `@IBOutlet` or `@IBAction` at `s`, as a connection of its type:
    /// `.outlet("name", \Type.name)` for an optional (or `!`) property, `.outletCollection` for an
    /// array, `.action(Selector("name:", Type.method(_:)))` for a method, `.inspectable("name",
    /// \Type.name)` for an `@IBInspectable` property.
    private mutating func noteConnection(at s: Int) {
        guard let type = walk.enclosingType[s], !type.isEmpty, !type.contains("<") else { return }
        let owner = type
        var p = s + 1
        if walk.isPunctuation(p, "("), let close = walk.matching(p) { p = close + 1 }
        while p < walk.significant.count, walk.kind(p) == .attribute || (walk.kind(p) == .identifier && !["var", "let", "func"].contains(walk.text(p))) {
            if walk.isPunctuation(p + 1, "("), let close = walk.matching(p + 1) { p = close + 1 } else { p += 1 }
        }
        guard p + 1 < walk.significant.count, walk.isIdentifier(p + 1) else { return }
        let name = walk.text(p + 1).trimmingBackticks
        let line = walk.line(s)
        if walk.text(s) == "@IBInspectable" {
            // A property the inspector sets (a document's user-defined runtime attribute of its name).
            if walk.isIdentifier(p, "var") { connections[owner, default: []].append((".inspectable(\"\(name)\", \\\(owner).\(name))", line)) }
            return
        }
        if walk.text(s) == "@IBOutlet", walk.isIdentifier(p, "var"), walk.isPunctuation(p + 2, ":") {
            // The type's last token says whether the nib can leave it unset (`!`, `?`): an outlet
            // must be optional to be connected after init(coder:).
            var end = p + 3
            var depth = 0
            while end + 1 < walk.significant.count, walk.line(end + 1) == walk.line(p + 3) || depth > 0 {
                let t = walk.text(end + 1)
                if walk.kind(end + 1) == .punctuation, ["=", "{", "}", ";"].contains(t), depth == 0 { break }
                if walk.kind(end + 1) == .punctuation, ["(", "["].contains(t) { depth += 1 }
                if walk.kind(end + 1) == .punctuation, [")", "]"].contains(t) { depth -= 1 }
                end += 1
            }
            guard walk.isPunctuation(end, "!") || walk.isPunctuation(end, "?") else {
                findings.append(PortFinding(line: line, message: "the outlet \(name) is not optional: a nib cannot connect it (declare it with ! or ?)"))
                return
            }
            let collection = walk.isPunctuation(p + 3, "[") && walk.matching(p + 3).map { $0 + 1 == end } == true
            connections[owner, default: []].append((".\(collection ? "outletCollection" : "outlet")(\"\(name)\", \\\(owner).\(name))", line))
        } else if walk.text(s) == "@IBAction", walk.isIdentifier(p, "func") {
            var open = p + 2
            if walk.isPunctuation(open, "<") { open = (walk.matching(open) ?? walk.significant.count) + 1 }
            guard walk.isPunctuation(open, "("), let close = walk.matching(open) else { return }
            let labels = MethodIndex.parameterLabels(walk, open, close)
            let objectiveC = index.objectiveCNames[MethodIndex.key(owner, name, labels)] ?? Self.objectiveCName(name, labels)
            let reference = labels.isEmpty ? name : name + "(" + labels.map { ($0 ?? "_") + ":" }.joined() + ")"
            connections[owner, default: []].append((".action(Selector(\"\(objectiveC)\", \(owner).\(reference)))", line))
        }
    }

    /// Writes each class's connections as an override of `interfaceBuilderConnections` just before
    /// the closing brace of its body, on that brace's line, so no line moves. A class declared in
    /// another file (its outlets in an extension here) or not a responder is a finding.
    /// Also writes there the forwarding overrides of the class's extensions' overrides (each
    /// ended by `;`), before the connections, and after them its `_metatypeInit` overrides
    /// (MetatypeConstruction.swift).
    private mutating func listConnections() {
        let declared = Dictionary(DeclaredClass.find(in: walk), uniquingKeysWith: { first, _ in first })
        guard !connections.isEmpty || !index.extensionForwarders.isEmpty || !declared.isEmpty else { return }
        var listed: Set<String> = []
        for (s, name) in walk.classDeclarations {
            let entries = connections[name], forwarded = index.extensionForwarders[name] ?? []
            let metatype = declared[name].map { metatypeForwarders(forClass: name, $0) } ?? []
            guard entries != nil || !forwarded.isEmpty || !metatype.isEmpty else { continue }
            var open = s + 2
            while open < walk.significant.count, !walk.isPunctuation(open, "{") { open += 1 }
            guard let close = walk.matching(open) else { continue }
            var text = forwarded.map { $0 + "; " }.joined()
            for _ in forwarded { edits.append(PortEdit(kind: .extensionOverride, line: walk.line(close))) }
            listed.insert(name)
            if let entries {
                // The superclass, after the generic parameters if any (`open class _FieldCell<T>: Cell<T>`).
                var colon = s + 2
                if walk.isPunctuation(colon, "<"), let close = walk.matching(colon) { colon = close + 1 }
                let superclass = walk.isPunctuation(colon, ":") && walk.isIdentifier(colon + 1) ? walk.text(colon + 1) : nil
                if let superclass, !Self.nonResponders.contains(superclass) {
                    let list = entries.map(\.expression).joined(separator: ", ")
                    // As accessible as the class: an open class's subclasses (in the app) list their own.
                    let access = Self.accessOfDeclaration(walk, at: s).map { $0 == "open" ? "open " : ($0 == "public" ? "public " : "") } ?? ""
                    text += "\(access)override class var interfaceBuilderConnections: [UINibConnection] { super.interfaceBuilderConnections + [\(list)] } "
                    edits.append(PortEdit(kind: .interfaceBuilderConnections, line: walk.line(close)))
                } else {
                    findings.append(PortFinding(line: walk.line(s),
                        message: "\(name) is not a UIResponder: list its outlets and actions with UINib.register(_:connections:)"))
                }
            }
            for forwarder in metatype {
                if !text.isEmpty, !text.hasSuffix("; ") { text += "; " }
                text += forwarder + " "
            }
            if !metatype.isEmpty { edits.append(PortEdit(kind: .metatypeInitOverrides, line: walk.line(close))) }
            guard !text.isEmpty else { continue }
            // After a declaration on the brace's line, a `;`; after its own `{` or a `;`, a space.
            let separator = walk.line(close - 1) != walk.line(close) ? ""
                : walk.isPunctuation(close - 1, "{") || walk.isPunctuation(close - 1, ";") ? " " : "; "
            let at = walk.tokens[walk.significant[close]].range.lowerBound
            replacements.append((at..<at, separator + text))
        }
        // (An `@IBInspectable` of an extension, `extension UIView { @IBInspectable var cornerRadius … }`,
        // is left out without a finding: a document's runtime attribute of its name is said at load.)
        for (type, all) in connections where !listed.contains(type) {
            let entries = all.filter { !$0.expression.hasPrefix(".inspectable(") }
            guard !entries.isEmpty else { continue }
            findings.append(PortFinding(line: entries[0].line,
                message: "\(type)'s outlets and actions are declared outside its class body in this file: list them in its interfaceBuilderConnections"))
        }
    }

    /// The access modifier among the modifiers before the declaration keyword at `s`, if any.
    static func accessOfDeclaration(_ walk: TokenWalk, at s: Int) -> String? {
        var p = s - 1
        while p >= 0, walk.kind(p) == .identifier || walk.kind(p) == .attribute {
            let word = walk.text(p)
            if ["open", "public", "internal", "fileprivate", "private", "package"].contains(word) { return word }
            guard ["final", "open", "public", "internal", "fileprivate", "private", "package", "indirect"].contains(word)
                    || walk.kind(p) == .attribute else { return nil }
            p -= 1
        }
        return nil
    }

    /// Superclasses whose instances are not responders: their outlets need `UINib.register`.
    static let nonResponders: Set<String> = ["NSObject", "UIGestureRecognizer", "UIBarItem", "UIBarButtonItem", "UITabBarItem",
                                             "NSLayoutConstraint", "UITapGestureRecognizer", "UIPanGestureRecognizer"]

    /// Whether the tokens from `start` to `end` (exclusive) are an Objective-C name (`tapped:`,
    /// `doneWithSender:`): `@objc (name)` may have a space before its parenthesis.
    static func isObjectiveCName(_ walk: TokenWalk, from start: Int, to end: Int) -> Bool {
        start < end && (start..<end).allSatisfy { walk.kind($0) == .identifier || walk.isPunctuation($0, ":") }
    }

    /// `NSKeyValueObserving` is UIKit's (Foundation on Linux has no KVO): a file that imports only
    /// Foundation gets `; import UIKit` after its first import, on the same line.
    private mutating func importUIKitIfMissing() {
        guard !addedUIKitImport else { return }
        addedUIKitImport = true
        let imports = walk.significant.indices.filter { walk.isIdentifier($0, "import") && walk.isIdentifier($0 + 1) }
        guard !imports.contains(where: { ["UIKit", "UISim"].contains(walk.text($0 + 1)) }) else { return }
        guard let first = imports.first else { return }
        var end = first + 1
        while walk.isPunctuation(end + 1, "."), walk.isIdentifier(end + 2) { end += 2 }
        let at = walk.tokens[walk.significant[end]].range.upperBound
        replacements.append((at..<at, "; import UIKit"))
    }

    /// The `NSObject` token of `class type: NSObject` in this file, when that is how `type` is declared.
    private func nsObjectSuperclass(of type: String) -> Int? {
        superclassToken(of: type) { $0 == "NSObject" }
    }

    /// The superclass token of `class type: NumberFormatter` (or another of Foundation's formatters)
    /// in this file, when that is how `type` is declared.
    private func formatterSuperclass(of type: String) -> Int? {
        superclassToken(of: type) { Self.foundationFormatters.contains($0) }
    }

    /// The token of the superclass `class type<…>: Superclass` names in this file, when `accepts` it.
    private func superclassToken(of type: String, accepts: (String) -> Bool) -> Int? {
        let name = Self.lastComponent(type)
        var s = 0
        while s + 3 < walk.significant.count {
            if walk.isIdentifier(s, "class"), walk.isIdentifier(s + 1, name) {
                var p = s + 2
                if walk.isPunctuation(p, "<") { p = (walk.matching(p) ?? walk.significant.count) + 1 }
                if walk.isPunctuation(p, ":"), walk.isIdentifier(p + 1), accepts(walk.text(p + 1)) { return p + 1 }
            }
            s += 1
        }
        return nil
    }

    /// What Swift on Linux rejects or uisim does not offer at `s`, said as a finding: key-value
    /// coding (`value(forKey:)`, `setValue(_:forKey:)`; UIKit offers `mutableArrayValue(forKey:)`). What
    /// Foundation on Linux lacks is FoundationCompat's (`NSPredicate(format:)`, `NSExpression`,
    /// `AutoreleasingUnsafeMutablePointer`…), rewritten above where it must be.
    private func unavailableUse(at s: Int) -> String? {
        let name = walk.text(s)
        let keyLabel = { (p: Int) in (walk.isIdentifier(p, "forKey") || walk.isIdentifier(p, "forKeyPath")) && walk.isPunctuation(p + 1, ":") }
        switch name {
        case "value" where walk.isPunctuation(s + 1, "(") && keyLabel(s + 2):
            return "key-value coding (\(name)(\(walk.text(s + 2)):)) is not offered: use the property"
        case "setValue" where walk.isPunctuation(s + 1, "("):
            guard let close = walk.matching(s + 1), (s + 2..<close).contains(where: keyLabel) else { return nil }
            return "key-value coding (setValue(_:forKey:)) is not offered: set the property"
        default:
            return nil
        }
    }

    /// `#selector(…)` from `s` to the closing parenthesis at `close`.
    private mutating func rewriteSelector(_ s: Int, _ close: Int) {
        var p = s + 2
        var accessor: String?
        if walk.isIdentifier(p), ["getter", "setter"].contains(walk.text(p)), walk.isPunctuation(p + 1, ":") {
            accessor = walk.text(p)
            p += 2
        }
        // `self?.m` and `self!.m` (in a closure that captured self weakly) name the method as `self.m`.
        var selfPrefix = false
        if walk.isIdentifier(p, "self"), walk.isPunctuation(p + 1, "?") || walk.isPunctuation(p + 1, "!"), walk.isPunctuation(p + 2, ".") {
            selfPrefix = true
            p += 3
        }
        // The path: identifiers joined by dots, each perhaps with generic arguments.
        var components: [(name: String, start: Int, end: Int)] = []
        while p < close, walk.isIdentifier(p) {
            var end = p
            if walk.isPunctuation(p + 1, "<") { end = min(walk.matching(p + 1) ?? close, close) }
            components.append((walk.text(p).trimmingBackticks, p, end))
            p = end + 1
            guard walk.isPunctuation(p, "."), walk.isIdentifier(p + 1) else { break }
            p += 1
        }
        var explicitLabels: [String?]?
        var methodEnd = components.last?.end ?? s
        if walk.isPunctuation(p, "("), let labelsClose = walk.matching(p), labelsClose <= close {
            explicitLabels = (p + 1..<labelsClose).filter { walk.isPunctuation($0 + 1, ":") && walk.kind($0) == .identifier }
                .map { walk.text($0) == "_" ? nil : walk.text($0).trimmingBackticks }
            methodEnd = labelsClose
            p = labelsClose + 1
        }
        let line = walk.line(s)
        if selfPrefix, components.count == 1 { components.insert(("self", s, s), at: 0) }
        guard let method = components.last, p == close else {
            // Something else (`m(_:) as (Int) -> Void`): named only, if a name can be found.
            if let method = components.last {
                replace(walk.byteRange(s, through: close), with: "Selector(\"\(method.name)\")", .selectorByName, line: line)
            } else {
                findings.append(PortFinding(line: line, message: "a #selector port cannot read"))
            }
            return
        }
        // The receiver's type: written, or the enclosing type for `m` and `self.m`.
        let receiver: String?
        if components.count == 1 || (components.count == 2 && components[0].name == "self") {
            receiver = walk.enclosingType[s].flatMap { $0.isEmpty ? nil : $0 }
        } else if components[0].name == "Self" || Self.isTypeName(components[0].name) {
            receiver = String(decoding: walk.bytes[walk.byteRange(components[0].start, through: components[components.count - 2].end)], as: UTF8.self)
        } else {
            receiver = nil
        }
        let name: String
        switch accessor {
        case "getter": name = method.name
        case "setter": name = "set" + method.name.prefix(1).uppercased() + method.name.dropFirst() + ":"
        default:
            let labels = explicitLabels ?? index.labels(of: method.name, in: receiver.map(Self.lastComponent)) ?? []
            if let custom = index.objectiveCNames[MethodIndex.key(receiver.map(Self.lastComponent) ?? "", method.name, labels)] {
                name = custom
            } else {
                name = Self.objectiveCName(method.name, labels)
            }
        }
        let replacement: String
        if let receiver, accessor != "setter" {
            let reference = String(decoding: walk.bytes[walk.byteRange(method.start, through: methodEnd)], as: UTF8.self)
            replacement = accessor == "getter" ? "Selector(\"\(name)\", getter: \\\(receiver).\(reference))"
                : "Selector(\"\(name)\", \(receiver).\(reference))"
            replace(walk.byteRange(s, through: close), with: replacement, .selector, line: line)
        } else {
            replace(walk.byteRange(s, through: close), with: "Selector(\"\(name)\")", .selectorByName, line: line)
        }
    }

    /// A type's name by Swift's convention: capitalized, perhaps after underscores (`_FieldCell`).
    static func isTypeName(_ name: String) -> Bool {
        name.drop { $0 == "_" }.first?.isUppercase == true
    }

    private static func lastComponent(_ type: String) -> String {
        String(type.split(separator: ".").last ?? Substring(type)).components(separatedBy: "<")[0]
    }

    /// The Objective-C name Swift gives a method: the base name, then each label and a colon, the
    /// first label joined with "With" unless it or the end of the base name is a preposition
    /// (`tapped(_:)` → "tapped:", `show(animated:)` → "showWithAnimated:", `move(to:)` → "moveTo:").
    static func objectiveCName(_ base: String, _ labels: [String?]) -> String {
        guard let first = labels.first else { return base }
        var name = base
        if let first {
            let capitalized = first.prefix(1).uppercased() + first.dropFirst()
            let joinsDirectly = prepositions.contains(firstWord(of: first)) || prepositions.contains(lastWord(of: base))
            name += (joinsDirectly ? "" : "With") + capitalized
        }
        name += ":"
        for label in labels.dropFirst() { name += (label ?? "") + ":" }
        return name
    }

    static let prepositions: Set<String> = [
        "about", "above", "according", "across", "after", "against", "along", "alongside", "among", "around", "as", "at", "before",
        "behind", "below", "beneath", "beside", "besides", "between", "beyond", "by", "despite", "during", "except", "for", "from",
        "given", "in", "including", "inside", "into", "like", "near", "of", "off", "on", "onto", "out", "outside", "over", "per",
        "since", "than", "through", "throughout", "to", "toward", "towards", "under", "underneath", "until", "upon", "using", "via",
        "with", "within", "without",
    ]

    private static func firstWord(of name: String) -> String {
        String(name.prefix { !$0.isUppercase }).lowercased()
    }

    private static func lastWord(of name: String) -> String {
        guard let index = name.lastIndex(where: \.isUppercase) else { return name.lowercased() }
        return name[index...].lowercased()
    }

    /// `import UIKit.UIGestureRecognizerSubclass` → `import UIKit`; an import of a framework Linux
    /// does not have is a finding.
    private mutating func rewriteImport(_ s: Int) -> Int {
        var p = s + 1
        if walk.isIdentifier(p), ["class", "struct", "enum", "protocol", "func", "var", "let", "typealias"].contains(walk.text(p)) { p += 1 }
        guard walk.isIdentifier(p) else { return s + 1 }
        let module = walk.text(p)
        if module == "ObjectiveC", p == s + 1, !walk.isPunctuation(p + 1, ".") {
            let range = walk.byteRange(s, through: p)
            replace(range, with: blank(range), .objectiveCImport, line: walk.line(s))
            return p + 1
        }
        if Self.appleOnlyModules.contains(module) {
            findings.append(PortFinding(line: walk.line(s), message: "import \(module): a framework Linux does not have"))
        }
        var end = p
        while walk.isPunctuation(end + 1, "."), walk.isIdentifier(end + 2) { end += 2 }
        if end > p, p == s + 1, ["UIKit", "QuartzCore", "CoreGraphics"].contains(module) {
            let range = walk.tokens[walk.significant[p]].range.upperBound..<walk.tokens[walk.significant[end]].range.upperBound
            replace(range, with: blank(range), .submoduleImport, line: walk.line(s))
        }
        return end + 1
    }

    /// In the condition of `#if`/`#elseif` at `s`: `os(iOS)` and `targetEnvironment(simulator)`
    /// hold (uisim is an iOS simulator); `os(tvOS)`, `os(watchOS)`, `os(visionOS)` do not.
    private mutating func openPlatformConditions(after s: Int) -> Int {
        let line = walk.line(s)
        var p = s + 1
        while p < walk.significant.count, walk.line(p) == line {
            if walk.isIdentifier(p), walk.isPunctuation(p + 1, "("), walk.isIdentifier(p + 2), walk.isPunctuation(p + 3, ")") {
                let function = walk.text(p), argument = walk.text(p + 2)
                let value: String? = switch (function, argument) {
                case ("os", "iOS"), ("targetEnvironment", "simulator"): "true"
                case ("os", "tvOS"), ("os", "watchOS"), ("os", "visionOS"), ("os", "xrOS"): "false"
                default: nil
                }
                if let value {
                    replace(walk.byteRange(p, through: p + 3), with: value, .platformCondition, line: line)
                    p += 4
                    continue
                }
            }
            p += 1
        }
        return p
    }

    /// The file with the rewrites applied.
    func rewritten() -> [UInt8] {
        var output = walk.bytes
        for (range, text) in replacements.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            output.replaceSubrange(range, with: Array(text.utf8))
        }
        return output
    }
}

extension String {
    var trimmingBackticks: String {
        hasPrefix("`") && hasSuffix("`") && count >= 2 ? String(dropFirst().dropLast()) : self
    }
}
