// Who hears of the temporary file a write is filling: the signal handler, which removes it when SIGTERM, SIGINT or SIGHUP ends the process mid-write.

import CInterrupt

extension Imaging {
    /// The write now filling `path` (nil: none).
    static func temporaryChanged(_ path: String?) { ci_set_temporary(path) }
}
