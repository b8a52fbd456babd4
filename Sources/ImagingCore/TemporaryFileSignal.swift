// Who hears of the temporary file a write is filling: the signal handler, which removes it when a stop signal ends the process.

import CInterrupt

/// The C signal handler's view of the write in progress (`CInterrupt`).
public enum TemporaryFileSignal {
    /// For a process that writes one file at a time (the command line): SIGTERM, SIGINT or SIGHUP
    /// during a write removes its hidden temporary file before the signal ends the process, so an
    /// interrupted export leaves the folder as it was. (The window does not install it: its saves
    /// run beside each other, and GApplication ends the process its own way.)
    public static func removeTemporariesOnInterrupt() { ci_install_interrupt_cleanup() }

    /// The write now filling `path` (nil: none).
    static func temporaryChanged(_ path: String?) { ci_set_temporary(path) }

    /// A stop signal from now on is kept until `releaseStops` (see `ci_hold_stops`).
    static func holdStops() { ci_hold_stops() }

    /// Acts on a stop signal kept since `holdStops`; a batch worker's hold lasts until its report.
    static func releaseStops() { ci_release_stops() }
}
