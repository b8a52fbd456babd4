// The re-encode's last steps after the cut and the turn: scaling to the output size, then cutting the circle with soft edges.

import CVips
import CropKit
import ImagingCore

extension CropExporter {
    typealias VipsPointer = UnsafeMutablePointer<VipsImage>

    /// `image` (the cut, turned) made what `options` ask for: scaled to `size`, then cut in a circle.
    /// A new reference the caller unrefs; every step streams, so nothing is held whole in memory.
    static func shaped(
        _ image: VipsPointer, size: (width: Int, height: Int),
        options: ExportOptions
    ) throws(ImagingError) -> VipsPointer {
        _ = g_object_ref(image)
        var result = image
        do {
            if !options.outputSize.isOriginal {
                let next = try scaled(result, to: size)
                cv_unref(result)
                result = next
            }
            if options.shape == .circle {
                let next = try circled(result)
                cv_unref(result)
                result = next
            }
        } catch {
            cv_unref(result)
            throw error
        }
        return result
    }

    /// Exactly `size`, by Lanczos 3 with separate horizontal and vertical factors (one factor would
    /// round one side a pixel off). Alpha weights the colours, so transparent pixels do not bleed.
    private static func scaled(_ image: VipsPointer, to size: (width: Int, height: Int)) throws(ImagingError) -> VipsPointer {
        var steps = VipsSteps()
        defer { steps.release() }
        let hasAlpha = vips_image_hasalpha(image) != 0
        let hscale = Double(size.width) / Double(vips_image_get_width(image))
        let vscale = Double(size.height) / Double(vips_image_get_height(image))
        var result: VipsPointer
        if hasAlpha {
            let weighted = try steps.run { cv_premultiply(image, $0) }
            let resized = try steps.run { cv_resize(weighted, $0, hscale, vscale) }
            let unweighted = try steps.run { cv_unpremultiply(resized, $0) }
            let rounded = try steps.run { cv_rint(unweighted, $0) }
            result = try steps.kept { cv_cast(rounded, $0, vips_image_get_format(image)) }
        } else {
            result = try steps.kept { cv_resize(image, $0, hscale, vscale) }
        }
        guard Int(vips_image_get_width(result)) == size.width, Int(vips_image_get_height(result)) == size.height else {
            let got = (width: Int(vips_image_get_width(result)), height: Int(vips_image_get_height(result)))
            cv_unref(result)
            throw .library(
                .scaleExactly(width: size.width, height: size.height, gotWidth: got.width, gotHeight: got.height),
                detail: nil)
        }
        return result
    }

    /// The ellipse inscribed in `image` kept, its corners transparent: the mask's coverage becomes the
    /// alpha, or multiplies the alpha already there. Grey stays grey (with alpha), 16 bits stay 16 bits.
    private static func circled(_ image: VipsPointer) throws(ImagingError) -> VipsPointer {
        var steps = VipsSteps()
        defer { steps.release() }
        var input = image
        // Colour spaces PNG and WebP cannot carry with alpha (CMYK, Lab, …) become sRGB first.
        let interpretation = vips_image_get_interpretation(input)
        let carried = [VIPS_INTERPRETATION_sRGB, VIPS_INTERPRETATION_B_W, VIPS_INTERPRETATION_RGB16, VIPS_INTERPRETATION_GREY16]
        if !carried.contains(interpretation), vips_colourspace_issupported(input) != 0 {
            let source = input
            input = try steps.run { cv_colourspace(source, $0, VIPS_INTERPRETATION_sRGB) }
        }
        var format = vips_image_get_format(input)
        if format != VIPS_FORMAT_UCHAR, format != VIPS_FORMAT_USHORT {
            let source = input
            input = try steps.run { cv_cast(source, $0, VIPS_FORMAT_UCHAR) }
            format = VIPS_FORMAT_UCHAR
        }
        let sixteenBit = format == VIPS_FORMAT_USHORT
        guard
            let mask = cv_generated_band(
                vips_image_get_width(input), vips_image_get_height(input), sixteenBit ? 1 : 0,
                fillCircleMaskRow)
        else {
            throw ImagingLibraries.vipsFailure(.circleMask)
        }
        steps.adopt(mask)
        let colour = input
        guard vips_image_hasalpha(colour) != 0 else {
            return try steps.kept { cv_bandjoin2(colour, mask, $0) }
        }
        // alpha × coverage, rounded: a transparent pixel stays transparent, an opaque one inside stays opaque.
        let bands = vips_image_get_bands(colour)
        let colours = try steps.run { cv_extract_band(colour, $0, 0, bands - 1) }
        let alpha = try steps.run { cv_extract_band(colour, $0, bands - 1, 1) }
        let product = try steps.run { cv_multiply(alpha, mask, $0) }
        let scaled = try steps.run { cv_linear1(product, $0, 1 / (sixteenBit ? 65535.0 : 255.0), 0.5) }
        let newAlpha = try steps.run { cv_cast(scaled, $0, format) }
        return try steps.kept { cv_bandjoin2(colours, newAlpha, $0) }
    }
}

/// Fills one row of the circle's mask for libvips' generator (on its worker threads; pure).
private func fillCircleMaskRow(
    row: UnsafeMutableRawPointer?, left: Int32, y: Int32, count: Int32, width: Int32,
    height: Int32, sixteenBit: Int32
) {
    guard let row else { return }
    let mask = CircleMask(width: Int(width), height: Int(height))
    if sixteenBit != 0 {
        mask.fill(
            row: row.assumingMemoryBound(to: UInt16.self), y: Int(y), left: Int(left), count: Int(count),
            maximum: .max)
    } else {
        mask.fill(
            row: row.assumingMemoryBound(to: UInt8.self), y: Int(y), left: Int(left), count: Int(count),
            maximum: .max)
    }
}
