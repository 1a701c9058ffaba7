import Foundation

/// The HTML of each page of an exported site. Every piece of text goes through `MarkupText.escape`.
struct HTMLSitePages {
    let site: HTMLSite

    private func esc(_ s: String) -> String { MarkupText.escape(s) }

    // MARK: Pages

    func index() -> String {
        let p = site.profile
        var body = "<section class=\"profile\">\n"
        if let avatar = site.avatarFile {
            body += "<img class=\"avatar\" src=\"media/\(esc(avatar))\" alt=\"\">\n"
        } else {
            body += "<div class=\"avatar avatar-initials\" aria-hidden=\"true\">\(esc(initials(site.siteName)))</div>\n"
        }
        body += "<div class=\"profile-text\">\n<h1>\(esc(site.siteName))</h1>\n"
        if let username = p.username, !username.isEmpty, p.displayName?.isEmpty == false {
            body += "<p class=\"username\">@\(esc(username))</p>\n"
        }
        if let bio = p.bio, !bio.isEmpty {
            let renderer = MarkdownHTML(resolveURL: { ExportMediaReference.hash(inURL: $0) == nil ? $0 : nil })
            body += "<div class=\"bio prose\">\n\(renderer.render(bio))\n</div>\n"
        }
        body += "</div>\n</section>\n"

        if !site.journals.isEmpty {
            body += "<section class=\"journals\">\n<h2>Journals</h2>\n<ul class=\"journal-list\">\n"
            for j in site.journals {
                let count = site.entries.filter { $0.journal?.journal.id == j.journal.id }.count
                body += "<li><a class=\"journal-card\" href=\"journals/\(esc(j.page))\">"
                body += "<span class=\"journal-name\">\(esc(j.journal.name))</span>"
                if let d = j.journal.description, !d.isEmpty { body += "<span class=\"journal-desc\">\(esc(d))</span>" }
                body += "<span class=\"count\">\(count) \(count == 1 ? "entry" : "entries")</span></a></li>\n"
            }
            body += "</ul>\n</section>\n"
        }

        let latest = Array(site.entries.prefix(HTMLSiteExport.latestCount))
        body += "<section class=\"entries\">\n"
        body += listHead("Latest entries")
        body += entryList(latest, root: "")
        body += "<p class=\"more\"><a class=\"button\" href=\"all.html\">All entries (\(site.entries.count))</a></p>\n"
        body += "</section>\n"
        return page(title: site.siteName, root: "", header: false, body: body)
    }

    func allEntries() -> String {
        var body = "<nav class=\"crumbs\"><a class=\"button\" href=\"index.html\">← Home</a></nav>\n"
        body += "<section class=\"entries\">\n" + listHead("All entries", level: 1)
        body += entryList(site.entries, root: "") + "</section>\n"
        return page(title: "All entries · \(site.siteName)", root: "", body: body)
    }

    func journal(_ j: HTMLSite.Journal) -> String {
        var body = "<nav class=\"crumbs\"><a class=\"button\" href=\"../index.html\">← Home</a></nav>\n"
        body += "<header class=\"journal-head\">\n<h1>\(esc(j.journal.name))</h1>\n"
        if let d = j.journal.description, !d.isEmpty { body += "<p class=\"lead\">\(esc(d))</p>\n" }
        body += "</header>\n<section class=\"entries\">\n" + listHead("Entries")
        let entries = site.entries.filter { $0.journal?.journal.id == j.journal.id }
        body += entryList(entries, root: "../") + "</section>\n"
        return page(title: "\(j.journal.name) · \(site.siteName)", root: "../", body: body)
    }

