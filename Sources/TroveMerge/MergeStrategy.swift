/// How concurrent edits of one field are combined, as a field's schema declares with `x-merge`.
public indirect enum MergeStrategy: Sendable, Hashable {
    /// Last writer wins: changed on one side, take it; on both, the larger record clock wins.
    case lww
    /// An unordered array: base plus additions from both sides minus removals from both.
    case set
    /// An ordered array of objects with `id`: membership merged as a set, order from the newer side.
    case list
    /// Long text: line-based three-way merge, falling back to `lww` when hunks overlap.
    case text
    /// Never changes after creation (`id`, `type`, `createdAt`): a difference is corruption.
    case immutable
    /// An object merged key by key; keys not named in `fields` use `otherFields`.
    case object(fields: [String: MergeStrategy], otherFields: MergeStrategy)
}

extension MergeStrategy {
    /// The strategy of a record's member `key`, falling back to last-writer-wins.
    public func field(_ key: String) -> MergeStrategy {
        if case .object(let fields, let other) = self { return fields[key] ?? other }
        return .lww
    }

    /// The name used for this strategy in schemas' `x-merge`.
    public var name: String {
        switch self {
        case .lww: return "lww"
        case .set: return "set"
        case .list: return "list"
        case .text: return "text"
        case .immutable: return "immutable"
        case .object: return "object"
        }
    }
}
