import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import TroveKit

/// Reads business points from GPX 1.0 or 1.1: each `<wpt>` is one pee or poo.
///
/// Tracks and routes are a walk's path, not where the dog went, so they are counted
/// in `notes` and left alone. Elements are matched by local name, so any namespace
/// prefix (`<gpx:wpt>`) works.
public struct GPXReader: PointFileFormat {
    /// The kind (`"pee"`/`"poo"`) of every waypoint whose `<type>`, `<sym>` and `<name>` do not say.
    public let kindOverride: String?

    /// Throws `PointFileError.invalidKind` when `kindOverride` is neither pee nor poo (in any case).
    public init(kindOverride: String? = nil) throws {
        if let kindOverride {
            let kind = PointFormat.trimmed(kindOverride).lowercased()
            guard PointFormat.kinds.contains(kind) else { throw PointFileError.invalidKind(kindOverride) }
            self.kindOverride = kind
        } else {
            self.kindOverride = nil
        }
    }

    /// The points of a GPX file held in memory; `kindOverride` (`"pee"`/`"poo"`) is the kind of every
    /// waypoint whose `<type>`, `<sym>` and `<name>` do not say.
    public static func read(_ bytes: [UInt8], kindOverride: String? = nil) throws -> PointFile {
        var file = PointFile()
        let summary = try GPXReader(kindOverride: kindOverride)
            .read(try GuardedXMLStream(.bytes(bytes)), point: { file.points.append($0) }, problem: { file.problems.append($0) })
        file.notes = summary.notes
        file.fileTime = summary.fileTime
        return file
    }

    public func read(path: String, point: (BusinessPoint) throws -> Void, problem: (String) throws -> Void) throws -> PointFileSummary {
        try read(try GuardedXMLStream(.file(path)), point: point, problem: problem)
    }

    /// Reads the file through, handing over each waypoint's point, or the problem that leaves it out, as its
    /// `</wpt>` is read. Throws `PointFileError` when the file is not GPX, and what `point` or `problem` throw.
    func read(_ stream: GuardedXMLStream, point: (BusinessPoint) throws -> Void, problem: (String) throws -> Void) throws -> PointFileSummary {
        try withoutActuallyEscaping(point) { point in
            try withoutActuallyEscaping(problem) { problem in
                let collector = GPXCollector { waypoint in
                    switch Self.point(from: waypoint, kindOverride: kindOverride) {
                    case .success(let read): try point(read)
                    case .failure(let issue): try problem(issue.text)
                    }
                }
                let parser = XMLParser(stream: stream)
                parser.shouldProcessNamespaces = true
                parser.shouldResolveExternalEntities = false
                parser.delegate = collector
                collector.stream = stream
                // On Linux `parse()` returns true after some errors (libxml2 runs in recover mode), so the delegate's
                // record decides, not the result.
                _ = parser.parse()
                if let thrown = collector.thrown { throw thrown }
                try Self.check(collector, stream: stream, parser: parser)
                let fileTime = collector.fileTime.flatMap { PointFormat.parseTime(PointFormat.trimmed($0), zoneOptional: true) }
                return PointFileSummary(notes: Self.pathNote(collector).map { [$0] } ?? [], fileTime: fileTime)
            }
        }
    }

    /// Throws the reason a file read through is not a whole GPX document, in the order a reader would want them:
    /// what the guard refused (before the parser saw it), an empty file, another root, libxml2's first error.
    private static func check(_ collector: GPXCollector, stream: GuardedXMLStream, parser: XMLParser) throws {
        if let failure = stream.failure { throw failure }
        // XMLParser reports success for empty input, so an empty file is caught here.
        guard stream.sawContent else { throw PointFileError.notXML(line: 1, column: 1, reason: "the file is empty") }
        if let root = collector.wrongRoot { throw PointFileError.notGPX(root: root) }
        if let error = collector.firstError {
            let reason: String
            switch (error.code, collector.rootClosed) {
            case (5, true): reason = "extra content after </gpx>"
            case (1, false), (5, false): reason = "the file ends before </gpx> (is it cut short?)"
            default: reason = Self.reason(forXMLError: error.code)
            }
            throw PointFileError.notXML(line: error.line, column: error.column, reason: reason)
        }
        guard collector.rootClosed else {
            throw PointFileError.notXML(
                line: parser.lineNumber, column: parser.columnNumber,
                reason: "the file ends before </gpx> (is it cut short?)")
        }
    }

    /// A problem with one waypoint, already worded.
    private struct Problem: Error { var text: String }

