// Where the user's data lives and a local file's URI, as GIO says them.

import CGtk

extension Files {
    /// The user's data folder (`$XDG_DATA_HOME`, `~/.local/share` by default), where the desktop keeps
    /// backgrounds and the trash.
    public static var dataFolder: String { String(cString: g_get_user_data_dir()) }

    /// The `file://` URI of a local path (escaped as GIO escapes it).
    public static func uri(ofPath path: String) -> String {
        let file = g_file_new_for_path(path)!
        defer { g_object_unref(file.raw) }
        let uri = g_file_get_uri(file)!
        defer { g_free(uri) }
        return String(cString: uri)
    }
}
