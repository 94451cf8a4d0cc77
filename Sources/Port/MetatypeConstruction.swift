// Construction through a metatype. iOS code makes views and view controllers whose class it knows
// only as a type: Eureka's `VCType.init(nibName: name, bundle: bundle)` for a generic `VCType:
// UIViewController` and `ViewType()` for a `ViewType: UIView`, a table's `cellClass.init(style:
// .default, reuseIdentifier: id)`. UIKit's initializers are Objective-C's, dispatched at run time;
// uisim's UIKit is Swift, where a metatype calls only a `required` initializer, and making UIKit's
// required would make every subclass with an initializer of its own repeat them. So `port` writes
// such a call as a call of a class method of UIKit's, `VCType._metatypeInit(nibName: name, bundle:
// bundle)` (its `Self` result is the caller's type: nothing else on the line changes), and gives
// each class of the sources that descends from a UIKit class an override of that method for each
// initializer the class provably has, on its body's closing-brace line (no line moves):
//     override class func _metatypeInit(frame: CGRect) -> Self { if self == Card.self { return
//     Card(frame: frame) as! Self }; return super._metatypeInit(frame: frame) }
// A subclass the port never saw is not its superclass's `self`: the superclass's override passes it
// on, to UIKit's, which names it and stops. A metatype never silently makes the superclass.

/// An initializer UIKit makes through a metatype for `port`, by the labels of its arguments.
enum MetatypeInitializer: String, Sendable {
    case frame = "frame:"
    /// `init()`: UIView's is `init(frame: .zero)`, UIViewController's `init(nibName: nil, bundle: nil)`.
    case plain = ""
    case nib = "nibName:bundle:"
    case cellStyle = "style:reuseIdentifier:"
    case reuseIdentifier = "reuseIdentifier:"

    /// The hook's parameters, as UIKit declares them.
    var parameters: String {
        switch self {
        case .frame: "frame: CGRect"
        case .plain: ""
        case .nib: "nibName: String?, bundle: Bundle?"
        case .cellStyle: "style: UITableViewCell.CellStyle, reuseIdentifier: String?"
        case .reuseIdentifier: "reuseIdentifier: String?"
        }
    }

    /// The call's arguments, passing the parameters on.
    var arguments: String {
        rawValue.split(separator: ":").map { "\($0): \($0)" }.joined(separator: ", ")
    }

    /// The parameter types an initializer of these labels has when it is this one (an `override`
    /// has them whatever it spells; a new `init(frame: Layout)` is another initializer).
    var parameterTypes: [Set<String>] {
        switch self {
        case .frame: [["CGRect"]]
        case .plain: []
        case .nib: [["String?"], ["Bundle?"]]
        case .cellStyle: [["UITableViewCell.CellStyle", "CellStyle", "UITableViewCellStyle"], ["String?"]]
        case .reuseIdentifier: [["String?"]]
        }
    }
}

/// What a UIKit class and its subclasses are made with through a metatype.
enum MetatypeFamily: Sendable {
    case view, tableCell, headerFooter, reusableView, controller

    /// The UIKit classes that root a family.
    static let roots: [String: MetatypeFamily] = [
        "UITableViewCell": .tableCell, "UITableViewHeaderFooterView": .headerFooter, "UICollectionReusableView": .reusableView,
        "UIView": .view, "UIViewController": .controller,
    ]

    /// The initializers UIKit has hooks for in this family. A cell's, a reusable view's and a
    /// header's `init()` is required (so a metatype calls it already, the subclass's own): none.
    var initializers: [MetatypeInitializer] {
        switch self {
        case .view: [.frame, .plain]
        case .tableCell: [.frame, .cellStyle]
        case .headerFooter: [.frame, .reuseIdentifier]
        case .reusableView: [.frame]
        case .controller: [.nib, .plain]
        }
    }
}

