// The file manager's D-Bus interface (org.freedesktop.FileManager1): show files selected in their folder.

import CGtk

@MainActor
public enum FileManagerService {
    public static let name = "org.freedesktop.FileManager1"
    public static let path = "/org/freedesktop/FileManager1"

    /// Asks the file manager to show the files at `uris` selected in their folder (`ShowItems`);
    /// `done` gets nil when it took them, or why not (no file manager answers on the bus, for one).
    public static func showItems(_ uris: [String], done: @escaping @MainActor (BusFailure?) -> Void) {
        // The second argument is a startup notification id, which only a launcher has.
        SessionBus.call(name, path, name, "ShowItems", [.strings(uris), .string("")]) { result in
            switch result {
            case .success: done(nil)
            case .failure(let failure): done(failure)
            }
        }
    }
}
