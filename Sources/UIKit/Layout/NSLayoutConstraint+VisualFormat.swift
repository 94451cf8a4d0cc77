import Foundation
import Support

// Auto Layout's visual format language, as `NSLayoutConstraint.constraints(withVisualFormat:
// options:metrics:views:)` reads it (Apple's Auto Layout Guide, "Visual Format Language", its
// grammar):
//
//   format      (H|V:)? (| connection)? view (connection view)* (connection |)?
//   view        [name (predicates)?]
//   connection  nothing (flush) | - (standard space) | -predicate- | -(predicates)-
//   predicates  predicate (, predicate)*
//   predicate   (==|<=|>=)? (number | metric | view name) (@ (number | metric))?
//
// The standard space is 8 points between sibling views and 20 between a view and its
// superview's edge. A format that does not parse stops the app with UIKit's message ("Unable to
// parse constraint format: …", the format and a caret under the place), as UIKit's exception does.

extension NSLayoutConstraint {
    /// What `constraints(withVisualFormat:options:metrics:views:)` adds: alignment of the views
    /// across the format's direction, and the direction it reads in, as UIKit's
    /// `NSLayoutConstraint.FormatOptions` (the raw values are UIKit's: an alignment is one bit
    /// shifted by its attribute's raw value).
    public struct FormatOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let alignAllLeft = FormatOptions(rawValue: 1 << 1)
        public static let alignAllRight = FormatOptions(rawValue: 1 << 2)
        public static let alignAllTop = FormatOptions(rawValue: 1 << 3)
        public static let alignAllBottom = FormatOptions(rawValue: 1 << 4)
        public static let alignAllLeading = FormatOptions(rawValue: 1 << 5)
        public static let alignAllTrailing = FormatOptions(rawValue: 1 << 6)
        public static let alignAllCenterX = FormatOptions(rawValue: 1 << 9)
        public static let alignAllCenterY = FormatOptions(rawValue: 1 << 10)
        public static let alignAllLastBaseline = FormatOptions(rawValue: 1 << 11)
        public static let alignAllFirstBaseline = FormatOptions(rawValue: 1 << 12)
        public static let alignAllBaseline = alignAllLastBaseline
        public static let alignmentMask = FormatOptions(rawValue: 0xFFFF)
        /// Leading to trailing: the default (no bit).
        public static let directionLeadingToTrailing = FormatOptions([])
        public static let directionLeftToRight = FormatOptions(rawValue: 1 << 16)
        public static let directionRightToLeft = FormatOptions(rawValue: 2 << 16)
        public static let directionMask = FormatOptions(rawValue: 0x3 << 16)
        public static let spacingEdgeToEdge = FormatOptions([])
        public static let spacingBaselineToBaseline = FormatOptions(rawValue: 1 << 19)
        public static let spacingMask = FormatOptions(rawValue: 1 << 19)
    }

    /// The constraints a visual format describes, inactive, as UIKit makes them: spacing between
    /// neighbours (`b.leading == a.trailing + 8` for "[a]-[b]"), to the superview's edges
    /// (`a.leading == superview.leading + 20` for "|-[a]", `superview.trailing == a.trailing`
    /// for "[a]|"), sizes ("[a(>=50@750)]", "[b(==a)]") and, with `options`, the alignment of
    /// each view with the one before. Metrics and views are looked up by name.
    public class func constraints(withVisualFormat format: String, options opts: FormatOptions = [],
                                  metrics: [String: Any]?, views: [String: Any]) -> [NSLayoutConstraint] {
        do {
            return try VisualFormat(format, metrics: metrics ?? [:], views: views).constraints(options: opts)
        } catch {
            fatalError(error.description)
        }
    }
}

/// A visual format that does not parse, or names what it cannot use, with UIKit's message.
struct VisualFormatError: Error, CustomStringConvertible, Equatable {
    var reason: String
    var format: String
    /// The offset, in characters, the caret points at.
    var position: Int

