import Foundation
import Testing
import TroveInterchange

/// One line of a position stream: NMEA 0183 sentences, gpsd reports, OwnTracks and plain JSON.
struct PositionLineTests {
    /// The textbook GGA and RMC pair: Munich, 23 March 1994, 12:35:19 UTC.
    static let munichGGA = "$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47"
    static let munichRMC = "$GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W*6A"

    static func isClose(_ value: Double, _ expected: Double) -> Bool { abs(value - expected) < 1e-6 }

    @Test func ggaGivesDecimalDegreesAndNoTime() throws {
        let fix = try #require(PositionLine.parse(Self.munichGGA))
        #expect(Self.isClose(fix.latitude, 48.1173))
        #expect(Self.isClose(fix.longitude, 11.516667))
        #expect(fix.time == nil)
        #expect(fix.accuracy == nil)
        #expect(fix.source == "nmea")
    }

    @Test func rmcGivesTheUTCDateAndTime() throws {
        let fix = try #require(PositionLine.parse(Self.munichRMC))
        #expect(Self.isClose(fix.latitude, 48.1173))
        #expect(Self.isClose(fix.longitude, 11.516667))
        #expect(fix.time == Date(timeIntervalSince1970: 764_426_119)) // 1994-03-23T12:35:19Z
    }

    @Test func otherTalkersAndTheSouthernAndWesternHemispheres() throws {
        // Multi-GNSS receivers say GN; Rio de Janeiro, 2024-06-15T08:18:36.5Z.
        let rio = try #require(PositionLine.parse("$GNRMC,081836.50,A,2254.4200,S,04310.5800,W,0.02,,150624,,,A*5A"))
        #expect(Self.isClose(rio.latitude, -22.907))
        #expect(Self.isClose(rio.longitude, -43.176333))
        #expect(rio.time == Date(timeIntervalSince1970: 1_718_439_516.5))
        // Sydney, a DGPS fix (quality 2).
        let sydney = try #require(PositionLine.parse("$GNGGA,081836.50,3351.1234,S,15112.5678,E,2,12,0.7,41.2,M,22.1,M,,*55"))
        #expect(Self.isClose(sydney.latitude, -(33 + 51.1234 / 60)))
        #expect(Self.isClose(sydney.longitude, 151 + 12.5678 / 60))
    }

    @Test func theChecksumMustMatchWhenPresent() {
        #expect(PositionLine.parse(Self.munichGGA.replacingOccurrences(of: "*47", with: "*48")) == nil)
        // One changed digit in the body, checksum kept.
        #expect(PositionLine.parse(Self.munichGGA.replacingOccurrences(of: "4807.038", with: "4807.039")) == nil)
        #expect(PositionLine.parse(Self.munichGGA.replacingOccurrences(of: "*47", with: "*4")) == nil)
        // Lower-case hex is fine, and so is no checksum at all.
        #expect(PositionLine.parse(Self.munichRMC.replacingOccurrences(of: "*6A", with: "*6a")) != nil)
        #expect(PositionLine.parse(String(Self.munichGGA.dropLast(3))) != nil)
    }

    @Test func blanksAroundTheLineAndCRLFAreIgnored() throws {
        let fix = try #require(PositionLine.parse("  \(Self.munichGGA)\r\n"))
        #expect(Self.isClose(fix.latitude, 48.1173))
    }

    @Test func voidFixesGiveNil() {
        #expect(PositionLine.parse("$GPGGA,123519,,,,,0,00,99.99,,,,,,*45") == nil) // quality 0
        #expect(PositionLine.parse("$GPRMC,123519,V,4807.038,N,01131.000,E,,,230394,,,N*68") == nil) // status V
        #expect(PositionLine.parse("$GNRMC,081836.50,A,2254.4200,S,04310.5800,W,0.02,,150624,,,N*55") == nil) // mode N
    }

    @Test func otherSentencesGiveNil() {
        #expect(PositionLine.parse("$GPGSV,3,1,11,03,03,111,00,04,15,270,00,06,01,010,00,13,06,292,00*74") == nil)
        #expect(PositionLine.parse("$GPVTG,054.7,T,034.4,M,005.5,N,010.2,K*48") == nil)
        #expect(PositionLine.parse("$GPGSA,A,3,04,05,,09,12,,,24,,,,,2.5,1.3,2.1*39") == nil)
        #expect(PositionLine.parse("$PGRME,15.0,M,45.0,M,25.0,M*1C") == nil)
        #expect(PositionLine.parse("!AIVDM,1,1,,B,177KQJ5000G?tO`K>RA1wUbN0TKH,0*5C") == nil)
    }

