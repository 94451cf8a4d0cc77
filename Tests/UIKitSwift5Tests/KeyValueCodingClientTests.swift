// Foundation's to-many key-value coding and observing on a library's own NSObject subclass, in
// the shape Eureka's form has (written for this test): the sections live in a private
// NSMutableArray, every change goes through `mutableArrayValue(forKey: "_sections")`, and the
// wrapper observes "_sections" from its init to its deinit, turning each insertion, removal and
// replacement into a delegate call. The wrapper is as `uisim port` leaves it (NSKeyValueObserving
// adopted, `override` dropped from observeValue); the rest is the SDK's spelling.
import Foundation
import XCTest
import UIKit

/// A section of a form: a Swift class equal only to itself.
final class FormSection: Equatable {
    let title: String
    init(_ title: String) { self.title = title }
    static func == (lhs: FormSection, rhs: FormSection) -> Bool { lhs === rhs }
}

/// What a form tells its table.
protocol SectionListDelegate: AnyObject {
    func sectionsHaveBeenAdded(_ sections: [FormSection], at: IndexSet)
    func sectionsHaveBeenRemoved(_ sections: [FormSection], at: IndexSet)
    func sectionsHaveBeenReplaced(oldSections: [FormSection], newSections: [FormSection], at: IndexSet)
}

/// A form whose sections a KVO wrapper keeps, as Eureka's Form does.
final class SectionForm {
    weak var delegate: SectionListDelegate?
    lazy var kvoWrapper: KVOWrapper = { [unowned self] in KVOWrapper(form: self) }()

    var count: Int { return kvoWrapper.sections.count }
    subscript(position: Int) -> FormSection {
        get { return kvoWrapper.sections[position] as! FormSection }
        set { kvoWrapper.sections[position] = newValue }
    }

    func append(_ section: FormSection) {
        kvoWrapper.sections.insert(section, at: kvoWrapper.sections.count)
        kvoWrapper._allSections.append(section)
    }

    func append(contentsOf sections: [FormSection]) {
        kvoWrapper.sections.addObjects(from: sections.map { $0 })
        kvoWrapper._allSections.append(contentsOf: sections)
    }

    func replaceSubrange(_ range: Range<Int>, with sections: [FormSection]) {
        kvoWrapper.sections.replaceObjects(in: NSRange(location: range.lowerBound, length: range.count), withObjectsFrom: sections.map { $0 })
    }

    func remove(_ sections: [FormSection]) {
        kvoWrapper.sections.removeObjects(in: sections)
    }

    func hide(_ section: FormSection) {
        kvoWrapper.sections.remove(section)
    }

    func isShowing(_ section: FormSection) -> Bool {
        return kvoWrapper.sections.contains(section)
    }

    func removeAll() {
        kvoWrapper.sections.removeAllObjects()
        kvoWrapper._allSections.removeAll()
    }

    class KVOWrapper: NSObject, NSKeyValueObserving {
        private var _sections = NSMutableArray()
        var sections: NSMutableArray { return mutableArrayValue(forKey: "_sections") }
        var _allSections = [FormSection]()
        private weak var form: SectionForm?

        init(form: SectionForm) {
            self.form = form
            super.init()
            addObserver(self, forKeyPath: "_sections", options: [.new, .old], context: nil)
        }

        deinit {
            removeObserver(self, forKeyPath: "_sections")
            _sections.removeAllObjects()
            _allSections.removeAll()
        }

        func removeAllSections() {
            _sections = []
        }

