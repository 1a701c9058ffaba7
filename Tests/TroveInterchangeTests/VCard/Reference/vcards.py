"""The vCard reference for VCardReferenceTests: cards in 2.1, 3.0 and 4.0, and how vobject (PyPI) reads them.

  python3 vcards.py write DIR    writes DIR/v21.vcf, DIR/v30.vcf and DIR/v40.vcf (3.0 serialized by vobject; 2.1 and
                                 4.0, which vobject does not write, by hand, and each parsed back with vobject here)
  python3 vcards.py read FILE…   prints {file name: [card…]} as vobject reads each file, one JSON object a card
"""
import json
import os
import sys

import vobject

# The people of every file: several emails, phones and addresses with types, and names that are not ASCII.
ZOE = dict(family="Ångström", given="Zoë", uid="zoe-1", note="Lab partner, Tuesdays; bring coffee\nand the notes",
           categories=["CS 3114", "Étude"],
           emails=[("zoe@work.example", ["internet", "work"]), ("zoe@home.example", ["internet", "home"]), ("zoe@old.example", [])],
           tels=[("+46 8 555 0101", ["cell", "voice"]), ("+46 8 555 0102", ["work"]), ("+46 8 555 0103", ["home", "fax"])],
           adrs=[(["", "Lgh 1102", "Storgatan 1", "Göteborg", "", "411 01", "Sverige"], ["home"]),
                 (["PO Box 7", "", "Kungsgatan 2", "Stockholm", "Stockholm", "111 43", "Sverige"], ["work"])])
WATANABE = dict(family="渡辺", given="健", uid="watanabe-2", note="", categories=[],
                emails=[("ken@example.jp", ["internet"])], tels=[("+81 3 5555 0100", ["cell"]), ("+81 3 5555 0101", ["work"])],
                adrs=[(["", "", "千代田1-1", "千代田区", "東京都", "100-0001", "日本"], ["home"])])
# The preferred email and phone of each: the second email and the second phone, so "the first" cannot pass for it.
PREFERRED = {"zoe-1": ("zoe@home.example", "+46 8 555 0102"), "watanabe-2": ("ken@example.jp", "+81 3 5555 0101")}


def fn(person):
    return f"{person['given']} {person['family']}" if person["family"] != "渡辺" else "渡辺 健"


def escape(text, newlines=True):
    """3.0 and 4.0 escapes; 2.1 (`newlines=False`) writes new lines as they are, in quoted-printable."""
    text = text.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,")
    return text.replace("\n", "\\n") if newlines else text


def qp(text, charset):
    """Quoted-printable in `charset`, every byte that is not plain ASCII as =XX, with soft line breaks after 60 bytes."""
    out, line = [], ""
    for byte in text.encode(charset):
        piece = chr(byte) if 33 <= byte <= 126 and byte != ord("=") else f"={byte:02X}"
        if len(line) + len(piece) > 60:
            out.append(line + "=")
            line = ""
        line += piece
    return "\r\n".join(out + [line])


def v30(people):
    text = ""
    for person in people:
        card = vobject.vCard()
        card.add("n").value = vobject.vcard.Name(family=person["family"], given=person["given"])
        card.add("fn").value = fn(person)
        preferred = PREFERRED[person["uid"]]
        for name, values, pref in (("email", person["emails"], preferred[0]), ("tel", person["tels"], preferred[1])):
            for value, types in values:
                line = card.add(name)
                line.value = value
                if types or value == pref:
                    line.type_param = [t.upper() for t in types] + (["PREF"] if value == pref else [])
        for parts, types in person["adrs"]:
            line = card.add("adr")
            line.value = vobject.vcard.Address(box=parts[0], extended=parts[1], street=parts[2], city=parts[3],
                                               region=parts[4], code=parts[5], country=parts[6])
            line.type_param = [t.upper() for t in types]
        card.add("uid").value = person["uid"]
        if person["note"]:
            card.add("note").value = person["note"]
        if person["categories"]:
            card.add("categories").value = person["categories"]
        text += card.serialize()
    return text


def v40(people):
    lines = []
    for person in people:
        preferred = PREFERRED[person["uid"]]
        lines += ["BEGIN:VCARD", "VERSION:4.0", f"FN:{escape(fn(person))}", f"N:{escape(person['family'])};{escape(person['given'])};;;"]
        for value, types in person["emails"]:
            params = (f';TYPE="{",".join(types)}"' if types else "") + (";PREF=1" if value == preferred[0] else "")
            lines.append(f"EMAIL{params}:{value}")
        for value, types in person["tels"]:
            params = (f';TYPE="{",".join(types)}"' if types else "") + (";PREF=1" if value == preferred[1] else "")
            lines.append(f"TEL;VALUE=uri{params}:tel:{value}")
        for parts, types in person["adrs"]:
            lines.append(f'ADR;TYPE="{",".join(types)}":' + ";".join(escape(p) for p in parts))
        lines.append(f"UID:{person['uid']}")
        if person["note"]:
            lines.append(f"NOTE:{escape(person['note'])}")
        if person["categories"]:
            lines.append("CATEGORIES:" + ",".join(escape(c) for c in person["categories"]))
        lines.append("END:VCARD")
    return "\r\n".join(lines) + "\r\n"


