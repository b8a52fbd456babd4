// Translations: glibc's gettext from Swift, the text domain bound at start-up, `tr`/`trn` for every user-visible string.

import CBuildConfig
import CGettext
import Foundation
import Glibc

/// The translated text for `message` (itself when there is no translation). Marked strings are
/// extracted by `make pot` (xgettext with the keyword `tr`), so only literals belong inside.
public func tr(_ message: String) -> String {
    message.withCString { original in
        // Untranslated, gettext hands back the very pointer it was given, which is only valid here.
        guard let translated = gettext(original), UnsafePointer(translated) != original else { return message }
        return String(cString: translated)
    }
}

/// The translated text for `count` of something: the catalogue's plural form for that number
/// (`ngettext`; extracted with the keyword `trn:1,2`). Negative counts choose by their magnitude.
public func trn(_ singular: String, _ plural: String, _ count: Int) -> String {
    singular.withCString { one in
        plural.withCString { many in
            let n = UInt(clamping: count.magnitude)
            guard let translated = ngettext(one, many, n) else { return count.magnitude == 1 ? singular : plural }
            // Untranslated, ngettext hands back one of the pointers it was given.
            if UnsafePointer(translated) == one { return singular }
            if UnsafePointer(translated) == many { return plural }
            return String(cString: translated)
        }
    }
}

/// Marks a literal for extraction where it is stored (tables) and translated later with `tr`.
public func N_(_ message: String) -> String { message }

extension Localization {
    /// Fills a translated C-format template: `%1$s`, `%2$d` (numbered, so a translation may reorder
    /// them), plain `%s`/`%d` in turn, and `%%`. Only these appear in our strings; anything else
    /// is left as written rather than read as an argument that is not there.
    public static func format(_ template: String, _ arguments: [CustomStringConvertible]) -> String {
        var result = "", next = 0
        var rest = Substring(template)
        while let percent = rest.firstIndex(of: "%") {
            result += rest[..<percent]
            var spec = rest[rest.index(after: percent)...]
            if spec.first == "%" {
                result += "%"
                rest = spec.dropFirst()
                continue
            }
            var numbered: Int?
            let digits = spec.prefix { $0.isASCII && $0.isNumber }
            if !digits.isEmpty, spec.dropFirst(digits.count).first == "$", let n = Int(digits), n >= 1 {
                numbered = n - 1
                spec = spec.dropFirst(digits.count + 1)
            }
            let index = numbered ?? next
            guard let conversion = spec.first, conversion == "s" || conversion == "d", index < arguments.count else {
                result += "%"
                rest = rest[rest.index(after: percent)...]
                continue
            }
            if numbered == nil { next += 1 }
            result += arguments[index].description
            rest = spec.dropFirst()
        }
        return result + rest
    }
}

public enum Localization {
    public static let domain = "crop-editor"

    /// Where compiled catalogues live: `$CROP_EDITOR_LOCALEDIR` when set (tests, the build tree),
    /// then the folder a release build was configured with (`make release PREFIX=…`), then the
    /// prefix the running binary is installed in.
    public static var localeDirectory: String {
        if let dir = ProcessInfo.processInfo.environment["CROP_EDITOR_LOCALEDIR"], !dir.isEmpty { return dir }
        if let configured = cbc_locale_dir().map({ String(cString: $0) }), !configured.isEmpty { return configured }
        // The running binary itself (argv[0] is only "crop-editor" when launched from a desktop entry).
        return localeDirectory(forBinary: URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path)
    }

    /// `PREFIX/share/locale` for a binary installed as `PREFIX/bin/NAME` or, as the window's
    /// binary is, `PREFIX/libexec/crop-editor/NAME`.
    public static func localeDirectory(forBinary path: String) -> String {
        var prefix = URL(fileURLWithPath: path).deletingLastPathComponent()
        if prefix.lastPathComponent == "crop-editor", prefix.deletingLastPathComponent().lastPathComponent == "libexec" {
            prefix = prefix.deletingLastPathComponent()
        }
        return prefix.deletingLastPathComponent().appendingPathComponent("share/locale").path
    }

    /// Once at start-up, before any string is shown: the window takes every category of the
    /// user's locale (GTK formats with them).
    public static func start() {
        setlocale(LC_ALL, "")
        bindDomain()
    }

    /// The same for the command line, which takes only the language of its messages (and the
    /// characters to write them in): numbers it reads and libraries' number formats stay C's.
    public static func startMessages() {
        setlocale(LC_CTYPE, "")
        setlocale(LC_MESSAGES, "")
        bindDomain()
    }

    private static func bindDomain() {
        bindtextdomain(domain, localeDirectory)
        bind_textdomain_codeset(domain, "UTF-8")
        textdomain(domain)
    }
}