    var description: String {
        "Unable to parse constraint format: \n\(reason) \n\(format) \n\(String(repeating: " ", count: position))^"
    }
}

/// One visual format, parsed.
@MainActor
struct VisualFormat {
    enum Relation { case equal, lessOrEqual, greaterOrEqual }

    struct Predicate {
        var relation = Relation.equal
        enum Object { case constant(CGFloat), view(String) }
        var object: Object
        var priority: UILayoutPriority = .required
        /// Where the predicate starts, for errors.
        var position: Int
    }

    enum Connection {
        /// Views flush against each other.
        case flush
        /// The standard space.
        case standard
        case predicates([Predicate])
    }

    struct Item {
        var name: String
        var predicates: [Predicate]
        var position: Int
    }

    let text: [Character]
    let format: String
    let metrics: [String: Any]
    let views: [String: Any]
    var vertical = false
    var leadingEdge: Connection?
    var items: [Item] = []
    /// The connection before each item but the first.
    var gaps: [Connection] = []
    var trailingEdge: Connection?
    private var index = 0

    init(_ format: String, metrics: [String: Any], views: [String: Any]) throws(VisualFormatError) {
        self.format = format
        text = Array(format)
        self.metrics = metrics
        self.views = views
        try parse()
    }

    // MARK: Parsing

    private func fail(_ reason: String, at position: Int? = nil) -> VisualFormatError {
        VisualFormatError(reason: reason, format: format, position: position ?? index)
    }

    private var current: Character? { index < text.count ? text[index] : nil }

    private mutating func skipSpaces() {
        while let c = current, c == " " { index += 1 }
    }

    private mutating func take(_ c: Character) -> Bool {
        skipSpaces()
        guard current == c else { return false }
        index += 1
        return true
    }

    private mutating func parse() throws(VisualFormatError) {
        skipSpaces()
        if let c = current, c == "H" || c == "V", index + 1 < text.count, text[index + 1] == ":" || !Self.isNameCharacter(text[index + 1]) {
            guard text[index + 1] == ":" else {
                throw fail("Expected ':' after '\(c)' to specify \(c == "V" ? "vertical" : "horizontal") arrangement", at: index + 1)
            }
            vertical = c == "V"
            index += 2
        }
        if take("|") { leadingEdge = try connection(beforeView: true) }
        repeat {
            items.append(try view())
            skipSpaces()
            if current == "[" || current == "-" {
                let gap = try connection(beforeView: false)
                skipSpaces()
                if current == "[" {
                    gaps.append(gap)
                } else if take("|") {
                    trailingEdge = gap
                    break
                } else {
                    throw fail("Expected a view")
                }
            } else if take("|") {
                trailingEdge = .flush
                break
            } else {
                break
            }
        } while true
        skipSpaces()
        if current != nil { throw fail(items.isEmpty ? "Expected a view" : "Expected '-' or '|' or '[' or the end") }
    }

    /// A connection: nothing (flush) when a view follows at once, "-" (standard), "-n-" or
    /// "-(predicates)-". At the leading edge the connection ends at the first view.
    private mutating func connection(beforeView: Bool) throws(VisualFormatError) -> Connection {
        skipSpaces()
        guard take("-") else { return .flush }
        skipSpaces()
        if current == "[" || current == "|" { return .standard }
        let predicates: [Predicate]
        if take("(") {
            predicates = try predicateList(inView: false)
            guard take(")") else { throw fail("Expected ')' to end a predicate list") }
        } else {
            predicates = [try predicate(inView: false)]
        }
        guard take("-") else { throw fail("Expected '-' after a spacing predicate") }
        return .predicates(predicates)
    }

