import Foundation
import Geometry
import CoreGraphics
import Testing
@testable import UIKit

/// A touch at `point` (window coordinates) on `control`, to drive its touch methods directly.
func controlTouch(_ control: UIControl, at point: CGPoint, window: UIWindow) -> UITouch {
    let touch = UITouch(contact: 1, phase: .began, timestamp: 0, windowLocation: point, type: .direct,
                        force: 0, majorRadius: 20, altitude: .pi / 2, azimuth: 0, tapCount: 1)
    touch.window = window
    touch.view = control
    return touch
}

@Suite struct ControlTests {
    func touch(_ control: UIControl, at point: CGPoint, window: UIWindow) -> UITouch {
        controlTouch(control, at: point, window: window)
    }

    @Test func eventsFollowTheTouch() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        let button = UIButton(frame: CGRect(x: 100, y: 100, width: 100, height: 40))
        window.addSubview(button)
        var events: [String] = []
        for (name, event) in [("down", UIControl.Event.touchDown), ("exit", .touchDragExit), ("enter", .touchDragEnter),
                              ("upInside", .touchUpInside), ("upOutside", .touchUpOutside)] {
            button.addAction(UIAction { _ in events.append(name) }, for: event)
        }
        let t = touch(button, at: CGPoint(x: 150, y: 120), window: window)
        button.touchesBegan([t], with: nil)
        #expect(button.isHighlighted && button.isTracking)
        t.windowLocation = CGPoint(x: 150, y: 300)            // 140 pt below: past the 70 pt slack
        button.touchesMoved([t], with: nil)
        #expect(!button.isHighlighted)
        t.windowLocation = CGPoint(x: 150, y: 200)            // 40 pt below: inside the slack
        button.touchesMoved([t], with: nil)
        #expect(button.isHighlighted)
        button.touchesEnded([t], with: nil)
        #expect(!button.isHighlighted && !button.isTracking)
        #expect(events == ["down", "exit", "enter", "upInside"])
    }

    @Test func disabledControlsIgnoreTouchesAndButtonsAreComposedOfSystemViews() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        let button = UIButton(frame: CGRect(x: 0, y: 0, width: 100, height: 40))
        button.setTitle("Go", for: .normal)
        window.addSubview(button)
        button.isEnabled = false
        button.touchesBegan([touch(button, at: CGPoint(x: 10, y: 10), window: window)], with: nil)
        #expect(!button.isHighlighted && button.state == .disabled)
        #expect(button.titleLabel?.text == "Go" && button.subviews.count == 2)
        #expect(button.hierarchyWarnings().isEmpty)
        button.addSubview(UIView())
        #expect(button.hierarchyWarnings().count == 1)
    }

    @Test func labelSizesToItsTextAndImageViewShowsItsImage() {
        let label = UILabel()
        label.text = "Hello"
        label.font = .systemFont(ofSize: 20)
        label.sizeToFit()
        #expect(label.bounds.width > 30 && label.bounds.height >= 20)
        let format = UIGraphicsImageRendererFormat()
        format.scale = 2
        let image = UIGraphicsImageRenderer(size: CGSize(width: 10, height: 10), format: format).image { _ in }
        let view = UIImageView(image: image)
        #expect(view.bounds.size == CGSize(width: 10, height: 10) && view.layer.contents != nil && view.layer.contentsScale == 2)
    }
}

@Suite struct UISwitchTests {
    @Test func settingTheValueSendsNothingAndTheSizeIsFixed() {
        let toggle = UISwitch(frame: CGRect(x: 10, y: 20, width: 200, height: 100))
        #expect(toggle.frame == CGRect(x: 10, y: 20, width: 51, height: 31))
        var sent = 0
        toggle.addAction(UIAction { _ in sent += 1 }, for: .allEvents)
        toggle.isOn = true
        toggle.setOn(false, animated: true)
        toggle.setOn(true, animated: false)
        #expect(toggle.isOn && sent == 0)
        toggle.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        #expect(toggle.bounds.size == UISwitch.size)
    }
}
