// Entry point of crop-editor-gui: the GNOME application. crop-editor starts it for the window, so scripts never load GTK.

import EditorUI
import Foundation
import LaunchTrace

LaunchTrace.mark("window program started")

let status = MainActor.assumeIsolated { CropEditorApplication().run(CommandLine.arguments) }
exit(status)
