// Who hears of the temporary file a write is filling: the signal handler, which removes it when SIGTERM, SIGINT or SIGHUP ends the process mid-write.

import CInterrupt

extension Imaging {
    /// The write now filling `path` (nil: none).
    static func temporaryChanged(_ path: String?) { ci_set_temporary(path) }

    /// A stop signal from now on is kept until `releaseStops` (see `ci_hold_stops`).
    static func holdStops() { ci_hold_stops() }

    /// Acts on a stop signal kept since `holdStops`; a batch worker's hold lasts until its report.
    static func releaseStops() { ci_release_stops() }
}
