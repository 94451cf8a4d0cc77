import Foundation
import RunLoop
import Testing
@testable import UIKit

/// The layout engine's work inside the layout pass (rows measured as a table lays them out) is
/// timed as the constraints phase, the rest of layout as layout: on a stopwatch the work moves by
/// hand, a cell's configuring (1 s each, in cellForRowAt) lands in layout, its measuring (1 µs
/// each time the engine reads the box's intrinsic size) in constraints.
@MainActor
@Suite(.serialized) struct ConstraintsPhaseTimingTests {
    static let stopwatch = ManualStopwatch()

    final class Box: UIView {
        override var intrinsicContentSize: CGSize {
            ConstraintsPhaseTimingTests.stopwatch.advance(by: 1e-6)
            return CGSize(width: UIView.noIntrinsicMetric, height: 20)
        }
    }

    final class BoxCell: UITableViewCell {
        let box = Box()
        override init(style: CellStyle, reuseIdentifier: String?) {
            super.init(style: style, reuseIdentifier: reuseIdentifier)
            box.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview(box)
            NSLayoutConstraint.activate([
                box.leadingAnchor.constraint(equalTo: contentView.leadingAnchor), box.trailingAnchor.constraint(equalTo: contentView.trailingAnchor),
                box.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 12),
                box.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -12),
            ])
        }

        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    }

    final class Rows: UITableViewDataSource {
        var configured = 0
        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 100 }
        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            configured += 1
            ConstraintsPhaseTimingTests.stopwatch.advance(by: 1)
            return tableView.dequeueReusableCell(withIdentifier: "box", for: indexPath)
        }
    }

    @Test func solvingInsideLayoutIsTheConstraintsPhase() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let table = UITableView(frame: window.bounds, style: .plain)
        table.contentInsetAdjustmentBehavior = .never   // the content from the window's top, as these numbers have it
        let rows = Rows()
        table.register(BoxCell.self, forCellReuseIdentifier: "box")
        table.rowHeight = UITableView.automaticDimension
        table.estimatedRowHeight = 44
        table.separatorStyle = .none
        table.dataSource = rows
        window.addSubview(table)
        window.makeKeyAndVisible()
        let report = window.commitPhase(stopwatch: Self.stopwatch)
        // 844 / 44 = 19.2: rows 0–19 configured (20 s of layout) and measured (µs of constraints).
        #expect(rows.configured == 20)
        #expect(report.layoutTime >= 20 && report.layoutTime < 20.001, "\(report.layoutTime)")
        #expect(report.constraintsTime > 0 && report.constraintsTime < 0.001, "\(report.constraintsTime)")
        #expect(report.counts[.selfSizingMeasurements] == 0)   // the first commit phase starts the counting
    }
}