/// A class as far as its initializers go: its superclass and the initializers its body declares,
/// each by its labels (`frame:`, "" for `init()`; `init?(coder:)`, which every UIKit class
/// requires, left out). A failable one, or one with a hook's labels but other types, is written
/// with a mark that matches no hook.
struct DeclaredClass: Sendable {
    /// As written (`BaseCell`, `Outer.Inner`), without generic arguments or a `UIKit.` prefix;
    /// nil when the class names no superclass.
    var superclass: String?
    var designated: Set<String> = []
    var convenience: Set<String> = []
    /// Those of either declared `required` (every subclass has them, and a metatype calls them).
    var required: Set<String> = []
    /// The `_metatypeInit` overrides the body already has (port's own output, ported again).
    var hooks: Set<String> = []
    /// The access its declaration says (`open`, `public`…), if any.
    var access: String? = nil

    /// The marks of an initializer that has a hook's labels but is not that initializer.
    static let otherTypes = " (other types)", unavailable = " (unavailable)"
}

/// A class's initializers with what it inherits.
struct ClassInitializers: Sendable {
    var family: MetatypeFamily
    var designated: Set<String>
    var convenience: Set<String>
    /// Its required initializers (its own and its superclasses').
    var required: Set<String>
    /// Whether its `init()` is an initializer of its own (a class's or one it inherits from the
    /// sources): otherwise it is UIKit's, which calls the designated hook, and needs no override.
    var ownPlain: Bool

    var all: Set<String> { designated.union(convenience) }

    /// Whether `P(…)` with this initializer, for a generic `P` bound by the class, is rewritten:
    /// one of its family's, unless the class requires it (then a metatype calls it already, and
    /// makes even a subclass port never saw).
    func rewrites(_ initializer: MetatypeInitializer) -> Bool {
        family.initializers.contains(initializer) && !required.contains(initializer.rawValue)
    }
}

/// A generic parameter and the types its declaration constrains it to (`<VCType: UIViewController>`,
/// `where Cell: BaseCell`).
struct GenericParameter: Sendable {
    let name: String
    var constraints: [String]
}

extension DeclaredClass {
    /// The public UIKit classes a view or a view controller of the sources may derive from, as
    /// Sources/UIKit declares them (`PortTests` reads UIKit's sources to hold this to them).
    static let uikit: [String: DeclaredClass] = {
        func c(_ superclass: String, _ designated: Set<String>, _ convenience: Set<String> = []) -> DeclaredClass {
            DeclaredClass(superclass: superclass, designated: designated, convenience: convenience)
        }
        let framed: Set<String> = ["frame:"]
        return [
            "UIView": c("UIResponder", framed, [""]),
            "UIViewController": c("UIResponder", ["nibName:bundle:"], [""]),
            "UIControl": c("UIView", []),
            "UIActivityIndicatorView": c("UIView", ["style:", "frame:"]),
            "UIButton": c("UIControl", framed, ["type:"]),
            "UICollectionReusableView": c("UIView", framed, [""]),
            "UICollectionViewCell": c("UICollectionReusableView", framed),
            "UICollectionViewListCell": c("UICollectionViewCell", framed),
            "UICollectionView": c("UIScrollView", ["frame:collectionViewLayout:"]),
            "UIDatePicker": c("UIControl", framed),
            "UIImageView": c("UIView", ["image:", "image:highlightedImage:", "frame:"]),
            "UILabel": c("UIView", framed),
            "UIListContentView": c("UIView", ["configuration:"]),
            "UINavigationBar": c("UIView", framed),
            "UIPageControl": c("UIControl", framed),
            "UIPickerView": c("UIView", framed),
            "UIProgressView": c("UIView", ["progressViewStyle:", "frame:"]),
            "UIRefreshControl": c("UIControl", ["", "frame:"]),
            "UIScrollView": c("UIView", framed),
            "UISegmentedControl": c("UIControl", ["frame:", "items:"], ["frame:actions:"]),
            "UISlider": c("UIControl", framed),
            "UIStackView": c("UIView", framed, ["arrangedSubviews:"]),
            "UIStepper": c("UIControl", framed),
            "UISwitch": c("UIControl", framed),
            "UITabBar": c("UIView", framed),
            "UITableView": c("UIScrollView", ["frame:style:"], ["frame:"]),
            "UITableViewCell": c("UIView", ["style:reuseIdentifier:"], ["frame:", ""]),
            "UITableViewHeaderFooterView": c("UIView", ["reuseIdentifier:"], [""]),
            "UITextField": c("UIControl", framed),
            "UITextView": c("UIScrollView", ["frame:textContainer:"], ["frame:", "usingTextLayoutManager:"]),
            "UIToolbar": c("UIView", framed),
            "UIVisualEffectView": c("UIView", ["effect:"], ["frame:"]),
            "UIWindow": c("UIView", framed),
            "UIAlertController": c("UIViewController", [], ["title:message:preferredStyle:"]),
            "UICollectionViewController": c("UIViewController", ["collectionViewLayout:"]),
            "UINavigationController": c("UIViewController", ["rootViewController:", "nibName:bundle:"]),
            "UITabBarController": c("UIViewController", ["nibName:bundle:"]),
            "UITableViewController": c("UIViewController", ["style:", "nibName:bundle:"]),
        ]
    }()

