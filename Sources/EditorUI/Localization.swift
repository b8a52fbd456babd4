// Translations: glibc's gettext from Swift, the text domain bound at start-up, and `tr` for every user-visible string.

import Foundation
import CGtk
import Glibc

/// The translated text for `message` (itself when there is no translation). Marked strings are
/// extracted by `make pot` (xgettext with the keyword `tr`), so only literals belong inside.
func tr(_ message: String) -> String {
    message.withCString { original in
        // Untranslated, gettext hands back the very pointer it was given, which is only valid here.
        guard let translated = gettext(original), UnsafePointer(translated) != original else { return message }
        return String(cString: translated)
    }
}

/// Marks a literal for extraction where it is stored (tables) and translated later with `tr`.
func N_(_ message: String) -> String { message }

enum Localization {
    static let domain = "crop-editor"

    /// Where compiled catalogues live: `$CROP_EDITOR_LOCALEDIR` when set (tests, the build tree),
    /// otherwise `share/locale` beside the installed binary's prefix.
    static var localeDirectory: String {
        if let dir = ProcessInfo.processInfo.environment["CROP_EDITOR_LOCALEDIR"], !dir.isEmpty { return dir }
        // The running binary itself (argv[0] is only "crop-editor" when launched from a desktop entry).
        let binary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return binary.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("share/locale").path
    }

    /// Once at start-up, before any string is shown.
    static func start() {
        setlocale(LC_ALL, "")
        bindtextdomain(domain, localeDirectory)
        bind_textdomain_codeset(domain, "UTF-8")
        textdomain(domain)
    }
}
