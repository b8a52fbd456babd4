// Choosing an aspect ratio in a session: lock drags to it and refit the committed crop in one step.

extension CropSession {
    /// Locks the session to `ratio` on the picture as shown (W×H pixels) and refits the committed
    /// crop with `AspectRatio.fitted`, ending any drag; Free unlocks and keeps the crop as it is.
    /// Returns whether the committed crop changed.
    @discardableResult
    public mutating func lockAspectRatio(_ ratio: AspectRatio, imageWidth: Int, imageHeight: Int) -> Bool {
        aspectRatio = ratio.normalizedRatio(imageWidth: imageWidth, imageHeight: imageHeight)
        return commit(ratio.fitted(committed, imageWidth: imageWidth, imageHeight: imageHeight))
    }
}
