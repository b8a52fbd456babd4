// The fuzz targets by name, and the scratch folder the path-taking parsers read their input from.

import Foundation

public enum FuzzTargets {
    /// Every target `make fuzz` runs, by the name FUZZ_TARGET gives.
    public static let all: [String: @Sendable ([UInt8]) -> Void] = [
        "header": HeaderTarget.run,
        "probe": HeaderTarget.probe,
        "jpeg-quality": JPEGQualityTarget.run,
        "webp-quality": WebPQualityTarget.run,
        "mpf": MultiPictureTarget.run,
        "jpeg-data": JPEGDataTarget.run,
        "sidecar": SidecarTarget.run,
    ]

    /// A folder of this process's own, for parsers that take a path (libvips, libjpeg's stdio
    /// source and gexiv2 read files, not memory).
    static let folder: String = {
        var template = Array((NSTemporaryDirectory() + "crop-fuzz-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { fatalError("no temporary folder") }
        return String(cString: made)
    }()

    /// Writes `bytes` to `name` in the scratch folder, replacing what an earlier input left.
    static func file(_ name: String, _ bytes: some Collection<UInt8>) -> String {
        // Plain POSIX: Foundation's createFile writes a temporary and renames it, ten times slower.
        let path = folder + "/" + name
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard fd >= 0 else { fatalError("cannot write \(path)") }
        defer { close(fd) }
        let written = Array(bytes).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard written == bytes.count else { fatalError("cannot write \(path)") }
        return path
    }
}
