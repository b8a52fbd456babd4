// Typed Swift over GdkClipboard and GdkContentProvider: offering bytes and files, reading them back asynchronously.

import CGtk
import Foundation

/// A widget's clipboard (the one Ctrl+C and Ctrl+V use) and the content offered on it or on a drag.
/// Reading is asynchronous: the bytes come from another process (or from this one's own main loop).
@MainActor
public enum Clipboard {
    /// The clipboard of `widget`'s display.
    public static func of(_ widget: UnsafeMutablePointer<GtkWidget>) -> OpaquePointer {
        gtk_widget_get_clipboard(widget)
    }

    /// A provider offering `bytes` as `mimeType` (a PNG as `image/png`), and `file` too when given
    /// (Files and chat applications take a file: it is offered as a GFile, `text/uri-list`).
    /// The caller owns the result.
    public static func provider(bytes: Data, mimeType: String, file: String? = nil) -> UnsafeMutablePointer<GdkContentProvider> {
        let glibBytes = bytes.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(glibBytes) }
        var providers: [UnsafeMutablePointer<GdkContentProvider>?] = [gdk_content_provider_new_for_bytes(mimeType, glibBytes)]
        if let file {
            let gfile = g_file_new_for_path(file)
            defer { g_object_unref(gfile?.raw) }
            var value = GValue()
            g_value_init(&value, cgtk_file_type())
            g_value_set_object(&value, UnsafeMutableRawPointer(gfile))
            providers.append(gdk_content_provider_new_for_value(&value))
            g_value_unset(&value)
        }
        // The union takes the providers' references; the first that offers a format serves it.
        return providers.withUnsafeMutableBufferPointer { gdk_content_provider_new_union($0.baseAddress, gsize($0.count)) }
    }

    /// Puts `provider` on `clipboard` (which takes its own reference).
    public static func set(_ clipboard: OpaquePointer, _ provider: UnsafeMutablePointer<GdkContentProvider>) {
        gdk_clipboard_set_content(clipboard, provider)
    }

    /// Whether what is on `clipboard` is this process's own content.
    public static func isLocal(_ clipboard: OpaquePointer) -> Bool { gdk_clipboard_is_local(clipboard) != 0 }

    /// The mime types `clipboard` (or a drop's formats) offers, in its order.
    public static func mimeTypes(_ formats: OpaquePointer?) -> [String] {
        guard let formats else { return [] }
        var count: gsize = 0
        guard let types = gdk_content_formats_get_mime_types(formats, &count) else { return [] }
        return (0..<Int(count)).compactMap { types[$0].map { String(cString: $0) } }
    }

    /// The formats on `clipboard` now.
    public static func formats(_ clipboard: OpaquePointer) -> OpaquePointer? { gdk_clipboard_get_formats(clipboard) }

    /// Whether `formats` offer files (a URI list that GTK turns into a GdkFileList).
    public static func offersFiles(_ formats: OpaquePointer?) -> Bool {
        guard let formats else { return false }
        return gdk_content_formats_contain_gtype(formats, cgtk_file_list_type()) != 0
    }

    /// Runs `changed` whenever the clipboard's content changes (this process's or another's); the
    /// handler's id, for `g_signal_handler_disconnect`.
    @discardableResult
    public static func whenChanged(_ clipboard: OpaquePointer, _ changed: @escaping @MainActor () -> Void) -> UInt {
        Signal.connect(UnsafeMutableRawPointer(clipboard), "changed", changed)
    }

    /// Reads the clipboard's content in the first of `mimeTypes` it offers, at most `limit` bytes:
    /// `done` gets the bytes and the type, or nil when there was none, it failed or was longer.
    public static func read(
        _ clipboard: OpaquePointer, mimeTypes: [String], limit: Int,
        _ done: @escaping @MainActor ((bytes: Data, mimeType: String)?) -> Void
    ) {
        withTypes(mimeTypes) { types in
            gdk_clipboard_read_async(
                clipboard, types, G_PRIORITY_DEFAULT, nil,
                { source, result, data in
                    nonisolated(unsafe) let (source, result) = (source, result)
                    MainActor.assumeIsolated {
                        var type: UnsafePointer<CChar>?
                        let stream = gdk_clipboard_read_finish(OpaquePointer(source), result, &type, nil)
                        ReadRequest.opened(data, stream, type)
                    }
                }, ReadRequest.start(limit: limit, done))
        }
    }

    /// Reads a drop's content in the first of `mimeTypes` it offers, at most `limit` bytes, as `read` does a clipboard's.
    public static func read(
        drop: OpaquePointer, mimeTypes: [String], limit: Int,
        _ done: @escaping @MainActor ((bytes: Data, mimeType: String)?) -> Void
    ) {
        withTypes(mimeTypes) { types in
            gdk_drop_read_async(
                drop, types, G_PRIORITY_DEFAULT, nil,
                { source, result, data in
                    nonisolated(unsafe) let (source, result) = (source, result)
                    MainActor.assumeIsolated {
                        var type: UnsafePointer<CChar>?
                        let stream = gdk_drop_read_finish(OpaquePointer(source), result, &type, nil)
                        ReadRequest.opened(data, stream, type)
                    }
                }, ReadRequest.start(limit: limit, done))
        }
    }

    /// `mimeTypes` as the NULL-terminated C array GDK's reads take, for the length of `body`.
    private static func withTypes(_ mimeTypes: [String], _ body: (UnsafeMutablePointer<UnsafePointer<CChar>?>) -> Void) {
        let cStrings: [UnsafeMutablePointer<CChar>?] = mimeTypes.map { strdup($0) } + [nil]
        defer { cStrings.forEach { free($0) } }
        cStrings.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                body(UnsafeMutablePointer(mutating: $0))
            }
        }
    }

    /// Reads the files of a drop (from Files): their local paths, or nil when there are none.
    public static func readFiles(drop: OpaquePointer, _ done: @escaping @MainActor ([String]?) -> Void) {
        let box = Unmanaged.passRetained(SignalBox(done) as AnyObject).toOpaque()
        gdk_drop_read_value_async(
            drop, cgtk_file_list_type(), G_PRIORITY_DEFAULT, nil,
            { source, result, data in
                nonisolated(unsafe) let (source, result) = (source, result)
                MainActor.assumeIsolated {
                    let done = Unmanaged<SignalBox<@MainActor ([String]?) -> Void>>.fromOpaque(data!).takeRetainedValue()
                    let value = gdk_drop_read_value_finish(OpaquePointer(source), result, nil)
                    done.handler(value.map { Clipboard.paths(inFileList: $0) } ?? nil)
                }
            }, box)
    }

    /// Formats of `mimeTypes` and files (a GdkFileList), for a drop target that takes either.
    public static func formats(mimeTypes: [String], files: Bool) -> OpaquePointer {
        let builder = gdk_content_formats_builder_new()
        for type in mimeTypes { gdk_content_formats_builder_add_mime_type(builder, type) }
        if files { gdk_content_formats_builder_add_gtype(builder, cgtk_file_list_type()) }
        return gdk_content_formats_builder_free_to_formats(builder)
    }

    /// Reads the files on `clipboard` (copied in Files): their paths, or nil when there are none or
    /// it failed. Files without a local path are left out.
    public static func readFiles(_ clipboard: OpaquePointer, _ done: @escaping @MainActor ([String]?) -> Void) {
        let box = Unmanaged.passRetained(SignalBox(done) as AnyObject).toOpaque()
        gdk_clipboard_read_value_async(
            clipboard, cgtk_file_list_type(), G_PRIORITY_DEFAULT, nil,
            { source, result, data in
                nonisolated(unsafe) let (source, result) = (source, result)
                MainActor.assumeIsolated {
                    let done = Unmanaged<SignalBox<@MainActor ([String]?) -> Void>>.fromOpaque(data!).takeRetainedValue()
                    let value = gdk_clipboard_read_value_finish(OpaquePointer(source), result, nil)
                    done.handler(value.map { Clipboard.paths(inFileList: $0) } ?? nil)
                }
            }, box)
    }

    /// The local paths of a GValue holding a GdkFileList, or nil without any.
    public static func paths(inFileList value: UnsafePointer<GValue>) -> [String]? {
        guard let list = g_value_get_boxed(value), let files = gdk_file_list_get_files(OpaquePointer(list)) else {
            return nil
        }
        defer { g_slist_free(files) }
        var paths: [String] = []
        var node: UnsafeMutablePointer<GSList>? = files
        while let current = node {
            if let file = current.pointee.data, let path = g_file_get_path(OpaquePointer(file)) {
                paths.append(String(cString: path))
                g_free(path)
            }
            node = current.pointee.next
        }
        return paths.isEmpty ? nil : paths
    }
}

