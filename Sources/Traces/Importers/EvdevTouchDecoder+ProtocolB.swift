import Foundation

/// Protocol B: slots, each with a tracking id; values persist from report to report.
extension EvdevTouchDecoder {
    mutating func slotReport(at t: TimeInterval, into output: inout [TouchSample]) throws(SampleProblem) {
        let mapping = multitouch!
        for event in frame where event.type == Evdev.absType {
            switch event.code {
            case Evdev.mtSlot:
                currentSlot = event.value
            case Evdev.mtTrackingID, Evdev.mtPositionX, Evdev.mtPositionY, Evdev.mtPressure, Evdev.mtTouchMajor:
                while slots.count <= currentSlot { slots.append(Slot()) }
                var slot = slots[currentSlot]
                switch event.code {
                case Evdev.mtTrackingID:
                    if event.value >= 0 && slot.isDown && slot.trackingID >= 0 && event.value != slot.trackingID {
                        slot.replaced = true
                        pendingWarnings.append("slot \(currentSlot) got tracking id \(event.value) while contact \(slot.contact) (id \(slot.trackingID)) was down: that contact lifts")
                    }
                    slot.trackingID = event.value
                case Evdev.mtPositionX: slot.x = event.value
                case Evdev.mtPositionY: slot.y = event.value
                case Evdev.mtPressure: slot.pressure = event.value
                default: slot.major = event.value
                }
                slot.changed = true
                slots[currentSlot] = slot
            default:
                break
            }
        }
        for i in slots.indices where slots[i].changed {
            var slot = slots[i]
            slot.changed = false
            if slot.replaced && slot.isDown {
                try emit(TouchSample(time: t, contact: slot.contact, phase: .up, location: slot.location), into: &output)
                slot.isDown = false
            }
            slot.replaced = false
            let down = slot.trackingID >= 0
            let location = mapping.point(x: slot.x, y: slot.y)
            let force = force(slot.pressure, pressureRange), radius = radius(slot.major, mapping)
            if slot.isDown && !down {
                try emit(TouchSample(time: t, contact: slot.contact, phase: .up, location: slot.location), into: &output)
            } else if !slot.isDown && down {
                slot.contact = newContact()
                try emit(TouchSample(time: t, contact: slot.contact, phase: .down, location: location, force: force, majorRadius: radius), into: &output)
            } else if down && (location != slot.location || force != slot.force || radius != slot.radius) {
                try emit(TouchSample(time: t, contact: slot.contact, phase: .move, location: location, force: force, majorRadius: radius), into: &output)
            }
            slot.isDown = down
            if down {
                slot.location = location
                slot.force = force
                slot.radius = radius
            }
            slots[i] = slot
        }
    }
}
