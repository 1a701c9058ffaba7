"""Writes the reference corpus: calendars made by the `icalendar` library, one file per case.

Usage: python3 write_corpus.py FOLDER
Each case is a feature a real feed uses; `reference_occurrences.py` then expands them with
`recurring-ical-events`, and the Swift test compares Trove's occurrences with those.
"""
import sys
from datetime import date, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

from icalendar import Calendar, Event, Timezone, vPeriod

UTC = ZoneInfo("UTC")
STAMP = datetime(2026, 1, 1, tzinfo=UTC)


def calendar(*events, timezones=True):
    cal = Calendar()
    cal.add("prodid", "-//Trove reference corpus//icalendar//EN")
    cal.add("version", "2.0")
    for event in events:
        cal.add_component(event)
    if timezones:
        cal.add_missing_timezones()
    return cal


def event(uid, summary, start, end=None, **props):
    e = Event()
    e.add("uid", uid)
    e.add("dtstamp", STAMP)
    e.add("summary", summary)
    e.add("dtstart", start)
    if end is not None:
        e.add("dtend", end)
    for name, value in props.items():
        name = name.replace("_", "-")
        for one in value if isinstance(value, list) else [value]:
            e.add(name, one)
    return e


def zoned(zone, *parts):
    return datetime(*parts, tzinfo=ZoneInfo(zone))


# A Windows-named zone as Outlook and Exchange write it: rules from 1601, no X-LIC-LOCATION.
WINDOWS_ZONE = """BEGIN:VTIMEZONE
TZID:W. Europe Standard Time
BEGIN:STANDARD
DTSTART:16010101T030000
TZOFFSETFROM:+0200
TZOFFSETTO:+0100
RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=-1SU;BYMONTH=10
END:STANDARD
BEGIN:DAYLIGHT
DTSTART:16010101T020000
TZOFFSETFROM:+0100
TZOFFSETTO:+0200
RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=-1SU;BYMONTH=3
END:DAYLIGHT
END:VTIMEZONE
"""

# A zone of the file's own, a fixed offset under a name no system knows.
FIXED_ZONE = """BEGIN:VTIMEZONE
TZID:Custom Fixed +0530
BEGIN:STANDARD
DTSTART:19700101T000000
TZOFFSETFROM:+0530
TZOFFSETTO:+0530
TZNAME:+0530
END:STANDARD
END:VTIMEZONE
"""


def with_zone(zone_text, tzid, body):
    """A calendar whose events use `tzid`, defined by `zone_text` (written by hand: icalendar writes IANA zones)."""
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Trove reference corpus//hand//EN"]
    lines += zone_text.strip().split("\n")
    lines += body.strip().split("\n")
    lines.append("END:VCALENDAR")
    return ("\r\n".join(lines) + "\r\n").replace("@TZID@", tzid).encode()


