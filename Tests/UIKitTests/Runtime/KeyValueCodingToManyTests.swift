import Foundation
import Testing
@testable import UIKit

// Key-value coding's to-many proxy (`mutableArrayValue(forKey:)`) on an app's own NSObject
// subclass, and key-value observing of the changes it makes, as Eureka's form and sections use
// them: each mutation's notifications are iOS's (one change for what Foundation's notifying proxy
// implements, one per object for what NSMutableArray builds on it).

/// An object of a list: a Swift class that is not an NSObject and is equal only to itself, as
/// Eureka's sections and rows are.
private final class Entry: Equatable {
    let name: String
    init(_ name: String) { self.name = name }
    static func == (a: Entry, b: Entry) -> Bool { a === b }
}

/// One notification, as the observer read it from the change dictionary.
private struct Told {
    let kind: UInt
    let indexes: IndexSet?
    let new: [Entry]?
    let old: [Entry]?
    let prior: Bool

    var names: (new: [String]?, old: [String]?) { (new?.map(\.name), old?.map(\.name)) }
}

/// A list kept as Eureka's form keeps its sections (written for these tests, not Eureka's): a
/// private NSMutableArray changed through `mutableArrayValue(forKey:)` and observed by the list
/// itself from its init to its deinit; every notification recorded.
private final class EntryList: NSObject, NSKeyValueObserving {
    nonisolated(unsafe) private var _entries = NSMutableArray()
    var entries: NSMutableArray { mutableArrayValue(forKey: "_entries") }
    /// The array the property holds now, read directly.
    var stored: NSMutableArray { _entries }
    nonisolated(unsafe) var told: [Told] = []
    nonisolated(unsafe) var observing = true

    init(options: NSKeyValueObservingOptions = [.new, .old]) {
        super.init()
        addObserver(self, forKeyPath: "_entries", options: options, context: nil)
    }

    deinit {
        if observing { removeObserver(self, forKeyPath: "_entries") }
        _entries.removeAllObjects()
    }

    /// A plain assignment, which notifies no one (as on iOS: a Swift property's setter is not KVO's).
    func replaceStorage() { _entries = [] }

    func stopObserving() {
        removeObserver(self, forKeyPath: "_entries")
        observing = false
    }

    nonisolated func observeValue(forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
                                  context: UnsafeMutableRawPointer?) {
        guard keyPath == "_entries", let change else { return }
        told.append(Told(kind: (change[.kindKey] as! NSNumber).uintValue, indexes: change[.indexesKey] as? IndexSet,
                         new: change[.newKey] as? [Entry], old: change[.oldKey] as? [Entry],
                         prior: (change[.notificationIsPriorKey] as? NSNumber)?.boolValue == true))
    }
}

/// A list that holds `names`, its notifications so far forgotten.
private func makeList(_ names: String..., options: NSKeyValueObservingOptions = [.new, .old]) -> EntryList {
    let list = EntryList(options: options)
    list.entries.addObjects(from: names.map(Entry.init))
    list.told = []
    return list
}

private func names(_ array: NSArray) -> [String] {
    array.map { ($0 as! Entry).name }
}

@Suite struct KeyValueCodingToManyTests {
    // MARK: Insertions

    @Test func insertingAtTheEndIsAnInsertionOfThatIndex() {
        let list = makeList("a", "b")
        let entry = Entry("c")
        list.entries.insert(entry, at: list.entries.count)
        #expect(list.told.count == 1)
        #expect(list.told[0].kind == NSKeyValueChange.insertion.rawValue && list.told[0].kind == 2)
        #expect(list.told[0].indexes == IndexSet(integer: 2))
        #expect(list.told[0].new?.count == 1 && list.told[0].new?[0] === entry)
        #expect(list.told[0].old == nil && !list.told[0].prior)      // an insertion has no old objects
        #expect(names(list.stored) == ["a", "b", "c"])
        list.entries.add(Entry("d"))
        #expect(list.told.count == 2 && list.told[1].indexes == IndexSet(integer: 3) && list.told[1].names.new == ["d"])
    }

    @Test func addingFromAnArrayIsAnInsertionPerObjectAsOnIOS() {
        // NSMutableArray's addObjectsFromArray: inserts each object at the end in turn, and
        // Foundation's notifying proxy tells each insertion.
        let list = makeList("a")
        list.entries.addObjects(from: [Entry("b"), Entry("c")])
        #expect(list.told.map(\.kind) == [2, 2])
        #expect(list.told.map(\.indexes) == [IndexSet(integer: 1), IndexSet(integer: 2)])
        #expect(list.told.map(\.names.new) == [["b"], ["c"]])
        // Insertion at an index set is the proxy's own: one change, every index.
        list.told = []
        list.entries.insert([Entry("x"), Entry("y")], at: IndexSet([0, 2]))
        #expect(list.told.count == 1)
        #expect(list.told[0].kind == 2 && list.told[0].indexes == IndexSet([0, 2]) && list.told[0].names.new == ["x", "y"])
        #expect(names(list.stored) == ["x", "a", "y", "b", "c"])
    }

