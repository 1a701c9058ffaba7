import Foundation
import TroveJSON
import TroveStore
import TroveTestSupport

/// Realistic generated journal entries: Zipf-distributed words, tags, dates over years, and places around a few cities.
struct Corpus {
    private var random: SeededGenerator

    init(seed: UInt64) { random = SeededGenerator(seed: seed) }

    /// Common words first: the rank decides how often a word appears (Zipf), as in real prose.
    static let vocabulary: [String] = {
        let common = "the and a to of i in was it we my with for on at that by is then but so this as from after day".split(separator: " ").map(String.init)
        let content = """
            walk canal coffee morning rain frost sun garden market bread cheese crème brûlée café river bridge park dog \
            friend mother father sister brother train station office meeting lunch dinner soup book chapter letter \
            museum painting concert piano violin song evening night moon stars cold warm snow wind leaves autumn \
            spring summer winter holiday beach sea island mountain forest path trail bicycle car bus ticket airport \
            hotel room window kitchen recipe tomato basil olive lemon orange apple pear cherry strawberry chocolate \
            tea wine beer water glass table chair desk lamp letter email phone call message photo camera picture \
            birthday wedding party gift card flower rose tulip lavender thyme rosemary mint honey butter sugar salt \
            doctor hospital pharmacy school class lesson teacher student exam project deadline report draft idea \
            dream memory thought worry hope plan list task errand shop bakery butcher fishmonger library gallery \
            cinema film theatre play dance yoga run swim climb hike picnic blanket basket bench square fountain \
            church tower castle village town city street avenue boulevard alley courtyard roof balcony terrace \
            neighbour stranger crowd queue silence noise music laughter tears smile hug kiss promise secret \
            lighthouse harbour boat ferry sail anchor tide shell sand dune cliff cave waterfall lake pond meadow \
            fox owl heron swan duck sparrow robin blackbird crow magpie squirrel hedgehog rabbit deer horse cow
            """.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
        // Rarer words, so a search for one finds a handful of entries, as a search for a name or a place does.
        let syllables = ["ka", "lo", "mi", "ren", "tas", "vel", "dor", "pi", "sun", "gar", "bel", "nor", "qui", "zan", "fe"]
        var rare: [String] = []
        for a in syllables { for b in syllables { for c in ["", "n", "s", "th"] { rare.append(a + b + c) } } }
        return common + content + rare
    }()

    static let tags = ["walk", "family", "work", "travel", "food", "reading", "music", "health", "garden", "friends", "dog", "weather"]
    static let cities: [(name: String, lat: Double, lon: Double)] = [
        ("Paris", 48.8566, 2.3522), ("Lyon", 45.7640, 4.8357), ("Blacksburg", 37.2296, -80.4139),
        ("Wellington", -41.2866, 174.7756), ("Oslo", 59.9139, 10.7522), ("Kyoto", 35.0116, 135.7681),
    ]

    private let cumulative: [Double] = {
        var total = 0.0
        return vocabulary.indices.map { rank in total += 1 / Double(rank + 1); return total }
    }()

    mutating func word() -> String {
        let target = Double.random(in: 0..<1, using: &random) * cumulative.last!
        var low = 0, high = cumulative.count - 1
        while low < high { let middle = (low + high) / 2; if cumulative[middle] < target { low = middle + 1 } else { high = middle } }
        return Self.vocabulary[low]
    }

    /// A query word people would type: a content or rare word, never a stop word.
    mutating func queryWord() -> String {
        Self.vocabulary[30 + Int(random.next() % UInt64(Self.vocabulary.count - 30))]
    }

    /// A point within a few kilometres of one of the cities.
    mutating func place() -> (name: String, lat: Double, lon: Double) {
        let city = Self.cities[Int(random.next() % UInt64(Self.cities.count))]
        return (city.name, city.lat + (Double.random(in: 0..<1, using: &random) - 0.5) * 0.1, city.lon + (Double.random(in: 0..<1, using: &random) - 0.5) * 0.14)
    }

    /// Entry number `number`: 40 to 160 words, a title on a third, one to three tags, a place on two thirds.
    mutating func entry(_ number: Int, journalId: String) -> JSONValue {
        let count = 40 + Int(random.next() % 120)
        var words: [String] = []
        for _ in 0..<count { words.append(word()) }
        let day = 1_500_000_000 + Int(random.next() % 250_000_000)
        var fields: [String: JSONValue] = [
            "journalId": .string(journalId),
            "date": .string(Timestamp.string(Date(timeIntervalSince1970: TimeInterval(day)))),
            "text": .string(words.joined(separator: " ") + ".\n"),
            "tags": .array((0..<(1 + Int(random.next() % 3))).map { _ in .string(Self.tags[Int(random.next() % UInt64(Self.tags.count))]) }.uniqued()),
        ]
        if random.next() % 3 == 0 { fields["title"] = .string((0..<3).map { _ in word() }.joined(separator: " ").capitalized) }
        if random.next() % 3 != 0 {
            let place = place()
            fields["location"] = ["lat": .double(place.lat), "lon": .double(place.lon), "place": .string(place.name)]
        }
        return .object(fields)
    }
}

extension Array where Element: Equatable {
    func uniqued() -> [Element] { reduce(into: []) { if !$0.contains($1) { $0.append($1) } } }
}
