@testable import TroveInterchange

/// A small store with public and private material, each piece marked by a unique word.
struct HTMLSiteFixture {
    var profile = ExportedProfile(
        displayName: "Ada Example", username: "ada", bio: "Writes *code* & climbs.",
        avatar: ExportedMedia(sha256: ExportTestSupport.sha(0xA7), fileExtension: "png"))
    var journals = [
        ExportedJournal(id: "JPUB", name: "Travel", description: "Trips and walks", isPublic: true),
        ExportedJournal(id: "JPRIV", name: "SecretDiaryName", description: "SecretDiaryDescription", isPublic: false),
    ]
    let photo = ExportedMedia(sha256: ExportTestSupport.sha(0x11), fileExtension: "jpg", caption: "Harbour")
    let secretPhoto1 = ExportedMedia(sha256: ExportTestSupport.sha(0x5E1), fileExtension: "jpg")
    let secretPhoto2 = ExportedMedia(sha256: ExportTestSupport.sha(0x5E2), fileExtension: "jpg")
    let audio = ExportedMedia(sha256: ExportTestSupport.sha(0xAD), fileExtension: "m4a", caption: "Voice note")
    let video = ExportedMedia(sha256: ExportTestSupport.sha(0x7D), fileExtension: "mp4")

    /// Words that must never reach the site.
    let secrets = [
        "PRIVATEENTRY01", "SecretEntryText", "SecretEntryTitle", "PRIVATEJOURNAL01", "SecretJournalText",
        "SecretDiaryName", "SecretDiaryDescription", "secrettag",
    ]

    var entries: [ExportedEntry] {
        [
            ExportedEntry(id: "PUB1", journalID: "JPUB", title: "Harbour walk", text: "PublicOneText by the sea.",
                          date: "2026-11-20T09:00:00.000Z", timeZone: "Europe/Paris", tags: ["sea"],
                          place: "Marseille", photos: [photo]),
            ExportedEntry(id: "PUB2", journalID: "JPUB", title: "<script>alert('x')</script> & co",
                          text: "PublicTwoText", date: "2026-11-22T09:00:00.000Z", starred: true,
                          attachments: [audio, video]),
            ExportedEntry(id: "PRIVATEENTRY01", journalID: "JPUB", title: "SecretEntryTitle", text: "SecretEntryText",
                          date: "2026-11-23T09:00:00.000Z", tags: ["secrettag"], isPublic: false, photos: [secretPhoto1]),
            ExportedEntry(id: "PRIVATEJOURNAL01", journalID: "JPRIV", text: "SecretJournalText",
                          date: "2026-11-24T09:00:00.000Z", tags: ["secrettag"], photos: [secretPhoto2]),
            ExportedEntry(id: "PUBINPRIV", journalID: "JPRIV", title: "Shared on purpose", text: "PublicInPrivateText",
                          date: "2026-11-21T09:00:00.000Z", isPublic: true),
        ]
    }

    var media: [String: [UInt8]] {
        var m: [String: [UInt8]] = [:]
        for item in [profile.avatar!, photo, secretPhoto1, secretPhoto2, audio, video] {
            m[item.sha256] = Array(item.sha256.utf8.suffix(4))
        }
        return m
    }
}
