import Foundation

/// Single touch: `BTN_TOUCH` puts the one contact down and up, `ABS_X`/`ABS_Y` move it.
extension EvdevTouchDecoder {
    mutating func singleReport(at t: TimeInterval, into output: inout [TouchSample]) throws(SampleProblem) {
        let mapping = single!
        for event in frame {
            switch (event.type, event.code) {
            case (Evdev.absType, Evdev.absX): singleState.x = event.value
            case (Evdev.absType, Evdev.absY): singleState.y = event.value
            case (Evdev.absType, Evdev.absPressure): singleState.pressure = event.value
            case (Evdev.keyType, Evdev.btnTouch): singleState.touching = event.value != 0
            default: break
            }
        }
        let location = mapping.point(x: singleState.x, y: singleState.y)
        let force = force(singleState.pressure, singlePressureRange)
        if singleState.touching && !singleState.isDown {
            singleState.contact = newContact()
            try emit(TouchSample(time: t, contact: singleState.contact, phase: .down, location: location, force: force), into: &output)
        } else if singleState.touching && location != singleState.location {
            try emit(TouchSample(time: t, contact: singleState.contact, phase: .move, location: location, force: force), into: &output)
        } else if !singleState.touching && singleState.isDown {
            try emit(TouchSample(time: t, contact: singleState.contact, phase: .up, location: singleState.location), into: &output)
        }
        singleState.isDown = singleState.touching
        if singleState.touching { singleState.location = location }
    }
}