    /// The classes `walk` declares, by name (a nested one as `Outer.Inner`, as `MethodIndex.classes`).
    static func find(in walk: TokenWalk) -> [(name: String, declaration: DeclaredClass)] {
        var found: [(String, DeclaredClass)] = []
        for (s, name) in walk.classDeclarations {
            var declaration = DeclaredClass()
            var p = s + 2
            if walk.isPunctuation(p, "<") { p = (walk.matching(p) ?? walk.significant.count) + 1 }
            if walk.isPunctuation(p, ":") { declaration.superclass = typeName(walk, at: p + 1)?.name }
            var open = p
            while open < walk.significant.count, !walk.isPunctuation(open, "{"), !walk.isPunctuation(open, "}"), !walk.isPunctuation(open, ";") {
                open += 1
            }
            guard walk.isPunctuation(open, "{"), let close = walk.matching(open) else { continue }
            declaration.access = SourceRewriter.accessOfDeclaration(walk, at: s)
            readMembers(walk, open, close, into: &declaration)
            found.append((name, declaration))
        }
        return found
    }

    /// The initializers and `_metatypeInit` overrides declared directly in the body between `open`
    /// and `close` (members' bodies and nested types skipped).
    private static func readMembers(_ walk: TokenWalk, _ open: Int, _ close: Int, into declaration: inout DeclaredClass) {
        var m = open + 1
        while m < close {
            if walk.isPunctuation(m, "{") || walk.isPunctuation(m, "(") || walk.isPunctuation(m, "[") {
                m = (walk.matching(m) ?? close) + 1
                continue
            }
            if walk.isIdentifier(m, "init"), !walk.isPunctuation(m - 1, ".") {
                var parameters = m + 1
                let failable = walk.isPunctuation(parameters, "?") || walk.isPunctuation(parameters, "!")
                if failable { parameters += 1 }
                if walk.isPunctuation(parameters, "<") { parameters = (walk.matching(parameters) ?? close) + 1 }
                guard walk.isPunctuation(parameters, "("), let end = walk.matching(parameters) else {
                    m += 1
                    continue
                }
                let (modifiers, unavailable) = modifiersBefore(m, in: walk, after: open)
                let labels = MethodIndex.parameterLabels(walk, parameters, end).map { ($0 ?? "_") + ":" }.joined()
                if labels != "coder:" {
                    var signature = labels + (failable ? "?" : "")
                    if let hook = MetatypeInitializer(rawValue: signature), !modifiers.contains("override"),
                       !zip(hook.parameterTypes, parameterTypes(walk, parameters, end)).allSatisfy({ $0.contains($1) }) {
                        signature += otherTypes
                    }
                    if unavailable { signature += Self.unavailable }
                    if modifiers.contains("required") { declaration.required.insert(signature) }
                    if modifiers.contains("convenience") { declaration.convenience.insert(signature) } else { declaration.designated.insert(signature) }
                }
                m = end + 1
                continue
            }
            if walk.isIdentifier(m, "func"), walk.isIdentifier(m + 1, "_metatypeInit"), walk.isPunctuation(m + 2, "("),
               let end = walk.matching(m + 2) {
                declaration.hooks.insert(MethodIndex.parameterLabels(walk, m + 2, end).map { ($0 ?? "_") + ":" }.joined())
                m = end + 1
                continue
            }
            m += 1
        }
    }

