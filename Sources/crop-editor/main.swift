// Entry point of crop-editor: the headless command line when options are given, otherwise the window (crop-editor-gui).

import Foundation
import Headless
import LaunchTrace

LaunchTrace.mark("command line started")

// Decided before anything else: this binary links no GTK at all, so a script's crop pays for none
// of its start-up (about 100 shared libraries); the window is a second binary, started in our place.
if HeadlessCommand.isBatchWorker(CommandLine.arguments) {
    exit(HeadlessCommand.serveBatchJobs())
}
if HeadlessCommand.isHeadless(CommandLine.arguments) {
    exit(HeadlessCommand.run(CommandLine.arguments))
}
exit(WindowLauncher.run(CommandLine.arguments))
