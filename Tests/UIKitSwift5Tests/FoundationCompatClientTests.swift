// Eureka's predicate and formatter code and MessageKit's data detection, in Swift 5, as
// `uisim port` leaves them (SourceRewriterTests checks these rewrites): `FoundationCompat.` before
// what Foundation on Linux declares unavailable, `ObjectValueFormatter` for a formatter's
// getObjectValue, `(string: "")` in an empty attributed string. Everything else as the libraries
// write it, against `import UIKit` alone.
import XCTest
import UIKit

/// Eureka's DecimalFormatter (Rows/Common/DecimalFormatter.swift), after port.
open class EurekaStyleDecimalFormatter: NumberFormatter, ObjectValueFormatter {
    public override init() {
        super.init()
        locale = Locale(identifier: "en_US")
        numberStyle = .decimal
        minimumFractionDigits = 2
        maximumFractionDigits = 2
    }

    required public init?(coder aDecoder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    open func getObjectValue(_ obj: AutoreleasingUnsafeMutablePointer<AnyObject?>?, for string: String, range rangep: UnsafeMutablePointer<NSRange>?) throws {
        guard obj != nil else { return }
        let str = string.components(separatedBy: CharacterSet.decimalDigits.inverted).joined(separator: "")
        obj?.pointee = NSNumber(value: (Double(str) ?? 0.0) / Double(pow(10.0, Double(minimumFractionDigits))))
    }
}

/// Eureka's `Condition` and its Helpers.swift extensions, after port.
enum EurekaStyleCondition: ExpressibleByStringLiteral {
    case function([String], (Any) -> Bool)
    case predicate(NSPredicate)

    init(stringLiteral value: String) {
        self = .predicate(FoundationCompat.NSPredicate(format: value))
    }
}

extension NSPredicate {
    var predicateVars: [String] {
        var ret = [String]()
        if let compoundPredicate = self as? NSCompoundPredicate {
            for subPredicate in compoundPredicate.subpredicates where subPredicate is NSPredicate {
                ret.append(contentsOf: (subPredicate as! NSPredicate).predicateVars)
            }
        } else if let comparisonPredicate = self as? FoundationCompat.NSComparisonPredicate {
            ret.append(contentsOf: comparisonPredicate.leftExpression.expressionVars)
            ret.append(contentsOf: comparisonPredicate.rightExpression.expressionVars)
        }
        return ret
    }
}

extension FoundationCompat.NSExpression {
    var expressionVars: [String] {
        switch expressionType {
        case .function, .variable:
            let str = "\(self)"
            if let range = str.range(of: ".") {
                return [String(str[str.index(str.startIndex, offsetBy: 1)..<range.lowerBound])]
            } else {
                return [String(str[str.index(str.startIndex, offsetBy: 1)...])]
            }
        default:
            return []
        }
    }
}

final class FoundationCompatClientTests: XCTestCase {
    /// FieldRow's textFieldDidChange, with a Double row's slot.
    func testEurekasFormatterReadsThroughErrorDescription() {
        let formatter: Formatter = EurekaStyleDecimalFormatter()
        let unsafePointer = UnsafeMutablePointer<Double>.allocate(capacity: 1)
        defer { unsafePointer.deallocate() }
        let value: AutoreleasingUnsafeMutablePointer<AnyObject?> = AutoreleasingUnsafeMutablePointer<AnyObject?>.init(unsafePointer)
        let errorDesc: AutoreleasingUnsafeMutablePointer<NSString?>? = nil
        XCTAssertTrue(formatter.getObjectValue(value, for: "1,234.5", errorDescription: errorDesc))
        XCTAssertEqual(value.pointee as? Double, 123.45)                  // digits 12345 / 10^2
        XCTAssertEqual(formatter.string(for: 1234.5), "1,234.50")
    }

    /// A row hidden by `"$switchRowTag == false"`: the tags it observes, and its value as the
    /// switch changes (BaseRow.evaluateHidden).
    func testEurekasConditionsFindTheirTagsAndEvaluate() {
        let condition: EurekaStyleCondition = "$switchRowTag == false AND $name.value != nil"
        guard case .predicate(let predicate) = condition else { return XCTFail("a predicate") }
        XCTAssertEqual(predicate.predicateVars, ["switchRowTag", "name"])
        XCTAssertTrue(predicate.evaluate(with: self, substitutionVariables: ["switchRowTag": false, "name": ["value": "Ann"]]))
        XCTAssertFalse(predicate.evaluate(with: self, substitutionVariables: ["switchRowTag": true, "name": ["value": "Ann"]]))
        XCTAssertFalse(predicate.evaluate(with: self, substitutionVariables: ["switchRowTag": false, "name": NSNull()]))
    }

    /// RuleRegExp and RuleURL: `SELF MATCHES` on the whole string.
    func testEurekasRegularExpressionRules() {
        let email = "^[_A-Za-z0-9-+]+(\\.[_A-Za-z0-9-+]+)*@[A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)*(\\.[A-Za-z‌​]{2,})$"
        XCTAssertTrue(FoundationCompat.NSPredicate(format: "SELF MATCHES %@", email).evaluate(with: "ann@example.org"))
        XCTAssertFalse(FoundationCompat.NSPredicate(format: "SELF MATCHES %@", email).evaluate(with: "ann@"))
        XCTAssertFalse(FoundationCompat.NSPredicate(format: "SELF MATCHES %@", "[0-9]+").evaluate(with: "12a"))
    }

    /// DateRow's display value.
    func testEurekasCountDownText() {
        let dateComponents = DateComponents(hour: 1, minute: 5)
        XCTAssertEqual(FoundationCompat.DateComponentsFormatter.localizedString(from: dateComponents, unitsStyle: .full)?.replacingOccurrences(of: ",", with: ""),
                       "1 hour 5 minutes")
    }

    /// MessageLabel's parse(text:): detector types OR-ed, results switched on by type.
    func testMessageKitsDetection() {
        let types: [NSTextCheckingResult.CheckingType] = [.link, .phoneNumber]
        let detectorCheckingTypes = types.reduce(0) { $0 | $1.rawValue }
        let text = NSAttributedString(string: "Mail www.example.com or call 555-123-4567")
        guard let detector = try? NSDataDetector(types: detectorCheckingTypes) else { return XCTFail("a detector") }
        let matches = detector.matches(in: text.string, options: [], range: NSRange(location: 0, length: text.length))
        var links: [URL?] = [], phones: [String?] = []
        for result in matches {
            switch result.resultType {
            case .link: links.append(result.url)
            case .phoneNumber: phones.append(result.phoneNumber)
            default: XCTFail("unexpected \(result.resultType)")
            }
        }
        XCTAssertEqual(links, [URL(string: "http://www.example.com")])
        XCTAssertEqual(phones, ["555-123-4567"])
        let link = NSTextCheckingResult.linkCheckingResult(range: NSRange(location: 0, length: 4), url: URL(string: "https://a.b")!)
        XCTAssertEqual(link.url?.absoluteString, "https://a.b")
        XCTAssertEqual(NSMutableAttributedString(string: "").length, 0)
    }
}