    func entry(at position: Int) -> String {
        let e = site.entries[position]
        let entry = e.entry
        var body = "<nav class=\"crumbs\"><a class=\"button\" href=\"../index.html\">← Home</a>"
        if let j = e.journal { body += " <a class=\"button\" href=\"../journals/\(esc(j.page))\">\(esc(j.journal.name))</a>" }
        body += "</nav>\n<article class=\"entry\">\n<header class=\"entry-head\">\n"
        let star = entry.starred ? " <span class=\"star\" title=\"Starred\">★</span>" : ""
        body += "<h1>\(esc(displayTitle(e)))\(star)</h1>\n"
        body += "<p class=\"meta\"><time datetime=\"\(esc(e.time.isoWithOffset))\">\(esc(e.time.longText))</time>"
        body += " <span class=\"zone\">\(esc(e.time.zoneID))</span>"
        if let place = entry.place, !place.isEmpty { body += " · <span class=\"place\">\(esc(place))</span>" }
        body += "</p>\n"
        if !entry.tags.isEmpty {
            body += "<p class=\"tags\">" + entry.tags.map { tag in
                "<a class=\"button tag\" href=\"../all.html?tag=\(esc(percentEncode(tag)))\">#\(esc(tag))</a>"
            }.joined(separator: " ") + "</p>\n"
        }
        body += "</header>\n"

        // Photos the text shows inline are not repeated in the strip.
        let inline = Set(ExportMediaReference.hashes(in: entry.text))
        let strip = entry.photos.filter { !inline.contains($0.sha256.lowercased()) }
            .compactMap { p in e.mediaFiles[p.sha256.lowercased()].map { (p, $0) } }
        if !strip.isEmpty {
            body += "<div class=\"photo-strip\">\n" + strip.map { photo, file in
                "<figure><img src=\"../media/\(esc(file))\" alt=\"\(esc(photo.caption ?? ""))\" loading=\"lazy\">"
                    + (photo.caption.map { $0.isEmpty ? "" : "<figcaption>\(esc($0))</figcaption>" } ?? "") + "</figure>"
            }.joined(separator: "\n") + "\n</div>\n"
        }
        let files = e.mediaFiles
        let renderer = MarkdownHTML(resolveURL: { url in
            guard let hash = ExportMediaReference.hash(inURL: url) else { return url }
            return files[hash].map { "../media/" + $0 }
        })
        body += "<div class=\"prose\">\n\(renderer.render(entry.text))\n</div>\n"
        body += attachments(e)
        body += "</article>\n<nav class=\"pager\">"
        if position > 0 {
            body += "<a class=\"button\" rel=\"prev\" href=\"\(esc(site.entries[position - 1].page))\">← Newer</a>"
        }
        if position + 1 < site.entries.count {
            body += "<a class=\"button\" rel=\"next\" href=\"\(esc(site.entries[position + 1].page))\">Older →</a>"
        }
        body += "</nav>\n"
        return page(title: "\(displayTitle(e)) · \(site.siteName)", root: "../", body: body)
    }

    // MARK: Pieces

    private func attachments(_ e: HTMLSite.Entry) -> String {
        let items = e.entry.attachments.compactMap { a in e.mediaFiles[a.sha256.lowercased()].map { (a, $0) } }
        guard !items.isEmpty else { return "" }
        var html = "<section class=\"attachments\">\n"
        for (item, file) in items {
            let src = "../media/" + esc(file)
            let label = esc(item.caption.flatMap { $0.isEmpty ? nil : $0 } ?? file)
            switch ExportMediaReference.kind(ofExtension: item.fileExtension) {
            case .audio: html += "<figure><audio controls preload=\"none\" src=\"\(src)\"></audio><figcaption>\(label)</figcaption></figure>\n"
            case .video: html += "<figure><video controls preload=\"metadata\" src=\"\(src)\"></video><figcaption>\(label)</figcaption></figure>\n"
            case .image: html += "<figure><img src=\"\(src)\" alt=\"\(label)\" loading=\"lazy\"></figure>\n"
            case .other: html += "<p><a class=\"button\" href=\"\(src)\">Open \(label)</a></p>\n"
            }
        }
        return html + "</section>\n"
    }

    private func listHead(_ title: String, level: Int = 2) -> String {
        "<div class=\"list-head\">\n<h\(level)>\(esc(title))</h\(level)>\n"
            + "<input class=\"filter\" type=\"search\" placeholder=\"Filter by word or #tag\" aria-label=\"Filter entries\">\n</div>\n"
    }