    private mutating func view() throws(VisualFormatError) -> Item {
        skipSpaces()
        let start = index
        guard take("[") else { throw fail("Expected a view") }
        skipSpaces()
        let nameStart = index
        let name = identifier()
        guard !name.isEmpty else { throw fail("Expected a view name") }
        guard views[name] is UIView else { throw fail("\(name) is not a key in the views dictionary.", at: nameStart) }
        var predicates: [Predicate] = []
        if take("(") {
            predicates = try predicateList(inView: true)
            guard take(")") else { throw fail("Expected ')' to end a predicate list") }
        }
        guard take("]") else { throw fail("Expected ']'") }
        return Item(name: name, predicates: predicates, position: start)
    }

    private mutating func predicateList(inView: Bool) throws(VisualFormatError) -> [Predicate] {
        var list = [try predicate(inView: inView)]
        while take(",") { list.append(try predicate(inView: inView)) }
        return list
    }

    private mutating func predicate(inView: Bool) throws(VisualFormatError) -> Predicate {
        skipSpaces()
        let start = index
        var relation = Relation.equal
        for (symbol, value) in [("==", Relation.equal), ("<=", .lessOrEqual), (">=", .greaterOrEqual)]
        where index + 1 < text.count && String(text[index...index + 1]) == symbol {
            relation = value
            index += 2
            break
        }
        skipSpaces()
        let objectStart = index
        let object: Predicate.Object
        if let number = number() {
            object = .constant(number)
        } else {
            let name = identifier()
            guard !name.isEmpty else { throw fail("Expected a number, a metric or a view name", at: objectStart) }
            if let value = metric(name) {
                object = .constant(value)
            } else if inView, views[name] is UIView {
                object = .view(name)
            } else {
                throw fail("\(name) is not a key in the \(inView ? "views or metrics" : "metrics") dictionary.", at: objectStart)
            }
        }
        var priority = UILayoutPriority.required
        if take("@") {
            skipSpaces()
            let priorityStart = index
            if let number = number() {
                priority = UILayoutPriority(Float(number))
            } else {
                let name = identifier()
                guard let value = metric(name) else { throw fail("Expected a number or a metric for the priority", at: priorityStart) }
                priority = UILayoutPriority(Float(value))
            }
            guard priority.rawValue > 0, priority.rawValue <= 1000 else {
                throw fail("Priorities must be greater than 0 and at most 1000", at: priorityStart)
            }
        }
        return Predicate(relation: relation, object: object, priority: priority, position: start)
    }

    private static func isNameCharacter(_ c: Character) -> Bool { c == "_" || c.isLetter || c.isNumber }

    private mutating func identifier() -> String {
        guard let c = current, c == "_" || c.isLetter else { return "" }
        let start = index
        while let c = current, Self.isNameCharacter(c) { index += 1 }
        return String(text[start..<index])
    }

    /// A number: digits with an optional sign and fraction.
    private mutating func number() -> CGFloat? {
        let start = index
        if current == "-" || current == "+" { index += 1 }
        var digits = 0
        while let c = current, c.isNumber || c == "." { index += 1; digits += 1 }
        guard digits > 0, let value = Double(String(text[start..<index])) else {
            index = start
            return nil
        }
        return CGFloat(value)
    }

    private func metric(_ name: String) -> CGFloat? { CGFloat(number: metrics[name]) }

    // MARK: Constraints