    /// The modifiers of the declaration whose keyword is at `keyword` (back to `limit`), and
    /// whether an `@available(…, unavailable)` marks it.
    private static func modifiersBefore(_ keyword: Int, in walk: TokenWalk, after limit: Int) -> (Set<String>, unavailable: Bool) {
        var modifiers: Set<String> = []
        var unavailable = false
        var b = keyword - 1
        while b > limit {
            if walk.kind(b) == .identifier, ExtensionOverride.modifiers.contains(walk.text(b)) {
                modifiers.insert(walk.text(b))
            } else if walk.kind(b) == .attribute {
                // an attribute without arguments
            } else if walk.isPunctuation(b, ")") {
                var open = b - 1
                var depth = 1
                while open > limit {
                    if walk.isPunctuation(open, ")") { depth += 1 }
                    if walk.isPunctuation(open, "("), depth == 1 { break }
                    if walk.isPunctuation(open, "(") { depth -= 1 }
                    open -= 1
                }
                guard open > limit + 1, walk.kind(open - 1) == .attribute else { break }
                if walk.text(open - 1) == "@available", (open + 1..<b).contains(where: { walk.isIdentifier($0, "unavailable") }) { unavailable = true }
                b = open - 1
            } else {
                break
            }
            b -= 1
        }
        return (modifiers, unavailable)
    }

    /// Each parameter's type between `open` and `close`, spaces removed, its default value left out.
    private static func parameterTypes(_ walk: TokenWalk, _ open: Int, _ close: Int) -> [String] {
        var types: [String] = []
        var type: String?           // nil before the parameter's colon
        var inDefault = false
        var depth = 0
        for s in (open + 1)..<close {
            let text = walk.text(s)
            if walk.kind(s) == .punctuation {
                if depth == 0, text == "," {
                    types.append(type ?? "")
                    (type, inDefault) = (nil, false)
                    continue
                }
                if depth == 0, text == ":", type == nil {
                    type = ""
                    continue
                }
                if depth == 0, text == "=" { inDefault = true }
                if ["(", "[", "<"].contains(text) { depth += 1 }
                if [")", "]"].contains(text) || (text == ">" && !walk.isPunctuation(s - 1, "-")) { depth -= 1 }
            }
            if let current = type, !inDefault { type = current + text }
        }
        if let type { types.append(type) }
        return types
    }

    /// The type named at `s` (`A.B`, generic arguments skipped; `UIKit.` dropped) and its last token.
    static func typeName(_ walk: TokenWalk, at s: Int) -> (name: String, end: Int)? {
        guard walk.isIdentifier(s) else { return nil }
        var components = [walk.text(s)]
        var end = s
        while true {
            if walk.isPunctuation(end + 1, "<"), let close = walk.matching(end + 1) { end = close }
            guard walk.isPunctuation(end + 1, "."), walk.isIdentifier(end + 2) else { break }
            components.append(walk.text(end + 2))
            end += 2
        }
        if components.count > 1, components[0] == "UIKit" { components.removeFirst() }
        return (components.joined(separator: "."), end)
    }
}