    private func entryList(_ entries: [HTMLSite.Entry], root: String) -> String {
        guard !entries.isEmpty else { return "<p class=\"empty\">No entries yet.</p>\n" }
        var html = "<ul class=\"entry-list\">\n"
        for e in entries {
            let href = "\(root)entries/\(esc(e.page))"
            let excerpt = ExportExcerpt.plain(e.entry.text, limit: 180)
            let search = ([displayTitle(e), excerpt, e.entry.place ?? "", e.time.longText, e.journal?.journal.name ?? ""]
                + e.entry.tags.map { "#" + $0 }).joined(separator: " ").lowercased()
            html += "<li class=\"entry-card\" data-search=\"\(esc(search))\">\n"
            if let first = e.entry.photos.lazy.compactMap({ e.mediaFiles[$0.sha256.lowercased()] }).first {
                html += "<a class=\"thumb\" href=\"\(href)\" tabindex=\"-1\"><img src=\"\(root)media/\(esc(first))\" alt=\"\" loading=\"lazy\"></a>\n"
            }
            html += "<div class=\"card-body\">\n<h3><a href=\"\(href)\">\(esc(displayTitle(e)))</a>"
            html += e.entry.starred ? " <span class=\"star\" title=\"Starred\">★</span>" : ""
            html += "</h3>\n"
            // An untitled entry's heading is already its day.
            var meta = hasTitle(e) ? ["<time datetime=\"\(esc(e.time.isoWithOffset))\">\(esc(e.time.shortText))</time>"] : []
            if let place = e.entry.place, !place.isEmpty { meta.append(esc(place)) }
            if root.isEmpty, let j = e.journal { meta.append(esc(j.journal.name)) }
            if !meta.isEmpty { html += "<p class=\"meta\">\(meta.joined(separator: " · "))</p>\n" }
            if !excerpt.isEmpty { html += "<p class=\"excerpt\">\(esc(excerpt))</p>\n" }
            if !e.entry.tags.isEmpty {
                html += "<p class=\"tags\">" + e.entry.tags.map {
                    "<button type=\"button\" class=\"button tag\" data-tag=\"\(esc($0.lowercased()))\">#\(esc($0))</button>"
                }.joined(separator: " ") + "</p>\n"
            }
            html += "</div>\n</li>\n"
        }
        return html + "</ul>\n<p class=\"no-match\" hidden>No entries match.</p>\n"
    }

    /// The title, or for an untitled entry its day (the text follows as the excerpt).
    private func displayTitle(_ e: HTMLSite.Entry) -> String {
        hasTitle(e) ? e.entry.title! : e.time.dayText
    }

    private func hasTitle(_ e: HTMLSite.Entry) -> Bool {
        e.entry.title.map { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? false
    }

    private func initials(_ name: String) -> String {
        String(name.split(separator: " ").prefix(2).compactMap { $0.first(where: { $0.isLetter || $0.isNumber }) }).uppercased()
    }

    /// A tag as a query value.
    private func percentEncode(_ s: String) -> String {
        var out = ""
        for b in s.utf8 {
            let c = Character(Unicode.Scalar(b))
            if b < 0x80, c.isLetter || c.isNumber || "-_.~".contains(c) { out.append(c) } else {
                out += "%" + (b < 16 ? "0" : "") + String(b, radix: 16, uppercase: true)
            }
        }
        return out
    }

    private func page(title: String, root: String, header: Bool = true, body: String) -> String {
        var html = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(esc(title))</title>
        <link rel="stylesheet" href="\(root)style.css">
        <script src="\(root)site.js" defer></script>
        </head>
        <body>

        """
        if header {
            let avatar = site.avatarFile.map { "<img class=\"avatar avatar-small\" src=\"\(root)media/\(esc($0))\" alt=\"\">" } ?? ""
            html += "<header class=\"site-header\"><div class=\"wrap\"><a class=\"site-name\" href=\"\(root)index.html\">\(avatar)\(esc(site.siteName))</a></div></header>\n"
        }
        html += "<main class=\"wrap\">\n\(body)</main>\n"
        html += "<footer class=\"site-footer\"><div class=\"wrap\">Exported from Trove</div></footer>\n</body>\n</html>\n"
        return html
    }
}
