/// Windows time zone names (what Outlook and Exchange write as TZID) and the IANA zones they stand for.
///
/// The table is CLDR's windowsZones mapping (`Resources/windowsZones.tsv`, which names its source and
/// license), compiled into the binary so that a `trove` needs no data folder beside it.
enum WindowsZones {
    /// The IANA zone for a Windows zone name, e.g. `Europe/Berlin` for `W. Europe Standard Time`; case is ignored.
    static func iana(_ windowsName: String) -> String? {
        table[windowsName.lowercased()]
    }

    /// Every row of the table, Windows name lower-cased.
    static let table: [String: String] = {
        var result: [String: String] = [:]
        let text = String(decoding: PackageResources.windowsZones_tsv, as: UTF8.self)
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let columns = line.split(separator: "\t")
            guard columns.count == 2 else { continue }
            result[columns[0].lowercased()] = String(columns[1])
        }
        return result
    }()
}
