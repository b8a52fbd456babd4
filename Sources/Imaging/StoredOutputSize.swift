// An output size as the sidecar's cropeditor:OutputSize keeps it: `2048` (the longer side, as before), `1080x1350`, `15x10cm@300`.

import CropKit

enum StoredOutputSize {
    /// The tag's text for `size`, or nil for the crop's own size (the tag is then removed).
    static func text(_ size: OutputSize) -> String? {
        switch size {
        case .original: return nil
        case .longerSide(let side): return String(side)
        case .pixels(let pixels): return "\(pixels.width)x\(pixels.height)"
        case .print(let print): return "\(print)@\(print.ppi)"
        }
    }

    /// The size a tag's text keeps, or nil for text no version wrote (the crop's own size is then used).
    static func size(_ text: String) -> OutputSize? {
        if let side = Int(text) { return side >= 1 ? .longerSide(side) : nil }
        let parts = text.split(separator: "@")
        if parts.count == 2, let ppi = Int(parts[1]), let print = PrintSize(parsing: String(parts[0]), ppi: ppi) {
            return .print(print)
        }
        let sides = text.split(separator: "x")
        guard parts.count == 1, sides.count == 2, let width = Int(sides[0]), let height = Int(sides[1]), width >= 1, height >= 1
        else { return nil }
        return .pixels(PixelSize(width: width, height: height))
    }
}