extension MethodIndex {
    /// The initializers `name` has (a class of the sources, else one of UIKit's listed), with its
    /// family; nil when its superclasses do not lead to a UIKit view or view controller.
    func initializers(ofClass name: String) -> ClassInitializers? {
        initializers(ofClass: name, depth: 0)
    }

    private func initializers(ofClass name: String, depth: Int) -> ClassInitializers? {
        guard depth < 64 else { return nil }
        let declared: DeclaredClass
        var family = MetatypeFamily.roots[name]
        if let family, family == .view || family == .controller, let root = DeclaredClass.uikit[name] {
            return ClassInitializers(family: family, designated: root.designated, convenience: root.convenience, required: [], ownPlain: false)
        } else if let source = declaredClasses[name] {
            declared = source
            family = nil
        } else if let uikit = DeclaredClass.uikit[name] {
            declared = uikit
        } else if let key = classKey(name) {
            declared = declaredClasses[key]!
            family = nil
        } else {
            return nil
        }
        guard let superclass = declared.superclass, let inherited = initializers(ofClass: superclass, depth: depth + 1) else { return nil }
        // Swift's rules: a class that declares no designated initializer inherits them all; one
        // that overrides all its superclass's designated initializers inherits its convenience ones.
        let inheritsAll = declared.designated.isEmpty
        let inheritsConvenience = inheritsAll || declared.designated.isSuperset(of: inherited.designated)
        let own = declared.designated.union(declared.convenience).contains("")
        return ClassInitializers(
            family: family ?? inherited.family,
            designated: inheritsAll ? inherited.designated : declared.designated,
            convenience: declared.convenience.union(inheritsConvenience ? inherited.convenience : []),
            required: declared.required.union(inherited.required),
            ownPlain: own || (inheritsAll && inherited.ownPlain)
                || (inheritsConvenience && inherited.ownPlain && inherited.convenience.contains("")))
    }

    /// The key of the class of the sources that `name` names: the same, else the one class whose
    /// last component it is (`Inner` for `Outer.Inner`).
    func classKey(_ name: String) -> String? {
        if declaredClasses[name] != nil { return name }
        let matches = declaredClasses.keys.filter { $0.hasSuffix("." + name) }
        return matches.count == 1 ? matches[0] : nil
    }

    /// The initializers of the class a generic parameter with these constraints is bound by, if
    /// one of them is a UIKit view or view controller class, or a class of the sources descending
    /// from one.
    func initializers(constrainedTo constraints: [String]) -> ClassInitializers? {
        constraints.lazy.compactMap { self.initializers(ofClass: $0) }.first
    }

    /// Adds the generic parameters of the types `walk` declares (for their extensions, in any file).
    mutating func addGenericTypes(_ walk: TokenWalk) {
        for scope in GenericScope.find(in: walk, index: nil) where scope.typeName != nil {
            genericTypes[scope.typeName!, default: []] += scope.parameters
        }
    }
}

/// The generic parameters a declaration brings into scope in its body.
struct GenericScope {
    /// The braces of the body (significant indices).
    let body: ClosedRange<Int>
    let parameters: [GenericParameter]
    /// The declared type's name (a class, struct, enum or actor), for its extensions.
    let typeName: String?

