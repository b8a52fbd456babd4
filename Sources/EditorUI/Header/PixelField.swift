// The pixel popover's four entries (X, Y, width, height) in Tab order, by their builder ids in data/ui/pixel-popover.ui.

/// The four entries of the pixel popover, in Tab order.
enum PixelField: Int, CaseIterable {
    case x, y, width, height
}
