// The four entries of the pixel popover (X, Y, width, height), in Tab order: their builder ids in data/ui/pixel-popover.ui are pixel-x, ….

/// The four entries of the pixel popover, in Tab order.
enum PixelField: Int, CaseIterable {
    case x, y, width, height
}