    @Test func gpsdTPVReports() throws {
        let line = #"{"class":"TPV","device":"/dev/ttyUSB0","mode":3,"time":"2005-06-08T10:34:48.283Z","ept":0.005,"lat":46.498293369,"lon":7.567411672,"alt":1343.127,"eph":36.000,"epv":32.321,"track":10.3788,"speed":0.091}"#
        let fix = try #require(PositionLine.parse(line))
        #expect(fix.latitude == 46.498293369)
        #expect(fix.longitude == 7.567411672)
        #expect(fix.accuracy == 36)
        #expect(fix.source == "gpsd")
        let time = try #require(fix.time)
        #expect(abs(time.timeIntervalSince1970 - 1_118_226_888.283) < 1e-6)
        // A 2D fix with only epx and epy: the larger is the accuracy.
        let flat = try #require(PositionLine.parse(#"{"class":"TPV","mode":2,"lat":-33.9,"lon":18.4,"epx":7.5,"epy":12.25}"#))
        #expect(flat.accuracy == 12.25)
        #expect(flat.time == nil)
    }

    @Test func gpsdReportsWithoutAFixGiveNil() {
        #expect(PositionLine.parse(#"{"class":"TPV","device":"/dev/ttyUSB0","mode":1,"lat":46.5,"lon":7.5}"#) == nil)
        #expect(PositionLine.parse(#"{"class":"TPV","mode":0}"#) == nil)
        #expect(PositionLine.parse(#"{"class":"SKY","device":"/dev/ttyUSB0","hdop":1.2,"satellites":[{"PRN":5,"el":31,"az":86,"ss":45,"used":true}]}"#) == nil)
        #expect(PositionLine.parse(#"{"class":"VERSION","release":"3.25","rev":"3.25","proto_major":3,"proto_minor":15}"#) == nil)
        #expect(PositionLine.parse(#"{"class":"DEVICES","devices":[{"class":"DEVICE","path":"/dev/ttyUSB0","driver":"NMEA0183"}]}"#) == nil)
        #expect(PositionLine.parse(#"{"class":"WATCH","enable":true,"json":true,"nmea":false}"#) == nil)
    }

    @Test func ownTracksLocations() throws {
        let line = #"{"_type":"location","tid":"jd","lat":52.520008,"lon":13.404954,"tst":1700000000,"acc":12,"batt":88,"conn":"w"}"#
        let fix = try #require(PositionLine.parse(line))
        #expect(fix == PositionFix(latitude: 52.520008, longitude: 13.404954,
                                   time: Date(timeIntervalSince1970: 1_700_000_000), accuracy: 12, source: "owntracks"))
        #expect(PositionLine.parse(#"{"_type":"transition","event":"enter","lat":52.5,"lon":13.4,"tst":1700000000}"#) == nil)
        #expect(PositionLine.parse(#"{"_type":"lwt","tst":1700000000}"#) == nil)
    }

    @Test func plainJSONPositions() throws {
        let bare = try #require(PositionLine.parse(#"{"lat":51.5007,"lon":-0.1246}"#))
        #expect(bare == PositionFix(latitude: 51.5007, longitude: -0.1246, source: "json"))
        let timed = try #require(PositionLine.parse(#" {"lat":1,"lon":2,"time":"2024-01-02T04:04:05+01:00","accuracy":5} "#))
        #expect(timed.time == Date(timeIntervalSince1970: 1_704_164_645))
        #expect(timed.accuracy == 5)
        let unix = try #require(PositionLine.parse(#"{"lat":1,"lon":2,"time":1704164645}"#))
        #expect(unix.time == Date(timeIntervalSince1970: 1_704_164_645))
        // An unreadable time leaves the position, without a time.
        #expect(PositionLine.parse(#"{"lat":1,"lon":2,"time":"yesterday"}"#)?.time == nil)
    }

    @Test func positionsOffTheGlobeGiveNil() {
        #expect(PositionLine.parse(#"{"lat":90.5,"lon":0}"#) == nil)
        #expect(PositionLine.parse(#"{"lat":0,"lon":-180.01}"#) == nil)
        #expect(PositionLine.parse(#"{"lat":1e400,"lon":0}"#) == nil)
        #expect(PositionLine.parse("$GPGGA,123519,9100.000,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*4F") == nil)
        #expect(PositionLine.parse(#"{"lat":90,"lon":-180}"#) != nil)
    }

    @Test func linesWithoutAPositionGiveNil() {
        for line in ["", "   ", "hello", "{not json", "[1,2]", #"{"lat":"52.5","lon":"13.4"}"#, #"{"lat":52.5}"#, "$", "$*00"] {
            #expect(PositionLine.parse(line) == nil, "\(line)")
        }
    }
}
