// Undo and redo over committed editing states: a bounded past, a future cleared by new edits.

/// The committed states of an editing session for undo and redo. It holds the `current` state,
/// the states before it (`past`, oldest first) and the states undone from it (`future`, next redo last).
/// Only committed states go in (a drag's release, an adjustment, a turn), never a drag in progress.
public struct CropHistory<State: Equatable & Sendable>: Sendable {
    /// How many past states a history keeps by default; older ones are dropped.
    public static var defaultDepth: Int { 200 }

    /// The state now shown.
    public private(set) var current: State
    /// Earlier states, oldest first; `undo` returns the last.
    public private(set) var past: [State] = []
    /// Undone states, the next to redo last.
    public private(set) var future: [State] = []
    /// The most past states kept (at least 1).
    public let depth: Int

    /// A history at `initial` with nothing to undo or redo.
    public init(_ initial: State, depth: Int = CropHistory.defaultDepth) {
        current = initial
        self.depth = max(depth, 1)
    }

    public var canUndo: Bool { !past.isEmpty }
    public var canRedo: Bool { !future.isEmpty }

    /// Makes `state` current after a committed edit: the old current becomes undoable and the
    /// redo states are dropped (a new edit starts a new branch). Recording the current state
    /// again changes nothing, so a release that moved nothing leaves no empty undo step.
    /// Returns whether anything was recorded.
    @discardableResult
    public mutating func record(_ state: State) -> Bool {
        guard state != current else { return false }
        past.append(current)
        if past.count > depth { past.removeFirst(past.count - depth) }
        future.removeAll()
        current = state
        return true
    }

    /// Steps back: returns the state now current, or nil when there is nothing to undo.
    @discardableResult
    public mutating func undo() -> State? {
        guard let previous = past.popLast() else { return nil }
        future.append(current)
        current = previous
        return previous
    }

    /// Steps forward again: returns the state now current, or nil when there is nothing to redo.
    @discardableResult
    public mutating func redo() -> State? {
        guard let next = future.popLast() else { return nil }
        past.append(current)
        current = next
        return next
    }
}

extension CropHistory: Equatable {}
extension CropHistory: Hashable where State: Hashable {}
