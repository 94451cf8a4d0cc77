import Foundation

/// How errors and warnings echo the input they are about: at most `maxCharacters` of it, then an
/// ellipsis and its length (`'aaaa…' (10485760 characters)`), so that a 10 MB pointer id makes a
/// one-line message; control characters are escaped (`\n`, `\u{1B}`), so that input cannot
/// break a message's line or drive the terminal. Every reader, and every message that names what a
/// user typed (an option's value, a variant's name), echoes input through here.
package enum InputEcho {
    /// The most characters of one piece of input a message shows.
    package static let maxCharacters = 80

    /// `text` between `mark`s: `'abc'`, or `'abc…' (N characters)` when it is longer than
    /// `maxCharacters`.
    package static func quoted(_ text: some StringProtocol, _ mark: Character = "'") -> String {
        let (shown, length) = excerpt(text)
        return "\(mark)\(shown)\(mark)" + (length.map { " (\($0) characters)" } ?? "")
    }

    /// `text` without quotes (a name in running text, another library's message), capped the
    /// same way.
    package static func capped(_ text: some StringProtocol) -> String {
        let (shown, length) = excerpt(text)
        return shown + (length.map { " (\($0) characters)" } ?? "")
    }

    /// The part of `text` shown, with an ellipsis when cut, and the whole length when cut.
    private static func excerpt(_ text: some StringProtocol) -> (String, Int?) {
        // Bytes bound characters from above: short text is not counted.
        if text.utf8.count <= maxCharacters { return (escaped(Substring(text)), nil) }
        let head = text.prefix(maxCharacters + 1)
        guard head.count > maxCharacters else { return (escaped(Substring(text)), nil) }
        return (escaped(Substring(text.prefix(maxCharacters))) + "…", text.count)
    }

    /// A whole message with its control characters escaped (but its line breaks kept), so that
    /// input quoted in it whole (a path, an option's value) cannot drive the terminal.
    package static func safeForTerminal(_ message: String) -> String {
        guard message.unicodeScalars.contains(where: { $0.properties.generalCategory == .control && $0 != "\n" }) else { return message }
        var result = ""
        for scalar in message.unicodeScalars {
            if scalar.properties.generalCategory == .control && scalar != "\n" {
                result += scalar.escaped(asASCII: true)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func escaped(_ text: Substring) -> String {
        guard text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return String(text) }
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.properties.generalCategory == .control {
                result += scalar.escaped(asASCII: true)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
