import Foundation
import QuartzCore
import Replay
import RunLoop
import Testing
import UIKitTestSupport
import Traces
@testable import UIKit

/// A list's animated updates in a replay: `Replay.run` runs until no animation is left, so the
/// completion of `performBatchUpdates` (its rows and items animate for 0.3 s) has run, with
/// `true`, when it returns, even for a trace with nothing in it and updates made before the
/// replay began (their animations run on from the replay's first frame, 18 frames at 60 Hz,
/// instead of waiting for a time of the machine's clock the replay's never reaches).
@MainActor
@Suite struct ListUpdateReplayTests {
    final class Items: UICollectionViewDataSource, UITableViewDataSource {
        var count = 3
        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { count }
        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
        }
        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { count }
        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        }
    }

    @Test func aCollectionViewsBatchCompletionRunsBeforeTheReplayEnds() throws {
        try UIApplication.withNewApplication {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let layout = UICollectionViewFlowLayout()
            layout.itemSize = CGSize(width: 100, height: 100)
            let collection = UICollectionView(frame: window.bounds, collectionViewLayout: layout)
            collection.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
            let items = Items()
            collection.dataSource = items
            window.addSubview(collection)
            window.makeKeyAndVisible()
            window.commit(at: 0)
            var finished: [Bool] = []
            items.count = 4
            collection.performBatchUpdates({ collection.insertItems(at: [IndexPath(item: 0, section: 0)]) },
                                           completion: { finished.append($0) })
            let replay = Replay(window: window, clock: VirtualClock(measuresWork: false))
            let result = try replay.run(Trace())
            #expect(finished == [true], "\(result.frames) frames")
            #expect(!result.unsettled && result.duration < 1)
            #expect(result.frames >= 18)   // 0.3 s of frames at 60 Hz
        }
    }

    @Test func aTablesBatchCompletionRunsBeforeTheReplayEnds() throws {
        try UIApplication.withNewApplication {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let table = UITableView(frame: window.bounds, style: .plain)
            table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
            let items = Items()
            table.dataSource = items
            window.addSubview(table)
            window.makeKeyAndVisible()
            window.commit(at: 0)
            var finished: [Bool] = []
            items.count = 4
            table.performBatchUpdates({ table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .automatic) },
                                      completion: { finished.append($0) })
            let replay = Replay(window: window, clock: VirtualClock(measuresWork: false))
            let result = try replay.run(Trace())
            #expect(finished == [true], "\(result.frames) frames")
            #expect(!result.unsettled && result.duration < 1)
            #expect(result.frames >= 18)
        }
    }
}