    /// The generic declarations of `walk`, and the extensions of types the index knows generic.
    static func find(in walk: TokenWalk, index: MethodIndex?) -> [GenericScope] {
        var scopes: [GenericScope] = []
        var s = 0
        while s + 1 < walk.significant.count {
            defer { s += 1 }
            guard walk.kind(s) == .identifier, !(s > 0 && walk.isPunctuation(s - 1, ".")) else { continue }
            let keyword = walk.text(s)
            var p: Int
            var typeName: String?
            var parameters: [GenericParameter] = []
            switch keyword {
            case "class", "struct", "enum", "actor":
                guard walk.isIdentifier(s + 1), !TokenWalk.declarationKeywords.contains(walk.text(s + 1)) else { continue }
                typeName = walk.text(s + 1)
                p = s + 2
            case "func":
                p = s + 2
            case "init", "subscript":
                p = s + 1
                if walk.isPunctuation(p, "?") || walk.isPunctuation(p, "!") { p += 1 }
            case "extension":
                guard let index, let extended = DeclaredClass.typeName(walk, at: s + 1) else { continue }
                parameters = index.genericTypes[extended.name.components(separatedBy: ".").last ?? ""] ?? []
                p = extended.end + 1
            default:
                continue
            }
            if walk.isPunctuation(p, "<"), let close = walk.matching(p) {
                parameters += genericParameters(walk, p, close)
                p = close + 1
            }
            // On to the body, reading a `where` clause; a requirement without a body has none.
            var open = p
            var whereClause: Int?
            while open < walk.significant.count, !walk.isPunctuation(open, "{") {
                if walk.isPunctuation(open, "(") || walk.isPunctuation(open, "[") {
                    open = (walk.matching(open) ?? walk.significant.count) + 1
                    continue
                }
                if walk.isPunctuation(open, "}") || walk.isPunctuation(open, ";")
                    || (open > p && walk.isIdentifier(open) && ["func", "var", "let", "init", "class", "struct", "enum", "case",
                                                               "subscript", "typealias", "associatedtype", "protocol"].contains(walk.text(open))) {
                    break
                }
                if walk.isIdentifier(open, "where") { whereClause = open }
                open += 1
            }
            guard walk.isPunctuation(open, "{"), let close = walk.matching(open) else { continue }
            if let whereClause {
                // An extension's `where Element: UIView` constrains a parameter of a type port may not know.
                if keyword == "extension" {
                    for piece in pieces(walk, whereClause + 1, open) where piece.count > 2 && walk.isIdentifier(piece[0]) && walk.isPunctuation(piece[1], ":")
                        && walk.text(piece[0]) != "Self" && !parameters.contains(where: { $0.name == walk.text(piece[0]) }) {
                        parameters.append(GenericParameter(name: walk.text(piece[0]), constraints: []))
                    }
                }
                addRequirements(walk, whereClause + 1, open, to: &parameters)
            }
            guard !parameters.isEmpty else { continue }
            scopes.append(GenericScope(body: open...close, parameters: parameters, typeName: typeName))
        }
        return scopes
    }

    /// `<A: X, B: Y & Z, C>` between `open` and `close`.
    private static func genericParameters(_ walk: TokenWalk, _ open: Int, _ close: Int) -> [GenericParameter] {
        var parameters: [GenericParameter] = []
        for piece in pieces(walk, open + 1, close) {
            guard let first = piece.first, walk.isIdentifier(first) else { continue }
            var parameter = GenericParameter(name: walk.text(first), constraints: [])
            if piece.count > 1, walk.isPunctuation(piece[1], ":") { parameter.constraints = constraintNames(walk, Array(piece.dropFirst(2))) }
            parameters.append(parameter)
        }
        return parameters
    }

    /// A `where` clause's `P: X & Y` requirements (from `start` to `end`) added to `parameters`.
    private static func addRequirements(_ walk: TokenWalk, _ start: Int, _ end: Int, to parameters: inout [GenericParameter]) {
        for piece in pieces(walk, start, end) {
            guard piece.count > 2, walk.isIdentifier(piece[0]), walk.isPunctuation(piece[1], ":"),
                  let i = parameters.firstIndex(where: { $0.name == walk.text(piece[0]) }) else { continue }
            parameters[i].constraints += constraintNames(walk, Array(piece.dropFirst(2)))
        }
    }

