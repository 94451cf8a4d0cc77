// Issue 45 §2: every public UIKit class and protocol uisim declares (Sources/UIKit), and every member
// of them, is held to the iOS SDK's declaration as facts extracted from its headers (Fixtures/UIKit.facts):
// a member's optionality (`?`, `!` or none, of a property's type, a method's result and each
// parameter), its overridability (`open`, `class` not `static`), its settability, and an initializer's
// `required`, convenience and failability; and every enumeration and option set named as one of the
// SDK's (`UIControl.State`): each case is one of the SDK's, with its raw value. Where uisim departs on purpose the departure is listed with
// its reason in Fixtures/Departures.txt; a difference not listed fails, and so does a listed one that no
// longer holds. A new declaration that the SDK does not have must be listed too.
import Foundation
import XCTest

final class SDKDeclarationFactsTests: XCTestCase {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let sources = folder.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources/UIKit")
    /// UIKit's types that sit below the views (colours, fonts, traits, text, images): the same surface.
    static let foundationSources = sources.deletingLastPathComponent().appendingPathComponent("UIFoundation")

    func testEveryUIKitDeclarationIsSpelledAsTheSDKs() throws {
        let facts = try SDKFacts(contentsOf: Self.folder.appendingPathComponent("Fixtures/UIKit.facts"))
        let source = try SourceDeclarations(folders: [Self.sources, Self.foundationSources])
        let departures = try Departures(contentsOf: Self.folder.appendingPathComponent("Fixtures/Departures.txt"))
        var check = DeclarationCheck(facts: facts, source: source)
        let found = check.differences()
        XCTAssertGreaterThan(check.checkedMembers, 1000, "the reader found too few of uisim's members: \(check.checkedMembers)")

        var unexpected: [String] = []
        for difference in found where !departures.covers(difference) {
            unexpected.append("\(difference.location): \(difference.key) — \(difference.kind.rawValue): \(difference.detail)")
        }
        let stale = departures.entries.filter { entry in !found.contains { departures.matches(entry, $0) } }
        XCTAssert(unexpected.isEmpty, "\(unexpected.count) declarations differ from the iOS SDK's and are not listed in Fixtures/Departures.txt:\n"
                  + unexpected.sorted().joined(separator: "\n"))
        XCTAssert(stale.isEmpty, "listed in Fixtures/Departures.txt but no longer differing (remove them):\n"
                  + stale.map { "\($0.key)\t\($0.kind.rawValue)" }.joined(separator: "\n"))
    }

