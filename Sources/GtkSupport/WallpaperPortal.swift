// The desktop portal's Wallpaper interface: is it there, and a picture handed to it (as a descriptor) to become the background.

import CGtk
import Glibc

@MainActor
public enum WallpaperPortal {
    public static let name = "org.freedesktop.portal.Desktop"
    public static let path = "/org/freedesktop/portal/desktop"
    public static let interface = "org.freedesktop.portal.Wallpaper"

    /// How a request ended.
    public enum Outcome: Equatable, Sendable {
        case done
        case cancelled
        case failed(String)
    }

    /// Whether a portal answering the Wallpaper interface is on the session bus (its `version`
    /// property is read: a portal the bus can start is started); `answer` gets it on the main thread.
    public static func isPresent(_ answer: @escaping @MainActor (Bool) -> Void) {
        SessionBus.property(name, path, interface, "version") { result in
            if case .success(.uint) = result { answer(true) } else { answer(false) }
        }
    }

    /// How many requests this process made, for their tokens.
    private static var requests = 0

    /// Hands the picture at `file` to the portal (`SetWallpaperFile`, the file itself as a descriptor,
    /// for the desktop's background, without the portal's own preview); `done` gets how it ended.
    public static func setBackground(_ file: String, done: @escaping @MainActor (Outcome) -> Void) {
        let descriptor = open(file, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return done(.failed(String(cString: strerror(errno)))) }
        defer { close(descriptor) }
        guard let sender = SessionBus.uniqueName else { return done(.failed("no session bus")) }
        requests += 1
        let token = "crop_editor_\(getpid())_\(requests)"
        // The request's object path is known before the call, so its answer cannot come before we listen.
        let senderPart = String(sender.dropFirst().map { $0 == "." ? "_" : $0 })
        var request = "/org/freedesktop/portal/desktop/request/\(senderPart)/\(token)"
        var subscription: BusSubscription?
        func listen(at path: String) {
            subscription?.cancel()
            subscription = SessionBus.follow(
                sender: name, interface: "org.freedesktop.portal.Request", member: "Response", path: path
            ) {
                arguments in
                subscription?.cancel()
                subscription = nil
                switch arguments[0] {
                case .uint(0): done(.done)
                case .uint(1): done(.cancelled)
                default: done(.failed("the portal refused the picture"))
                }
            }
        }
        listen(at: request)
        let options: [String: BusValue] = [
            "handle_token": .string(token), "show-preview": .bool(false), "set-on": .string("background"),
        ]
        SessionBus.call(
            name, path, interface, "SetWallpaperFile", [.string(""), .handle(0), .options(options)], descriptors: [descriptor]
        ) { result in
            switch result {
            case .success(let reply):
                // An older portal picks its own path: listen there instead.
                if case .objectPath(let given) = reply[0], given != request {
                    request = given
                    listen(at: given)
                }
            case .failure(let failure):
                subscription?.cancel()
                subscription = nil
                done(.failed(failure.message))
            }
        }
    }
}
