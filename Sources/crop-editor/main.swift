// Entry point of crop-editor: the headless command line when options are given, otherwise the GNOME application.

import EditorUI
import Foundation
import Headless

// Decided before any GTK call: headless runs need no display and must not initialise GTK at all.
if HeadlessCommand.isHeadless(CommandLine.arguments) {
    exit(HeadlessCommand.run(CommandLine.arguments))
}
let status = MainActor.assumeIsolated { CropEditorApplication().run(CommandLine.arguments) }
exit(status)
