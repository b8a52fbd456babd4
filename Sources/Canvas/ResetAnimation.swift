// The animated reset in progress: the frame drawn between the old crop and the new, and the tick callback that moves it.

import CropKit

/// A reset's animation: the committed crop changes at once, the drawn frame follows.
struct ResetAnimation {
    /// Drawn instead of the committed crop while it runs.
    var animation: CropAnimation?
    /// The widget's tick callback driving it, 0 when none.
    var tick: UInt32 = 0
}