    /// The significant indices from `start` to `end` (exclusive), split at commas outside brackets.
    private static func pieces(_ walk: TokenWalk, _ start: Int, _ end: Int) -> [[Int]] {
        var pieces: [[Int]] = [[]]
        var depth = 0
        for s in start..<max(start, end) {
            if walk.kind(s) == .punctuation {
                switch walk.text(s) {
                case "(", "[", "<": depth += 1
                case ")", "]": depth -= 1
                case ">" where !walk.isPunctuation(s - 1, "-"): depth -= 1
                case "," where depth == 0:
                    pieces.append([])
                    continue
                default: break
                }
            }
            pieces[pieces.count - 1].append(s)
        }
        return pieces.filter { !$0.isEmpty }
    }

    /// The type names of a constraint (`UIView & Themed`, `Eureka.BaseCell`).
    private static func constraintNames(_ walk: TokenWalk, _ tokens: [Int]) -> [String] {
        var names: [String] = []
        var i = 0
        while i < tokens.count {
            if let type = DeclaredClass.typeName(walk, at: tokens[i]) {
                names.append(type.name)
                i = (tokens.firstIndex(of: type.end) ?? i) + 1
            } else {
                i += 1
            }
        }
        return names
    }
}

extension SourceRewriter {
    /// Labels that make a call through a metatype value (`cellClass.init(style:reuseIdentifier:)`)
    /// one of UIKit's: the value's type is unknown to port, so `init()` and any other labels are left.
    static let metatypeValueInitializers: Set<MetatypeInitializer> = [.frame, .nib, .cellStyle, .reuseIdentifier]

    /// Rewrites each construction through a metatype of a UIKit class into its `_metatypeInit`: a
    /// generic parameter constrained to a UIKit view or view controller class (or a class of the
    /// sources descending from one) called with one of its family's initializers (`P(frame: r)`,
    /// `P.init(nibName: n, bundle: b)`, `P()`), and a metatype value, a lower-case name or
    /// `type(of: x)` written `x.init(…)` with one of UIKit's labels. A class named outright is left.
    mutating func rewriteMetatypeConstructions() {
        let scopes = GenericScope.find(in: walk, index: index)
        var s = 0
        while s + 1 < walk.significant.count {
            defer { s += 1 }
            guard walk.kind(s) == .identifier else { continue }
            let name = walk.text(s)
            if name == "init", s >= 2, walk.isPunctuation(s - 1, "."), walk.isPunctuation(s + 1, "("), let close = walk.matching(s + 1),
               adjacent(s - 2, s - 1), let labels = callLabels(s + 1, close) {
                // `receiver.init(…)`: a metatype value, or a generic parameter's `P.init` / `P.self.init`.
                // `self.init(…)` and `super.init(…)` delegate; `x.self.init(…)` is `x.init(…)`.
                var receiver = s - 2
                if walk.isIdentifier(receiver, "self") || walk.isIdentifier(receiver, "super") {
                    guard receiver >= 2, walk.isPunctuation(receiver - 1, "."), adjacent(receiver - 2, receiver - 1) else { continue }
                    receiver -= 2
                }
                guard let hook = MetatypeInitializer(rawValue: labels) else { continue }
                if let bound = genericBound(of: receiver, in: scopes) {
                    guard bound.rewrites(hook) else { continue }
                } else if walk.isIdentifier(receiver) && !SourceRewriter.isTypeName(walk.text(receiver)) && !walk.isIdentifier(receiver, "self")
                            || walk.isPunctuation(receiver, ")") && isTypeOf(closingAt: receiver) {
                    guard Self.metatypeValueInitializers.contains(hook) else { continue }
                } else {
                    continue
                }
                replace(walk.byteRange(s, through: s), with: "_metatypeInit", .metatypeInit, line: walk.line(s))
            } else if walk.isPunctuation(s + 1, "("), !(s > 0 && walk.isPunctuation(s - 1, ".")), let bound = genericBound(of: s, in: scopes),
                      let close = walk.matching(s + 1), let labels = callLabels(s + 1, close),
                      let hook = MetatypeInitializer(rawValue: labels), bound.rewrites(hook) {
                // `P(…)`, where P is a generic parameter.
                replace(walk.byteRange(s, through: s), with: name + "._metatypeInit", .metatypeInit, line: walk.line(s))
            }
        }
    }

