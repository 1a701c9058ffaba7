import TroveKit

extension AgendaRows {
    /// The lines `Output.table` makes of the cells of `items` at positions `order`, each followed by a newline, written straight into
    /// bytes; nil when `Table` must lay them out: the table is wider than `width` (its columns are then fitted),
    /// or a title is not on one line, or an id is not plain ASCII.
    ///
    /// A year's agenda is tens of thousands of lines: without a string or an array per line, and with each
    /// title that is not ASCII measured once, it takes a few milliseconds.
    func text(_ items: [AgendaItem], in order: [Int], width: Int) -> [UInt8]? {
        // First the cells' texts and widths, and the columns' widths. A line's time is kept as the minute
        // of its day (`allDay` for all day, `none` for no time) and written as digits.
        let (allDay, none) = (-1, -2)
        var days: [String] = [], minutes: [Int] = [], lengths: [String] = [], titleWidths: [Int] = []
        days.reserveCapacity(order.count)
        minutes.reserveCapacity(order.count)
        lengths.reserveCapacity(order.count)
        titleWidths.reserveCapacity(order.count)
        var measured: [String: Int] = [:]
        // Lines in time order share their day with the line before: its text is kept at hand.
        var last = (day: Int.min, text: "")
        var columns = [0, 0, 0, 0]
        var titleBytes = 0
        for index in order {
            let title = items[index].title, id = items[index].id
            let titleWidth: Int
            if TextWidth.isPrintableASCII(title) {
                titleWidth = title.utf8.count
            } else if let narrow = TextWidth.narrowScalars(title) {
                titleWidth = narrow
            } else if let known = measured[title] {
                titleWidth = known
            } else {
                guard TextWidth.isSingleLine(title) else { return nil }
                titleWidth = TextWidth.of(title)
                measured[title] = titleWidth
            }
            guard TextWidth.isPrintableASCII(id) else { return nil }
            if let time = items[index].time {
                let clock = self.clock(time)
                if clock.day != last.day { last = (clock.day, day(CivilDate(daysSinceEpoch: clock.day))) }
                days.append(last.text)
                minutes.append(items[index].allDay ? allDay : clock.minute)
                columns[0] = max(columns[0], days[days.count - 1].utf8.count + (items[index].allDay ? 8 : 6))
            } else {
                days.append("")
                minutes.append(none)
            }
            let length = items[index].lengthMinutes.map(self.length) ?? ""
            lengths.append(length)
            titleWidths.append(titleWidth)
            titleBytes += title.utf8.count
            columns[1] = max(columns[1], length.utf8.count)
            columns[2] = max(columns[2], titleWidth)
            columns[3] = max(columns[3], min(8, id.utf8.count))
        }
        guard Table.totalWidth(columns) <= width else { return nil }
        // Every line at its widest (nothing trimmed), and a title's bytes for its width.
        let capacity = order.count * (Table.totalWidth(columns) + 1) + titleBytes
        let table = Table(columns: (0..<4).map { Table.Column("", flexible: $0 == 3) }, showsHeader: false)
        return [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            var writer = LineWriter(buffer: buffer)
            for (line, index) in order.enumerated() {
                let start = writer.end
                if minutes[line] != none {
                    writer.write(days[line])
                    if minutes[line] == allDay { writer.write(" all day") } else { writer.writeClock(minutes[line]) }
                }
                writer.pad(to: start + columns[0])
                writer.write("  ")
                let lengthStart = writer.end
                writer.write(lengths[line])
                writer.pad(to: lengthStart + columns[1])
                writer.write("  ")
                writer.write(items[index].title)
                writer.spaces(columns[2] - titleWidths[line])
                writer.write("  ")
                writer.writeSuffix(items[index].id, bytes: 8)
                if !writer.trimTrailingSpaces(after: start) {
                    // Spaces after something other than ASCII: the string's own trimming decides.
                    writer.end = start
                    writer.write(table.line(for: cells(items[index]), widths: columns))
                }
                writer.write("\n")
            }
            count = writer.end
        }
    }
}

/// Writes lines into a buffer sized for them beforehand.
private struct LineWriter {
    let buffer: UnsafeMutableBufferPointer<UInt8>
    var end = 0

    mutating func write(_ text: String) {
        writeSuffix(text, bytes: Int.max)
    }

    /// The last `bytes` bytes of `text` (for ASCII, its last characters, as `String.suffix` would give them).
    mutating func writeSuffix(_ text: String, bytes: Int) {
        // The string's own bytes, without a copy of it; a string of another kind (bridged) is first made native.
        guard text.utf8.withContiguousStorageIfAvailable({ write($0.suffix(bytes)) }) != nil else {
            var copy = text
            copy.makeContiguousUTF8()
            return writeSuffix(copy, bytes: bytes)
        }
    }

    private mutating func write(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) {
        guard !bytes.isEmpty, let base = bytes.base.baseAddress else { return }
        (buffer.baseAddress! + end).update(from: base + bytes.startIndex, count: bytes.count)
        end += bytes.count
    }

    /// ` 14:05`, `minute` minutes into the day, as `AgendaRows.hoursAndMinutes` writes it after a space.
    mutating func writeClock(_ minute: Int) {
        let (hour, minute) = (minute / 60, minute % 60)
        buffer[end] = 0x20
        buffer[end + 1] = UInt8(0x30 + hour / 10)
        buffer[end + 2] = UInt8(0x30 + hour % 10)
        buffer[end + 3] = UInt8(ascii: ":")
        buffer[end + 4] = UInt8(0x30 + minute / 10)
        buffer[end + 5] = UInt8(0x30 + minute % 10)
        end += 6
    }

    mutating func spaces(_ count: Int) {
        guard count > 0 else { return }
        (buffer.baseAddress! + end).update(repeating: 0x20, count: count)
        end += count
    }

    /// Spaces up to position `column` of the buffer (a cell of ASCII is as wide as its bytes).
    mutating func pad(to column: Int) { spaces(column - end) }

    /// Removes the spaces ending the line that began at `start`; false, leaving one, if it follows anything but ASCII.
    mutating func trimTrailingSpaces(after start: Int) -> Bool {
        while end > start && buffer[end - 1] == 0x20 {
            // A space is a character of its own after ASCII; after anything else it may belong to the character before it.
            guard end - 1 == start || buffer[end - 2] < 0x80 else { return false }
            end -= 1
        }
        return true
    }
}
