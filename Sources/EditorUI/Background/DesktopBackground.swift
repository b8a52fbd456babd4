// GNOME's desktop background: what it is, a picture made it (through the Wallpaper portal where there is one), put back.

import CGtk
import GtkSupport

/// The desktop's background, as GNOME keeps it: `picture-uri`, and `picture-uri-dark` for the dark
/// style. Set through the Wallpaper portal when one answers on the session bus (the desktop then
/// decides how), else by writing both keys; read and put back through the keys.
@MainActor
enum DesktopBackground {
    static let schema = "org.gnome.desktop.background"
    static let keys = ["picture-uri", "picture-uri-dark"]

    /// The keys' values as the user had set them (nil: a key at its default).
    typealias Saved = [(key: String, string: String?)]

    /// GNOME's background settings, or nil where the schema is not installed.
    static let settings = Settings.installed(schema)

    /// The background now, or nil without GNOME's settings (nothing to put back then).
    static func current() -> Saved? {
        guard let settings else { return nil }
        return keys.map { ($0, settings.userString($0)) }
    }

    /// Makes the picture at `file` the background, light and dark; `done` hears how it ended.
    static func set(_ file: String, done: @escaping @MainActor (WallpaperPortal.Outcome) -> Void) {
        WallpaperPortal.isPresent { present in
            if present { return WallpaperPortal.setBackground(file, done: done) }
            guard let settings else { return done(.failed(tr("GNOME’s background settings are not installed"))) }
            let uri = Files.uri(ofPath: file)
            settings.setTogether(keys.map { ($0, uri) })
            done(.done)
        }
    }

    /// Puts `saved` back: each key to its value, or to its default.
    static func restore(_ saved: Saved) {
        settings?.setTogether(saved)
    }
}
