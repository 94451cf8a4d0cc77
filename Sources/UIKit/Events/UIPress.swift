import Foundation
import Geometry
import CoreGraphics

/// One physical button or key held down, as UIKit's `UIPress`: its phase (began, then ended),
/// when, which responder it was sent to, and, for a key of a hardware keyboard, the key
/// (`UIKey`). uisim's presses come from a trace's `key` samples (see `UIApplication.typeKeys`):
/// each character a key of a US keyboard types is one press, sent to the first responder
/// (`pressesBegan(_:with:)`, then `pressesEnded(_:with:)`) and up the responder chain.
///
/// `type`: the SDK's press types name a remote's buttons (arrows, select, menu, play/pause); a
/// keyboard's other keys report a private value on iOS, which a Swift enumeration cannot hold.
/// uisim reports the arrow keys as arrows, escape as `.menu` and every other key as `.select`:
/// code that reads a keyboard's press reads `key`, as Apple's samples do.
@preconcurrency @MainActor
open class UIPress: NSObject {
    /// A press's phase (UIKit's `UIPressPhase`).
    public enum Phase: Int, Sendable {
        case began = 0, changed, stationary, ended, cancelled
    }

    /// What was pressed (UIKit's `UIPressType`).
    public enum PressType: Int, Sendable {
        case upArrow = 0, downArrow, leftArrow, rightArrow, select, menu, playPause
    }

    /// When the press began or last changed (the trace's time of the key).
    open var timestamp: TimeInterval { storedTimestamp }
    open var phase: Phase { storedPhase }
    open var type: PressType { storedType }
    /// The window the press was sent in (the key window).
    open var window: UIWindow? { storedWindow }
    /// The responder the app first sent the press to: the first responder (the key window when
    /// there is none).
    open var responder: UIResponder? { storedResponder }
    /// The recognizers that receive the press: none in uisim (gesture recognizers take touches only).
    open var gestureRecognizers: [UIGestureRecognizer]? { [] }
    /// How hard the button is pressed, 0…1: 0 for a key, which is digital.
    open var force: CGFloat { 0 }
    /// The key of a hardware keyboard (nil for other buttons; every press of uisim's is a key's).
    open var key: UIKey? { storedKey }

    var storedTimestamp: TimeInterval
    var storedPhase: Phase
    let storedType: PressType
    weak var storedWindow: UIWindow?
    weak var storedResponder: UIResponder?
    let storedKey: UIKey?
    /// Set when the press passed the end of the responder chain unhandled (UIResponder's default
    /// `pressesBegan` at the last responder): the key is then typed as text.
    var reachedEndOfChain = false

    init(key: UIKey, phase: Phase, timestamp: TimeInterval, window: UIWindow?, responder: UIResponder?) {
        storedKey = key
        storedPhase = phase
        storedTimestamp = timestamp
        storedWindow = window
        storedResponder = responder
        storedType = switch key.keyCode {
        case .keyboardUpArrow: .upArrow
        case .keyboardDownArrow: .downArrow
        case .keyboardLeftArrow: .leftArrow
        case .keyboardRightArrow: .rightArrow
        case .keyboardEscape: .menu
        default: .select
        }
        super.init()
    }

    nonisolated open override var description: String { describedOnMainActor { $0.mainActorDescription } }

    private var mainActorDescription: String {
        "<UIPress: phase \(phase) key \(key.map { "\($0.keyCode) \($0.characters.debugDescription)" } ?? "none")>"
    }
}

/// An event of presses (UIKit's `UIPressesEvent`, type `.presses`): the presses sent together.
@preconcurrency @MainActor
open class UIPressesEvent: UIEvent {
    /// Every press of the event.
    open var allPresses: Set<UIPress> { Set(presses) }

    private let presses: [UIPress]

    init(timestamp: TimeInterval, presses: [UIPress]) {
        self.presses = presses
        super.init(timestamp: timestamp, touches: [], coalesced: [:], predicted: [:])
    }

    open override var type: EventType { .presses }

    /// The presses `gesture` receives: none (uisim's recognizers take touches only).
    open func presses(for gesture: UIGestureRecognizer) -> Set<UIPress> { [] }
}

