import Foundation

/// One Linux input event (`struct input_event`), as the evemu, getevent and libinput record
/// formats all print it: microseconds since some epoch, a type, a code and a value.
struct EvdevEvent: Equatable, Sendable {
    var micros: Int64
    var type: Int
    var code: Int
    var value: Int
}

/// The event types and codes uisim reads (`linux/input-event-codes.h`), and the names the
/// labelled formats print for them.
enum Evdev {
    static let synType = 0x00, keyType = 0x01, absType = 0x03

    static let synReport = 0x00, synMTReport = 0x02, synDropped = 0x03

    static let btnTouch = 0x14a

    static let absX = 0x00, absY = 0x01, absPressure = 0x18
    static let mtSlot = 0x2f, mtTouchMajor = 0x30, mtPositionX = 0x35, mtPositionY = 0x36,
               mtTrackingID = 0x39, mtPressure = 0x3a

    /// `INPUT_PROP_POINTER`: the device needs a pointer on screen (a touchpad).
    static let propertyPointer = 0
    /// `INPUT_PROP_DIRECT`: the device is a touchscreen (positions are on the display).
    static let propertyDirect = 1
    /// `INPUT_PROP_CNT`: properties from here on do not exist, and are not kept.
    static let propertyCount = 0x20

    /// The largest type and code numbers the kernel defines (`EV_MAX`, `ABS_MAX`, `KEY_MAX`…):
    /// anything above is an unknown event, skipped with a warning.
    static let maxCode: [Int: Int] = [0x00: 0x0f, 0x01: 0x2ff, 0x02: 0x0f, 0x03: 0x3f, 0x04: 0x07,
                                      0x05: 0x10, 0x11: 0x0f, 0x12: 0x07, 0x14: 0x01, 0x15: 0x7f, 0x16: 0x01, 0x17: 0x01]

    /// Whether the kernel defines this type and code (axes of other codes are not kept).
    static func isKnown(type: Int, code: Int) -> Bool {
        guard let max = maxCode[type] else { return false }
        return code >= 0 && code <= max
    }

    static let typeNames: [String: Int] = [
        "EV_SYN": 0x00, "EV_KEY": 0x01, "EV_REL": 0x02, "EV_ABS": 0x03, "EV_MSC": 0x04, "EV_SW": 0x05,
        "EV_LED": 0x11, "EV_SND": 0x12, "EV_REP": 0x14, "EV_FF": 0x15, "EV_PWR": 0x16, "EV_FF_STATUS": 0x17,
    ]

    /// Code names per type: every name the touch decoder needs, and the common ones it skips.
    static let codeNames: [Int: [String: Int]] = [
        0x00: ["SYN_REPORT": 0x00, "SYN_CONFIG": 0x01, "SYN_MT_REPORT": 0x02, "SYN_DROPPED": 0x03],
        0x01: ["BTN_TOUCH": 0x14a, "BTN_TOOL_PEN": 0x140, "BTN_TOOL_RUBBER": 0x141, "BTN_TOOL_FINGER": 0x145,
               "BTN_TOOL_DOUBLETAP": 0x14d, "BTN_TOOL_TRIPLETAP": 0x14e, "BTN_TOOL_QUADTAP": 0x14f,
               "BTN_TOOL_QUINTTAP": 0x148, "BTN_STYLUS": 0x14b, "BTN_STYLUS2": 0x14c,
               "KEY_BACK": 0x9e, "KEY_HOMEPAGE": 0xac, "KEY_POWER": 0x74, "KEY_VOLUMEUP": 0x73,
               "KEY_VOLUMEDOWN": 0x72, "KEY_MENU": 0x8b, "KEY_APPSELECT": 0x244],
        0x03: ["ABS_X": 0x00, "ABS_Y": 0x01, "ABS_Z": 0x02, "ABS_PRESSURE": 0x18, "ABS_DISTANCE": 0x19,
               "ABS_TILT_X": 0x1a, "ABS_TILT_Y": 0x1b, "ABS_TOOL_WIDTH": 0x1c, "ABS_MISC": 0x28,
               "ABS_MT_SLOT": 0x2f, "ABS_MT_TOUCH_MAJOR": 0x30, "ABS_MT_TOUCH_MINOR": 0x31,
               "ABS_MT_WIDTH_MAJOR": 0x32, "ABS_MT_WIDTH_MINOR": 0x33, "ABS_MT_ORIENTATION": 0x34,
               "ABS_MT_POSITION_X": 0x35, "ABS_MT_POSITION_Y": 0x36, "ABS_MT_TOOL_TYPE": 0x37,
               "ABS_MT_BLOB_ID": 0x38, "ABS_MT_TRACKING_ID": 0x39, "ABS_MT_PRESSURE": 0x3a,
               "ABS_MT_DISTANCE": 0x3b, "ABS_MT_TOOL_X": 0x3c, "ABS_MT_TOOL_Y": 0x3d],
        0x04: ["MSC_SERIAL": 0x00, "MSC_PULSELED": 0x01, "MSC_GESTURE": 0x02, "MSC_RAW": 0x03,
               "MSC_SCAN": 0x04, "MSC_TIMESTAMP": 0x05],
    ]

