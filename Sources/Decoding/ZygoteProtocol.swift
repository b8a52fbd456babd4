// What the editor and the decoders' zygote say: one descriptor per request, a socket for the new decoder, nothing else.

package enum ZygoteProtocol {
    /// The decoder's third argument that makes it the zygote.
    package static let argument = "zygote"
    /// The third argument of a decoder started on its own for a file that is not HEIF or AVIF: it
    /// does not load libvips' HEIF module (`DecoderPool.loadsHEIF`).
    package static let withoutHEIF = "without-heif"
    /// The request's bytes (its descriptor is the message).
    package static let request: [UInt8] = Array("fork".utf8)
}