/// A key of a hardware keyboard, as UIKit's `UIKey`: the characters it types, the same without
/// modifiers (Shift-A types "A", "a" without), the modifiers held, and its HID usage.
@preconcurrency @MainActor
open class UIKey: NSObject, @preconcurrency NSCopying {
    /// What the key typed with its modifiers ("A" for Shift-A, "\r" for return).
    open var characters: String { storedCharacters }
    /// What the key types with no modifier ("a" for Shift-A, "1" for Shift-1's "!").
    open var charactersIgnoringModifiers: String { storedIgnoring }
    open var modifierFlags: UIKeyModifierFlags { storedModifiers }
    /// The key's place on the keyboard (its USB HID usage).
    open var keyCode: UIKeyboardHIDUsage { storedKeyCode }

    private let storedCharacters: String
    private let storedIgnoring: String
    private let storedModifiers: UIKeyModifierFlags
    private let storedKeyCode: UIKeyboardHIDUsage

    init(characters: String, charactersIgnoringModifiers: String, modifierFlags: UIKeyModifierFlags, keyCode: UIKeyboardHIDUsage) {
        storedCharacters = characters
        storedIgnoring = charactersIgnoringModifiers
        storedModifiers = modifierFlags
        storedKeyCode = keyCode
        super.init()
    }

    /// The key a US keyboard types `character` with, or nil for a character no key types alone
    /// (an emoji, an accented letter: an input method's text, which comes with no press).
    /// `"\n"` is the return key (characters "\r", as iOS reports it), `"\u{8}"` delete (backspace).
    convenience init?(typing character: Character) {
        guard let (code, shifted, base) = Self.usKeyboard(character) else { return nil }
        let typed = character == "\n" ? "\r" : String(character)
        self.init(characters: typed, charactersIgnoringModifiers: character == "\n" ? "\r" : base,
                  modifierFlags: shifted ? .shift : [], keyCode: code)
    }

    /// Immutable: the copy is the key itself.
    open func copy(with zone: NSZone? = nil) -> Any { self }

    /// A US keyboard's key for `character`: its usage, whether Shift is held, and what it types
    /// without Shift.
    static func usKeyboard(_ character: Character) -> (UIKeyboardHIDUsage, Bool, String)? {
        guard let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1 || character == "\r\n" else { return nil }
        let value = scalar.value
        switch value {
        case 0x61...0x7A:   // a…z
            return (UIKeyboardHIDUsage(rawValue: UIKeyboardHIDUsage.keyboardA.rawValue + Int(value - 0x61))!, false, String(character))
        case 0x41...0x5A:   // A…Z
            return (UIKeyboardHIDUsage(rawValue: UIKeyboardHIDUsage.keyboardA.rawValue + Int(value - 0x41))!, true, String(character).lowercased())
        case 0x31...0x39:   // 1…9
            return (UIKeyboardHIDUsage(rawValue: UIKeyboardHIDUsage.keyboard1.rawValue + Int(value - 0x31))!, false, String(character))
        case 0x30: return (.keyboard0, false, "0")
        default: break
        }
        switch character {
        case "\n", "\r", "\r\n": return (.keyboardReturnOrEnter, false, "\r")
        case "\u{8}": return (.keyboardDeleteOrBackspace, false, "\u{8}")
        case "\t": return (.keyboardTab, false, "\t")
        case " ": return (.keyboardSpacebar, false, " ")
        case "\u{1B}": return (.keyboardEscape, false, "\u{1B}")
        default: break
        }
        // The punctuation keys, each unshifted then shifted (US layout).
        let keys: [(UIKeyboardHIDUsage, Character, Character)] = [
            (.keyboardHyphen, "-", "_"), (.keyboardEqualSign, "=", "+"), (.keyboardOpenBracket, "[", "{"),
            (.keyboardCloseBracket, "]", "}"), (.keyboardBackslash, "\\", "|"), (.keyboardSemicolon, ";", ":"),
            (.keyboardQuote, "'", "\""), (.keyboardGraveAccentAndTilde, "`", "~"), (.keyboardComma, ",", "<"),
            (.keyboardPeriod, ".", ">"), (.keyboardSlash, "/", "?"),
            (.keyboard1, "1", "!"), (.keyboard2, "2", "@"), (.keyboard3, "3", "#"), (.keyboard4, "4", "$"), (.keyboard5, "5", "%"),
            (.keyboard6, "6", "^"), (.keyboard7, "7", "&"), (.keyboard8, "8", "*"), (.keyboard9, "9", "("), (.keyboard0, "0", ")"),
        ]
        for (code, plain, shifted) in keys {
            if character == plain { return (code, false, String(plain)) }
            if character == shifted { return (code, true, String(plain)) }
        }
        return nil
    }
}

