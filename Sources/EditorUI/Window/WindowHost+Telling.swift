// Telling the person something that happened, on screen and to the screen reader at once.

import Canvas

extension WindowHost {
    /// Says `words` in a toast (with `button` when given) and, once, at the head of the crop area's
    /// description, which Orca speaks as it changes: the toast itself is not spoken in GTK 4.8.
    func tell(_ words: String, button: ToastButton? = nil) {
        canvas.announce(words)
        showToast(words, button: button)
    }
}
