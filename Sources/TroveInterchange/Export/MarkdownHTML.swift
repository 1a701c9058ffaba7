import CCmarkGFM
import Foundation

/// Renders the Markdown that journal entries use into HTML, with GitHub's CommonMark (Debian's libcmark-gfm).
///
/// CommonMark with GitHub's tables, strikethrough, autolinks and task lists, rendered in cmark's safe mode:
/// links and images with `javascript:`, `vbscript:`, `file:` or `data:` targets lose them. Raw HTML in the
/// Markdown is shown as text, never passed through, so a published entry cannot carry a script (cmark's safe
/// mode would leave a comment in its place; a person who typed `<b>` should see it).
///
///     MarkdownHTML().render("**Frost** on the <canal>")  // "<p><strong>Frost</strong> on the &lt;canal&gt;</p>"
public struct MarkdownHTML: Sendable {
    /// Maps a link or image destination to the URL to write; nil drops the link (keeping its text)
    /// or the image (keeping its alt text). Unsafe schemes (`javascript:`…) are dropped after it.
    public var resolveURL: @Sendable (String) -> String?

    public init(resolveURL: @escaping @Sendable (String) -> String? = { $0 }) {
        self.resolveURL = resolveURL
    }

    /// The GitHub extensions used, by cmark's names.
    static let extensions = ["table", "strikethrough", "autolink", "tasklist"]

    /// cmark registers its extensions once per process.
    private static let registered: Void = cmark_gfm_core_extensions_ensure_registered()

    /// The HTML for `markdown`, without a final line break.
    public func render(_ markdown: String) -> String {
        _ = Self.registered
        guard let parser = cmark_parser_new(CMARK_OPT_DEFAULT) else { return "" }
        defer { cmark_parser_free(parser) }
        for name in Self.extensions {
            if let syntax = cmark_find_syntax_extension(name) { cmark_parser_attach_syntax_extension(parser, syntax) }
        }
        var text = markdown
        text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { cmark_parser_feed(parser, $0.baseAddress, $0.count) }
        }
        guard let root = cmark_parser_finish(parser) else { return "" }
        defer { cmark_node_free(root) }
        rewrite(root)
        guard let html = cmark_render_html(root, CMARK_OPT_DEFAULT, cmark_parser_get_syntax_extensions(parser)) else { return "" }
        defer { free(html) }
        var result = String(cString: html)
        while result.hasSuffix("\n") { result.removeLast() }
        return result
    }

    /// Whether a link destination the resolver gave is safe to follow: not `javascript:`, `vbscript:` or `data:`
    /// (cmark's safe mode checks the destinations in the text; this checks the resolver's).
    static func isSafeLink(_ url: String) -> Bool {
        let lowered = String(url.unicodeScalars.filter { $0.value > 0x20 }).lowercased()
        return !["javascript:", "vbscript:", "data:"].contains { lowered.hasPrefix($0) }
    }

    /// Resolves every link and image target (dropping the ones refused, with their text kept) and turns raw
    /// HTML into text.
    private func rewrite(_ root: OpaquePointer) {
        var targets: [OpaquePointer] = [], markup: [OpaquePointer] = []
        guard let iterator = cmark_iter_new(root) else { return }
        while cmark_iter_next(iterator) != CMARK_EVENT_DONE {
            guard let node = cmark_iter_get_node(iterator), cmark_iter_get_event_type(iterator) == CMARK_EVENT_ENTER else { continue }
            switch cmark_node_get_type(node) {
            case CMARK_NODE_LINK, CMARK_NODE_IMAGE: targets.append(node)
            case CMARK_NODE_HTML_INLINE, CMARK_NODE_HTML_BLOCK: markup.append(node)
            default: break
            }
        }
        cmark_iter_free(iterator)
        for node in targets {
            let url = cmark_node_get_url(node).map { String(cString: $0) } ?? ""
            if let resolved = resolveURL(url), Self.isSafeLink(resolved) {
                cmark_node_set_url(node, resolved)
            } else {
                // Its text (a link's label, an image's alt text) takes its place.
                while let child = cmark_node_first_child(node) { cmark_node_insert_before(node, child) }
                cmark_node_free(node)
            }
        }
        for node in markup {
            let literal = cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
            guard let text = cmark_node_new(CMARK_NODE_TEXT) else { continue }
            if cmark_node_get_type(node) == CMARK_NODE_HTML_BLOCK {
                // A block of HTML becomes a paragraph of its text.
                guard let paragraph = cmark_node_new(CMARK_NODE_PARAGRAPH) else { cmark_node_free(text); continue }
                cmark_node_set_literal(text, literal.trimmingCharacters(in: .newlines))
                cmark_node_append_child(paragraph, text)
                cmark_node_insert_before(node, paragraph)
            } else {
                cmark_node_set_literal(text, literal)
                cmark_node_insert_before(node, text)
            }
            cmark_node_free(node)
        }
    }
}
