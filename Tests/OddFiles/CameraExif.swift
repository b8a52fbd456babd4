// A camera-like EXIF block written byte by byte: a Canon compact's maker notes, interoperability, GPS and a thumbnail.

enum CameraExif {
    /// The TIFF structure of an APP1 EXIF segment as a 2003 Canon PowerShot writes it: IFD0 (make,
    /// model, `orientation`), the EXIF directory with a Canon maker note (an IFD whose offsets count
    /// from the TIFF header, as Canon's do) and an interoperability directory, GPS, and IFD1 holding
    /// `thumbnail` (a JPEG of the whole picture).
    static func canonCompact(orientation: Int, width: Int, height: Int, thumbnail: [UInt8]) -> [UInt8] {
        typealias E = TIFFLayout.Entry
        var layout = TIFFLayout()
        let resolution = TIFFLayout.Value.rationals([(180, 1)])
        layout.directories = [
            // 0: IFD0
            [
                E(0x010F, .ascii("Canon")), E(0x0110, .ascii("Canon PowerShot S40")), E(0x0112, .shorts([UInt16(orientation)])),
                E(0x011A, resolution), E(0x011B, resolution), E(0x0128, .shorts([2])),
                E(0x0132, .ascii("2003:12:14 12:01:44")), E(0x0213, .shorts([1])), E(0x8769, .directory(1)),
                E(0x8825, .directory(3)),
            ],
            // 1: the EXIF directory
            [
                E(0x829A, .rationals([(1, 500)])), E(0x829D, .rationals([(49, 10)])), E(0x9000, .undefined(Array("0220".utf8))),
                E(0x9003, .ascii("2003:12:14 12:01:44")), E(0x9101, .undefined([1, 2, 3, 0])), E(0x927C, .directoryBody(4)),
                E(0x9286, .undefined(Array("ASCII\0\0\0".utf8) + [UInt8](repeating: 0, count: 16))),
                E(0xA000, .undefined(Array("0100".utf8))), E(0xA001, .shorts([1])),
                E(0xA002, .longs([UInt32(width)])), E(0xA003, .longs([UInt32(height)])), E(0xA005, .directory(2)),
                E(0xA217, .shorts([2])),
            ],
            // 2: interoperability
            [
                E(0x0001, .ascii("R98")), E(0x0002, .undefined(Array("0100".utf8))),
                E(0x1001, .shorts([UInt16(width)])), E(0x1002, .shorts([UInt16(height)])),
            ],
            // 3: GPS
            [
                E(0x0000, .bytes([2, 2, 0, 0])), E(0x0001, .ascii("N")), E(0x0002, .rationals([(48, 1), (51, 1), (2989, 100)])),
                E(0x0003, .ascii("E")), E(0x0004, .rationals([(2, 1), (21, 1), (78, 100)])),
            ],
            // 4: the Canon maker note
            [
                E(0x0001, .shorts((0..<46).map { UInt16($0 % 7) })), E(0x0002, .shorts([0, 7, 216, 162])),
                E(0x0004, .shorts((0..<34).map { UInt16($0 * 3 % 11) })), E(0x0006, .ascii("IMG:PowerShot S40 JPEG")),
                E(0x0007, .ascii("Firmware Version 1.10")), E(0x0008, .longs([1_171_771])),
                E(0x0009, .ascii("Owner Name".padding(toLength: 31, withPad: " ", startingAt: 0))),
                E(0x000C, .longs([560_018_150])), E(0x0010, .longs([0x0112_0000])),
            ],
            // 5: IFD1, the thumbnail
            [
                E(0x0103, .shorts([6])), E(0x011A, resolution), E(0x011B, resolution), E(0x0128, .shorts([2])),
                E(0x0201, .blobOffset(0)), E(0x0202, .blobLength(0)),
            ],
        ]
        layout.next = [0: 5]
        layout.blobs = [thumbnail]
        return layout.bytes
    }

    /// An XMP packet as a drone or a phone app adds beside such EXIF: the position again (in
    /// `exif:` and in DJI's own namespace) and a title.
    static let xmp = """
        <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\
        <rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" xmlns:drone-dji="http://www.dji.com/drone-dji/1.0/" \
        xmlns:dc="http://purl.org/dc/elements/1.1/" exif:GPSLatitude="48,51.4982N" exif:GPSLongitude="2,21.0130E" \
        drone-dji:GpsLatitude="+48.857498" drone-dji:GpsLongitude="+2.350217" drone-dji:RelativeAltitude="+12.30">\
        <dc:title><rdf:Alt><rdf:li xml:lang="x-default">quay</rdf:li></rdf:Alt></dc:title>\
        </rdf:Description></rdf:RDF></x:xmpmeta>
        """
}