    private static func point(from waypoint: GPXRawWaypoint, kindOverride: String?) -> Result<BusinessPoint, Problem> {
        var issues: [String] = []
        var latitude = 0.0
        var longitude = 0.0
        if let latText = waypoint.lat, let lonText = waypoint.lon {
            let lat = PointFormat.number(latText)
            let lon = PointFormat.number(lonText)
            if lat == nil { issues.append("lat \"\(latText)\" is not a number") }
            if lon == nil { issues.append("lon \"\(lonText)\" is not a number") }
            if let lat, let lon {
                issues += PointFormat.rangeProblems(latitude: lat, longitude: lon)
                latitude = lat
                longitude = lon
            }
        } else {
            issues.append("no lat/lon attributes")
        }

        // The first of type, sym and name that names one kind; a field naming both is skipped.
        var kind: String?
        var ambiguous = false
        for field in ["type", "sym", "name"] {
            guard let text = waypoint.fields[field] else { continue }
            let said = kindWords(in: text)
            if said.count == 1 { kind = said.first; break }
            if said.count > 1 { ambiguous = true }
        }
        if kind == nil {
            if let kindOverride {
                kind = kindOverride
            } else {
                let says = ambiguous ? "says both pee and poo" : "does not say pee or poo"
                issues.append("\(says) (use --as pee|poo)")
            }
        }

        var time: Date?
        if let text = PointFormat.nonEmpty(waypoint.fields["time"]) {
            time = PointFormat.parseTime(text, zoneOptional: true)
            if time == nil { issues.append(PointFormat.badTime(text)) }
        }

        let position = "waypoint \(waypoint.index)"
        guard issues.isEmpty else {
            return .failure(Problem(text: "\(position)\(label(waypoint)): \(issues.joined(separator: "; "))"))
        }
        let desc = PointFormat.nonEmpty(waypoint.fields["desc"])
        let cmt = PointFormat.nonEmpty(waypoint.fields["cmt"])
        // Both kept when they differ; many devices copy one into the other.
        let note: String?
        switch (desc, cmt) {
        case let (desc?, cmt?) where desc != cmt: note = "\(desc)\n\(cmt)"
        default: note = desc ?? cmt
        }
        let recordID = waypoint.extensionID.flatMap { PointFormat.isLowercaseUUID($0) ? $0 : nil }
        return .success(BusinessPoint(
            latitude: latitude, longitude: longitude, kind: kind, time: time,
            dog: PointFormat.nonEmpty(waypoint.extensionDog), note: note, recordID: recordID, position: position))
    }

    /// Words that mean each kind; whole words only, so "weekend" is not "wee".
    private static let peeWords: Set<String> = ["pee", "pees", "peed", "wee", "wees"]
    private static let pooWords: Set<String> = ["poo", "poos", "poop", "poops", "pooped"]

    /// The kinds a piece of text names (none, one, or both).
    static func kindWords(in text: String) -> Set<String> {
        var kinds: Set<String> = []
        for word in text.lowercased().split(whereSeparator: { !$0.isLetter }) {
            if peeWords.contains(String(word)) { kinds.insert("pee") }
            if pooWords.contains(String(word)) { kinds.insert("poo") }
        }
        return kinds
    }

    /// ` ("001", sym "Flag, Blue")`, so a person can find the waypoint in their app.
    private static func label(_ waypoint: GPXRawWaypoint) -> String {
        func short(_ text: String) -> String { text.count > 40 ? String(text.prefix(40)) + "…" : text }
        var parts: [String] = []
        if let name = PointFormat.nonEmpty(waypoint.fields["name"]) { parts.append("\"\(short(name))\"") }
        for field in ["sym", "type"] {
            if let text = PointFormat.nonEmpty(waypoint.fields[field]) { parts.append("\(field) \"\(short(text))\"") }
        }
        return parts.isEmpty ? "" : " (\(parts.joined(separator: ", ")))"
    }

    /// `"2 tracks (1,204 points) and 1 route (55 points) are not business records; only waypoints are"`.
    private static func pathNote(_ collector: GPXCollector) -> String? {
        func counted(_ count: Int, _ noun: String) -> String { "\(ProblemList.grouped(count)) \(noun)\(count == 1 ? "" : "s")" }
        var parts: [String] = []
        if collector.tracks > 0 {
            parts.append("\(counted(collector.tracks, "track")) (\(counted(collector.trackPoints, "point")))")
        }
        if collector.routes > 0 {
            parts.append("\(counted(collector.routes, "route")) (\(counted(collector.routePoints, "point")))")
        }
        guard !parts.isEmpty else { return nil }
        let verb = collector.tracks + collector.routes == 1 ? "is not a business record" : "are not business records"
        return "\(parts.joined(separator: " and ")) \(verb); only waypoints are"
    }

    /// libxml2's error numbers (which XMLParser passes on) for the mistakes people make.
    private static func reason(forXMLError code: Int) -> String {
        switch code {
        case 4: return "no XML element found (the text does not start with '<')"
        case 9: return "a character that XML does not allow"
        case 23: return "an entity reference lacks its ';'"
        case 26: return "an undefined entity (write & as &amp;)"
        case 38: return "a '<' inside an attribute value"
        case 39: return "an attribute value is not in quotes"
        case 41: return "an attribute has no value"
        case 68: return "a name is missing after '<' or '&'"
        case 73: return "'>' is missing"
        case 76: return "an end tag does not match its start tag"
        case 77: return "an element is not closed before the file ends"
        case 81: return "bytes that are not in the file's encoding (save it as UTF-8)"
        default: return "XML error \(code)"
        }
    }
}

