/// The picture shown for an item that has no photo: a framed camera outline.
public enum PlaceholderPicture {
    /// As SVG, 120 by 120, for the HTML and SVG outputs.
    public static let svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="120" height="120" viewBox="0 0 120 120" role="img" aria-label="No photo">\
        <rect x="1" y="1" width="118" height="118" rx="10" fill="#eceff1" stroke="#b0bec5" stroke-width="2"/>\
        <rect x="28" y="42" width="64" height="44" rx="6" fill="none" stroke="#78909c" stroke-width="4"/>\
        <path d="M46 42 l6 -9 h16 l6 9" fill="none" stroke="#78909c" stroke-width="4" stroke-linejoin="round"/>\
        <circle cx="60" cy="64" r="12" fill="none" stroke="#78909c" stroke-width="4"/>\
        <text x="60" y="106" font-family="sans-serif" font-size="12" text-anchor="middle" fill="#607d8b">No photo</text></svg>
        """

    /// As text, for the terminal: seven lines of eighteen columns.
    public static let text = [
        "┌────────────────┐",
        "│     ┌─┐        │",
        "│  ┌──┘ └─────┐  │",
        "│  │   (  )   │  │",
        "│  └──────────┘  │",
        "│    no photo    │",
        "└────────────────┘",
    ]
}
