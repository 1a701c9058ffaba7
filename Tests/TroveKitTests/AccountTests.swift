import Foundation
import Testing
@testable import TroveKit
import TroveStore
import TroveTestSupport

@Suite("accounts, sign-in and sessions")
struct AccountTests {
    let fixture: KitFixture
    var book: AccountBook { AccountBook(store: fixture.store) }
    let password = "correct horse battery"

    init() throws { fixture = try KitFixture() }

    @Test("each invalid username, email and password gets its own message, and nothing is written")
    func rules() throws {
        let before = try fixture.head()
        #expect(throws: AccountError.invalidUsername("Ada")) { try book.create(username: "Ada", email: "ada@example.com", password: password) }
        #expect(throws: AccountError.invalidUsername("ab")) { try book.create(username: "ab", email: "ada@example.com", password: password) }
        #expect(throws: AccountError.invalidUsername(".ada")) { try book.create(username: ".ada", email: "ada@example.com", password: password) }
        #expect(throws: AccountError.invalidEmail("ada.example.com")) { try book.create(username: "ada", email: "ada.example.com", password: password) }
        #expect(throws: AccountError.invalidEmail("ada@example")) { try book.create(username: "ada", email: "ada@example", password: password) }
        #expect(throws: AccountError.invalidPassword("it must be at least 10 characters long (it has 5)")) {
            try book.create(username: "ada", email: "ada@example.com", password: "short")
        }
        #expect(throws: AccountError.invalidPassword("it must not be your username")) {
            try book.create(username: "adalovelace", email: "ada@example.com", password: "AdaLovelace")
        }
        #expect(try fixture.head() == before)
        #expect(try book.isEmpty())
    }

    @Test("a taken username or email is refused")
    func taken() throws {
        try book.create(username: "ada", email: "ada@example.com", password: password)
        #expect(throws: AccountError.usernameTaken("ada")) { try book.create(username: "ada", email: "other@example.com", password: password) }
        #expect(throws: AccountError.emailTaken("ADA@example.com")) { try book.create(username: "sam", email: "ADA@example.com", password: password) }
        #expect(try book.all().count == 1)
    }

    @Test("the password is kept only as a slow, salted PBKDF2 hash")
    func hashOnly() throws {
        let account = try book.create(username: "ada", email: "ada@example.com", password: password)
        let record = try #require(try fixture.store.record(id: account.id))
        let hash = try #require(record.value["passwordHash"]?.stringValue)
        #expect(hash.hasPrefix("$pbkdf2-sha256$i=600000$"))
        let bytes = String(decoding: record.canonicalBytes, as: UTF8.self)
        #expect(!bytes.contains(password))
        // The same password twice gives two hashes: the salt differs.
        #expect(try PasswordHash.make(password) != PasswordHash.make(password))
        #expect(PasswordHash.verify(password, against: hash))
        #expect(!PasswordHash.verify(password + "!", against: hash))
        #expect(!PasswordHash.verify(password, against: "$pbkdf2-sha256$i=1000$AAAA$AAAA"))
    }

    @Test("sign-in: no such email and a wrong password are told apart; three wrong passwords lock sign-in")
    func signIn() throws {
        try book.create(username: "ada", email: "ada@example.com", password: password)
        #expect(throws: AccountError.noAccount(email: "bob@example.com")) { try book.authenticate(email: "bob@example.com", password: password) }
        let now = Date()
        #expect(throws: AccountError.incorrectPassword(attemptsLeft: 2)) { try book.authenticate(email: "ada@example.com", password: "nope nope nope", now: now) }
        #expect(throws: AccountError.incorrectPassword(attemptsLeft: 1)) { try book.authenticate(email: "ada@example.com", password: "nope nope nope", now: now) }
        #expect(throws: AccountError.incorrectPassword(attemptsLeft: 0)) { try book.authenticate(email: "ada@example.com", password: "nope nope nope", now: now) }
        // Locked: even the right password is refused until the lock passes.
        #expect(throws: AccountError.lockedOut(seconds: 60)) { try book.authenticate(email: "ada@example.com", password: password, now: now) }
        let later = now.addingTimeInterval(61)
        #expect(try book.authenticate(email: "ada@example.com", password: password, now: later).username == "ada")
    }

    @Test("an account's whole life: create, sign in, session, idle expiry, logout")
    func life() throws {
        let account = try book.create(username: "ada", email: "ada@example.com", password: password)
        #expect(throws: AccountError.notSignedIn) { try SignIn.require(fixture.store) }
        let now = Date()
        let signedIn = try book.authenticate(email: "ADA@example.com", password: password)
        try SignIn.start(signedIn, in: fixture.store, idleTimeout: 600, now: now)
        let file = SessionFile(storePath: fixture.store.path)
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(try SignIn.require(fixture.store, now: now.addingTimeInterval(300)) == account)
        // Used at +300 s, so it lasts until +900 s.
        #expect(try SignIn.require(fixture.store, now: now.addingTimeInterval(850)) == account)
        #expect(throws: AccountError.sessionExpired) { try SignIn.require(fixture.store, now: now.addingTimeInterval(850 + 601)) }
        #expect(file.read() == nil)
        try SignIn.start(signedIn, in: fixture.store, idleTimeout: 600)
        file.remove()
        #expect(throws: AccountError.notSignedIn) { try SignIn.require(fixture.store) }
    }

    @Test("an offline store asks nobody to sign in")
    func offline() throws {
        #expect(try SignIn.require(fixture.store) == nil)
    }

    @Test("a temporary password must be changed, and the new one then works")
    func temporary() throws {
        try book.create(username: "sam", email: "sam@example.com", password: "given by ada 1", temporary: true)
        #expect(throws: AccountError.temporaryPassword) { try book.authenticate(email: "sam@example.com", password: "given by ada 1") }
        #expect(throws: AccountError.sameAsTemporary) { try book.changePassword(email: "sam@example.com", current: "given by ada 1", new: "given by ada 1") }
        #expect(throws: AccountError.incorrectPassword(attemptsLeft: 2)) {
            try book.changePassword(email: "sam@example.com", current: "wrong one!!", new: "my own secret")
        }
        let changed = try book.changePassword(email: "sam@example.com", current: "given by ada 1", new: "my own secret")
        #expect(!changed.temporaryPassword)
        #expect(try book.authenticate(email: "sam@example.com", password: "my own secret").username == "sam")
    }

    @Test("profile: bio, display name, avatar (an image only), username and email")
    func profile() throws {
        let account = try book.create(username: "ada", email: "ada@example.com", password: password)
        let profiles = ProfileBook(store: fixture.store)
        try profiles.setBio("Writes *every* morning.", of: account)
        try profiles.setDisplayName("Ada L.", of: account)
        let jpeg = try KitFixture.jpeg()
        let profile = try profiles.setAvatar(jpeg, source: "me.jpg", of: account)
        #expect(try fixture.store.media(sha256: try #require(profile.avatar)) == jpeg)
        #expect(profile.bio == "Writes *every* morning." && profile.displayName == "Ada L.")
        let before = try fixture.head()
        #expect(throws: StoreError.notAnImage(source: "notes.txt")) { try profiles.setAvatar(Array("hello".utf8), source: "notes.txt", of: account) }
        #expect(try fixture.head() == before)
        let renamed = try book.rename(account, to: "ada.l")
        #expect(try book.changeEmail(renamed, to: "ada@example.org").email == "ada@example.org")
        #expect(try profiles.profile(of: renamed)?.bio == "Writes *every* morning.")
        #expect(try book.account(email: "ada@example.org")?.username == "ada.l")
    }
}
