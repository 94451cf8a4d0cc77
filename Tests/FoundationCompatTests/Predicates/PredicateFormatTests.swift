import Foundation
import Testing
@testable import FoundationCompat

/// NSPredicate format strings, with results worked out from Apple's "Predicate Format String
/// Syntax" and "Predicate Programming Guide".
@Suite struct PredicateFormatTests {
    let ann: [String: Any] = ["name": "Anna", "age": 18, "city": "Zürich", "tags": ["a", "b"], "address": ["city": "Paris"]]
    let bob: [String: Any] = ["name": "bob", "age": 17, "city": "Oslo", "tags": [String](), "address": ["city": "Oslo"]]

    @Test func comparisonsWithArgumentsOnDictionaries() {
        let adultA = FoundationCompat.NSPredicate(format: "age >= %d AND name BEGINSWITH[c] %@", 18, "an")
        #expect(adultA.evaluate(with: ann))                 // 18 >= 18, "Anna" begins with "an" ignoring case
        #expect(!adultA.evaluate(with: bob))                // 17 < 18
        #expect(!FoundationCompat.NSPredicate(format: "name BEGINSWITH %@", "an").evaluate(with: ann))   // case counts without [c]
        #expect(FoundationCompat.NSPredicate(format: "age < 18 OR name == 'Anna'").evaluate(with: ann))
        #expect(FoundationCompat.NSPredicate(format: "age = 18 && !(name == \"bob\")").evaluate(with: ann))
        #expect(FoundationCompat.NSPredicate(format: "age != 18").evaluate(with: bob))
        #expect(FoundationCompat.NSPredicate(format: "age <> 18").evaluate(with: bob))
        #expect(FoundationCompat.NSPredicate(format: "age =< 17 AND age => 17").evaluate(with: bob))
        #expect(FoundationCompat.NSPredicate(format: "%K > %f", "age", 17.5).evaluate(with: ann))
        #expect(FoundationCompat.NSPredicate(format: "address.city == 'Paris'").evaluate(with: ann))
        #expect(FoundationCompat.NSPredicate(format: "age BETWEEN {17, 18}").evaluate(with: bob))
        #expect(FoundationCompat.NSPredicate(format: "age IN %@", [16, 17]).evaluate(with: bob))
        #expect(FoundationCompat.NSPredicate(format: "tags CONTAINS 'b'").evaluate(with: ann))
        #expect(FoundationCompat.NSPredicate(format: "ANY tags == 'a'").evaluate(with: ann))
        #expect(FoundationCompat.NSPredicate(format: "NONE tags == 'a'").evaluate(with: bob))
        #expect(FoundationCompat.NSPredicate(format: "tags.@count == 2").evaluate(with: ann))
        #expect(FoundationCompat.NSPredicate(format: "missing == nil").evaluate(with: ann))
        #expect(FoundationCompat.NSPredicate(format: "TRUEPREDICATE").evaluate(with: nil))
        #expect(!FoundationCompat.NSPredicate(format: "FALSEPREDICATE").evaluate(with: nil))
    }

    @Test func stringOptionsAndOperators() {
        #expect(FoundationCompat.NSPredicate(format: "city ==[cd] 'zurich'").evaluate(with: ann))     // ü ~ u with [d], Z ~ z with [c]
        #expect(!FoundationCompat.NSPredicate(format: "city ==[c] 'zurich'").evaluate(with: ann))
        #expect(FoundationCompat.NSPredicate(format: "city ENDSWITH 'ich'").evaluate(with: ann))
        #expect(FoundationCompat.NSPredicate(format: "city CONTAINS[c] 'RIC'").evaluate(with: ann))
        #expect(FoundationCompat.NSPredicate(format: "name LIKE 'A*a'").evaluate(with: ann))
        #expect(FoundationCompat.NSPredicate(format: "name LIKE 'b?b'").evaluate(with: bob))
        #expect(!FoundationCompat.NSPredicate(format: "name LIKE 'b?'").evaluate(with: bob))
        #expect(FoundationCompat.NSPredicate(format: "'nn' IN name").evaluate(with: ann))
        #expect(FoundationCompat.NSPredicate(format: "name > 'Anna'").evaluate(with: bob))          // "b" (98) after "A" (65)
    }

    /// MATCHES is anchored to the whole string, as ICU's `matches()`: "abc" does not match "b",
    /// and an alternative matching a prefix only ("a" of "ab") does not count.
    @Test func matchesIsAnchoredToTheWholeString() {
        let regex = FoundationCompat.NSPredicate(format: "SELF MATCHES %@", "[a-z]+[0-9]")
        #expect(regex.evaluate(with: "abc1"))
        #expect(!regex.evaluate(with: "abc1 "))
        #expect(!regex.evaluate(with: "Xabc1"))
        #expect(!FoundationCompat.NSPredicate(format: "SELF MATCHES 'b'").evaluate(with: "abc"))
        #expect(FoundationCompat.NSPredicate(format: "SELF MATCHES %@", "a|ab").evaluate(with: "ab"))
        #expect(FoundationCompat.NSPredicate(format: "SELF MATCHES[c] %@", "ABC").evaluate(with: "abc"))
        #expect(!FoundationCompat.NSPredicate(format: "SELF MATCHES %@", "abc").evaluate(with: 3))
    }

