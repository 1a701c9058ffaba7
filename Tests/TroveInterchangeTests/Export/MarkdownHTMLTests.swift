import Testing
@testable import TroveInterchange

/// Entries' Markdown, rendered to HTML by cmark-gfm (CommonMark and GitHub's extensions) with raw HTML shown as text.
@Suite("Markdown to HTML")
struct MarkdownHTMLTests {
    let md = MarkdownHTML()

    @Test("block structure", arguments: [
        ("# Title *one*", "<h1>Title <em>one</em></h1>"),
        ("### Three ###", "<h3>Three</h3>"),
        ("#nohashtag heading", "<p>#nohashtag heading</p>"),
        ("Setext\n===", "<h1>Setext</h1>"),
        ("Setext two\n---", "<h2>Setext two</h2>"),
        ("one\ntwo", "<p>one\ntwo</p>"),
        ("hard  \nbreak", "<p>hard<br />\nbreak</p>"),
        ("back\\\nslash", "<p>back<br />\nslash</p>"),
        ("a\n\nb", "<p>a</p>\n<p>b</p>"),
        ("---", "<hr />"),
        ("* * *", "<hr />"),
        ("___", "<hr />"),
        ("> quoted **bold**\n> more", "<blockquote>\n<p>quoted <strong>bold</strong>\nmore</p>\n</blockquote>"),
        ("> one\n>\n> two", "<blockquote>\n<p>one</p>\n<p>two</p>\n</blockquote>"),
        ("```swift\nlet x = \"<tag>\" && y\n```", "<pre><code class=\"language-swift\">let x = &quot;&lt;tag&gt;&quot; &amp;&amp; y\n</code></pre>"),
        ("~~~\nno close", "<pre><code>no close\n</code></pre>"),
        ("    indented <x>\n    code", "<pre><code>indented &lt;x&gt;\ncode\n</code></pre>"),
    ])
    func blocks(input: String, expected: String) {
        #expect(md.render(input) == expected)
    }

    @Test("lists: bullets, numbers, nesting, tasks, tight and loose", arguments: [
        ("- one\n- two", "<ul>\n<li>one</li>\n<li>two</li>\n</ul>"),
        ("* star\n+ plus", "<ul>\n<li>star</li>\n</ul>\n<ul>\n<li>plus</li>\n</ul>"),
        ("3. three\n4. four", "<ol start=\"3\">\n<li>three</li>\n<li>four</li>\n</ol>"),
        ("- one\n  - nested\n- two", "<ul>\n<li>one\n<ul>\n<li>nested</li>\n</ul>\n</li>\n<li>two</li>\n</ul>"),
        ("- a\n\n- b", "<ul>\n<li>\n<p>a</p>\n</li>\n<li>\n<p>b</p>\n</li>\n</ul>"),
        ("- [ ] open\n- [x] done\n- [X] also", "<ul>\n<li><input type=\"checkbox\" disabled=\"\" /> open</li>\n<li><input type=\"checkbox\" checked=\"\" disabled=\"\" /> done</li>\n<li><input type=\"checkbox\" checked=\"\" disabled=\"\" /> also</li>\n</ul>"),
        ("- item\nlazy line", "<ul>\n<li>item\nlazy line</li>\n</ul>"),
        ("Para\n- interrupts", "<p>Para</p>\n<ul>\n<li>interrupts</li>\n</ul>"),
        ("Para\n2. does not", "<p>Para\n2. does not</p>"),
    ])
    func lists(input: String, expected: String) {
        #expect(md.render(input) == expected)
    }

    @Test("inline markup", arguments: [
        ("**bold** and _em_ and *em*", "<p><strong>bold</strong> and <em>em</em> and <em>em</em></p>"),
        ("***both***", "<p><em><strong>both</strong></em></p>"),
        ("*a **b** c*", "<p><em>a <strong>b</strong> c</em></p>"),
        ("snake_case_name", "<p>snake_case_name</p>"),
        ("5 * 3 = 15", "<p>5 * 3 = 15</p>"),
        ("**unclosed", "<p>**unclosed</p>"),
        ("~~gone~~", "<p><del>gone</del></p>"),
        ("`a <b> *c*`", "<p><code>a &lt;b&gt; *c*</code></p>"),
        ("`` a ` b ``", "<p><code>a ` b</code></p>"),
        ("\\*not em\\*", "<p>*not em*</p>"),
        ("[label *x*](page.html \"T\")", "<p><a href=\"page.html\" title=\"T\">label <em>x</em></a></p>"),
        ("![A \"cap\" & <b>](media/ab.jpg)", "<p><img src=\"media/ab.jpg\" alt=\"A &quot;cap&quot; &amp; &lt;b&gt;\" /></p>"),
        ("![x](<with space.png>)", "<p><img src=\"with%20space.png\" alt=\"x\" /></p>"),
        ("[q](a\"b)", "<p><a href=\"a%22b\">q</a></p>"),
        ("[no](javascript:alert(1))", "<p>no</p>"),
        ("<mailto:me@example.org>", "<p><a href=\"mailto:me@example.org\">mailto:me@example.org</a></p>"),
        ("[unclosed", "<p>[unclosed</p>"),
        ("![bare](a b.jpg)", "<p>![bare](a b.jpg)</p>"),
        ("Café 😀 — ok", "<p>Café 😀 — ok</p>"),
    ])
    func inline(input: String, expected: String) {
        #expect(md.render(input) == expected)
    }

    @Test("GitHub's tables and autolinks; unsafe targets dropped by cmark's safe mode too", arguments: [
        ("| a | b |\n| - | -: |\n| 1 | <x> |", "<table>\n<thead>\n<tr>\n<th>a</th>\n<th align=\"right\">b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>1</td>\n<td align=\"right\">&lt;x&gt;</td>\n</tr>\n</tbody>\n</table>"),
        ("see www.example.org now", "<p>see <a href=\"http://www.example.org\">www.example.org</a> now</p>"),
        ("[v](vbscript:msgbox) [d](data:text/html;base64,PHNjcmlwdD4=)", "<p>v d</p>"),
    ])
    func githubExtensions(input: String, expected: String) {
        #expect(md.render(input) == expected)
    }

    @Test("raw HTML is shown as text, never passed through")
    func rawHTML() {
        let html = md.render("<script>alert(1)</script>\n\n<div onclick=\"x\">hi</div> & a < b")
        #expect(!html.contains("<script"))
        #expect(!html.contains("<div"))
        #expect(html == "<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>\n<p>&lt;div onclick=&quot;x&quot;&gt;hi&lt;/div&gt; &amp; a &lt; b</p>")
    }

    @Test("URLs go through the resolver; nil keeps the text and drops the link or image")
    func resolver() {
        let md = MarkdownHTML(resolveURL: { $0 == "trove-media:abc" ? "../media/abc.jpg" : ($0.hasPrefix("trove-media:") ? nil : $0) })
        #expect(md.render("![Cap](trove-media:abc)") == "<p><img src=\"../media/abc.jpg\" alt=\"Cap\" /></p>")
        #expect(md.render("![Gone](trove-media:def) [voice](trove-media:def)") == "<p>Gone voice</p>")
    }

    @Test("odd input never crashes", arguments: ["", "\n\n", "!", "![", "[", "*", "_a_b", "`", "\\", "> ", "- ", "1.", "#", "```", "[a](", "[a](b", "***", "a\r\nb"])
    func oddInput(input: String) {
        _ = md.render(input)
    }
}
