import Foundation
import TroveJSON
import TroveStore

/// The shell's prompt: the store's name, then what is selected, e.g. `home (dog Rex)> `.
///
/// The selection is the `context` object of the store's local settings, which commands such as
/// `dog select` write; the prompt reads it afresh before every line, so it follows them.
struct Prompt {
    var storePath: String

    /// The store's name: its folder's name.
    var storeName: String { (storePath as NSString).lastPathComponent }

    /// The selected things, as `kind value` pairs in key order.
    var context: [String] {
        guard let context = LocalSettings(storePath: storePath).value("context")?.objectValue else { return [] }
        return context.keys.sorted().compactMap { key in
            if case .string(let value)? = context[key], !value.isEmpty { return "\(key) \(value)" }
            return nil
        }
    }

    /// The prompt, coloured when `color`.
    func text(color: Bool) -> String {
        let context = self.context
        let selection = context.isEmpty ? "" : " (" + context.joined(separator: ", ") + ")"
        return SGR.apply([.bold], to: storeName, color: color) + SGR.apply([.dim], to: selection, color: color) + "> "
    }
}
