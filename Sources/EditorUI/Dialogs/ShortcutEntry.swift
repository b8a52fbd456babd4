// One row of the shortcuts window: an accelerator and its words.

import CGtk
import CropKit
import GtkSupport

/// One row of the shortcuts window.
struct ShortcutEntry: Sendable {
    let accelerator: String
    let title: String
}
