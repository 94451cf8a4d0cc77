import Foundation
import Testing
@testable import UIKit

/// A value that counts its own releases.
private final class Tracked {
    nonisolated(unsafe) static var released = 0
    let name: String
    init(_ name: String) { self.name = name }
    deinit { Tracked.released += 1 }
}

private var badgeKey: UInt8 = 0
private var ownerKey: UInt8 = 0
private var titleKey: UInt8 = 0

/// The Objective-C runtime's associated objects, with the policies' retain semantics.
@Suite(.serialized) struct AssociatedObjectsTests {
    @Test func aValueIsKeptPerObjectAndKey() {
        let a = UIView(), b = UIView()
        objc_setAssociatedObject(a, &badgeKey, "3", .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        objc_setAssociatedObject(a, &titleKey, 7, .OBJC_ASSOCIATION_RETAIN)
        #expect(objc_getAssociatedObject(a, &badgeKey) as? String == "3")
        #expect(objc_getAssociatedObject(a, &titleKey) as? Int == 7)
        #expect(objc_getAssociatedObject(b, &badgeKey) == nil)
        objc_setAssociatedObject(a, &badgeKey, nil, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        #expect(objc_getAssociatedObject(a, &badgeKey) == nil && objc_getAssociatedObject(a, &titleKey) as? Int == 7)
        objc_removeAssociatedObjects(a)
        #expect(objc_getAssociatedObject(a, &titleKey) == nil)
        // A value type has no identity: nothing is kept for it.
        objc_setAssociatedObject(CGPoint.zero, &badgeKey, "x", .OBJC_ASSOCIATION_RETAIN)
        #expect(objc_getAssociatedObject(CGPoint.zero, &badgeKey) == nil)
    }

    @Test func retainKeepsCopyCopiesAssignDoesNotRetain() {
        let view = UIView()
        let before = Tracked.released
        do {
            objc_setAssociatedObject(view, &ownerKey, Tracked("kept"), .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        }
        #expect(Tracked.released == before && (objc_getAssociatedObject(view, &ownerKey) as? Tracked)?.name == "kept")
        // Replacing a retained value releases the old one.
        objc_setAssociatedObject(view, &ownerKey, Tracked("second"), .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        #expect(Tracked.released == before + 1)
        // Assign holds without retaining: the value goes when its last owner lets go.
        var assigned: Tracked? = Tracked("assigned")
        objc_setAssociatedObject(view, &titleKey, assigned, .OBJC_ASSOCIATION_ASSIGN)
        #expect((objc_getAssociatedObject(view, &titleKey) as? Tracked)?.name == "assigned")
        assigned = nil
        #expect(Tracked.released == before + 2 && objc_getAssociatedObject(view, &titleKey) == nil)
        // Copy stores a copy: the original changing later does not change it.
        let text = NSMutableString(string: "Inbox")
        objc_setAssociatedObject(view, &badgeKey, text, .OBJC_ASSOCIATION_COPY_NONATOMIC)
        text.append(" (3)")
        #expect((objc_getAssociatedObject(view, &badgeKey) as? NSString).map(String.init) == "Inbox")
        objc_removeAssociatedObjects(view)
        #expect(Tracked.released == before + 3)
    }

    /// An object's retained values are released once it has gone: at the latest when the table
    /// has doubled since its last sweep; an object later made at a freed one's address sees none.
    @Test func valuesOfAFreedObjectAreReleased() {
        let before = Tracked.released
        var owner: UIView? = UIView()
        objc_setAssociatedObject(owner!, &ownerKey, Tracked("orphan"), .OBJC_ASSOCIATION_RETAIN)
        owner = nil
        var others: [UIView] = []
        for _ in 0..<(2 * max(AssociationTable.shared.count, 16) + 1) {
            let view = UIView()
            objc_setAssociatedObject(view, &ownerKey, 1, .OBJC_ASSOCIATION_RETAIN)
            others.append(view)
            #expect(objc_getAssociatedObject(view, &ownerKey) as? Int == 1)
        }
        #expect(Tracked.released == before + 1)
        others.forEach(objc_removeAssociatedObjects)
    }
}
