// The sharp-region loader shows only the newest request's render: an older one asked for first never arrives.

import CGtk
import CropKit
import Foundation
import GtkSupport
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import CanvasTestSupport
@testable import TestSupport

final class SharpRegionLoaderTests: XCTestCase {
    func testANewerRequestReplacesAnOlderOneThatNeverArrives() throws {
        try GtkDisplay.require()
        let folder = try GtkDisplay.temporaryFolder("sharpnewest")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("grey.png").path
        XCTAssertNotNil(Shell.run("convert", ["-size", "1200x800", "xc:#808080", path]))
        // The picture as the window would have it: the confined decoder's thumbnail, with its file's facts.
        let image = try ImageSource.decode(path: path, maxWidth: 600, maxHeight: 400).get()
        try MainActor.assumeIsolated {
            let loader = SharpRegionLoader()
            let renders = SharpRenders(loader)
            let older = SharpRequest(region: CropRect(x: 0, y: 0, width: 0.5, height: 0.5), scale: 1)
            let newer = SharpRequest(region: CropRect(x: 0.5, y: 0.5, width: 0.5, height: 0.5), scale: 1)
            loader.want(older, of: image)
            loader.want(newer, of: image)
            // Asking again for what is on its way changes nothing.
            loader.want(newer, of: image)
            XCTAssertTrue(GtkDisplay.pump(timeout: 10) { renders.count > 0 }, "no render arrived")
            let tile = try XCTUnwrap(loader.tile)
            XCTAssertEqual(tile.region.minX, 0.5, accuracy: 0.01, "the older region was shown")
            XCTAssertEqual(tile.region.minY, 0.5, accuracy: 0.01)
            // Twice the loader's delay and then some: the older request never renders after all.
            GtkDisplay.settle(Double(SharpRegionLoader.delayMilliseconds) * 3 / 1000)
            XCTAssertEqual(renders.count, 1)
            XCTAssertTrue(loader.drop())
            XCTAssertNil(loader.tile)
            XCTAssertFalse(loader.drop(), "nothing left to drop")
        }
    }
}
