import Foundation
import Geometry
import CoreGraphics
import Testing
@testable import UIKit

/// The value controls with UIKit's sizes and events: segmented control (32 pt, segments as wide as
/// the widest plus 9 pt a side, 1 pt apart), slider (31 pt, 4 pt track inset 3, 28 pt thumb that
/// must be touched, a relative drag), stepper (94 × 32, steps on touch-up), page control (7 pt
/// dots 8 pt apart, 14 and 8 pt of padding), compact date picker (34⅓ pt capsules).
@MainActor
@Suite struct ValueControlsTests {
    func touch(_ control: UIControl, at point: CGPoint, window: UIWindow) -> UITouch {
        controlTouch(control, at: point, window: window)
    }

    func tap(_ control: UIControl, at point: CGPoint, in window: UIWindow) {
        let t = touch(control, at: point, window: window)
        control.touchesBegan([t], with: nil)
        control.touchesEnded([t], with: nil)
    }

    @Test func segmentedControl() {
        UIApplication.withNewApplication {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
            let control = UISegmentedControl(items: ["One", "Two", "Three"])
            let regular = "Three".size(withAttributes: [.font: UIFont.systemFont(ofSize: 13)]).width
            let semibold = "Three".size(withAttributes: [.font: UIFont.systemFont(ofSize: 13, weight: .semibold)]).width
            #expect(control.selectedSegmentIndex == UISegmentedControl.noSegment && control.numberOfSegments == 3)
            #expect(control.intrinsicContentSize.height == 32)
            #expect(abs(control.intrinsicContentSize.width - (3 * (max(regular, semibold) + 18) + 2).ceiledToPixel(scale: 3)) < 1e-9)
            control.frame = CGRect(x: 0, y: 0, width: 302, height: 32)
            #expect(control.segmentFrames().map(\.minX) == [0, 101, 202] && control.segmentFrames().allSatisfy { $0.width == 100 })
            window.addSubview(control)
            var changes = 0
            control.addAction(UIAction { _ in changes += 1 }, for: .valueChanged)
            tap(control, at: CGPoint(x: 150, y: 16), in: window)
            #expect(control.selectedSegmentIndex == 1 && changes == 1)
            tap(control, at: CGPoint(x: 150, y: 16), in: window)
            #expect(changes == 1)                                  // the selected segment again: nothing
            control.setEnabled(false, forSegmentAt: 2)
            tap(control, at: CGPoint(x: 250, y: 16), in: window)
            #expect(control.selectedSegmentIndex == 1 && changes == 1)
            control.selectedSegmentIndex = 0
            #expect(changes == 0 + 1)                              // set in code: nothing sent
            control.removeSegment(at: 0, animated: false)
            #expect(control.selectedSegmentIndex == UISegmentedControl.noSegment && control.titleForSegment(at: 0) == "Two")
        }
    }

    @Test func sliderMovesOnlyByItsThumbAndRelatively() {
        UIApplication.withNewApplication {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
            let slider = UISlider(frame: CGRect(x: 0, y: 0, width: 200, height: 31))
            window.addSubview(slider)
            #expect(slider.intrinsicContentSize.height == 31 && slider.value == 0 && slider.maximumValue == 1)
            #expect(slider.trackRect(forBounds: slider.bounds) == CGRect(x: 3, y: 14, width: 194, height: 4))
            slider.value = 0.5
            let thumb = slider.thumbRect(forBounds: slider.bounds, trackRect: slider.trackRect(forBounds: slider.bounds), value: 0.5)
            #expect(thumb == CGRect(x: 86, y: 2, width: 28, height: 28))   // round((200 − 28) × 0.5)
            var changes = 0
            slider.addAction(UIAction { _ in changes += 1 }, for: .valueChanged)
            tap(slider, at: CGPoint(x: 20, y: 15), in: window)         // on the track, far from the thumb
            #expect(slider.value == 0.5 && changes == 0)
            // Down 5 pt right of the thumb's centre (inside its 48 pt hit area), then 43 pt further:
            // the thumb moves by 43 pt, (43 / 172 = 0.25).
            let t = touch(slider, at: CGPoint(x: 105, y: 15), window: window)
            slider.touchesBegan([t], with: nil)
            t.windowLocation = CGPoint(x: 148, y: 15)
            slider.touchesMoved([t], with: nil)
            slider.touchesEnded([t], with: nil)
            #expect(slider.value == 0.75 && changes == 2)                 // the move, then the lift
            slider.value = 7
            #expect(slider.value == 1)
        }
    }

