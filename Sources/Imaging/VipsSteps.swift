// A chain of libvips operations whose intermediate images are released together, and a resampling weighted by alpha.

import CVips
import ImagingCore

/// The intermediate images of a chain of libvips operations, released together: each result holds its
/// inputs, so only the last one needs to outlive the chain.
struct VipsSteps {
    private var made: [UnsafeMutablePointer<VipsImage>] = []

    /// Runs one operation and keeps its result until `release`.
    mutating func run(
        _ operation: (UnsafeMutablePointer<UnsafeMutablePointer<VipsImage>?>) -> Int32
    ) throws(ImagingError)
        -> UnsafeMutablePointer<VipsImage>
    {
        let image = try kept(operation)
        made.append(image)
        return image
    }

    /// Runs the last operation: its result belongs to the caller.
    func kept(
        _ operation: (UnsafeMutablePointer<UnsafeMutablePointer<VipsImage>?>) -> Int32
    ) throws(ImagingError)
        -> UnsafeMutablePointer<VipsImage>
    {
        var out: UnsafeMutablePointer<VipsImage>?
        guard operation(&out) == 0, let out else { throw ImagingLibraries.pipelineError() }
        return out
    }

    mutating func adopt(_ image: UnsafeMutablePointer<VipsImage>) { made.append(image) }

    mutating func release() {
        made.forEach { cv_unref($0) }
        made = []
    }
}

extension VipsSteps {
    /// `resample` run on `image` (it registers what it makes in the steps it is handed), the colours
    /// weighted by the alpha first when there is one, so a transparent pixel's colour does not bleed
    /// into its neighbours; then unweighted, rounded and cast back to the image's own format, which
    /// `castBack` asks for even without alpha (a resampling that averages makes floats). A new
    /// reference the caller unrefs.
    static func resampled(
        _ image: UnsafeMutablePointer<VipsImage>, castBack: Bool = false,
        _ resample: (inout VipsSteps, UnsafeMutablePointer<VipsImage>) throws(ImagingError) -> UnsafeMutablePointer<VipsImage>
    ) throws(ImagingError) -> UnsafeMutablePointer<VipsImage> {
        var steps = VipsSteps()
        defer { steps.release() }
        let hasAlpha = vips_image_hasalpha(image) != 0
        let input = hasAlpha ? try steps.run { cv_premultiply(image, $0) } : image
        let made = try resample(&steps, input)
        guard hasAlpha || castBack else {
            _ = g_object_ref(made)
            return made
        }
        let unweighted = hasAlpha ? try steps.run { cv_unpremultiply(made, $0) } : made
        let rounded = try steps.run { cv_rint(unweighted, $0) }
        return try steps.kept { cv_cast(rounded, $0, vips_image_get_format(image)) }
    }
}
