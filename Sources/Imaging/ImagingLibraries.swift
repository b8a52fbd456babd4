// The imaging module's entry: libvips and gexiv2 started (untrusted loaders blocked), libvips' failures as causes.

import CExiv
import CVips
import Foundation
@_exported import ImagingCore

/// libvips and gexiv2 as every job of this module uses them: started once, one pipeline at a time,
/// their failures read as `ImagingError` causes.
public enum ImagingLibraries {
    private static let started: Bool = {
        // Only the HEIF module: the others are formats the app refuses (see startup.h).
        guard cvs_init_with_heif_only("crop-editor", opensHEIFModule ? 1 : 0) == 0 else { return false }
        // libvips reports per-tile decode trouble as GLib warnings on stderr; the failure itself
        // comes back as an error we word for the user, so the warnings are only noise (and would
        // break the CLI's one-line error contract).
        g_log_set_handler("VIPS", G_LOG_LEVEL_WARNING, { _, _, _, _ in }, nil)
        // exiv2 reports every odd maker-note directory it skips on stderr (through GLib); what it
        // could not write comes back as an error the export words itself.
        gexiv2_log_set_level(GEXIV2_LOG_LEVEL_MUTE)
        // libvips ≥ 8.13: refuse the loaders libvips itself marks untrusted.
        vips_block_untrusted_set(1)
        // No operation cache: libvips 8.14 keys cached loads by file name alone, so a file replaced
        // on disk (or overwritten by an export) would be read as it was before.
        vips_cache_set_max(0)
        // No run-time code generation (liborc): it maps memory executable, which the confined
        // decoder is not allowed to do; off here too, so both give the same pixels.
        vips_vector_set_enabled(0)
        return true
    }()

    /// Whether libvips' start loads its HEIF module: turned off only by a decoder started for one
    /// file that is not HEIF or AVIF, on its one thread before anything starts libvips (it is read
    /// once, by that start).
    nonisolated(unsafe) public static var opensHEIFModule = true

    /// libvips keeps one error buffer for the whole process, which is read (and cleared) to word
    /// failures and to catch decode errors in worker threads: two pipelines at once would take each
    /// other's errors (a good export failing because a broken file was decoding elsewhere). Probe,
    /// thumbnail and export therefore run one at a time (recursive: export probes).
    static let pipelineLock = NSRecursiveLock()

    /// Starts libvips once; every public entry point calls this.
    static func start() throws(ImagingError) {
        guard started else { throw .libraryUnavailable(.images) }
    }

    /// The words libvips left for the last failure (cleared after reading), nil when it left none.
    static func vipsDetail() -> String? {
        defer { vips_error_clear() }
        guard let buffer = vips_error_buffer() else { return nil }
        let text = String(cString: buffer).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return nil }
        // libvips prefixes lines with the operation name ("jpegload: "); the first line is the cause.
        let first = text.split(separator: "\n").first.map(String.init) ?? text
        return first.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? first
    }

    /// libvips failing at `stage`, with its words.
    static func vipsFailure(_ stage: ImagingError.LibraryStage) -> ImagingError { .library(stage, detail: vipsDetail()) }

    /// A failed decode or save, sorted by cause: writing, a TIFF variant libvips cannot decode, or
    /// damaged data. libvips says which only in words, so this (with `TIFFVariant.unsupported`) is
    /// where its words are read; everything after matches the case.
    static func pipelineError(_ info: ImageInfo? = nil) -> ImagingError {
        let detail = vipsDetail()
        if let detail, ["write", "space", "permission"].contains(where: detail.lowercased().contains) {
            return .writeFailed(.library(detail: detail))
        }
        if let info, info.isTIFF, let detail, let layout = TIFFVariant.unsupported(path: info.path, libvipsMessage: detail) {
            return .unsupported(.tiff(layout))
        }
        return .damaged(.decode(detail: detail))
    }

    /// For the decoding process, before it confines itself: libvips and its HEIF module started, so
    /// nothing the libraries load on first use is left for when opening files is refused.
    /// `heif` false: without the HEIF module (`opensHEIFModule`).
    public static func prepareForConfinement(heif: Bool = true) {
        opensHEIFModule = heif
        _ = try? start()
    }

    /// Which HEIF/AVIF support this libvips has (Debian's may lack it).
    public static var supportsHEIF: Bool {
        (try? start()) != nil && vips_type_find("VipsOperation", "heifload") != 0
    }
}
