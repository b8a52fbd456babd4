// The one toast an application shows when CROP_EDITOR_UNCONFINED let a decoder run that the kernel does not show confined.

import Decoding
import Wording

@MainActor
enum UnconfinedToast {
    /// Shown once per application (standard error says it once too, from the pool).
    private static var shown = false

    /// After a picture was decoded: the toast, if its decoder ran unconfined and none was shown yet.
    static func showIfNeeded(in window: EditorWindow) {
        guard !shown, DecoderPool.shared.ranUnconfined else { return }
        shown = true
        window.showToast(tr("Pictures are decoded without confinement: CROP_EDITOR_UNCONFINED is set"))
    }
}
