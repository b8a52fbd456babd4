// GIO's view of files: paths, the user's folders, types guessed from names, GNOME Files' order, the default application.

import CGtk

public enum Files {
    /// The local path of a GFile, or nil when it has none (a remote location).
    public static func path(of file: OpaquePointer) -> String? {
        guard let path = g_file_get_path(file) else { return nil }
        defer { g_free(path) }
        return String(cString: path)
    }

    /// The local path a command-line argument names (a path or a `file:` URI, as GApplication resolves
    /// it), or nil for anything else.
    public static func localPath(ofArgument argument: String) -> String? {
        let file = g_file_new_for_commandline_arg(argument)
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        guard let file, g_file_is_native(file) != 0 else { return nil }
        return path(of: file)
    }

    /// The user's Pictures folder, or the home folder without one.
    public static var picturesFolder: String {
        if let folder = g_get_user_special_dir(G_USER_DIRECTORY_PICTURES) { return String(cString: folder) }
        return String(cString: g_get_home_dir())
    }

    /// The user's cache folder (`$XDG_CACHE_HOME`).
    public static var cacheFolder: String { String(cString: g_get_user_cache_dir()) }

    /// Whether a file of this name is of one of `mimeTypes` (or a subtype of one), its type guessed
    /// from the name as GIO guesses it for the file chooser.
    public static func isOfType(name: String, mimeTypes: [String]) -> Bool {
        var uncertain: gboolean = 0
        guard let type = g_content_type_guess(name, nil, 0, &uncertain) else { return false }
        defer { g_free(type) }
        return mimeTypes.contains { g_content_type_is_mime_type(type, $0) != 0 }
    }

    /// The key GNOME Files sorts a file name by (`g_utf8_collate_key_for_filename`): compared byte by
    /// byte, it puts "IMG_2" before "IMG_10".
    public static func collationKey(ofName name: String) -> [UInt8] {
        guard let key = g_utf8_collate_key_for_filename(name, -1) else { return Array(name.utf8) }
        defer { g_free(key) }
        return Array(UnsafeRawBufferPointer(start: key, count: strlen(key)))
    }

    /// Why a file could not be opened in an application: GIO's words, or nil when no application opens it.
    public struct OpenFailure: Error {
        public let reason: String?
    }

    /// Opens the file at `path` in the application the desktop opens its type with.
    @MainActor public static func openWithDefaultApplication(_ path: String) throws(OpenFailure) {
        let file = g_file_new_for_path(path)
        defer { g_object_unref(file?.raw) }
        guard let uri = g_file_get_uri(file) else { throw OpenFailure(reason: nil) }
        defer { g_free(uri) }
        var error: UnsafeMutablePointer<GError>?
        guard g_app_info_launch_default_for_uri(uri, nil, &error) == 0 else { return }
        defer { if let error { g_error_free(error) } }
        throw OpenFailure(reason: error.map { String(cString: $0.pointee.message) })
    }
}
