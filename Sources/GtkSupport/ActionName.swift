// What every action enum shares: a case's name and the detailed name menus, buttons and keys use.

/// An action named by an enum case instead of a string, so a typo is a compile error.
public protocol ActionName: Sendable {
    /// The action group it lives in: `win`, `app`, `crop` or `view`.
    var group: String { get }
    /// The name inside that group, e.g. `zoom-in`.
    var name: String { get }
}

extension ActionName {
    /// The name with its group, as `GtkActionable`, menus and toasts take it: `win.zoom-in`.
    public var detailed: String { "\(group).\(name)" }

    /// The detailed name with a target for radio items: `win.aspect-ratio::1:1`.
    public func detailed(_ target: String) -> String { "\(detailed)::\(target)" }
}

extension ActionName where Self: RawRepresentable, RawValue == String {
    public var name: String { rawValue }
}