def v21(people):
    """As phones write them: bare types, CHARSET=UTF-8 and ENCODING=QUOTED-PRINTABLE with soft line breaks for
    text that is not ASCII; and a third card in ISO-8859-1."""
    lines = []
    for person in people:
        preferred = PREFERRED[person["uid"]]
        name = f"{person['family']};{person['given']};;;"
        lines += ["BEGIN:VCARD", "VERSION:2.1",
                  "N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:" + qp(name, "utf-8"),
                  "FN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:" + qp(fn(person), "utf-8")]
        for value, types in person["emails"]:
            lines.append("EMAIL" + "".join(f";{t.upper()}" for t in types) + (";PREF" if value == preferred[0] else "") + f":{value}")
        for value, types in person["tels"]:
            lines.append("TEL" + "".join(f";{t.upper()}" for t in types) + (";PREF" if value == preferred[1] else "") + f":{value}")
        for parts, types in person["adrs"]:
            lines.append("ADR" + "".join(f";{t.upper()}" for t in types) + ";CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:"
                         + qp(";".join(escape(p) for p in parts), "utf-8"))
        lines.append(f"UID:{person['uid']}")
        if person["note"]:
            lines.append("NOTE;CHARSET=UTF-8;QUOTED-PRINTABLE:" + qp(escape(person["note"], newlines=False).replace("\n", "\r\n"), "utf-8"))
        if person["categories"]:
            lines.append("CATEGORIES;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:" + qp(",".join(escape(c) for c in person["categories"]), "utf-8"))
        lines.append("END:VCARD")
    lines += ["BEGIN:VCARD", "VERSION:2.1",
              "N;CHARSET=ISO-8859-1;ENCODING=QUOTED-PRINTABLE:" + qp("Müller;Françoise;;;", "iso-8859-1"),
              "FN;CHARSET=ISO-8859-1;ENCODING=QUOTED-PRINTABLE:" + qp("Françoise Müller", "iso-8859-1"),
              "TEL;CELL;PREF:+33 6 55 55 01 02", "TEL;HOME:+33 1 55 55 01 03", "EMAIL;INTERNET:francoise@example.fr",
              "UID:francoise-3", "END:VCARD"]
    return "\r\n".join(lines) + "\r\n"


def types(line):
    found = []
    for value in line.params.get("TYPE", []) + [s for s in line.singletonparams if s.upper() not in ("QUOTED-PRINTABLE", "BASE64", "8BIT", "7BIT")]:
        for part in value.split(","):
            part = part.strip().lower()
            if part and part != "pref" and part not in found:
                found.append(part)
    return found


def preference(line):
    if "PREF" in line.params:
        return int(line.params["PREF"][0])
    return 1 if any(t.lower() == "pref" for v in line.params.get("TYPE", []) + line.singletonparams for t in v.split(",")) else 1000


def parts(value, count):
    """A structured value's parts, from vobject's Name or Address (or its text, for a version vobject leaves as text)."""
    if isinstance(value, vobject.vcard.Name):
        found = [value.family, value.given, value.additional, value.prefix, value.suffix]
    elif isinstance(value, vobject.vcard.Address):
        found = [value.box, value.extended, value.street, value.city, value.region, value.code, value.country]
    else:
        found = value.split(";")
    found = [" ".join(p) if isinstance(p, list) else p for p in found]
    return [p.strip() for p in found] + [""] * (count - len(found))


def without_scheme(value, scheme):
    return value[len(scheme):] if value.lower().startswith(scheme) else value


def card_json(card):
    def values(name, scheme):
        lines = card.contents.get(name, [])
        found = [{"value": without_scheme(line.value.strip(), scheme), "types": types(line)} for line in lines]
        best = min(range(len(lines)), key=lambda i: (preference(lines[i]), i)) if lines else None
        return found, (found[best]["value"] if best is not None else None)

    emails, email = values("email", "mailto:")
    tels, tel = values("tel", "tel:")
    categories = []
    for line in card.contents.get("categories", []):
        categories += line.value if isinstance(line.value, list) else line.value.split(",")
    return {
        "fn": card.fn.value,
        "n": parts(card.n.value, 5),
        "emails": emails, "email": email, "tels": tels, "tel": tel,
        "adrs": [{"parts": parts(line.value, 7), "types": types(line)} for line in card.contents.get("adr", [])],
        "uid": card.uid.value if "uid" in card.contents else None,
        "note": "\n\n".join(line.value.replace("\r\n", "\n").strip() for line in card.contents.get("note", [])) or None,
        "categories": categories,
        "version": card.version.value,
    }


def read(path):
    with open(path, encoding="utf-8") as handle:
        return [card_json(card) for card in vobject.readComponents(handle.read(), allowQP=True)]


def main():
    if sys.argv[1] == "write":
        folder = sys.argv[2]
        os.makedirs(folder, exist_ok=True)
        for name, writer in (("v21.vcf", v21), ("v30.vcf", v30), ("v40.vcf", v40)):
            text = writer([ZOE, WATANABE])
            with open(os.path.join(folder, name), "w", encoding="utf-8", newline="") as handle:
                handle.write(text)
            # Hand-written or not, vobject must read every card of it, or the file is not a real vCard.
            assert len(list(vobject.readComponents(text, allowQP=True))) >= 2, name
    else:
        print(json.dumps({os.path.basename(path): read(path) for path in sys.argv[2:]}, ensure_ascii=False, indent=1))


main()
