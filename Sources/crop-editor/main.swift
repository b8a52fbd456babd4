// Entry point of crop-editor: runs the GNOME application (the headless command line joins here later).

import EditorUI
import Foundation

let status = MainActor.assumeIsolated { CropEditorApplication().run(CommandLine.arguments) }
exit(status)
