// One decoding policy for the window, the export and the command line: repairs are kept, data that is missing is refused.

import CTurboJPEG
import CVips
import Foundation
import ImagingCore

/// What a decode that succeeded may still have to refuse.
enum DecodePolicy {
    /// Runs `compute`, where libvips decodes the pixels, under the policy the export applies, so a
    /// picture the window shows or measures is one it can save. The error buffer starts empty there:
    /// opening a file leaves harmless words in it (libheif's "bad seek" as it sniffs). A loader's
    /// failure in a worker thread can be lost on the way to the caller, who then gets pixels never
    /// written (a PNG whose last checksum is wrong, one run in a few); the words it left are not lost,
    /// and such a loss ends as `failure` (the error `compute` throws when the failure reaches it), so
    /// the file is refused with the same line either way.
    static func computed<T>(
        _ info: ImageInfo, failure: () -> ImagingError, _ compute: () throws(ImagingError) -> T
    ) throws(ImagingError) -> T {
        vips_error_clear()
        let result = try compute()
        if !info.isJPEG, let buffer = vips_error_buffer(), buffer.pointee != 0 { throw failure() }
        try acceptRepairs(info)
        return result
    }

    /// After a libvips decode that succeeded. libvips leaves the JPEG library's first warning in its
    /// error buffer (the others it only counts). A warning is a repair every viewer makes too
    /// (extraneous bytes skipped, a damaged stretch filled with grey), so it is no reason to refuse;
    /// but a JPEG whose image data stops early, with an end marker tacked on, also only warns: one
    /// pass through its data tells the two apart. Other loaders put only real failures there.
    static func acceptRepairs(_ info: ImageInfo) throws(ImagingError) {
        guard let buffer = vips_error_buffer(), buffer.pointee != 0 else { return }
        guard info.isJPEG else { throw ImagingLibraries.pipelineError(info) }
        vips_error_clear()
        try checkJPEGData(path: info.path)
    }

    /// Reads the JPEG's image data through once and refuses it only when the data stops before the
    /// picture does or libjpeg gives up; repairs pass.
    static func checkJPEGData(path: String) throws(ImagingError) {
        var report = cjs_report()
        cjs_scan(path, &report)
        let words = withUnsafeBytes(of: report.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        if report.cut_short != 0 {
            throw .incomplete(.dataStopsEarly(detail: words))
        }
        if report.failed != 0 { throw .damaged(.jpegData(detail: words)) }
    }
}
