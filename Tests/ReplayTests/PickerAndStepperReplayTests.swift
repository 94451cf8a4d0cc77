import Foundation
import Geometry
import CoreGraphics
import QuartzCore
import Replay
import RunLoop
import Testing
import Traces
@testable import UIKit

/// A picker's wheel and a held stepper, driven by traces on the run loop: the wheel follows the
/// finger, settles on a row and tells its delegate once; the stepper repeats every 0.5 s.
@MainActor
@Suite struct PickerAndStepperReplayTests {
    final class Months: UIPickerViewDataSource, UIPickerViewDelegate {
        var selected: [Int] = []
        func numberOfComponents(in pickerView: UIPickerView) -> Int { 1 }
        func pickerView(_ pickerView: UIPickerView, numberOfRowsInComponent component: Int) -> Int { 12 }
        func pickerView(_ pickerView: UIPickerView, titleForRow row: Int, forComponent component: Int) -> String? { "Month \(row + 1)" }
        func pickerView(_ pickerView: UIPickerView, didSelectRow row: Int, inComponent component: Int) { selected.append(row) }
    }

    /// A drag of 64 pt up (two 32 pt rows), held still before lifting: the wheel ends on row 2
    /// and the delegate hears it once; `selectRow` told it nothing. Rows outside the view are not
    /// made (216 pt show seven rows at most).
    @Test func aDraggedWheelSettlesOnARow() throws {
        try UIApplication.withNewApplication {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let picker = UIPickerView(frame: CGRect(x: 35, y: 300, width: 320, height: 216))
            let months = Months()
            picker.dataSource = months
            picker.delegate = months
            window.addSubview(picker)
            window.makeKeyAndVisible()
            window.layoutIfNeeded()
            #expect(picker.numberOfComponents == 1 && picker.rowSize(forComponent: 0) == CGSize(width: 302, height: 32))
            #expect((picker.view(forRow: 0, forComponent: 0) as? UILabel)?.text == "Month 1" && picker.view(forRow: 9, forComponent: 0) == nil)
            picker.selectRow(5, inComponent: 0, animated: false)
            picker.selectRow(0, inComponent: 0, animated: false)
            #expect(picker.selectedRow(inComponent: 0) == 0 && months.selected.isEmpty)
            var trace = Trace()
            trace.drag(1, from: CGPoint(x: 195, y: 440), to: CGPoint(x: 195, y: 376), time: 0.1, duration: 0.5, rate: 120, hold: 0.2)
            _ = try Replay(window: window, clock: VirtualClock()).run(trace)
            #expect(picker.selectedRow(inComponent: 0) == 2 && months.selected == [2])
        }
    }

    /// Held on plus for 1.7 s: steps at 0.5, 1.0 and 1.5 s, and the lift adds none.
    @Test func aHeldStepperRepeats() throws {
        try UIApplication.withNewApplication {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let stepper = UIStepper(frame: CGRect(x: 100, y: 400, width: 0, height: 0))
            var changes = 0
            stepper.addAction(UIAction { _ in changes += 1 }, for: .valueChanged)
            window.addSubview(stepper)
            window.makeKeyAndVisible()
            var trace = Trace()
            trace.tap(1, at: CGPoint(x: 170, y: 416), time: 0.1, duration: 1.7)
            _ = try Replay(window: window, clock: VirtualClock()).run(trace)
            #expect(stepper.value == 3 && changes == 3)
        }
    }
}
