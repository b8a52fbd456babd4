// Imaging re-exports what a written JPEG's metadata needs without libvips (ImagingMetadata).

@_exported import ImagingMetadata
