// Ultra HDR files made of two JPEGs as Android writes them: the primary with hdrgm XMP and an MPF index, the gain map after.

public enum UltraHDR {
    static let gainMapXMP = """
        <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\
        <rdf:Description xmlns:hdrgm="http://ns.adobe.com/hdr-gain-map/1.0/" hdrgm:Version="1.0" hdrgm:GainMapMin="0" \
        hdrgm:GainMapMax="2.3" hdrgm:Gamma="1" hdrgm:OffsetSDR="0.015625" hdrgm:OffsetHDR="0.015625" \
        hdrgm:HDRCapacityMin="0" hdrgm:HDRCapacityMax="2.3" hdrgm:BaseRenditionIsHDR="False"/>\
        </rdf:RDF></x:xmpmeta>
        """

    /// The primary's XMP: the gain-map version and the container directory naming both pictures,
    /// with the gain map's length; `title` a property of its own that must survive.
    static func primaryXMP(gainMapLength: Int, title: String) -> String {
        """
        <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\
        <rdf:Description xmlns:Container="http://ns.google.com/photos/1.0/container/" \
        xmlns:Item="http://ns.google.com/photos/1.0/container/item/" xmlns:hdrgm="http://ns.adobe.com/hdr-gain-map/1.0/" \
        xmlns:dc="http://purl.org/dc/elements/1.1/" hdrgm:Version="1.0">\
        <dc:title><rdf:Alt><rdf:li xml:lang="x-default">\(title)</rdf:li></rdf:Alt></dc:title>\
        <Container:Directory><rdf:Seq>\
        <rdf:li rdf:parseType="Resource"><Container:Item Item:Semantic="Primary" Item:Mime="image/jpeg"/></rdf:li>\
        <rdf:li rdf:parseType="Resource"><Container:Item Item:Semantic="GainMap" Item:Mime="image/jpeg" \
        Item:Length="\(gainMapLength)"/></rdf:li>\
        </rdf:Seq></Container:Directory></rdf:Description></rdf:RDF></x:xmpmeta>
        """
    }

    static func xmpPayload(_ packet: String) -> [UInt8] { Array("http://ns.adobe.com/xap/1.0/".utf8) + [0] + Array(packet.utf8) }

    /// An Ultra HDR file: `primary` given the XMP and an MPF index listing `gainMap` (which gets its
    /// own hdrgm XMP), the gain map appended after the primary's end. With `describe: false` the
    /// second picture is a plain one, as in a 3D camera's MPO.
    public static func assemble(
        primary: [UInt8], gainMap plain: [UInt8], title: String = "harbour",
        describe: Bool = true
    ) -> [UInt8] {
        let second = describe ? OddJPEG.withSegment(0xE1, xmpPayload(gainMapXMP), in: plain) : plain
        let withXMP =
            describe
            ? OddJPEG.withSegment(
                0xE1, xmpPayload(primaryXMP(gainMapLength: second.count, title: title)),
                in: primary) : primary
        // The index goes after the APP0/APP1 segments; its size does not depend on the offsets in it.
        let at = OddJPEG.segments(withXMP).first { $0.marker != 0xE0 && $0.marker != 0xE1 }!.range.lowerBound
        let size = index(primarySize: 0, secondSize: 0, secondOffset: 0).count
        let primarySize = withXMP.count + size
        // MPF offsets count from the index's TIFF header, 8 bytes into the segment ("FF E2", length, "MPF\0").
        let segment = index(primarySize: primarySize, secondSize: second.count, secondOffset: primarySize - (at + 8))
        return Array(withXMP[..<at]) + segment + withXMP[at...] + second
    }

    /// The APP2 MPF segment for two pictures.
    private static func index(primarySize: Int, secondSize: Int, secondOffset: Int) -> [UInt8] {
        var layout = TIFFLayout()
        let entries =
            layout.u32(0x030000) + layout.u32(primarySize) + layout.u32(0) + layout.u16(0) + layout.u16(0)
            + layout.u32(0) + layout.u32(secondSize) + layout.u32(secondOffset) + layout.u16(0) + layout.u16(0)
        layout.directories = [
            [
                .init(0xB000, .undefined(Array("0100".utf8))), .init(0xB001, .longs([2])),
                .init(0xB002, .undefined(entries)),
            ]
        ]
        let payload = Array("MPF".utf8) + [0] + layout.bytes
        return [0xFF, 0xE2, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
    }
}
