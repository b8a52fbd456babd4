// Screenshots made with ImageMagick for Trim Borders' tests (plain, noisy or transparent borders, or none), and its trim of them.

import Foundation

/// A generated screenshot: a 400 × 300 picture holding a 180 × 120 "window" (a title bar, a frame, a
/// few lines of text-like marks) where `kind` puts it.
public enum GeneratedScreenshot: String, CaseIterable, Sendable {
    /// On a plain blue desktop, at 70, 50.
    case plainBorder
    /// The same as a JPEG at quality 80 with noise added to the whole picture before it is encoded.
    case noisyJPEGBorder
    /// On a transparent background (a PNG with alpha), with a soft shadow around the window.
    case transparentBorder
    /// On a plain border, its left side on the picture's left edge.
    case touchingAnEdge
    /// Noise everywhere: no border.
    case noBorder

    public var fileName: String { rawValue + (self == .noisyJPEGBorder ? ".jpg" : ".png") }

    /// Makes it at `path` (its extension chosen by `fileName`).
    public func make(at path: String) throws {
        // The window's drawing, its top left corner at x, y.
        func placed(_ x: Int, _ y: Int) -> [String] {
            [
                "-fill", "#f6f5f4", "-stroke", "#2e3436", "-draw", "rectangle \(x),\(y) \(x + 179),\(y + 119)",
                "-fill", "#deddda", "-draw", "rectangle \(x),\(y) \(x + 179),\(y + 20)",
                "-stroke", "none", "-fill", "#1c71d8", "-draw", "rectangle \(x + 12),\(y + 34) \(x + 90),\(y + 44)",
                "-fill", "#333333", "-draw", "rectangle \(x + 12),\(y + 60) \(x + 160),\(y + 66)",
            ]
        }
        switch self {
        case .plainBorder:
            try Tools.run(["convert", "-size", "400x300", "xc:#3a6ea5"] + placed(70, 50) + [path])
        case .noisyJPEGBorder:
            try Tools.run(
                ["convert", "-size", "400x300", "xc:#3a6ea5"] + placed(70, 50)
                    + ["-seed", "3", "-attenuate", "0.3", "+noise", "Gaussian", "-quality", "80", path])
        case .transparentBorder:
            // A window with a soft shadow (black at 40 % blurred by 6 pixels) on nothing.
            try Tools.run(
                [
                    "convert", "-size", "400x300", "xc:none", "(", "-size", "400x300", "xc:none", "-fill", "#00000066",
                    "-draw", "rectangle 74,56 253,175", "-blur", "0x6", ")", "-composite",
                ] + placed(70, 50)
                    + ["PNG32:" + path])
        case .touchingAnEdge:
            try Tools.run(["convert", "-size", "400x300", "xc:#3a6ea5"] + placed(0, 90) + [path])
        case .noBorder:
            try Tools.run(["convert", "-size", "400x300", "-seed", "5", "xc:", "+noise", "Random", path])
        }
    }

    /// ImageMagick's trim box of the picture at `path` with `-fuzz fuzz%`: `convert X -fuzz N% -trim
    /// -format '%wx%h%O' info:` (the trimmed size and its offset on the picture; `%@` after `-trim`
    /// would measure the trimmed picture again), as `(x, y, width, height)`.
    public static func imageMagickTrim(_ path: String, fuzz: Int) throws -> (x: Int, y: Int, width: Int, height: Int) {
        let text = try Tools.output(["convert", path, "-fuzz", "\(fuzz)%", "-trim", "-format", "%wx%h%O", "info:"])
        let numbers = text.split(whereSeparator: { "x+".contains($0) }).compactMap {
            Int($0.trimmingCharacters(in: .whitespaces))
        }
        guard numbers.count == 4 else { throw CocoaError(.fileReadCorruptFile) }
        return (numbers[2], numbers[3], numbers[0], numbers[1])
    }
}

extension Tools {
    /// What the tool prints on standard output (it must succeed).
    public static func output(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CocoaError(
                .fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "\(arguments.joined(separator: " ")) failed"])
        }
        return String(decoding: data, as: UTF8.self)
    }
}
