// Typed Swift for GTK's printing: one page drawn with Cairo, through the print dialog (with a tab of our own) or into a PDF.

import CGtk

/// One GtkPrintOperation of a single page, in points, drawn on the whole paper (the page's margins
/// are given to the drawing as its printable area). It keeps itself alive from `run` until it is done.
@MainActor
public final class PrintOperation {
    /// A paper and which way it lies: a PWG name GTK knows (`iso_a4`) or a size of its own, in millimetres, upright.
    public struct PageSetup: Equatable, Sendable {
        public var paperName: String?
        public var width: Double
        public var height: Double
        public var landscape: Bool

        public init(paperName: String?, width: Double, height: Double, landscape: Bool) {
            (self.paperName, self.width, self.height, self.landscape) = (paperName, width, height, landscape)
        }
    }

    /// A page as it lies, in points: the paper's size and, inside it, the area the printer prints.
    public struct Sheet: Equatable, Sendable {
        public let width: Double
        public let height: Double
        public let printable: (x: Double, y: Double, width: Double, height: Double)

        public static func == (a: Sheet, b: Sheet) -> Bool {
            a.width == b.width && a.height == b.height && a.printable == b.printable
        }
    }

    /// How a run ended.
    public enum Outcome: Equatable, Sendable {
        case printed
        case cancelled
        /// GTK's words for what went wrong.
        case failed(String)
    }

    /// The tab added to the print dialog: its label, the widget it shows (made when the dialog opens),
    /// and what follows the page chosen in the dialog.
    public struct Tab {
        public let label: String
        public let make: @MainActor () -> UnsafeMutablePointer<GtkWidget>
        public let pageChanged: @MainActor (Sheet) -> Void

        public init(
            label: String, make: @escaping @MainActor () -> UnsafeMutablePointer<GtkWidget>,
            pageChanged: @escaping @MainActor (Sheet) -> Void
        ) {
            (self.label, self.make, self.pageChanged) = (label, make, pageChanged)
        }
    }

    private let operation: GObjectRef
    /// Itself, from `run` until done: GTK's signals hold only weak references to it.
    private var running: PrintOperation?
    private var finished: (@MainActor (Outcome) -> Void)?

    /// A print job named `jobName` (what a printer's queue shows) of one page on `page`.
    public init(jobName: String, page: PageSetup) {
        operation = GObjectRef(adopting: gtk_print_operation_new()!.raw)
        let op = self.op
        gtk_print_operation_set_job_name(op, jobName)
        gtk_print_operation_set_n_pages(op, 1)
        gtk_print_operation_set_unit(op, GTK_UNIT_POINTS)
        gtk_print_operation_set_use_full_page(op, 1)
        gtk_print_operation_set_embed_page_setup(op, 1)
        gtk_print_operation_set_allow_async(op, 1)
        let setup = PrintOperation.makeSetup(page)
        gtk_print_operation_set_default_page_setup(op, setup)
        g_object_unref(setup.raw)
    }

    private var op: UnsafeMutablePointer<GtkPrintOperation> { operation.raw.assumingMemoryBound(to: GtkPrintOperation.self) }

    /// The paper the locale prints on (GTK's default: A4, or US Letter where that is the custom).
    public static var defaultPaper: PageSetup {
        let paper = gtk_paper_size_new(nil)!
        defer { gtk_paper_size_free(paper) }
        return PageSetup(
            paperName: String(cString: gtk_paper_size_get_name(paper)), width: gtk_paper_size_get_width(paper, GTK_UNIT_MM),
            height: gtk_paper_size_get_height(paper, GTK_UNIT_MM), landscape: false)
    }

    /// The page setup the dialog starts with, as GTK holds it (for tests and logs).
    public var defaultPage: PageSetup? {
        guard let setup = gtk_print_operation_get_default_page_setup(op), let paper = gtk_page_setup_get_paper_size(setup)
        else { return nil }
        return PageSetup(
            paperName: String(cString: gtk_paper_size_get_name(paper)), width: gtk_paper_size_get_width(paper, GTK_UNIT_MM),
            height: gtk_paper_size_get_height(paper, GTK_UNIT_MM),
            landscape: gtk_page_setup_get_orientation(setup) == GTK_PAGE_ORIENTATION_LANDSCAPE)
    }