    // MARK: Replacements

    @Test func settingBySubscriptIsAReplacementWithTheOldAndNewObjects() {
        let list = makeList("a", "b", "c")
        list.entries[1] = Entry("r")
        #expect(list.told.count == 1)
        #expect(list.told[0].kind == NSKeyValueChange.replacement.rawValue && list.told[0].kind == 4)
        #expect(list.told[0].indexes == IndexSet(integer: 1))
        #expect(list.told[0].names.old == ["b"] && list.told[0].names.new == ["r"])
        // At the end the subscript inserts (setObject:atIndexedSubscript:).
        list.entries[3] = Entry("d")
        #expect(list.told[1].kind == 2 && list.told[1].indexes == IndexSet(integer: 3))
        list.entries.replaceObject(at: 0, with: Entry("q"))
        #expect(list.told[2].kind == 4 && list.told[2].names.old == ["a"] && list.told[2].names.new == ["q"])
        #expect(names(list.stored) == ["q", "r", "c", "d"])
    }

    @Test func replacingARangeReplacesWhatItSharesThenRemovesOrInsertsTheRest() {
        // NSMutableArray's replaceObjectsInRange:withObjectsFromArray:, as Eureka's
        // replaceSubrange calls it: a replacement per object both have, then removals or insertions.
        let list = makeList("a", "b", "c")
        list.entries.replaceObjects(in: NSRange(location: 1, length: 2), withObjectsFrom: [Entry("x")])
        #expect(list.told.map(\.kind) == [4, 3])
        #expect(list.told.map(\.indexes) == [IndexSet(integer: 1), IndexSet(integer: 2)])
        #expect(list.told[0].names.old == ["b"] && list.told[0].names.new == ["x"] && list.told[1].names.old == ["c"])
        list.told = []
        list.entries.replaceObjects(in: NSRange(location: 0, length: 1), withObjectsFrom: [Entry("y"), Entry("z")])
        #expect(list.told.map(\.kind) == [4, 2])
        #expect(list.told.map(\.indexes) == [IndexSet(integer: 0), IndexSet(integer: 1)])
        #expect(list.told[1].names.new == ["z"])
        #expect(names(list.stored) == ["y", "z", "x"])
        // Counts that match: replacements only.
        list.told = []
        list.entries.replaceObjects(in: NSRange(location: 0, length: 3), withObjectsFrom: [Entry("1"), Entry("2"), Entry("3")])
        #expect(list.told.map(\.kind) == [4, 4, 4] && list.told.map(\.indexes) == [0, 1, 2].map { IndexSet(integer: $0) })
        #expect(names(list.stored) == ["1", "2", "3"])
    }

    // MARK: Removals

    @Test func removingObjectsIsARemovalPerMatchFromTheLast() {
        // removeObjectsInArray: removes each match from the last, one removal each; the proxy's
        // removeObjectsAtIndexes: is one removal of every index, contiguous or not.
        let list = makeList("a", "b", "c", "d", "e")
        let (b, d) = (list.entries[1], list.entries[3])
        list.entries.removeObjects(in: [b, d])
        #expect(list.told.map(\.kind) == [NSKeyValueChange.removal.rawValue, 3])
        #expect(list.told.map(\.indexes) == [IndexSet(integer: 3), IndexSet(integer: 1)])
        #expect(list.told.map(\.names.old) == [["d"], ["b"]])
        #expect(list.told.allSatisfy { $0.new == nil })     // a removal has no new objects
        list.told = []
        list.entries.removeObjects(at: IndexSet([0, 2]))
        #expect(list.told.count == 1)
        #expect(list.told[0].kind == 3 && list.told[0].indexes == IndexSet([0, 2]) && list.told[0].names.old == ["a", "e"])
        #expect(names(list.stored) == ["c"])
    }