/// The modifier keys held with a key (UIKit's `UIKeyModifierFlags`).
public struct UIKeyModifierFlags: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let alphaShift = UIKeyModifierFlags(rawValue: 1 << 16)
    public static let shift = UIKeyModifierFlags(rawValue: 1 << 17)
    public static let control = UIKeyModifierFlags(rawValue: 1 << 18)
    public static let alternate = UIKeyModifierFlags(rawValue: 1 << 19)
    public static let command = UIKeyModifierFlags(rawValue: 1 << 20)
    public static let numericPad = UIKeyModifierFlags(rawValue: 1 << 21)
}

/// A key's USB HID usage on the keyboard page, as UIKit's `UIKeyboardHIDUsage` (the SDK's
/// cases and raw values).
public enum UIKeyboardHIDUsage: Int, Sendable {
    case keyboardErrorRollOver = 1
    case keyboardPOSTFail = 2
    case keyboardErrorUndefined = 3
    case keyboardA = 4
    case keyboardB = 5
    case keyboardC = 6
    case keyboardD = 7
    case keyboardE = 8
    case keyboardF = 9
    case keyboardG = 10
    case keyboardH = 11
    case keyboardI = 12
    case keyboardJ = 13
    case keyboardK = 14
    case keyboardL = 15
    case keyboardM = 16
    case keyboardN = 17
    case keyboardO = 18
    case keyboardP = 19
    case keyboardQ = 20
    case keyboardR = 21
    case keyboardS = 22
    case keyboardT = 23
    case keyboardU = 24
    case keyboardV = 25
    case keyboardW = 26
    case keyboardX = 27
    case keyboardY = 28
    case keyboardZ = 29
    case keyboard1 = 30
    case keyboard2 = 31
    case keyboard3 = 32
    case keyboard4 = 33
    case keyboard5 = 34
    case keyboard6 = 35
    case keyboard7 = 36
    case keyboard8 = 37
    case keyboard9 = 38
    case keyboard0 = 39
    case keyboardReturnOrEnter = 40
    case keyboardEscape = 41
    case keyboardDeleteOrBackspace = 42
    case keyboardTab = 43
    case keyboardSpacebar = 44
    case keyboardHyphen = 45
    case keyboardEqualSign = 46
    case keyboardOpenBracket = 47
    case keyboardCloseBracket = 48
    case keyboardBackslash = 49
    case keyboardNonUSPound = 50
    case keyboardSemicolon = 51
    case keyboardQuote = 52
    case keyboardGraveAccentAndTilde = 53
    case keyboardComma = 54
    case keyboardPeriod = 55
    case keyboardSlash = 56
    case keyboardCapsLock = 57
    case keyboardF1 = 58
    case keyboardF2 = 59
    case keyboardF3 = 60
    case keyboardF4 = 61
    case keyboardF5 = 62
    case keyboardF6 = 63
    case keyboardF7 = 64
    case keyboardF8 = 65
    case keyboardF9 = 66
    case keyboardF10 = 67
    case keyboardF11 = 68
    case keyboardF12 = 69
    case keyboardPrintScreen = 70
    case keyboardScrollLock = 71
    case keyboardPause = 72
    case keyboardInsert = 73
    case keyboardHome = 74
    case keyboardPageUp = 75
    case keyboardDeleteForward = 76
    case keyboardEnd = 77
    case keyboardPageDown = 78
    case keyboardRightArrow = 79
    case keyboardLeftArrow = 80
    case keyboardDownArrow = 81
    case keyboardUpArrow = 82
    case keypadNumLock = 83
    case keypadSlash = 84
    case keypadAsterisk = 85
    case keypadHyphen = 86
    case keypadPlus = 87
    case keypadEnter = 88
    case keypad1 = 89
    case keypad2 = 90
    case keypad3 = 91
    case keypad4 = 92
    case keypad5 = 93
    case keypad6 = 94
    case keypad7 = 95
    case keypad8 = 96
    case keypad9 = 97
    case keypad0 = 98
    case keypadPeriod = 99
    case keyboardNonUSBackslash = 100
    case keyboardApplication = 101
    case keyboardPower = 102
    case keypadEqualSign = 103
    case keyboardF13 = 104
    case keyboardF14 = 105
    case keyboardF15 = 106
    case keyboardF16 = 107
    case keyboardF17 = 108
    case keyboardF18 = 109
    case keyboardF19 = 110
    case keyboardF20 = 111
    case keyboardF21 = 112
    case keyboardF22 = 113
    case keyboardF23 = 114
    case keyboardF24 = 115
    case keyboardExecute = 116
    case keyboardHelp = 117
    case keyboardMenu = 118
    case keyboardSelect = 119
    case keyboardStop = 120
    case keyboardAgain = 121
    case keyboardUndo = 122
    case keyboardCut = 123
    case keyboardCopy = 124
    case keyboardPaste = 125
    case keyboardFind = 126
    case keyboardMute = 127
    case keyboardVolumeUp = 128
    case keyboardVolumeDown = 129
    case keyboardLockingCapsLock = 130
    case keyboardLockingNumLock = 131
    case keyboardLockingScrollLock = 132
    case keypadComma = 133
    case keypadEqualSignAS400 = 134
    case keyboardInternational1 = 135
    case keyboardInternational2 = 136
    case keyboardInternational3 = 137
    case keyboardInternational4 = 138
    case keyboardInternational5 = 139
    case keyboardInternational6 = 140
    case keyboardInternational7 = 141
    case keyboardInternational8 = 142
    case keyboardInternational9 = 143
    case keyboardLANG1 = 144
    case keyboardLANG2 = 145
    case keyboardLANG3 = 146
    case keyboardLANG4 = 147
    case keyboardLANG5 = 148
    case keyboardLANG6 = 149
    case keyboardLANG7 = 150
    case keyboardLANG8 = 151
    case keyboardLANG9 = 152
    case keyboardAlternateErase = 153
    case keyboardSysReqOrAttention = 154
    case keyboardCancel = 155
    case keyboardClear = 156
    case keyboardPrior = 157
    case keyboardReturn = 158
    case keyboardSeparator = 159
    case keyboardOut = 160
    case keyboardOper = 161
    case keyboardClearOrAgain = 162
    case keyboardCrSelOrProps = 163
    case keyboardExSel = 164
    case keyboardLeftControl = 224
    case keyboardLeftShift = 225
    case keyboardLeftAlt = 226
    case keyboardLeftGUI = 227
    case keyboardRightControl = 228
    case keyboardRightShift = 229
    case keyboardRightAlt = 230
    case keyboardRightGUI = 231
    case keyboardReserved = 65535

    // The SDK's other names for the same usages (an enumeration case may not repeat a raw value).
    public static var keyboardHangul: UIKeyboardHIDUsage { .keyboardLANG1 }
    public static var keyboardHanja: UIKeyboardHIDUsage { .keyboardLANG2 }
    public static var keyboardKanaSwitch: UIKeyboardHIDUsage { .keyboardLANG1 }
    public static var keyboardAlphanumericSwitch: UIKeyboardHIDUsage { .keyboardLANG2 }
    public static var keyboardKatakana: UIKeyboardHIDUsage { .keyboardLANG3 }
    public static var keyboardHiragana: UIKeyboardHIDUsage { .keyboardLANG4 }
    public static var keyboardZenkakuHankakuKanji: UIKeyboardHIDUsage { .keyboardLANG5 }
}