    /// The axes that give positions: multitouch and single-touch X and Y.
    static let positionAxes: Set<Int> = [absX, absY, mtPositionX, mtPositionY]

    /// The name of absolute axis `code` (`ABS_MT_POSITION_X`), or its number in hex.
    static func absName(_ code: Int) -> String {
        codeNames[absType]?.first(where: { $0.value == code })?.key ?? "0x" + String(code, radix: 16)
    }

    /// Values getevent prints by name for keys.
    static let keyValueNames: [String: Int] = ["UP": 0, "DOWN": 1, "REPEAT": 2]
}

/// An absolute axis's range as the device declares it (`struct input_absinfo`).
struct AxisRange: Equatable, Sendable {
    var min: Int
    var max: Int

    /// The range a recording declares for axis `code`, checked as the kernel would have it: its
    /// ends are 32-bit values (`input_absinfo` holds `__s32`), so that no arithmetic on them or on
    /// an event's value (32-bit as well) overflows; and a position axis's range is not empty.
    static func declared(code: Int, min: Int, max: Int) throws(SampleProblem) -> AxisRange {
        let name = Evdev.absName(code)
        guard Int(Int32.min)...Int(Int32.max) ~= min, Int(Int32.min)...Int(Int32.max) ~= max else {
            throw SampleProblem("axis \(name) declares \(min)...\(max): a device's values are 32-bit (\(Int32.min)...\(Int32.max))")
        }
        if Evdev.positionAxes.contains(code) && max <= min {
            throw SampleProblem("axis \(name) has an empty range \(min)...\(max)")
        }
        return AxisRange(min: min, max: max)
    }

    /// The distance from `min` to `max`, in a type that cannot overflow.
    var span: Double { Double(max) - Double(min) }
}

/// What a recording says about one input device.
struct EvdevDevice: Sendable {
    /// The device's name (`N:` in evemu, `name:` in getevent and libinput record).
    var name = ""
    /// Its node, such as `/dev/input/event2`, when the format says.
    var node = ""
    /// Its absolute axes, by code.
    var axes: [Int: AxisRange] = [:]
    /// Its input properties (`INPUT_PROP_…`), when the format says.
    var properties: Set<Int>?

    /// Whether it reports positions: multitouch, or a single-touch absolute X/Y.
    var hasPositions: Bool {
        (axes[Evdev.mtPositionX] != nil && axes[Evdev.mtPositionY] != nil) || (axes[Evdev.absX] != nil && axes[Evdev.absY] != nil)
    }

    /// Whether it looks like a touchscreen: it reports positions and is not marked as a touchpad
    /// (`INPUT_PROP_POINTER` without `INPUT_PROP_DIRECT`; kernels before 2.6.38 mark neither).
    var isTouchscreen: Bool {
        guard let properties else { return hasPositions }
        return hasPositions && !(properties.contains(Evdev.propertyPointer) && !properties.contains(Evdev.propertyDirect))
    }

    /// Whether `filter` (from `--device`) names this device: its node, or a part of its name.
    func matches(_ filter: String) -> Bool {
        node == filter || (!filter.isEmpty && name.localizedCaseInsensitiveContains(filter))
    }

    /// A description for messages: `"eGalax Touch" (/dev/input/event2)`.
    var label: String {
        let quoted = name.isEmpty ? "an unnamed device" : TraceEcho.quoted(name, "\"")
        return node.isEmpty ? quoted : "\(quoted) (\(TraceEcho.capped(node)))"
    }
}
