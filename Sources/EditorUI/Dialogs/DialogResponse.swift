// One button of a message dialog: its response id, its label and how it looks.

import CGtk
import GtkSupport

/// One button of a message dialog: its response id, its label and how it looks.
struct DialogResponse {
    let id: String
    let label: String
    var appearance = ADW_RESPONSE_DEFAULT
}
