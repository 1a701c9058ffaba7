/// The site's one stylesheet and one script, shared by every page.
enum HTMLSiteAssets {
    /// System fonts only and no outside URL, so the site looks the same offline.
    static let css = """
    :root {
      --text: #1c2330;
      --muted: #5d6678;
      --line: #e3e7ed;
      --page: #f6f7f9;
      --card: #ffffff;
      --field: #eef0f3;
      --accent: #0b2e59;
      --accent-hover: #16427a;
      --radius: 8px;
      font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif;
      font-size: 17px;
      line-height: 1.6;
      color: var(--text);
      background: var(--page);
    }
    * { box-sizing: border-box; }
    [hidden] { display: none !important; }
    body { margin: 0; }
    .wrap { max-width: 760px; margin: 0 auto; padding: 0 20px; }
    a { color: var(--accent); }
    h1, h2, h3 { line-height: 1.25; margin: 0 0 .4em; }
    h1 { font-size: 2rem; letter-spacing: -0.01em; }
    h2 { font-size: 1.3rem; }
    h3 { font-size: 1.1rem; }

    .site-header { background: var(--card); border-bottom: 1px solid var(--line); }
    .site-header .wrap { padding-top: 14px; padding-bottom: 14px; }
    .site-name { display: inline-flex; align-items: center; gap: 10px; font-weight: 700; text-decoration: none; color: var(--text); }
    .site-header .avatar-small { width: 32px; height: 32px; flex: 0 0 32px; box-shadow: none; }
    main.wrap { padding-top: 32px; padding-bottom: 48px; }
    .site-footer { color: var(--muted); font-size: .85rem; border-top: 1px solid var(--line); padding: 20px 0 32px; }

    .button {
      display: inline-block; border: 0; border-radius: var(--radius); padding: .5em 1em;
      background: var(--accent); color: #fff; font: inherit; font-size: .9rem; font-weight: 600;
      line-height: 1.2; text-decoration: none; cursor: pointer;
    }
    .button:hover, .button:focus-visible { background: var(--accent-hover); }
    .button.tag { padding: .3em .75em; font-size: .8rem; font-weight: 500; }
    .tags { display: flex; flex-wrap: wrap; gap: 6px; margin: .6em 0 0; }
    .crumbs { display: flex; flex-wrap: wrap; gap: 8px; margin-bottom: 28px; }

    input.filter {
      flex: 1 1 220px; max-width: 320px; background: var(--field); color: var(--text);
      border: 1px solid #dde1e7; border-radius: var(--radius); padding: .55em .9em; font: inherit; font-size: .95rem;
    }
    input.filter:focus { outline: 2px solid var(--accent); outline-offset: 1px; background: #e6e9ee; }

    .profile { display: flex; gap: 24px; align-items: center; margin-bottom: 40px; }
    .avatar {
      width: 112px; height: 112px; flex: 0 0 112px; border-radius: 50%; object-fit: cover;
      box-shadow: 0 0 0 4px var(--card), 0 2px 10px rgba(11, 46, 89, .18);
    }
    .avatar-initials {
      display: flex; align-items: center; justify-content: center;
      background: var(--accent); color: #fff; font-size: 2.4rem; font-weight: 700;
    }
    .profile h1 { margin-bottom: 0; }
    .username { color: var(--muted); margin: 0 0 .5em; }
    .bio > :first-child { margin-top: 0; }
    .bio > :last-child { margin-bottom: 0; }

    .journals { margin-bottom: 40px; }
    .journal-list { list-style: none; padding: 0; margin: 0; display: grid; gap: 12px; grid-template-columns: repeat(auto-fill, minmax(220px, 1fr)); }
    .journal-card {
      display: flex; flex-direction: column; gap: 2px; height: 100%; padding: 14px 16px; text-decoration: none;
      background: var(--card); border: 1px solid var(--line); border-radius: 12px; color: var(--text);
    }
    .journal-card:hover { border-color: var(--accent); }
    .journal-name { font-weight: 700; color: var(--accent); }
    .journal-desc, .count { color: var(--muted); font-size: .9rem; }

    .list-head { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 12px; margin-bottom: 16px; }
    .list-head h1, .list-head h2 { margin: 0; }
    .entry-list { list-style: none; padding: 0; margin: 0; display: grid; gap: 14px; }
    .entry-card {
      display: flex; gap: 16px; padding: 16px; background: var(--card);
      border: 1px solid var(--line); border-radius: 12px;
    }
    .entry-card .thumb { flex: 0 0 104px; }
    .entry-card .thumb img { width: 104px; height: 104px; object-fit: cover; border-radius: var(--radius); display: block; }
    .card-body { min-width: 0; flex: 1; }
    .card-body h3 { margin: 0 0 .15em; }
    .card-body h3 a { color: var(--text); text-decoration: none; }
    .card-body h3 a:hover { color: var(--accent); text-decoration: underline; }
    .meta { color: var(--muted); font-size: .9rem; margin: 0; }
    .excerpt { margin: .4em 0 0; }
    .star { color: #d29a00; }
    .more { margin-top: 20px; }
    .no-match, .empty { color: var(--muted); }

    .journal-head { margin-bottom: 28px; }
    .lead { color: var(--muted); font-size: 1.1rem; margin: 0; }

    .entry { background: var(--card); border: 1px solid var(--line); border-radius: 14px; padding: 32px 36px; }
    .entry-head { margin-bottom: 24px; }
    .entry-head h1 { margin-bottom: .3em; }
    .zone { color: var(--muted); font-size: .8rem; background: var(--field); border-radius: 6px; padding: .1em .45em; margin-left: .3em; }

    .photo-strip {
      display: flex; gap: 10px; overflow-x: auto; scroll-snap-type: x mandatory;
      margin: 0 0 24px; padding-bottom: 10px; overscroll-behavior-x: contain;
    }
    .photo-strip figure { flex: 0 0 auto; margin: 0; scroll-snap-align: start; }
    .photo-strip img { height: 260px; width: auto; max-width: none; display: block; border-radius: 10px; object-fit: cover; }
    .photo-strip figcaption, .attachments figcaption { color: var(--muted); font-size: .85rem; margin-top: 4px; }

    .prose { overflow-wrap: break-word; }
    .prose img { max-width: 100%; max-height: 560px; width: auto; height: auto; border-radius: 10px; display: block; margin: .6em 0; }
    .prose blockquote { margin: 1em 0; padding: .2em 1em; border-left: 4px solid #c5d0de; color: var(--muted); }
    .prose code { background: var(--field); border-radius: 5px; padding: .1em .35em; font-size: .9em; }
    .prose pre { background: #f0f2f5; border: 1px solid var(--line); border-radius: var(--radius); padding: 12px 14px; overflow-x: auto; }
    .prose pre code { background: none; padding: 0; }
    .prose hr { border: 0; border-top: 1px solid var(--line); margin: 2em 0; }
    .prose li:has(> input[type=checkbox]) { list-style: none; }
    .prose li > input[type=checkbox] { margin: 0 .45em 0 -1.4em; }
    code, pre { font-family: ui-monospace, "SF Mono", Menlo, Consolas, "DejaVu Sans Mono", monospace; }

    .attachments { margin-top: 24px; display: grid; gap: 14px; }
    .attachments figure { margin: 0; }
    .attachments audio, .attachments video { width: 100%; border-radius: var(--radius); }

    .pager { display: flex; justify-content: space-between; gap: 8px; margin-top: 24px; }
    .pager a[rel=next] { margin-left: auto; }

    @media (max-width: 560px) {
      .profile { flex-direction: column; align-items: flex-start; }
      .entry { padding: 20px; }
      .entry-card .thumb { flex-basis: 72px; }
      .entry-card .thumb img { width: 72px; height: 72px; }
    }

    """

    /// Filters entry lists as the reader types; tag buttons and `?tag=` fill the filter.
    static let javaScript = """
    // Filters the entry list on this page; no network, no storage.
    (function () {
      "use strict";
      function setup() {
        var input = document.querySelector("input.filter");
        if (!input) return;
        var items = Array.prototype.slice.call(document.querySelectorAll("[data-search]"));
        var none = document.querySelector(".no-match");
        function apply() {
          var words = input.value.toLowerCase().split(/\\s+/).filter(Boolean);
          var shown = 0;
          items.forEach(function (item) {
            var text = item.getAttribute("data-search");
            var match = words.every(function (w) { return text.indexOf(w) !== -1; });
            item.hidden = !match;
            if (match) shown += 1;
          });
          if (none) none.hidden = shown > 0;
        }
        input.addEventListener("input", apply);
        Array.prototype.forEach.call(document.querySelectorAll("button[data-tag]"), function (b) {
          b.addEventListener("click", function () {
            input.value = "#" + b.getAttribute("data-tag");
            apply();
            input.focus();
          });
        });
        var tag = new URLSearchParams(window.location.search).get("tag");
        if (tag) input.value = "#" + tag.toLowerCase();
        apply();
      }
      if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setup);
      else setup();
    })();

    """
}