/// One read of a stream into memory, in chunks on the main loop (the writer may be this very loop).
@MainActor
final class ReadRequest {
    let limit: Int
    let done: @MainActor ((bytes: Data, mimeType: String)?) -> Void
    var mimeType = ""
    private var bytes = Data()
    private var stream: OpaquePointer?
    nonisolated private static let chunk = 64 * 1024
    /// Where each chunk lands: it must outlive the read that fills it, so it is not an array's storage.
    nonisolated(unsafe) private let buffer = UnsafeMutableRawPointer.allocate(byteCount: 64 * 1024, alignment: 16)

    init(limit: Int, done: @escaping @MainActor ((bytes: Data, mimeType: String)?) -> Void) {
        self.limit = limit
        self.done = done
    }

    deinit { buffer.deallocate() }

    /// A new read's request, retained for the asynchronous call's user data.
    static func start(
        limit: Int, _ done: @escaping @MainActor ((bytes: Data, mimeType: String)?) -> Void
    ) -> UnsafeMutableRawPointer {
        Unmanaged.passRetained(ReadRequest(limit: limit, done: done)).toOpaque()
    }

    /// The stream a read opened (or nil when it failed), for the request in `data`: read it to its end.
    static func opened(
        _ data: UnsafeMutableRawPointer?, _ stream: UnsafeMutablePointer<GInputStream>?, _ type: UnsafePointer<CChar>?
    ) {
        let request = Unmanaged<ReadRequest>.fromOpaque(data!).takeRetainedValue()
        guard let stream, let type else { return request.done(nil) }
        request.mimeType = String(cString: type)
        request.drain(stream)
    }