    /// The check must fail on each kind of difference it claims to catch: a reader that found nothing
    /// would pass every declaration.
    func testTheCheckSeesEachKindOfDifference() throws {
        let facts = try SDKFacts(contentsOf: Self.folder.appendingPathComponent("Fixtures/UIKit.facts"))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sdk-facts-\(ProcessInfo.processInfo.processIdentifier)/UIKit")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        try """
        @MainActor
        open class UILabel: UIView {
            open var textColor: UIColor                      // optionality: the SDK's is UIColor!
            public var font: UIFont!                          // not open
            open var text: String? { get { nil } }            // readonly where the SDK's is settable
            open var isEnabled: Bool = true
            open func drawText(in rect: CGRect) {}
            open func textRect(forBounds bounds: CGRect, limitedToNumberOfLines numberOfLines: Int) -> CGRect? { nil }  // result optionality
            public init?(coder: NSCoder) {}                   // not required
            open func glow() {}                               // not in the SDK
        }
        open class UIView: UIResponder {
            open func point(inside point: CGPoint, with event: UIEvent) -> Bool { true }   // parameter optionality
            public static var areAnimationsEnabled: Bool { true }                          // static: not overridable; readonly
            public convenience init(frame: CGRect) {}                                      // convenience where designated
        }
        extension UIBarButtonItem {
            public enum Style: Int { case plain, done, glowing }                            // done is 2 in the SDK; no glowing
        }
        public protocol UITableViewDelegate: UIScrollViewDelegate {
            func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat   // optional in the SDK, no default
        }
        """.write(to: folder.appendingPathComponent("Sample.swift"), atomically: true, encoding: .utf8)
        var check = DeclarationCheck(facts: facts, source: try SourceDeclarations(folder: folder))
        let found = Set(check.differences().map { "\($0.key) \($0.kind.rawValue)" })
        XCTAssertEqual(found, [
            "UILabel.textColor optionality",
            "UILabel.font not open",
            "UILabel.text readonly",
            "UILabel.textRect(forBounds:limitedToNumberOfLines:) optionality",
            "UILabel.init(coder:) required",
            "UILabel.glow() not in the SDK",
            "UIView.point(inside:with:) optionality",
            "UIView.areAnimationsEnabled not open",
            "UIView.init(frame:) convenience",
            "UITableViewDelegate.tableView(_:heightForRowAt:) optional requirement",
            "UIBarButtonItem.Style.done raw value",
            "UIBarButtonItem.Style.glowing not in the SDK",
            "UILabel isolation",
        ])
        XCTAssertEqual(check.checkedMembers, 15)
    }
}

/// What differs between one of uisim's declarations and the SDK's.
struct Difference {
    enum Kind: String, CaseIterable {
        case notInSDK = "not in the SDK"
        case optionality
        case notOpen = "not open"
        case settable
        case readonly
        case staticness = "class or instance"
        case required
        case convenience
        case designated
        case failable
        case optionalRequirement = "optional requirement"
        case finalClass = "final class"
        case inExtension = "in an extension"
        case typeKind = "class or protocol"
        case rawValue = "raw value"
        case isolation
    }
    let key: String
    let kind: Kind
    let detail: String
    let location: SourceLocation
}

struct Departures {
    struct Entry { let key: String; let kind: Difference.Kind }
    let entries: [Entry]

    init(contentsOf url: URL) throws {
        var entries: [Entry] = []
        for (n, line) in try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("#") || line.trimmingCharacters(in: .whitespaces).isEmpty { continue }
            let f = line.split(separator: "\t").map { $0.trimmingCharacters(in: .whitespaces) }
            guard f.count >= 3, let kind = Difference.Kind(rawValue: f[1]) else {
                throw NSError(domain: "Departures.txt", code: 65, userInfo: [NSLocalizedDescriptionKey:
                    "line \(n + 1): expected KEY<tab>KIND<tab>WHY, KIND one of \(Difference.Kind.allCases.map(\.rawValue))"])
            }
            entries.append(Entry(key: f[0], kind: kind))
        }
        self.entries = entries
    }

    /// `Type.member` names one member; `Type.*` every member of the type.
    func matches(_ entry: Entry, _ difference: Difference) -> Bool {
        guard entry.kind == difference.kind else { return false }
        if entry.key.hasSuffix(".*") { return difference.key.hasPrefix(entry.key.dropLast()) }
        return entry.key == difference.key
    }

    func covers(_ difference: Difference) -> Bool { entries.contains { matches($0, difference) } }
}

struct DeclarationCheck {
    let facts: SDKFacts
    let source: SourceDeclarations
    private(set) var checkedMembers = 0

    init(facts: SDKFacts, source: SourceDeclarations) {
        self.facts = facts
        self.source = source
    }

    mutating func differences() -> [Difference] {
        var out: [Difference] = []
        checkedMembers = 0
        let publicTypes = source.types.filter { ($0.modifiers.contains("public") || $0.modifiers.contains("open")) && !$0.name.contains(".") }
        let checkedTypes = Dictionary(publicTypes.filter { $0.kind == .class || $0.kind == .protocol }.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        for type in checkedTypes.values.sorted(by: { $0.name < $1.name }) {
            guard facts.isType(type.name) else {
                out.append(Difference(key: type.name, kind: .notInSDK, detail: "a \(type.kind.rawValue) the SDK does not have", location: type.location))
                continue
            }
            if (type.kind == .protocol) != (facts.protocols[type.name] != nil) {
                out.append(Difference(key: type.name, kind: .typeKind, detail: "a \(type.kind.rawValue) where the SDK's is not", location: type.location))
            } else if type.kind == .class, type.modifiers.contains("final") || !type.modifiers.contains("open") {
                out.append(Difference(key: type.name, kind: .finalClass, detail: "the SDK's class is open to subclasses", location: type.location))
            }
        }
        // Isolation as a Swift 5 client sees the SDK's (NS_SWIFT_UI_ACTOR, imported with
        // preconcurrency): a public `@MainActor` declaration of Sources/UIKit says `@preconcurrency` too.
        for type in source.types where type.attributes.contains("@MainActor") && !type.attributes.contains("@preconcurrency")
            && (type.modifiers.contains("public") || type.modifiers.contains("open")) {
            out.append(Difference(key: type.name, kind: .isolation, detail: "@MainActor without @preconcurrency: a Swift 5 client gets errors where the SDK gives warnings", location: type.location))
        }
        for member in source.members where member.attributes.contains("@MainActor") && !member.attributes.contains("@preconcurrency")
            && (member.modifiers.contains("public") || member.modifiers.contains("open")) {
            out.append(Difference(key: "\(member.type).\(member.swiftName)", kind: .isolation,
                                  detail: "@MainActor without @preconcurrency: a Swift 5 client gets errors where the SDK gives warnings", location: member.location))
        }
        out += enumerationDifferences(publicTypes: source.types.filter { $0.modifiers.contains("public") || $0.modifiers.contains("open") })
        for member in source.members where checkedTypes[member.type] != nil && facts.isType(member.type) {
            guard member.modifiers.contains("public") || member.modifiers.contains("open") || member.inProtocol else { continue }
            if member.kind == .subscript || member.kind == .enumCase { continue }
            if member.inProtocol && !(checkedTypes[member.type]!.modifiers.contains("public")) { continue }
            checkedMembers += 1
            let key = "\(member.type).\(member.swiftName)"
            func difference(_ kind: Difference.Kind, _ detail: String) {
                out.append(Difference(key: key, kind: kind, detail: detail, location: member.location))
            }
            guard let sdk = match(member) else {
                difference(.notInSDK, "no member of \(member.type) or what it inherits matches")
                continue
            }
            compare(member, sdk, inProtocol: facts.protocols[member.type] != nil, record: difference)
        }
        return out
    }

    private func compare(_ member: SourceMember, _ sdk: SDKMember, inProtocol: Bool, record: (Difference.Kind, String) -> Void) {
        // Declared by the Swift overlay (the header's is hidden): its name is all the headers tell.
        if sdk.flags.contains("overlay") { return }
        let sdkName = "the SDK's \(sdk.type) \(sdk.objcName)"
        switch member.kind {
        case .variable:
            let mark = optionalityMark(member.resultType)
            let sdkMark = optionalityMark(sdk.result)
            if mark != sdkMark { record(.optionality, "\(member.resultType) where \(sdkName) is \(sdk.result)") }
            if member.settable && sdk.readonly && !inProtocol { record(.settable, "settable where \(sdkName) is readonly") }
            if !member.settable && !sdk.readonly { record(.readonly, "readonly where \(sdkName) is settable") }
        case .function:
            if member.resultType != "Void", optionalityMark(member.resultType) != optionalityMark(sdk.result) {
                record(.optionality, "returns \(member.resultType) where \(sdkName) returns \(sdk.result)")
            }
            for (n, (mine, theirs)) in zip(member.parameterTypes, sdk.parameters).enumerated()
            where optionalityMark(mine) != optionalityMark(theirs) && !(optionalityMark(theirs) == "!" && optionalityMark(mine) == "?") {
                record(.optionality, "parameter \(n + 1) is \(mine) where \(sdkName)'s is \(theirs)")
            }
        case .initializer:
            if member.failable != sdk.flags.contains("failable") {
                record(.failable, member.failable ? "failable where \(sdkName) is not" : "not failable where \(sdkName) is")
            }
            let required = sdk.flags.contains("required") || facts.protocols[sdk.type] != nil
            if required != member.modifiers.contains("required") && !inProtocol {
                record(.required, required ? "\(sdkName) is required" : "required where \(sdkName) is not")
            }
            let convenience = member.modifiers.contains("convenience")
            if !inProtocol && convenience != expectsConvenience(member, sdk) {
                record(convenience ? .convenience : .designated, convenience ? "convenience where \(sdkName) is designated" : "designated where \(sdkName) is a convenience initializer")
            }
        case .subscript, .enumCase:
            break
        }
        if member.isStatic != sdk.isStatic {
            record(.staticness, member.isStatic ? "a type member where \(sdkName) is an instance member" : "an instance member where \(sdkName) is a class member")
        }
        if inProtocol {
            if member.inProtocol && sdk.flags.contains("optional") && !hasDefault(member) {
                record(.optionalRequirement, "\(sdkName) is @optional: a conformer need not implement it, so uisim must give a default")
            }
        } else if member.kind != .initializer, facts.classes[sdk.type]?.final != true, !sdk.flags.contains("constant"),
                  source.types.first(where: { $0.name == member.type })?.modifiers.contains("final") != true {
            // (A member of one of uisim's final classes cannot be open: the class's departure says so.)
            if member.inExtension {
                record(.inExtension, "declared in an extension, where Swift cannot override it; \(sdkName) can be overridden")
            } else if !member.isOpen {
                record(.notOpen, "\(sdkName) can be overridden")
            }
        }
    }

    /// uisim's enumerations and option sets named as the SDK's (`UIControl.State`): each case (an
    /// option set's static members of its own type) is one of the SDK's, with the SDK's raw value
    /// where both give one.
    private mutating func enumerationDifferences(publicTypes: [SourceType]) -> [Difference] {
        var out: [Difference] = []
        for type in publicTypes {
            guard let sdk = facts.enumerations[type.name] else { continue }
            let isOptionSet = type.kind == .struct && type.inherited.contains("OptionSet")
            guard type.kind == .enum || isOptionSet else { continue }
            let names = Dictionary(sdk.cases.map { ($0.name.lowercased(), $0) }, uniquingKeysWith: { a, _ in a })
            let integerRaw = type.inherited.first.map { ["Int", "UInt", "Int32", "Int64", "UInt32", "UInt64"].contains($0) } ?? false
            var next: Int64 = 0
            for member in source.members where member.type == type.name {
                let isCase = member.kind == .enumCase
                let isOption = isOptionSet && member.kind == .variable && member.isStatic
                    && (member.modifiers.contains("public") || member.modifiers.contains("open"))
                    && ["", "Self", type.name, String(type.name.split(separator: ".").last!)].contains(member.resultType)
                guard isCase || isOption else { continue }
                checkedMembers += 1
                let key = "\(type.name).\(member.name)"
                var raw: Int64?
                if isCase && integerRaw {
                    raw = member.resultType.isEmpty ? next : Int64(member.resultType.replacingOccurrences(of: " ", with: ""))
                    if let raw { next = raw + 1 }
                }
                guard let theirs = names[member.name.lowercased()] else {
                    out.append(Difference(key: key, kind: .notInSDK, detail: "the SDK's \(type.name) has no such case", location: member.location))
                    continue
                }
                if let raw, let value = theirs.value, raw != value, !sdk.options {
                    out.append(Difference(key: key, kind: .rawValue, detail: "\(raw) where the SDK's is \(value)", location: member.location))
                }
            }
        }
        return out
    }

    /// Whether Swift sees the SDK's initializer as a convenience one on the member's class: as
    /// declared on the class itself; inherited, a convenience initializer wherever a class between
    /// marks designated initializers of its own (UIView's inherited -init is `convenience init()`).
    private func expectsConvenience(_ member: SourceMember, _ sdk: SDKMember) -> Bool {
        if sdk.flags.contains("convenience") || sdk.type == member.type || facts.protocols[sdk.type] != nil { return sdk.flags.contains("convenience") }
        var type: String? = member.type
        while let t = type, t != sdk.type {
            if facts.members[t]?.contains(where: { $0.kind == .initializer && $0.flags.contains("designated") }) == true { return true }
            type = facts.classes[t]?.superclass
        }
        return false
    }

    /// A protocol requirement with an implementation in an extension of the protocol.
    private func hasDefault(_ requirement: SourceMember) -> Bool {
        source.members.contains { $0.type == requirement.type && $0.inExtension && $0.swiftName == requirement.swiftName }
    }

    // MARK: Matching a Swift declaration to the SDK's

    func match(_ member: SourceMember) -> SDKMember? {
        // An instance member is looked for among instance members first (NSObject's class method
        // +copyWithZone: is not NSCopying's -copyWithZone:), then among all.
        match(member, sameStaticness: true) ?? match(member, sameStaticness: false)
    }

    private func match(_ member: SourceMember, sameStaticness: Bool) -> SDKMember? {
        // Initializers come from the class, its superclasses, or a protocol's required one (NSCoding's).
        let lineage = facts.lineage(of: member.type)
        for type in lineage {
            let candidates = (facts.members[type] ?? []).filter { sdk in
                if sameStaticness && sdk.isStatic != member.isStatic && member.kind != .initializer { return false }
                switch member.kind {
                case .variable: return sdk.kind == .variable || sdk.kind == .classVariable
                case .function: return sdk.kind == .function || sdk.kind == .classFunction
                case .initializer: return sdk.kind == .initializer
                case .subscript, .enumCase: return false
                }
            }
            var best: (SDKMember, Int)?
            for sdk in candidates {
                guard let score = score(member, sdk) else { continue }
                if best == nil || score > best!.1 || (score == best!.1 && sdk.isStatic == member.isStatic && best!.0.isStatic != member.isStatic) {
                    best = (sdk, score)
                }
            }
            if let best { return best.0 }
        }
        return nil
    }

    /// How well a Swift declaration matches an SDK member (higher is better), or nil if it cannot be it:
    /// by the selector as it is, else as the importer prunes the receiver's name from the front of a
    /// method's (imageWithRenderingMode: → withRenderingMode(_:), imageByPreparingForDisplay →
    /// preparingForDisplay(), colorWithAlphaComponent: → withAlphaComponent(_:)).
    private func score(_ member: SourceMember, _ sdk: SDKMember) -> Int? {
        if let score = scoreAsSpelled(member, sdk) { return score }
        guard member.kind == .function, !sdk.isStatic, sdk.swiftName == nil,
              let word = camelWords(sdk.type).last?.lowercased(), sdk.objcName.hasPrefix(word) else { return nil }
        var rest = sdk.objcName.dropFirst(word.count)
        guard rest.first?.isUppercase == true else { return nil }
        if rest.hasPrefix("By"), rest.dropFirst(2).first?.isUppercase == true { rest = rest.dropFirst(2) }
        let pruned = SDKMember(type: sdk.type, kind: sdk.kind, objcName: rest.prefix(1).lowercased() + rest.dropFirst(), swiftName: nil,
                               result: sdk.result, parameters: sdk.parameters, flags: sdk.flags)
        return scoreAsSpelled(member, pruned)
    }

    private func scoreAsSpelled(_ member: SourceMember, _ sdk: SDKMember) -> Int? {
        var score = sdk.isStatic == member.isStatic ? 1 : 0
        if member.kind == .variable {
            if sdk.swiftName == member.name { return score + 100 }
            // The importer prunes a property's type from its name: nextResponder: UIResponder → next,
            // viewForFirstBaselineLayout: UIView → forFirstBaselineLayout.
            let typeName = sdk.result.trimmingCharacters(in: CharacterSet(charactersIn: "?!"))
            if sdk.swiftName == sdk.objcName, facts.classes[typeName] != nil, let word = camelWords(typeName).last?.lowercased(),
               sdk.objcName == word + member.name.prefix(1).uppercased() + member.name.dropFirst() {
                return score + 50
            }
            if sdk.swiftName == sdk.objcName, sdk.objcName.hasPrefix(member.name), sdk.objcName.first?.isLowercase == true,
               case let rest = sdk.objcName.dropFirst(member.name.count), rest.first?.isUppercase == true, typeName.hasSuffix(rest) {
                return score + 50
            }
            return nil
        }
        if let swiftName = sdk.swiftName {
            return swiftName == member.swiftName ? score + 100 : nil
        }
        var pieces = sdk.pieces
        let labels = member.labels
        if member.kind == .initializer {
            guard pieces[0].hasPrefix("init") else { return nil }
            var rest = String(pieces[0].dropFirst(4))
            if rest.hasPrefix("With") { rest = String(rest.dropFirst(4)) }
            if labels.isEmpty { return sdk.objcName == "init" ? score + 10 : nil }
            guard labels.count == pieces.count else { return nil }
            pieces[0] = rest
            for (label, piece) in zip(labels, pieces) where label != "_" {
                guard piece.lowercased().hasPrefix(label.lowercased()) else { return nil }
                if piece.count == label.count { score += 2 }
            }
        } else {
            if labels.isEmpty {
                if sdk.objcName == member.name { return score + 10 }
                // A pruned result type: -(UIView *)viewForBaselineLayout → forBaselineLayout? no: only
                // the result's own name may go (selectedSegmentIndex stays; imageWithRenderingMode…).
                let typeName = sdk.result.trimmingCharacters(in: CharacterSet(charactersIn: "?!"))
                guard !sdk.objcName.hasSuffix(":"), sdk.objcName.hasPrefix(member.name),
                      case let rest = sdk.objcName.dropFirst(member.name.count), rest.first?.isUppercase == true,
                      typeName.hasSuffix(rest) || sdk.type.hasSuffix(rest) else { return nil }
                return score + 1
            }
            guard labels.count == pieces.count, sdk.objcName.hasSuffix(":") else { return nil }
            let label = labels[0] == "_" ? "" : labels[0].prefix(1).uppercased() + labels[0].dropFirst()
            var first = member.name + label
            // The importer drops `With` where it splits the first piece: animateWithSpringDuration: → animate(springDuration:).
            if !pieces[0].lowercased().hasPrefix(first.lowercased()), !label.isEmpty,
               pieces[0].lowercased().hasPrefix((member.name + "With" + label).lowercased()) {
                first = member.name + "With" + label
            }
            // …and prunes the parameter's or the receiver's type from inside it:
            // requireGestureRecognizerToFail: → require(toFail:), dismissViewControllerAnimated: → dismiss(animated:).
            if !pieces[0].lowercased().hasPrefix(first.lowercased()), !label.isEmpty, pieces[0].hasPrefix(member.name) {
                let rest = pieces[0].dropFirst(member.name.count)
                let types = [sdk.type, sdk.parameters.first ?? ""].map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "?!")) }
                for type in types {
                    let words = camelWords(type)
                    for n in 1..<max(words.count, 1) {
                        // NSCollectionLayoutGroup's horizontalGroupWithLayoutSize: → horizontal(layoutSize:).
                        for joint in ["", "With"] where rest.hasPrefix(words.suffix(n).joined() + joint + label) {
                            first = member.name + words.suffix(n).joined() + joint + label
                        }
                    }
                }
            }
            guard pieces[0].lowercased().hasPrefix(first.lowercased()) else { return nil }
            if pieces[0].count == first.count { score += 2 }
            for (label, piece) in zip(labels.dropFirst(), pieces.dropFirst()) where label != "_" {
                guard piece.lowercased().hasPrefix(label.lowercased()) else { return nil }
                if piece.count == label.count { score += 2 }
            }
        }
        // Overloads (convertPoint:toView: and convertRect:toView:) are told apart by their parameters' types.
        for (mine, theirs) in zip(member.parameterTypes, sdk.parameters) where sameType(mine, theirs) { score += 3 }
        return score
    }

    private func sameType(_ swift: String, _ sdk: String) -> Bool {
        func key(_ t: String) -> String {
            var t = t.trimmingCharacters(in: CharacterSet(charactersIn: "?! "))
            if t.hasPrefix("(") && t.hasSuffix(")") && !t.contains("->") { t = String(t.dropFirst().dropLast()).trimmingCharacters(in: CharacterSet(charactersIn: "?! ")) }
            if t.contains("->") { return "closure" }
            if t.hasPrefix("[") { return t.contains(":") ? "dictionary" : "array" }
            if t.hasPrefix("any ") { t = String(t.dropFirst(4)) }
            if let generic = t.firstIndex(of: "<") { t = String(t[..<generic]) }
            return (t.split(separator: ".").last.map(String.init) ?? t).lowercased()
        }
        let a = key(swift), b = key(sdk)
        return a == b || b.hasSuffix(a) || a.hasSuffix(b)
    }
}

/// A name's words as the importer splits them: `UIGestureRecognizer` → UI, Gesture, Recognizer.
func camelWords(_ name: String) -> [String] {
    var words: [String] = []
    var current = ""
    let chars = Array(name)
    for (n, c) in chars.enumerated() {
        let startsWord = c.isUppercase && !current.isEmpty
            && (!(current.last!.isUppercase) || (n + 1 < chars.count && chars[n + 1].isLowercase))
        if startsWord { words.append(current); current = "" }
        current.append(c)
    }
    if !current.isEmpty { words.append(current) }
    return words
}
