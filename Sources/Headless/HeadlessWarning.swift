// A headless success that left some metadata out, as the one stderr line the contract promises: `crop-editor: IMAGE: warning: …`.

import Batch

/// A success that had to leave some of the source's metadata out: the crop was written, exit 0.
public struct HeadlessWarning: Equatable, Sendable {
    public let image: String
    /// What was left out, one phrase each.
    public let leftOut: [String]

    /// The single stderr line: `crop-editor: IMAGE: warning: …`, every phrase in it.
    public var line: String { oneLine("crop-editor: \(image): warning: " + leftOut.joined(separator: "; ")) }
}