    /// Eureka's conditions: `$tag` variables from the form's values, found again through the
    /// comparison's expressions.
    @Test func substitutionVariablesAsEurekaUsesThem() throws {
        let hidden = FoundationCompat.NSPredicate(format: "$switchRowTag == false")
        #expect(hidden.evaluate(with: nil, substitutionVariables: ["switchRowTag": false]))
        #expect(!hidden.evaluate(with: nil, substitutionVariables: ["switchRowTag": true]))
        #expect(hidden.evaluate(with: nil, substitutionVariables: ["switchRowTag": NSNumber(value: 0)]))
        let comparison = try #require(hidden as? FoundationCompat.NSComparisonPredicate)
        #expect(comparison.leftExpression.expressionType == .variable)
        #expect("\(comparison.leftExpression)" == "$switchRowTag")
        #expect(comparison.rightExpression.expressionType == .constantValue)
        #expect(comparison.predicateOperatorType == .equalTo)
        #expect(hidden.predicateFormat == "$switchRowTag == 0")

        let both = FoundationCompat.NSPredicate(format: "$a.value == 'x' OR NOT ($b != nil)")
        let compound = try #require(both as? NSCompoundPredicate)
        #expect(compound.compoundPredicateType == .or)
        let first = try #require(compound.subpredicates[0] as? FoundationCompat.NSComparisonPredicate)
        #expect(first.leftExpression.expressionType == .function)
        #expect("\(first.leftExpression)" == "$a.value")
        #expect(both.evaluate(with: nil, substitutionVariables: ["a": ["value": "x"], "b": NSNull()]))
        #expect(!both.evaluate(with: nil, substitutionVariables: ["a": ["value": "y"], "b": 1]))
        #expect(both.evaluate(with: nil, substitutionVariables: ["a": ["value": "y"], "b": NSNull()]))

        let bound = FoundationCompat.NSPredicate(format: "age > $minimum").withSubstitutionVariables(["minimum": 17])
        #expect(bound.evaluate(with: ann) && !bound.evaluate(with: bob))
        #expect(bound.predicateFormat == "age > 17")
    }

    @Test func formatsAreWrittenBackAsApplesAre() {
        #expect(FoundationCompat.NSPredicate(format: "name BEGINSWITH[c] %@", "an").predicateFormat == "name BEGINSWITH[c] \"an\"")
        #expect(FoundationCompat.NSPredicate(format: "ANY tags IN {1, 2}").predicateFormat == "ANY tags IN {1, 2}")
        #expect(FoundationCompat.NSPredicate(format: "SELF == nil").predicateFormat == "SELF == nil")
    }

    @Test func whatItCannotReadIsSaidAndBounded() {
        #expect(throws: PredicateFormatError.self) { try PredicateFormat.predicate(format: "age >=", argumentArray: nil) }
        #expect(throws: PredicateFormatError.self) { try PredicateFormat.predicate(format: "age >= %d", argumentArray: []) }
        #expect(throws: PredicateFormatError.self) { try PredicateFormat.predicate(format: "name == 'open", argumentArray: nil) }
        #expect(throws: PredicateFormatError.self) { try PredicateFormat.predicate(format: "(a == 1", argumentArray: nil) }
        #expect(throws: PredicateFormatError.self) { try PredicateFormat.predicate(format: "a == 1 b", argumentArray: nil) }
        let deep = String(repeating: "(", count: 100) + "a == 1" + String(repeating: ")", count: 100)
        #expect(throws: PredicateFormatError.self) { try PredicateFormat.predicate(format: deep, argumentArray: nil) }
        let long = String(repeating: "a == 1 AND ", count: 1000) + "a == 1"
        #expect(throws: PredicateFormatError.self) { try PredicateFormat.predicate(format: long, argumentArray: nil) }
        do {
            _ = try PredicateFormat.predicate(format: "age >=", argumentArray: nil)
        } catch {
            #expect("\(error)".hasPrefix("Unable to parse the format string \"age >=\""))
        }
        // At the limits: 64 levels and 10 000 characters still read.
        let nested = String(repeating: "(", count: 30) + "a == 1" + String(repeating: ")", count: 30)
        #expect((try? PredicateFormat.predicate(format: nested, argumentArray: nil))?.evaluate(with: ["a": 1]) == true)
    }
}