    @Test func eachOtherRemovalIsIOSs() {
        let list = makeList("a", "b", "c", "d", "e", "f")
        list.entries.removeObject(at: 1)                                    // [1]: a c d e f
        list.entries.removeLastObject()                                     // [4]: a c d e
        list.entries.removeObjects(in: NSRange(location: 1, length: 2))     // [1], [1]: a e
        #expect(list.told.map(\.indexes) == [1, 4, 1, 1].map { IndexSet(integer: $0) })
        #expect(list.told.map(\.names.old) == [["b"], ["f"], ["c"], ["d"]])
        list.told = []
        list.entries.removeAllObjects()                                     // from the last: [1], [0]
        #expect(list.told.map(\.kind) == [3, 3] && list.told.map(\.indexes) == [IndexSet(integer: 1), IndexSet(integer: 0)])
        #expect(list.told.map(\.names.old) == [["e"], ["a"]])
        #expect(list.stored.count == 0)
    }

    @Test func objectsAreFoundByIsEqualAsOnIOS() {
        // Eureka hides a section with remove(_:) and shows it with contains and index(of:): its
        // sections are Equatable Swift objects, which Foundation on Linux's NSArray cannot compare.
        let list = makeList("a", "b", "c")
        let b = list.entries[1] as! Entry
        #expect(list.entries.contains(b) && !list.entries.contains(Entry("b")))
        #expect(list.entries.index(of: b) == 1 && list.entries.index(of: Entry("b")) == NSNotFound)
        #expect(list.entries.indexOfObjectIdentical(to: b) == 1)
        list.entries.remove(b)
        #expect(list.told.count == 1 && list.told[0].kind == 3 && list.told[0].indexes == IndexSet(integer: 1))
        list.entries.remove(Entry("c"))             // not equal: nothing
        #expect(list.told.count == 1 && names(list.stored) == ["a", "c"])
    }

    // MARK: Reading

    @Test func theProxyReadsThePropertyOnEveryUse() {
        let list = makeList("a", "b")
        let proxy = list.entries
        let before = list.stored
        #expect(proxy.count == 2 && (proxy.object(at: 0) as! Entry).name == "a" && (proxy[1] as! Entry).name == "b")
        #expect(proxy.map { ($0 as! Entry).name } == ["a", "b"])
        #expect((proxy as? [Entry])?.map(\.name) == ["a", "b"])
        #expect(proxy.objects(at: IndexSet([0, 1])).count == 2)
        // A plain assignment of another array notifies no one; the proxy then reads and changes it.
        list.replaceStorage()
        #expect(list.told.isEmpty)
        #expect(proxy.count == 0)
        proxy.add(Entry("c"))
        #expect(names(list.stored) == ["c"] && names(before) == ["a", "b"])
        #expect(list.told.count == 1 && list.told[0].indexes == IndexSet(integer: 0))
    }

    // MARK: Options

    @Test func theOptionsShapeTheChange() {
        // .prior: a notification before with the objects going (and the kind and indexes), then after.
        let list = makeList("a", "b", options: [.prior, .old])
        list.entries.removeObject(at: 0)
        #expect(list.told.count == 2)
        #expect(list.told[0].prior && list.told[0].kind == 3 && list.told[0].indexes == IndexSet(integer: 0) && list.told[0].names.old == ["a"])
        #expect(!list.told[1].prior && list.told[1].names.old == ["a"] && list.told[1].new == nil)
        // Without .new an insertion carries its kind and indexes and no objects.
        list.told = []
        list.entries.add(Entry("c"))
        #expect(list.told.map(\.prior) == [true, false])
        #expect(list.told.allSatisfy { $0.kind == 2 && $0.indexes == IndexSet(integer: 1) && $0.new == nil && $0.old == nil })
        // .initial: at once, the objects now as a setting.
        let observer = EntryObserver()
        list.addObserver(observer, forKeyPath: "_entries", options: [.initial, .new], context: nil)
        #expect(observer.told.count == 1)
        #expect(observer.told[0].kind == NSKeyValueChange.setting.rawValue && observer.told[0].indexes == nil)
        #expect(observer.told[0].names.new == ["b", "c"])
        list.removeObserver(observer, forKeyPath: "_entries")
    }

    // MARK: Observers

    @Test func anotherObserverIsToldUntilItIsRemoved() {
        let list = makeList("a")
        let observer = EntryObserver()
        list.addObserver(observer, forKeyPath: "_entries", options: .new, context: nil)
        list.entries.add(Entry("b"))
        #expect(observer.told.count == 1 && observer.told[0].names.new == ["b"] && list.told.count == 1)
        list.removeObserver(observer, forKeyPath: "_entries")
        list.stopObserving()
        list.entries.add(Entry("c"))
        #expect(observer.told.count == 1 && list.told.count == 1)       // neither is told after its removal
        #expect(KeyValueObserving.observers(ofAny: list, creating: false)?.isEmpty == true)
        #expect(names(list.stored) == ["a", "b", "c"])
    }