def cases():
    ny = "America/New_York"
    yield "gap_and_overlap", calendar(
        # 02:30 does not exist on 2026-03-08 in New York: RFC 5545 puts it at 03:30 EDT.
        event("gap", "Gap", zoned(ny, 2026, 3, 1, 2, 30), zoned(ny, 2026, 3, 1, 3, 0), rrule={"freq": "daily", "count": 14}),
        # 01:30 happens twice on 2026-11-01: the first (EDT) one.
        event("overlap", "Overlap", zoned(ny, 2026, 10, 25, 1, 30), zoned(ny, 2026, 10, 25, 2, 0), rrule={"freq": "daily", "count": 14}),
        event("london", "London", zoned("Europe/London", 2026, 3, 22, 1, 30), zoned("Europe/London", 2026, 3, 22, 2, 30),
              rrule={"freq": "weekly", "count": 4}),
    )
    yield "zones", calendar(
        event("paris", "Paris weekly", zoned("Europe/Paris", 2025, 1, 6, 9), zoned("Europe/Paris", 2025, 1, 6, 10),
              rrule={"freq": "weekly", "byday": ["MO", "WE"], "count": 120}),
        event("sydney", "Sydney monthly", zoned("Australia/Sydney", 2024, 1, 31, 18), zoned("Australia/Sydney", 2024, 1, 31, 19),
              rrule={"freq": "monthly", "bymonthday": -1, "until": datetime(2027, 6, 30, tzinfo=UTC)}),
        event("lordhowe", "Lord Howe", zoned("Australia/Lord_Howe", 2025, 9, 1, 2, 15), zoned("Australia/Lord_Howe", 2025, 9, 1, 3),
              rrule={"freq": "weekly", "count": 60}),
        event("kathmandu", "Kathmandu", zoned("Asia/Kathmandu", 2026, 1, 1, 7, 45), zoned("Asia/Kathmandu", 2026, 1, 1, 8),
              rrule={"freq": "yearly", "count": 8}),
        event("saopaulo", "Sao Paulo", zoned("America/Sao_Paulo", 2018, 10, 1, 0, 30), zoned("America/Sao_Paulo", 2018, 10, 1, 1),
              rrule={"freq": "monthly", "count": 40}),
        event("utc", "UTC", datetime(2027, 2, 1, 12, tzinfo=UTC), datetime(2027, 2, 1, 13, tzinfo=UTC),
              rrule={"freq": "daily", "interval": 10, "count": 50}),
    )
    yield "exdate_rdate", calendar(
        event("ex", "Exdates", zoned(ny, 2026, 4, 6, 10), zoned(ny, 2026, 4, 6, 11), rrule={"freq": "weekly", "count": 10},
              exdate=[zoned(ny, 2026, 4, 13, 10), zoned(ny, 2026, 5, 4, 10)]),
        event("rd", "Rdates", zoned(ny, 2026, 4, 7, 15), zoned(ny, 2026, 4, 7, 16, 30), rrule={"freq": "weekly", "count": 3},
              rdate=[zoned(ny, 2026, 6, 1, 8), datetime(2026, 6, 3, 12, tzinfo=UTC)]),
        event("period", "Periods", zoned(ny, 2026, 4, 8, 9), zoned(ny, 2026, 4, 8, 10), rrule={"freq": "weekly", "count": 2},
              rdate=[vPeriod((zoned(ny, 2026, 7, 1, 9), zoned(ny, 2026, 7, 1, 12)))]),
        event("allday-rd", "All-day rdates", date(2026, 5, 1), date(2026, 5, 2), rrule={"freq": "monthly", "count": 3},
              rdate=[date(2026, 12, 24)], exdate=[date(2026, 6, 1)]),
    )
    master = event("series", "Seminar", zoned(ny, 2026, 9, 1, 14), zoned(ny, 2026, 9, 1, 15), rrule={"freq": "weekly", "count": 12})
    moved = event("series", "Seminar (moved)", zoned(ny, 2026, 9, 10, 16), zoned(ny, 2026, 9, 10, 17, 30),
                  recurrence_id=zoned(ny, 2026, 9, 8, 14))
    cancelled = event("series", "Seminar", zoned(ny, 2026, 9, 15, 14), zoned(ny, 2026, 9, 15, 15),
                      recurrence_id=zoned(ny, 2026, 9, 15, 14), status="CANCELLED")
    yield "overrides", calendar(master, moved, cancelled)
    weekly = event("future", "Standup", zoned(ny, 2026, 1, 5, 9), zoned(ny, 2026, 1, 5, 9, 15), rrule={"freq": "weekly", "count": 20})
    later = event("future", "Standup (later)", zoned(ny, 2026, 3, 2, 10), zoned(ny, 2026, 3, 2, 10, 30),
                  recurrence_id=zoned(ny, 2026, 3, 2, 9))
    later["RECURRENCE-ID"].params["RANGE"] = "THISANDFUTURE"
    until = event("future-until", "Office hours", zoned(ny, 2026, 1, 6, 13), zoned(ny, 2026, 1, 6, 14),
                  rrule={"freq": "weekly", "until": datetime(2026, 6, 30, 23, tzinfo=UTC)})
    until_later = event("future-until", "Office hours (new room)", zoned(ny, 2026, 4, 7, 13), zoned(ny, 2026, 4, 7, 14),
                        recurrence_id=zoned(ny, 2026, 4, 7, 13))
    until_later["RECURRENCE-ID"].params["RANGE"] = "THISANDFUTURE"
    yield "this_and_future", calendar(weekly, later, until, until_later)
    yield "allday_floating", calendar(
        event("birthday", "Birthday", date(2020, 2, 29), date(2020, 3, 1), rrule={"freq": "yearly"}),
        event("trip", "Trip", date(2026, 7, 30), date(2026, 8, 3), rrule={"freq": "yearly", "count": 3}),
        event("floating", "Floating", datetime(2026, 3, 7, 8), datetime(2026, 3, 7, 9), rrule={"freq": "daily", "count": 5}),
        event("single", "Single", zoned("Europe/Berlin", 2026, 10, 25, 2, 30), zoned("Europe/Berlin", 2026, 10, 25, 3, 30)),
    )
    # Floating times: a one-off, and series across both DST changes of the viewer's zone (a repeated 01:30 among them).
    yield "floating", calendar(
        event("floating-once", "Dentist", datetime(2026, 12, 3, 9), datetime(2026, 12, 3, 10)),
        event("floating-daily", "Run", datetime(2026, 3, 1, 7), datetime(2026, 3, 1, 7, 45), rrule={"freq": "daily", "count": 20}),
        event("floating-weekly", "Night shift", datetime(2026, 10, 4, 1, 30), datetime(2026, 10, 4, 2),
              rrule={"freq": "weekly", "until": datetime(2026, 11, 29, 23)}, exdate=datetime(2026, 10, 18, 1, 30)),
        timezones=False,
    )
    yield "windows_zone", with_zone(WINDOWS_ZONE, "W. Europe Standard Time", """
BEGIN:VEVENT
UID:outlook
DTSTAMP:20260101T000000Z
SUMMARY:Outlook weekly
DTSTART;TZID="@TZID@":20260105T090000
DTEND;TZID="@TZID@":20260105T100000
RRULE:FREQ=WEEKLY;COUNT=30;BYDAY=MO
END:VEVENT
""")
    yield "fixed_zone", with_zone(FIXED_ZONE, "Custom Fixed +0530", """
BEGIN:VEVENT
UID:fixed
DTSTAMP:20260101T000000Z
SUMMARY:Fixed offset
DTSTART;TZID="@TZID@":20260301T090000
DTEND;TZID="@TZID@":20260301T093000
RRULE:FREQ=WEEKLY;COUNT=10
END:VEVENT
""")


def main():
    folder = Path(sys.argv[1])
    folder.mkdir(parents=True, exist_ok=True)
    for name, cal in cases():
        data = cal if isinstance(cal, bytes) else cal.to_ical()
        (folder / f"{name}.ics").write_bytes(data)


if __name__ == "__main__":
    main()
