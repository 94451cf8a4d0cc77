import Foundation
import Geometry
@testable import Scenes
import Testing
@testable import UIKit

/// The `contacts` scene: the Contacts tab's cells, built in code or made from the nib, are the
/// same on screen.
@MainActor @Suite struct ContactsSceneTests {
    /// The Contacts tab shown (as the trace's tap shows it) and laid out: its list.
    func contactsList(nibCells: Bool) throws -> (UIWindow, ContactsViewController) {
        let window = try BuiltInScenes.named("contacts").makeWindow(settings: try ContactsScene.scene.settings(["nib-cells": nibCells]))
        let tabs = try #require(window.rootViewController as? UITabBarController)
        #expect(tabs.selectedIndex == 0 && tabs.viewControllers?[1].isViewLoaded == false)
        tabs.selectedIndex = 1
        _ = window.layoutPass()
        return (window, try #require(tabs.selectedViewController as? ContactsViewController))
    }

    /// Row 2 on an iPhone 14, worked out by hand from the constraints: the 72 pt row's content
    /// view 390 wide; the avatar 48 × 48 at x = 16, centred (y = 12); the switch (51 × 31) 16 pt
    /// from the trailing edge: x = 390 − 16 − 51 = 323, y = (72 − 31) / 2 = 20.5, on the pixel grid
    /// of a 3× screen 62/3 (UIKit rounds engine frames to pixels); the name 12 pt
    /// after the avatar (x = 76) at y = 14, the detail 2 pt under it. Both ways make the same
    /// frames, texts and counts of constraints; the nib's cells are counted as loaded nibs.
    @Test func cellsFromTheNibMatchCellsBuiltInCode() throws {
        try UIApplication.withNewApplication {
            var frames: [[CGRect]] = []
            for nib in [false, true] {
                let (window, list) = try contactsList(nibCells: nib)
                defer { withExtendedLifetime(window) {} }
                let cell = try #require(list.tableView.cellForRow(at: IndexPath(row: 2, section: 0)) as? ContactCell)
                #expect(cell.contentView.bounds.size == CGSize(width: 390, height: 72))
                #expect(cell.avatar.frame == CGRect(x: 16, y: 12, width: 48, height: 48) && cell.avatar.layer.cornerRadius == 24)
                #expect(cell.toggle.frame.minX == 323 && abs(cell.toggle.frame.minY - 62.0 / 3) < 1e-9)
                #expect(abs(cell.toggle.frame.width - 51) < 1e-9 && abs(cell.toggle.frame.height - 31) < 1e-9)
                #expect(cell.name.frame.origin == CGPoint(x: 76, y: 14) && cell.detail.frame.minY == cell.name.frame.maxY + 2)
                #expect(cell.name.text == "Alan Kay 1" && cell.name.font == .systemFont(ofSize: 17, weight: .semibold))
                #expect(cell.detail.textColor === UIColor.systemGray && cell.toggle.isOn)
                #expect(cell.contentView.subviews.count == 4 && cell.contentView.constraints.count == 10)
                frames.append([cell.avatar, cell.name, cell.detail, cell.toggle].map(\.frame))
            }
            #expect(frames[0] == frames[1])
        }
    }
}
