// One frame of several as an export asks for it: the model's `FrameOutput` filled into `ExportOptions`.

import CropKit

extension ExportOptions {
    /// These options (quality, strip, lossless preference: the save's own) making `frame`: its turns,
    /// angle, shape, size, perspective and cuts. The crop to export is `frame.crop`.
    public func making(_ frame: FrameOutput) -> ExportOptions {
        var options = self
        options.transform = frame.orientation
        options.straighten = frame.angle
        options.shape = frame.shape
        options.outputSize = frame.outputSize
        options.perspective = frame.rectification
        options.cuts = frame.cuts
        return options
    }
}
