// `PrintLayout`: the paper and orientation a result is printed on, its place and size there, and the resolution it gets.
import CropKit
import Testing

@Suite struct PrintLayoutTests {
    static let a4Page = CropSize(width: 210 * PrintLayout.pointsPerMillimetre, height: 297 * PrintLayout.pointsPerMillimetre)
    static let printable = PageRect(x: 18, y: 18, width: a4Page.width - 36, height: a4Page.height - 36)

    static func print(_ width: Double, _ height: Double, _ unit: PrintUnit = .centimetres, ppi: Int = 300) -> PrintSize {
        PrintSize(width: width, height: height, unit: unit, ppi: ppi)!
    }

    @Test func aPrintLiesTheWayItIsWideAndGoesOnThePrintersPaperWhenItFits() {
        let wide = PrintLayout.page(for: PixelSize(width: 1772, height: 1181), print: Self.print(15, 10), preferred: .a4)
        #expect(wide.paper == .a4 && wide.orientation == .landscape)
        let tall = PrintLayout.page(for: PixelSize(width: 1181, height: 1772), print: Self.print(10, 15), preferred: .letter)
        #expect(tall.paper == .letter && tall.orientation == .portrait)
        // Exactly A4 fits on A4, upright or turned.
        #expect(
            PrintLayout.page(for: PixelSize(width: 2480, height: 3508), print: Self.print(21, 29.7), preferred: .a4) == (
                .a4, .portrait
            ))
        #expect(
            PrintLayout.page(for: PixelSize(width: 3508, height: 2480), print: Self.print(29.7, 21), preferred: .a4)
                == (.a4, .landscape))
    }

    @Test func aPrintTooLargeForThePrintersPaperGoesOnTheSmallestThatHoldsItOrOnItsOwnSize() {
        // 8 × 12 in is wider than A4 (210 mm) and taller than Letter: Legal holds it.
        let legal = PrintLayout.page(for: PixelSize(width: 2400, height: 3600), print: Self.print(8, 12, .inches), preferred: .a4)
        #expect(legal.paper == .legal && legal.orientation == .portrait)
        let a3 = PrintLayout.page(for: PixelSize(width: 4000, height: 3000), print: Self.print(40, 28), preferred: .letter)
        #expect(a3.paper == .a3 && a3.orientation == .landscape)
        let poster = PrintLayout.page(for: PixelSize(width: 7000, height: 5000), print: Self.print(70, 50), preferred: .a4)
        #expect(poster.paper == Paper(name: nil, width: 500, height: 700) && poster.orientation == .landscape)
    }

    @Test func aFittedResultLiesTheWayThePictureDoesOnThePrintersPaper() {
        #expect(PrintLayout.page(for: PixelSize(width: 400, height: 900), print: nil, preferred: .letter) == (.letter, .portrait))
        #expect(PrintLayout.page(for: PixelSize(width: 900, height: 400), print: nil, preferred: .a4) == (.a4, .landscape))
        #expect(PrintLayout.page(for: PixelSize(width: 500, height: 500), print: nil, preferred: .a4) == (.a4, .portrait))
    }

    @Test func aPrintSizeIsPlacedAtExactlyItsSizeCentredOnThePaper() {
        let landscape = CropSize(width: Self.a4Page.height, height: Self.a4Page.width)
        let rect = PrintLayout.place(
            PixelSize(width: 1772, height: 1181), print: Self.print(15, 10), page: landscape,
            printable: PageRect(x: 18, y: 18, width: landscape.width - 36, height: landscape.height - 36))
        #expect(abs(rect.width - 150 * PrintLayout.pointsPerMillimetre) < 1e-9)
        #expect(abs(rect.height - 100 * PrintLayout.pointsPerMillimetre) < 1e-9)
        #expect(abs(rect.x - (297 - 150) / 2 * PrintLayout.pointsPerMillimetre) < 1e-9)
        #expect(abs(rect.y - (210 - 100) / 2 * PrintLayout.pointsPerMillimetre) < 1e-9)
        // Inches: 6 × 4 in is 432 × 288 points.
        let inches = PrintLayout.place(
            PixelSize(width: 1800, height: 1200), print: Self.print(6, 4, .inches), page: landscape, printable: Self.printable)
        #expect(abs(inches.width - 432) < 1e-9 && abs(inches.height - 288) < 1e-9)
    }

    @Test func aFittedResultFillsThePrintableAreaOneWayCentredTheOther() {
        let tall = PrintLayout.place(
            PixelSize(width: 100, height: 1000), print: nil, page: Self.a4Page, printable: Self.printable)
        #expect(abs(tall.height - Self.printable.height) < 1e-9 && abs(tall.width - Self.printable.height / 10) < 1e-9)
        #expect(abs(tall.midX - Self.a4Page.width / 2) < 1e-9 && abs(tall.y - 18) < 1e-9)
        let wide = PrintLayout.place(
            PixelSize(width: 3000, height: 1000), print: nil, page: Self.a4Page, printable: Self.printable)
        #expect(abs(wide.width - Self.printable.width) < 1e-9 && abs(wide.height - Self.printable.width / 3) < 1e-9)
        #expect(abs(wide.x - 18) < 1e-9 && abs(wide.midY - Self.a4Page.height / 2) < 1e-9)
        // No printable area: nothing is drawn, nothing divides by zero.
        let none = PrintLayout.place(
            PixelSize(width: 0, height: 0), print: nil, page: Self.a4Page, printable: PageRect(x: 0, y: 0, width: 0, height: 0))
        #expect(none.width == 0 && none.height == 0)
    }

    @Test func aPrintShortOfPixelsSaysTheResolutionItGets() {
        let print = Self.print(15, 10)
        let rect = PrintLayout.place(
            PixelSize(width: 1772, height: 1181), print: print, page: Self.a4Page, printable: Self.printable)
        #expect(PrintLayout.shortfall(PixelSize(width: 1772, height: 1181), print: print, rect: rect) == nil)
        // Half the pixels across: 150 ppi.
        #expect(PrintLayout.shortfall(PixelSize(width: 886, height: 591), print: print, rect: rect) == 150)
        #expect(PrintLayout.resolution(PixelSize(width: 886, height: 591), in: rect) < 150.1)
        // A fitted result needs what photo labs print at: 1000 pixels across 7 in is 142 ppi.
        let fitted = PageRect(x: 0, y: 0, width: 7 * 72, height: 5 * 72)
        #expect(PrintLayout.shortfall(PixelSize(width: 1000, height: 714), print: nil, rect: fitted) == 142)
        #expect(PrintLayout.shortfall(PixelSize(width: 2100, height: 1500), print: nil, rect: fitted) == nil)
    }
}

extension PageRect {
    var midX: Double { x + width / 2 }
    var midY: Double { y + height / 2 }
}