    @Test func stepperStepsOnTouchUpWithinItsLimits() {
        UIApplication.withNewApplication {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
            let stepper = UIStepper(frame: CGRect(x: 10, y: 10, width: 300, height: 300))
            #expect(stepper.frame.size == CGSize(width: 94, height: 32) && stepper.maximumValue == 100 && stepper.stepValue == 1)
            window.addSubview(stepper)
            var changes = 0
            stepper.addAction(UIAction { _ in changes += 1 }, for: .valueChanged)
            let plus = CGPoint(x: 10 + 70, y: 26), minus = CGPoint(x: 10 + 20, y: 26)
            let t = touch(stepper, at: plus, window: window)
            stepper.touchesBegan([t], with: nil)
            #expect(stepper.value == 0)                                    // nothing on touch-down
            stepper.touchesEnded([t], with: nil)
            #expect(stepper.value == 1 && changes == 1)
            tap(stepper, at: minus, in: window)
            tap(stepper, at: minus, in: window)                            // at the minimum: disabled
            #expect(stepper.value == 0 && changes == 2)
            stepper.wraps = true
            tap(stepper, at: minus, in: window)
            #expect(stepper.value == 100 && changes == 3)
            stepper.stepValue = 0.5
            stepper.stepValue = -2                                         // refused
            #expect(stepper.stepValue == 0.5)
        }
    }

    @Test func pageControlMovesOnePageTowardTheTap() {
        UIApplication.withNewApplication {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
            let pages = UIPageControl()
            pages.numberOfPages = 3
            #expect(pages.size(forNumberOfPages: 3) == CGSize(width: 3 * 7 + 2 * 8 + 28, height: 23))
            pages.frame = CGRect(origin: .zero, size: pages.intrinsicContentSize)
            #expect(pages.dotFrames().map(\.minX) == [14, 29, 44])
            window.addSubview(pages)
            var changes = 0
            pages.addAction(UIAction { _ in changes += 1 }, for: .valueChanged)
            tap(pages, at: CGPoint(x: 50, y: 11), in: window)
            tap(pages, at: CGPoint(x: 60, y: 11), in: window)
            #expect(pages.currentPage == 2 && changes == 2)
            tap(pages, at: CGPoint(x: 60, y: 11), in: window)              // the last page: nothing further
            tap(pages, at: CGPoint(x: 5, y: 11), in: window)
            #expect(pages.currentPage == 1 && changes == 3)
            pages.currentPage = 9
            #expect(pages.currentPage == 2)
            pages.hidesForSinglePage = true
            pages.numberOfPages = 1
            #expect(pages.isHidden && pages.currentPage == 0)
        }
    }

    @Test func compactDatePickerShowsTheDateInCapsules() throws {
        try UIApplication.withNewApplication {
            let picker = UIDatePicker()
            var parts = DateComponents()
            (parts.year, parts.month, parts.day, parts.hour, parts.minute) = (2026, 11, 26, 20, 19)
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
            picker.date = try #require(calendar.date(from: parts))
            let texts = picker.texts.map { $0.replacingOccurrences(of: "\u{202F}", with: " ") }
            #expect(texts == ["Nov 26, 2026", "8:19 PM"])
            let font = UIFont.systemFont(ofSize: 17)
            #expect(abs(picker.intrinsicContentSize.height - (61.0 / 3 + 14)) < 1e-9)   // 20⅓ + 7 + 7
            let widths = picker.texts.map { ($0.size(withAttributes: [.font: font]).width + 24).ceiledToPixel(scale: 3) }
            #expect(abs(picker.intrinsicContentSize.width - (widths[0] + 4 + widths[1])) < 1e-9)
            picker.datePickerMode = .date
            picker.minimumDate = picker.date.addingTimeInterval(86_400)
            #expect(picker.texts.count == 1 && picker.texts[0] == "Nov 27, 2026")
        }
    }
}
