import Foundation

/// A one-line progress bar on standard error, drawn only when standard error is a terminal.
///
/// `update` may be called as often as you like: it redraws at most ten times a second.
final class ProgressBar {
    private let label: String
    private let enabled: Bool
    /// Standard error, where the bar is drawn.
    private let output: OutputWriter
    private var lastDraw: UInt64 = 0
    private var drawn = false

    /// A bar titled `label` on `output` (standard error); it draws nothing when that is not a terminal (or `enabled` is false).
    init(_ label: String, on output: OutputWriter, enabled: Bool = true) {
        self.label = label
        self.enabled = enabled && output.terminal.errorIsInteractive
        self.output = output
    }

    /// Shows `done` of `total`.
    func update(_ done: Int, of total: Int) { update(done, of: total, detail: nil) }

    /// Shows `done` of `total`, and `detail` after the counts (`12.3 MB`).
    func update(_ done: Int, of total: Int, detail: String?) {
        guard enabled, total > 0 else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        guard done >= total || now - lastDraw > 100_000_000 else { return }
        lastDraw = now
        drawn = true
        output.write("\r" + Self.line(label: label, done: done, total: total, width: Terminal.width(STDERR_FILENO, fallback: output.terminal.width), detail: detail) + "\u{1B}[K")
    }

    /// Clears the bar's line.
    func finish() {
        guard drawn else { return }
        output.write("\r\u{1B}[K")
        drawn = false
    }

    /// The bar as text, fitted to `width` columns: `label [#####.....]  45%  4500/10000`, then `, detail` if given.
    static func line(label: String, done: Int, total: Int, width: Int, detail: String? = nil) -> String {
        let fraction = total > 0 ? min(1, Double(max(0, done)) / Double(total)) : 1
        let counts = " \(String(format: "%3d", Int(fraction * 100)))%  \(done)/\(total)" + (detail.map { ", " + $0 } ?? "")
        let barWidth = max(10, min(40, width - label.count - counts.count - 4))
        let filled = Int((fraction * Double(barWidth)).rounded(.down))
        return "\(label) [" + String(repeating: "#", count: filled) + String(repeating: ".", count: barWidth - filled) + "]" + counts
    }

    /// A byte count as people read it: `512 B`, `12.3 KB`, `4.5 MB`, `1.2 GB` (powers of 1,000, as transfer tools show).
    static func bytes(_ count: Int) -> String {
        let units = ["B", "KB", "MB", "GB", "TB"]
        var value = Double(max(0, count)), unit = 0
        while value >= 1000, unit < units.count - 1 { value /= 1000; unit += 1 }
        return unit == 0 ? "\(Int(value)) B" : String(format: "%.1f", value) + " " + units[unit]
    }
}