        public func observeValue(forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey : Any]?, context: UnsafeMutableRawPointer?) {
            let newSections = change?[NSKeyValueChangeKey.newKey] as? [FormSection] ?? []
            let oldSections = change?[NSKeyValueChangeKey.oldKey] as? [FormSection] ?? []
            guard let delegateValue = form?.delegate, let keyPathValue = keyPath, let changeType = change?[NSKeyValueChangeKey.kindKey] else { return }
            guard keyPathValue == "_sections" else { return }
            switch (changeType as! NSNumber).uintValue {
            case NSKeyValueChange.setting.rawValue:
                let indexSet = change![NSKeyValueChangeKey.indexesKey] as? IndexSet ?? IndexSet(integer: 0)
                delegateValue.sectionsHaveBeenAdded(newSections, at: indexSet)
            case NSKeyValueChange.insertion.rawValue:
                let indexSet = change![NSKeyValueChangeKey.indexesKey] as! IndexSet
                delegateValue.sectionsHaveBeenAdded(newSections, at: indexSet)
            case NSKeyValueChange.removal.rawValue:
                let indexSet = change![NSKeyValueChangeKey.indexesKey] as! IndexSet
                delegateValue.sectionsHaveBeenRemoved(oldSections, at: indexSet)
            case NSKeyValueChange.replacement.rawValue:
                let indexSet = change![NSKeyValueChangeKey.indexesKey] as! IndexSet
                delegateValue.sectionsHaveBeenReplaced(oldSections: oldSections, newSections: newSections, at: indexSet)
            default:
                assertionFailure()
            }
        }
    }
}

/// The delegate's calls, written as "added b,c at 1,2".
final class SectionLog: SectionListDelegate {
    var lines: [String] = []

    private func line(_ verb: String, _ sections: [FormSection], _ indexes: IndexSet) -> String {
        return "\(verb) \(sections.map { $0.title }.joined(separator: ",")) at \(indexes.map(String.init).joined(separator: ","))"
    }

    func sectionsHaveBeenAdded(_ sections: [FormSection], at: IndexSet) { lines.append(line("added", sections, at)) }
    func sectionsHaveBeenRemoved(_ sections: [FormSection], at: IndexSet) { lines.append(line("removed", sections, at)) }
    func sectionsHaveBeenReplaced(oldSections: [FormSection], newSections: [FormSection], at: IndexSet) {
        lines.append(line("replaced \(oldSections.map { $0.title }.joined(separator: ",")) with", newSections, at))
    }
}

final class KeyValueCodingClientTests: XCTestCase {
    func testAFormsSectionsAreToldToItsDelegateAsOnIOS() {
        let form = SectionForm()
        let log = SectionLog()
        form.delegate = log
        let a = FormSection("a"), b = FormSection("b"), c = FormSection("c")
        form.append(a)
        form.append(contentsOf: [b, c])
        form[1] = FormSection("B")
        form.replaceSubrange(0..<1, with: [FormSection("x"), FormSection("y")])
        XCTAssertEqual(log.lines, [
            "added a at 0",
            "added b at 1", "added c at 2",                     // addObjectsFromArray: one insertion per object
            "replaced b with B at 1",
            "replaced a with x at 0", "added y at 1",           // the shared part replaced, the rest inserted
        ])
        XCTAssertEqual(form.count, 4)
        XCTAssertEqual((0..<form.count).map { form[$0].title }, ["x", "y", "B", "c"])

        // Hiding a section and removing some: found by isEqual, removed from the last.
        log.lines = []
        XCTAssertTrue(form.isShowing(c))
        form.hide(c)
        XCTAssertFalse(form.isShowing(c))
        let x = form[0], bigB = form[2]
        form.remove([x, bigB])
        XCTAssertEqual(log.lines, ["removed c at 3", "removed B at 2", "removed x at 0"])
        XCTAssertEqual(form.count, 1)

        // A plain assignment tells nobody; the proxy then works on the new array.
        log.lines = []
        form.kvoWrapper.removeAllSections()
        XCTAssertEqual(form.count, 0)
        form.append(b)
        form.removeAll()
        XCTAssertEqual(log.lines, ["added b at 0", "removed b at 0"])
    }

    func testTheWrapperRemovesItsObservationWhenItGoes() {
        weak var wrapper: SectionForm.KVOWrapper?
        do {
            let form = SectionForm()
            form.append(FormSection("a"))
            wrapper = form.kvoWrapper
        }
        // Its deinit removed its observation of itself and emptied its sections without a crash.
        XCTAssertNil(wrapper)
    }
}