    @Test func anObjectRemovesItselfInItsDeinit() {
        // Eureka's wrapper removes its observation of itself in deinit, when its associated values
        // can no longer be found: nothing to remove, no crash, and the object goes.
        weak var gone: EntryList?
        do {
            let list = makeList("a", "b")
            list.entries.removeObject(at: 0)
            #expect(list.told.count == 1)
            gone = list
        }
        #expect(gone == nil)
    }

    @Test func willAndDidChangeTellTheObserversByHand() {
        let list = makeList("a")
        list.willChange(.insertion, valuesAt: IndexSet(integer: 1), forKey: "_entries")
        list.stored.add(Entry("b"))
        list.didChange(.insertion, valuesAt: IndexSet(integer: 1), forKey: "_entries")
        #expect(list.told.count == 1 && list.told[0].kind == 2 && list.told[0].indexes == IndexSet(integer: 1))
        #expect(list.told[0].names.new == ["b"])
    }

    @Test func aUIKitObjectsStoredArrayIsObservedBesideItsProperties() {
        final class ListView: UIView {
            var items = NSMutableArray()
        }
        let view = ListView()
        let observer = EntryObserver()
        view.addObserver(observer, forKeyPath: "items", options: [.new], context: nil)
        view.addObserver(observer, forKeyPath: "alpha", options: [.new], context: nil)
        view.mutableArrayValue(forKey: "items").add(Entry("a"))
        view.alpha = 0.5
        #expect(observer.keyPaths == ["items", "alpha"])
        #expect(observer.told.count == 1 && observer.told[0].kind == 2 && observer.told[0].names.new == ["a"])
        view.removeObserver(observer, forKeyPath: "items")
        view.removeObserver(observer, forKeyPath: "alpha")
        #expect(view.keyValueObservers?.isEmpty == true)
    }

    // MARK: Unknown keys

    @Test func anUnknownKeyIsTheRuntimesExceptionNamed() {
        let list = makeList()
        let message = KeyValueCoding.unknownKeyMessage("rows", of: list)
        #expect(message.hasPrefix("NSUnknownKeyException: [<EntryList 0x"))
        #expect(message.contains("> valueForUndefinedKey:]: this class is not key value coding-compliant for the key rows."))
        #expect(message.contains("It has no stored property _rows or rows") && message.contains("EntryList has _entries."))
        // A stored property that is not an NSMutableArray is said.
        final class Named: NSObject { var title = "t" }
        #expect(KeyValueCoding.unknownKeyMessage("title", of: Named()).contains("Its stored property title holds a String, not an NSMutableArray"))
        #expect(ToManyProperty(key: "title", of: Named()) == nil)
        // `_<key>` is found before `<key>`.
        #expect(ToManyProperty(key: "entries", of: list)?.name == "_entries")
    }

    @Test func anUnknownKeyStopsTheProgram() async throws {
        let proxy = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run { _ = EntryList().mutableArrayValue(forKey: "rows") }
        }
        #expect(String(decoding: proxy.standardErrorContent, as: UTF8.self)
            .contains("valueForUndefinedKey:]: this class is not key value coding-compliant for the key rows."))
        let observation = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run { EntryList().addObserver(EntryObserver(), forKeyPath: "rows", context: nil) }
        }
        #expect(String(decoding: observation.standardErrorContent, as: UTF8.self)
            .contains("forKeyPath:@\"rows\"]: this class is not key value coding-compliant for the key rows"))
        // Removing an observer that is not registered, of a key that is: the runtime's crash.
        let removal = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run { EntryList().removeObserver(EntryObserver(), forKeyPath: "_entries") }
        }
        #expect(String(decoding: removal.standardErrorContent, as: UTF8.self).contains("because it is not registered as an observer"))
    }
}

/// An observer of a list that is not the list.
private final class EntryObserver: NSObject, NSKeyValueObserving {
    nonisolated(unsafe) var told: [Told] = []
    nonisolated(unsafe) var keyPaths: [String] = []

    nonisolated func observeValue(forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
                                  context: UnsafeMutableRawPointer?) {
        keyPaths.append(keyPath ?? "nil")
        guard let change, keyPath != "alpha" else { return }
        told.append(Told(kind: (change[.kindKey] as! NSNumber).uintValue, indexes: change[.indexesKey] as? IndexSet,
                         new: change[.newKey] as? [Entry], old: change[.oldKey] as? [Entry],
                         prior: (change[.notificationIsPriorKey] as? NSNumber)?.boolValue == true))
    }
}
