import Foundation

/// Protocol A: anonymous contacts, matched to the previous report's by tracking id or nearest position.
extension EvdevTouchDecoder {
    mutating func anonymousReport(at t: TimeInterval, into output: inout [TouchSample]) throws(SampleProblem) {
        let mapping = multitouch!
        var reported: [Reported] = []
        var current = Reported()
        var lifted = false
        func close() throws(SampleProblem) {
            if current.x != nil && current.y != nil {
                guard reported.count < TraceLimits.maxSimultaneousContacts else {
                    throw SampleProblem("more than \(TraceLimits.maxSimultaneousContacts) contacts in one report")
                }
                reported.append(current)
            }
            current = Reported()
        }
        for event in frame {
            switch (event.type, event.code) {
            case (Evdev.synType, Evdev.synMTReport): try close()
            case (Evdev.absType, Evdev.mtPositionX): current.x = event.value
            case (Evdev.absType, Evdev.mtPositionY): current.y = event.value
            case (Evdev.absType, Evdev.mtPressure): current.pressure = event.value
            case (Evdev.absType, Evdev.mtTouchMajor): current.major = event.value
            case (Evdev.absType, Evdev.mtTrackingID): current.trackingID = event.value
            case (Evdev.keyType, Evdev.btnTouch): lifted = lifted || event.value == 0
            default: break
            }
        }
        // The last SYN_MT_REPORT may be left out (the kernel's documentation allows it when the
        // device also reports BTN_TOUCH or ABS_PRESSURE).
        if !current.isEmpty { try close() }
        if lifted { reported.removeAll() }

        // Pair the previous report's contacts with this one's: by tracking id when every contact
        // has one, otherwise closest pairs first.
        var previousFor = [Int?](repeating: nil, count: reported.count)
        var taken = Set<Int>()
        if !reported.isEmpty && reported.allSatisfy({ $0.trackingID != nil }) && anonymous.allSatisfy({ $0.trackingID != nil }) {
            for (j, contact) in reported.enumerated() {
                if let i = anonymous.firstIndex(where: { $0.trackingID == contact.trackingID }), !taken.contains(i) {
                    previousFor[j] = i
                    taken.insert(i)
                }
            }
        } else {
            var pairs: [(distance: Double, i: Int, j: Int)] = []
            for (i, old) in anonymous.enumerated() {
                for (j, new) in reported.enumerated() {
                    let dx = Double(new.x!) - Double(old.x), dy = Double(new.y!) - Double(old.y)
                    let d = dx * dx + dy * dy
                    if d <= nearDistanceSquared { pairs.append((d, i, j)) }
                }
            }
            pairs.sort { ($0.distance, $0.i, $0.j) < ($1.distance, $1.i, $1.j) }
            for pair in pairs where previousFor[pair.j] == nil && !taken.contains(pair.i) {
                previousFor[pair.j] = pair.i
                taken.insert(pair.i)
            }
        }
        for (i, old) in anonymous.enumerated() where !taken.contains(i) {
            try emit(TouchSample(time: t, contact: old.contact, phase: .up, location: old.location), into: &output)
        }
        var next: [Active] = []
        for (j, new) in reported.enumerated() {
            let location = mapping.point(x: new.x!, y: new.y!)
            let force = force(new.pressure, pressureRange), radius = radius(new.major, mapping)
            if let i = previousFor[j] {
                var active = anonymous[i]
                if active.location != location || active.force != force || active.radius != radius {
                    try emit(TouchSample(time: t, contact: active.contact, phase: .move, location: location, force: force, majorRadius: radius), into: &output)
                }
                active.x = new.x!
                active.y = new.y!
                active.location = location
                active.force = force
                active.radius = radius
                active.trackingID = new.trackingID
                next.append(active)
            } else {
                let contact = newContact()
                try emit(TouchSample(time: t, contact: contact, phase: .down, location: location, force: force, majorRadius: radius), into: &output)
                next.append(Active(contact: contact, trackingID: new.trackingID, x: new.x!, y: new.y!, location: location, force: force, radius: radius))
            }
        }
        anonymous = next
    }
}
