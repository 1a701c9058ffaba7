import Foundation

/// A horizontal bar chart: one line per item, `label  ███▍ value`, fitted to a terminal width.
///
/// Layout: the labels are left-aligned and padded to the longest (cut with "…" when they would leave
/// the bars fewer than `minimumBarWidth` columns), then a space, the bar, a space and the formatted value.
/// Bars are scaled so the largest value fills the bar room left after the widest value text, in
/// eighths of a column ("█" plus one of "▏▎▍▌▋▊▉"). A positive value always gets at least "▏", so it
/// is never mistaken for zero; zero gets no bar (and one space before the value). Negative, NaN and
/// infinite values are drawn as zero, but their value text still says what they are. With colour, the
/// bars use `barStyle`. No line is wider than `width`.
struct BarChart {
    /// One bar.
    struct Item: Sendable {
        var label: String
        var value: Double

        init(_ label: String, _ value: Double) {
            self.label = label
            self.value = value
        }
    }

    /// The fewest columns left for bars before labels are cut.
    static let minimumBarWidth = 10
    /// Labels are never cut below this many columns (unless the line itself is narrower).
    static let minimumLabelWidth = 6
    /// The partial blocks for one to seven eighths of a column.
    private static let eighths: [Character] = ["▏", "▎", "▍", "▌", "▋", "▊", "▉"]

    var items: [Item]
    /// Turns a value into the text shown after its bar.
    var format: (Double) -> String
    var barStyle: [SGR] = [.foreground(6)]
    /// The value that fills the bar room; the largest value when nil (percentages pass 100).
    var scaleMaximum: Double?

    init(items: [Item], format: @escaping (Double) -> String = BarChart.defaultFormat) {
        self.items = items
        self.format = format
    }

    /// A whole number without decimals, otherwise at most two decimals with trailing zeros dropped.
    static func defaultFormat(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-∞" : "∞" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        var text = String(format: "%.2f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    /// The chart as lines of at most `width` columns; no escape codes unless `color`.
    func render(width: Int, color: Bool) -> [String] {
        guard !items.isEmpty else { return [] }
        // A sane upper bound keeps the eighths arithmetic far from overflow.
        let width = min(max(0, width), 10_000)
        let labels = items.map { TextWidth.singleLine($0.label) }
        let values = items.map { TextWidth.singleLine(format($0.value)) }
        let valueWidth = values.map(TextWidth.of).max() ?? 0
        let longestLabel = labels.map(TextWidth.of).max() ?? 0
        let labelWidth = min(longestLabel, max(Self.minimumLabelWidth, width - valueWidth - 2 - Self.minimumBarWidth))
        let barWidth = max(0, width - labelWidth - valueWidth - 2)
        let magnitudes = items.map { $0.value.isFinite ? max(0, $0.value) : 0 }
        let largest = scaleMaximum.map { max($0, magnitudes.max() ?? 0) } ?? magnitudes.max() ?? 0
        return items.indices.map { index in
            let bar = Self.bar(magnitudes[index], of: largest, width: barWidth)
            let label = TextWidth.fit(labels[index], to: labelWidth)
            let line = label + " " + (bar.isEmpty ? "" : SGR.apply(barStyle, to: bar, color: color) + " ") + values[index]
            return TextWidth.trimmingTrailingSpaces(TextWidth.truncate(line, to: width))
        }
    }

    /// A bar for `value` where `largest` fills `width` columns; empty when either is zero.
    static func bar(_ value: Double, of largest: Double, width: Int) -> String {
        guard largest > 0, value > 0, width > 0 else { return "" }
        let units = max(1, Int((value / largest * Double(width * 8)).rounded()))
        let full = String(repeating: "█", count: units / 8)
        return units % 8 == 0 ? full : full + String(eighths[units % 8 - 1])
    }
}