/// One `<wpt>` as written, before any checking.
private struct GPXRawWaypoint {
    /// 1-based, counting every waypoint in the file.
    var index: Int
    var lat: String?
    var lon: String?
    /// Text of the direct children that matter: name, type, sym, time, desc, cmt.
    var fields: [String: String] = [:]
    /// Text of an extension element named `id` (Trove writes `<trove:id>`).
    var extensionID: String?
    /// Text of an extension element named `dog`.
    var extensionDog: String?
}

/// Collects waypoints and counts tracks and routes while XMLParser walks the file.
private final class GPXCollector: NSObject, XMLParserDelegate {
    private static let fieldNames: Set<String> = ["name", "type", "sym", "time", "desc", "cmt"]
    private static let gpxNamespaces: Set<String> = [
        "http://www.topografix.com/GPX/1/0", "http://www.topografix.com/GPX/1/1",
    ]

    /// Told of each waypoint as its end tag is read.
    private let waypoint: (GPXRawWaypoint) throws -> Void
    /// What `waypoint` threw; the reading stops there.
    var thrown: (any Error)?
    /// The stream read, told to stop when `waypoint` throws.
    weak var stream: GuardedXMLStream?
    private var waypoints = 0
    var tracks = 0, trackPoints = 0, routes = 0, routePoints = 0
    /// The root's name when it is not `gpx`.
    var wrongRoot: String?
    /// The first error libxml2 reported, with where it was.
    var firstError: (code: Int, line: Int, column: Int)?
    /// True once `</gpx>` has been read: the whole document was seen.
    var rootClosed = false
    /// The file's own time: `<metadata><time>` in GPX 1.1, `<time>` under the root in GPX 1.0.
    var fileTime: String?
    private var inMetadata = false
    private var readingFileTime = false

    private var depth = 0
    private var current: GPXRawWaypoint?
    private var waypointDepth = 0
    private var extensionsDepth: Int?
    private var text = ""

    init(waypoint: @escaping (GPXRawWaypoint) throws -> Void) {
        self.waypoint = waypoint
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
    ) {
        depth += 1
        if depth == 1, elementName != "gpx" {
            wrongRoot = qName ?? elementName
            parser.abortParsing()
            return
        }
        text = ""
        if current != nil {
            if elementName == "extensions", extensionsDepth == nil { extensionsDepth = depth }
            return
        }
        switch elementName {
        case "metadata" where depth == 2: inMetadata = true
        case "time" where fileTime == nil && (depth == 2 || (depth == 3 && inMetadata)): readingFileTime = true
        case "wpt":
            waypoints += 1
            current = GPXRawWaypoint(index: waypoints, lat: attributeDict["lat"], lon: attributeDict["lon"])
            waypointDepth = depth
        case "trk": tracks += 1
        case "trkpt": trackPoints += 1
        case "rte": routes += 1
        case "rtept": routePoints += 1
        default: break
        }
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
    ) {
        defer {
            depth -= 1
            if depth == 0 { rootClosed = true }
        }
        guard current != nil else {
            if readingFileTime && elementName == "time" { fileTime = text; readingFileTime = false }
            if elementName == "metadata" && depth == 2 { inMetadata = false }
            return
        }
        if depth == waypointDepth {
            let ended = current!
            current = nil
            extensionsDepth = nil
            guard thrown == nil else { return }
            do { try waypoint(ended) } catch {
                thrown = error
                stream?.stop()
                parser.abortParsing()
            }
        } else if depth == waypointDepth + 1, Self.fieldNames.contains(elementName), current!.fields[elementName] == nil {
            current!.fields[elementName] = text
        } else if elementName == "id" || elementName == "dog" {
            // Inside <extensions> (GPX 1.1), or a foreign element straight in the waypoint (GPX 1.0).
            let foreign = namespaceURI.map { !Self.gpxNamespaces.contains($0) } ?? false
            guard extensionsDepth != nil || foreign else { return }
            let value = PointFormat.trimmed(text)
            if elementName == "id", current!.extensionID == nil || !PointFormat.isLowercaseUUID(current!.extensionID!) {
                current!.extensionID = value
            } else if elementName == "dog", current!.extensionDog == nil {
                current!.extensionDog = value
            }
        }
        if let extensionsDepth, depth == extensionsDepth { self.extensionsDepth = nil }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if current != nil || readingFileTime { text += string }
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        if current != nil { text += String(decoding: CDATABlock, as: UTF8.self) }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        // Only the first: libxml2 reports follow-on errors at the end of the file.
        guard firstError == nil, wrongRoot == nil, thrown == nil else { return }
        let code = (parseError as NSError).code
        // Error 1 after </gpx> is libxml2's 10 MB limit on what swift-corelibs-foundation's
        // push parser has consumed ("Huge input lookup"): every element was already read.
        if code == 1, rootClosed { return }
        firstError = (code, parser.lineNumber, parser.columnNumber)
    }
}
