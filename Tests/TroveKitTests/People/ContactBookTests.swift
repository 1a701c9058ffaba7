import Foundation
import Testing
import TroveKit
import TroveStore
import TroveTestSupport

/// Contacts through TroveKit: the field rules, alphabetical order, classes, finding and links.
@Suite("contacts")
struct ContactBookTests {
    @Test("a blank name, an email that is not one and a phone without digits are each refused with their own message; nothing is written")
    func validation() throws {
        let fixture = try KitFixture()
        let book = ContactBook(store: fixture.store)
        let head = try fixture.head()
        #expect(throws: ContactError.blankName) { try book.add(.init(name: " \t ")) }
        #expect(throws: ContactError.blankName) { try book.add(.init(email: "a@b.co")) }
        #expect(throws: ContactError.nameTooLong(characters: 201)) { try book.add(.init(name: String(repeating: "é", count: 201))) }
        for bad in ["ada", "ada@", "@example.com", "ada@example", "ada@example.", "a da@example.com", "a@b@c.com"] {
            #expect(throws: ContactError.invalidEmail(bad), "\(bad)") { try book.add(.init(name: "Ada", email: bad)) }
        }
        #expect(throws: ContactError.phoneWithoutDigits("call me")) { try book.add(.init(name: "Ada", phone: " call me ")) }
        #expect(throws: ContactError.phoneLength("12")) { try book.add(.init(name: "Ada", phone: "12")) }
        #expect(try fixture.head() == head && book.all().isEmpty, "nothing written")
        #expect(ContactError.blankName.description != ContactError.invalidEmail("x").description)
        #expect(ContactError.invalidEmail("ada@").description.contains("'ada@' is not an email address"))
        #expect(ContactError.phoneWithoutDigits("call me").description.contains("no digits"))

        let ada = try book.add(.init(name: "  Ada Lovelace ", email: " ada@example.com ", phone: "+44 20 555", classes: ["CS 101", " cs 101 ", ""], notes: " Partner ")).contact
        #expect(ada.name == "Ada Lovelace" && ada.email == "ada@example.com" && ada.phone == "+44 20 555")
        #expect(ada.classes == ["CS 101"], "blank and repeated classes dropped")
        #expect(ada.notes == "Partner")
        let before = try fixture.head()
        #expect(throws: ContactError.invalidEmail("nope")) { try book.edit(ada, .init(name: "Ada King", email: "nope")) }
        #expect(try fixture.head() == before && book.contact(named: "ada lovelace").name == "Ada Lovelace", "a refused edit writes nothing")
    }

    @Test("editing changes what is given, empty clears a field, and no change makes no commit; removing deletes")
    func editAndRemove() throws {
        let fixture = try KitFixture()
        let book = ContactBook(store: fixture.store)
        let grace = try book.add(.init(name: "Grace Hopper", email: "grace@example.com", classes: ["CS 3114"])).contact
        let edited = try book.edit(grace, .init(email: "", phone: "555-0134", classes: ["CS 2505", "MATH 201"])).contact
        #expect(edited.email == nil && edited.phone == "555-0134" && edited.classes == ["CS 2505", "MATH 201"])
        #expect(edited.name == "Grace Hopper" && edited.id == grace.id)
        let head = try fixture.head()
        #expect(try book.edit(edited, .init(phone: "555-0134")).result.commit == nil)
        #expect(try fixture.head() == head)
        #expect(try book.edit(edited, .init(classes: [])).contact.classes.isEmpty)
        _ = try book.remove(book.contact(named: "grace"))
        #expect(try book.all().isEmpty)
    }

    @Test("the list is alphabetical ignoring case and accents")
    func sorting() throws {
        let fixture = try KitFixture()
        let book = ContactBook(store: fixture.store)
        for name in ["zoë Zimmer", "Émile Brun", "ada Lovelace", "Eve Adams", "Bob", "Ängel Ortiz", "éva Young"] {
            try book.add(.init(name: name))
        }
        #expect(try book.all().map(\.name) == ["ada Lovelace", "Ängel Ortiz", "Bob", "Émile Brun", "éva Young", "Eve Adams", "zoë Zimmer"])
    }

    @Test("the class filter ignores case and accents, and keeps the order")
    func classFilter() throws {
        let fixture = try KitFixture()
        let book = ContactBook(store: fixture.store)
        try book.add(.init(name: "Zed", classes: ["Français 2"]))
        try book.add(.init(name: "Amy", classes: ["CS 101", "francais 2"]))
        try book.add(.init(name: "Max", classes: ["CS 101"]))
        try book.add(.init(name: "Nobody"))
        #expect(try book.inClass("FRANÇAIS 2").map(\.name) == ["Amy", "Zed"])
        #expect(try book.inClass("cs 101").map(\.name) == ["Amy", "Max"])
        #expect(try book.inClass("Art").isEmpty)
    }

    @Test("finding: full name ignoring case and accents, a word, the start of a name, or part of the id; ambiguity is named")
    func finding() throws {
        let fixture = try KitFixture()
        let book = ContactBook(store: fixture.store)
        let emile = try book.add(.init(name: "Émile Brun")).contact
        let adam = try book.add(.init(name: "Adam Cole")).contact
        let zoe = try book.add(.init(name: "Zoë Adams")).contact
        #expect(try book.contact(named: "emile brun") == emile)
        #expect(try book.contact(named: "EMILE") == emile)
        #expect(try book.contact(named: "adam") == adam, "a whole word beats the start of one")
        #expect(try book.contact(named: "zoe") == zoe)
        #expect(try book.contact(named: zoe.id) == zoe)
        #expect(try book.contact(named: String(zoe.id.suffix(8))) == zoe)
        #expect(throws: ContactError.self) { try book.contact(named: "ad") }
        #expect(throws: ContactError.unknownContact("nobody", known: ["Adam Cole", "Émile Brun", "Zoë Adams"])) { try book.contact(named: "nobody") }
    }

    @Test("links: mailto:, tel: and sms: percent-encoded; a missing email or phone is named")
    func links() throws {
        let fixture = try KitFixture()
        let book = ContactBook(store: fixture.store)
        let ada = try book.add(.init(name: "Ada", email: "ada+cs@example.com", phone: "+1 (540) 555-0134")).contact
        #expect(try ContactLink.link(.email, for: ada) == "mailto:ada%2Bcs@example.com")
        #expect(try ContactLink.link(.email, for: ada, subject: "Lab 3 & notes?", body: "Hi,\nsee you") ==
                "mailto:ada%2Bcs@example.com?subject=Lab%203%20%26%20notes%3F&body=Hi%2C%0Asee%20you")
        #expect(try ContactLink.link(.call, for: ada) == "tel:+15405550134")
        #expect(try ContactLink.link(.text, for: ada, body: "Running late é") == "sms:+15405550134?body=Running%20late%20%C3%A9")
        let bob = try book.add(.init(name: "Bob")).contact
        #expect(throws: ContactError.noEmail(name: "Bob")) { try ContactLink.link(.email, for: bob) }
        #expect(throws: ContactError.noPhone(name: "Bob")) { try ContactLink.link(.text, for: bob) }
        #expect(ContactError.noPhone(name: "Bob").description.contains("Bob has no phone number"))
    }
}