    /// Adds `tab` to the print dialog.
    public func add(_ tab: Tab) {
        gtk_print_operation_set_custom_tab_label(op, tab.label)
        Signal.connectMakingWidget(operation.raw, "create-custom-widget") { [weak self] in
            let widget = tab.make()
            // The page the dialog opens on, until the dialog says another was chosen.
            if let self, let setup = gtk_print_operation_get_default_page_setup(self.op) {
                tab.pageChanged(PrintOperation.sheet(of: setup))
            }
            return widget
        }
        Signal.connectPageChanged(operation.raw) { setup in tab.pageChanged(PrintOperation.sheet(of: setup)) }
    }

    /// Shows the print dialog over `parent`, or with `exportingTo`, writes the page into that PDF
    /// file at once, without a dialog; `draw` draws the page (its Cairo context in points, from the
    /// paper's top-left corner as it lies), `done` says how it ended, once.
    public func run(
        over parent: UnsafeMutablePointer<GtkWidget>?, exportingTo path: String? = nil,
        draw: @escaping @MainActor (Cairo, Sheet) -> Void, done: @escaping @MainActor (Outcome) -> Void
    ) {
        running = self
        finished = done
        Signal.connectDrawPage(operation.raw) { context in
            guard let cr = gtk_print_context_get_cairo_context(context), let setup = gtk_print_context_get_page_setup(context)
            else { return }
            draw(Cairo(cr), PrintOperation.sheet(of: setup))
        }
        Signal.connectInt(operation.raw, "done") { [weak self] result in self?.end(result) }
        if let path { gtk_print_operation_set_export_filename(op, path) }
        var error: UnsafeMutablePointer<GError>?
        let result = gtk_print_operation_run(
            op, path == nil ? GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG : GTK_PRINT_OPERATION_ACTION_EXPORT,
            parent.map { cgtk_window($0.raw) }, &error)
        if let error {
            finish(.failed(String(cString: error.pointee.message)))
            g_error_free(error)
        } else if result != GTK_PRINT_OPERATION_RESULT_IN_PROGRESS {
            // Ended at once: `done` may not come.
            end(Int32(bitPattern: result.rawValue))
        }
    }

    /// `done`'s result as an outcome.
    private func end(_ result: Int32) {
        switch UInt32(bitPattern: result) {
        case GTK_PRINT_OPERATION_RESULT_APPLY.rawValue: finish(.printed)
        case GTK_PRINT_OPERATION_RESULT_CANCEL.rawValue: finish(.cancelled)
        default:
            var error: UnsafeMutablePointer<GError>?
            gtk_print_operation_get_error(op, &error)
            let words = error.map { String(cString: $0.pointee.message) } ?? "GTK could not print"
            if let error { g_error_free(error) }
            finish(.failed(words))
        }
    }

    private func finish(_ outcome: Outcome) {
        guard let finished else { return }
        self.finished = nil
        finished(outcome)
        running = nil
    }

    /// A new GtkPageSetup (the caller owns it) for `page`, with the paper's default margins.
    private static func makeSetup(_ page: PageSetup) -> OpaquePointer {
        let setup = gtk_page_setup_new()!
        let paper =
            page.paperName.map { gtk_paper_size_new($0) }
            ?? gtk_paper_size_new_custom("custom", "Custom", page.width, page.height, GTK_UNIT_MM)
        if let paper {
            gtk_page_setup_set_paper_size_and_default_margins(setup, paper)
            gtk_paper_size_free(paper)
        }
        gtk_page_setup_set_orientation(setup, page.landscape ? GTK_PAGE_ORIENTATION_LANDSCAPE : GTK_PAGE_ORIENTATION_PORTRAIT)
        return setup
    }

    /// The sheet a page setup describes, as it lies, in points. The printable area is centred: GTK keeps
    /// the margins of the upright paper, and its size as it lies is what the layout needs.
    static func sheet(of setup: OpaquePointer) -> Sheet {
        let width = gtk_page_setup_get_paper_width(setup, GTK_UNIT_POINTS)
        let height = gtk_page_setup_get_paper_height(setup, GTK_UNIT_POINTS)
        let inner = (
            width: gtk_page_setup_get_page_width(setup, GTK_UNIT_POINTS),
            height: gtk_page_setup_get_page_height(setup, GTK_UNIT_POINTS)
        )
        return Sheet(
            width: width, height: height,
            printable: ((width - inner.width) / 2, (height - inner.height) / 2, inner.width, inner.height))
    }
}