    /// The initializers of the class that bounds the generic parameter named at `s`, when one in
    /// scope there is constrained to a UIKit class (the innermost declaration of the name wins).
    private func genericBound(of s: Int, in scopes: [GenericScope]) -> ClassInitializers? {
        guard walk.isIdentifier(s) else { return nil }
        let name = walk.text(s)
        var best: (size: Int, parameter: GenericParameter)?
        for scope in scopes where scope.body.contains(s) {
            guard let parameter = scope.parameters.last(where: { $0.name == name }) else { continue }
            if best == nil || scope.body.count < best!.size { best = (scope.body.count, parameter) }
        }
        guard let parameter = best?.parameter else { return nil }
        return index.initializers(constrainedTo: parameter.constraints)
    }

    /// Whether significant tokens `a` and `b` touch (`cellClass.init`, not `return .init`).
    private func adjacent(_ a: Int, _ b: Int) -> Bool {
        a >= 0 && walk.tokens[walk.significant[a]].range.upperBound == walk.tokens[walk.significant[b]].range.lowerBound
    }

    /// Whether the `)` at `close` ends `type(of: …)`.
    private func isTypeOf(closingAt close: Int) -> Bool {
        var open = close - 1
        var depth = 1
        while open >= 0 {
            if walk.isPunctuation(open, ")") { depth += 1 }
            if walk.isPunctuation(open, "(") {
                depth -= 1
                if depth == 0 { break }
            }
            open -= 1
        }
        return open >= 1 && walk.isIdentifier(open - 1, "type") && walk.isIdentifier(open + 1, "of") && walk.isPunctuation(open + 2, ":")
    }

    /// The labels of the call's arguments between `open` and `close` (`frame:`, "" for none), nil
    /// when an argument has none or none follows one (`P.init(frame:)`, a reference, not a call).
    private func callLabels(_ open: Int, _ close: Int) -> String? {
        var labels = ""
        var atArgument = true
        var depth = 0
        var s = open + 1
        while s < close {
            if atArgument {
                guard walk.isIdentifier(s), walk.isPunctuation(s + 1, ":"), s + 2 < close, !walk.isPunctuation(s + 2, ",") else { return nil }
                labels += walk.text(s) + ":"
                atArgument = false
                s += 2
                continue
            }
            if walk.kind(s) == .punctuation {
                switch walk.text(s) {
                case "(", "[", "{": depth += 1
                case ")", "]", "}": depth -= 1
                case "," where depth == 0: atArgument = true
                default: break
                }
            }
            s += 1
        }
        return labels
    }

    /// The `_metatypeInit` overrides for the class `declared` here as `name`, one per initializer of
    /// its family it has and its body does not override yet, with its access, each making the
    /// class itself (a generic one by its bare name, which in its body is itself). `init()` only
    /// when it is the class's own: UIKit's calls the designated hook.
    func metatypeForwarders(forClass name: String, _ declared: DeclaredClass) -> [String] {
        guard let initializers = index.initializers(ofClass: name) else { return [] }
        let type = name.components(separatedBy: ".").last ?? name
        let access = declared.access.map { ["open", "public", "package"].contains($0) ? $0 + " " : "" } ?? ""
        return initializers.family.initializers.compactMap { hook in
            guard initializers.all.contains(hook.rawValue), !declared.hooks.contains(hook.rawValue),
                  hook != .plain || initializers.ownPlain else { return nil }
            return "\(access)override class func _metatypeInit(\(hook.parameters)) -> Self { if self == \(type).self { return \(type)(\(hook.arguments)) as! Self }; "
                + "return super._metatypeInit(\(hook.arguments)) }"
        }
    }
}