    func constraints(options: NSLayoutConstraint.FormatOptions) throws(VisualFormatError) -> [NSLayoutConstraint] {
        let views = items.map { self.views[$0.name] as! UIView }
        var made: [NSLayoutConstraint] = []
        func add(_ first: AnyObject, _ a1: NSLayoutConstraint.Attribute, _ relation: Relation, _ second: AnyObject?,
                 _ a2: NSLayoutConstraint.Attribute, _ constant: CGFloat, _ priority: UILayoutPriority) {
            let r: NSLayoutConstraint.Relation = switch relation {
            case .equal: .equal
            case .lessOrEqual: .lessThanOrEqual
            case .greaterOrEqual: .greaterThanOrEqual
            }
            let constraint = NSLayoutConstraint(item: first, attribute: a1, relatedBy: r, toItem: second,
                                                attribute: second == nil ? .notAnAttribute : a2, multiplier: 1, constant: constant)
            constraint.priority = priority
            made.append(constraint)
        }
        // The edges a view starts and ends at along the format, and whether the format runs
        // against them (right to left).
        let direction = options.intersection(.directionMask)
        let (start, end): (NSLayoutConstraint.Attribute, NSLayoutConstraint.Attribute) =
            vertical ? (.top, .bottom)
            : direction == .directionLeftToRight ? (.left, .right)
            : direction == .directionRightToLeft ? (.right, .left)
            : (.leading, .trailing)
        let reversed = !vertical && direction == .directionRightToLeft
        let size: NSLayoutConstraint.Attribute = vertical ? .height : .width

        // Sizes.
        for (item, view) in zip(items, views) {
            for p in item.predicates {
                switch p.object {
                case .constant(let c): add(view, size, p.relation, nil, .notAnAttribute, c, p.priority)
                case .view(let name): add(view, size, p.relation, self.views[name] as! UIView, size, 0, p.priority)
                }
            }
        }
        // A gap of `connection` from `before` to `after` along the format: after.start relation
        // before.end + c (right to left: before.end relation after.start + c, as `end` is then
        // the left edge).
        func gap(_ connection: Connection, from before: AnyObject, _ beforeEnd: NSLayoutConstraint.Attribute,
                 to after: AnyObject, _ afterStart: NSLayoutConstraint.Attribute, standard: CGFloat) throws(VisualFormatError) {
            let predicates: [Predicate] = switch connection {
            case .flush: [Predicate(object: .constant(0), position: 0)]
            case .standard: [Predicate(object: .constant(standard), position: 0)]
            case .predicates(let list): list
            }
            for p in predicates {
                guard case .constant(let c) = p.object else { throw fail("A spacing predicate cannot name a view", at: p.position) }
                if reversed {
                    add(before, beforeEnd, p.relation, after, afterStart, c, p.priority)
                } else {
                    add(after, afterStart, p.relation, before, beforeEnd, c, p.priority)
                }
            }
        }
        if leadingEdge != nil || trailingEdge != nil {
            guard let superview = views.first?.superview else {
                throw fail("Unable to interpret '|' character, because the related view doesn't have a superview",
                           at: leadingEdge != nil ? format.distance(from: format.startIndex, to: format.firstIndex(of: "|")!) : format.count - 1)
            }
            if let leadingEdge { try gap(leadingEdge, from: superview, start, to: views[0], start, standard: 20) }
            if let trailingEdge { try gap(trailingEdge, from: views[views.count - 1], end, to: superview, end, standard: 20) }
        }
        for (index, connection) in gaps.enumerated() {
            try gap(connection, from: views[index], end, to: views[index + 1], start, standard: 8)
        }
        // Alignment across the format: between consecutive views, so a format of one view has
        // nothing to align and its options are not checked (Eureka's field rows pass
        // `.alignAllLastBaseline` with "V:|-[textField]-|", which iOS accepts).
        let alignment = options.intersection(.alignmentMask)
        if !alignment.isEmpty, views.count > 1 {
            let attributes = NSLayoutConstraint.Attribute.allCases.filter {
                $0 != .notAnAttribute && $0.rawValue < 16 && alignment.contains(.init(rawValue: 1 << UInt($0.rawValue)))
            }
            for attribute in attributes where attribute.isHorizontal != vertical {
                let kind = attribute.isHorizontal ? "horizontal" : "vertical"
                throw fail("Options mask required views to be aligned on a \(kind) edge, which is not allowed for layout that is also \(kind).", at: 0)
            }
            for (before, after) in zip(views, views.dropFirst()) {
                for attribute in attributes { add(after, attribute, .equal, before, attribute, 0, .required) }
            }
        }
        return made
    }
}