    /// Reads `stream` (whose reference this takes) to its end, then reports.
    func drain(_ stream: UnsafeMutablePointer<GInputStream>) {
        self.stream = OpaquePointer(stream)
        next()
    }

    private func next() {
        guard let stream else { return }
        let me = Unmanaged.passRetained(self).toOpaque()
        g_input_stream_read_async(
            UnsafeMutablePointer(stream), buffer, gsize(ReadRequest.chunk), G_PRIORITY_DEFAULT, nil,
            { source, result, data in
                nonisolated(unsafe) let (source, result) = (source, result)
                MainActor.assumeIsolated {
                    let request = Unmanaged<ReadRequest>.fromOpaque(data!).takeRetainedValue()
                    let count = g_input_stream_read_finish(
                        UnsafeMutableRawPointer(source)?.assumingMemoryBound(to: GInputStream.self), result, nil)
                    request.received(count)
                }
            }, me)
    }

    private func received(_ count: gssize) {
        if count > 0, bytes.count + Int(count) <= limit {
            bytes.append(buffer.assumingMemoryBound(to: UInt8.self), count: Int(count))
            next()
            return
        }
        g_object_unref(stream.map { UnsafeMutableRawPointer($0) })
        stream = nil
        done(count == 0 && !bytes.isEmpty ? (bytes, mimeType) : nil)
    }
}
