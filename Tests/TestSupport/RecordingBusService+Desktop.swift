// The desktop services the tests stand in for: the file manager's FileManager1 and the portal's Wallpaper interface.

import Foundation
import GtkSupport

extension RecordingBusService {
    /// `org.freedesktop.FileManager1`, which the file manager (GNOME Files) serves.
    static func fileManager() throws -> RecordingBusService {
        try RecordingBusService(
            name: FileManagerService.name, path: FileManagerService.path,
            xml: """
                <node><interface name="org.freedesktop.FileManager1">
                  <method name="ShowItems"><arg type="as" direction="in"/><arg type="s" direction="in"/></method>
                  <method name="ShowFolders"><arg type="as" direction="in"/><arg type="s" direction="in"/></method>
                </interface></node>
                """)
    }

    /// The desktop portal with its Wallpaper interface (version 1): each request is answered with
    /// `response` (0 done, 1 cancelled) on the request path the caller expects.
    static func wallpaperPortal(responding response: UInt32 = 0) throws -> RecordingBusService {
        try RecordingBusService(
            name: WallpaperPortal.name, path: WallpaperPortal.path,
            xml: """
                <node><interface name="org.freedesktop.portal.Wallpaper">
                  <method name="SetWallpaperFile">
                    <arg type="s" direction="in"/><arg type="h" direction="in"/><arg type="a{sv}" direction="in"/>
                    <arg type="o" direction="out"/>
                  </method>
                  <property name="version" type="u" access="read"/>
                </interface></node>
                """, properties: ["version": "uint32 1"]
        ) { call in
            guard case .options(let options) = call.arguments[2], case .string(let token) = options["handle_token"] else {
                return Answer(reply: "(objectpath '/none',)")
            }
            let sender = call.sender.dropFirst().replacingOccurrences(of: ".", with: "_")
            let path = "/org/freedesktop/portal/desktop/request/\(sender)/\(token)"
            return Answer(
                reply: "(objectpath '\(path)',)",
                signal: (path, "org.freedesktop.portal.Request", "Response", "(uint32 \(response), @a{sv} {})"))
        }
    }
}
