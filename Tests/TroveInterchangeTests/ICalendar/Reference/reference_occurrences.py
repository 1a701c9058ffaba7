"""Expands calendars with `recurring-ical-events`: the reference Trove's occurrences are compared with.

Usage: python3 reference_occurrences.py FROM TO ZONE FILE...   (FROM, TO as YYYY-MM-DD; ZONE an IANA name)
Writes JSON {file name: {"occurrences": [{"uid", "start", "end", "status"}]} or {"error": why}}: start and end in UTC as
YYYY-MM-DDTHH:MM:SSZ, or a date for all-day ones; floating times (expanded as naive times) are read in ZONE, the
viewer's zone Trove lists them in; an occurrence without an end ends at its start (a day later for a date);
status is "CANCELLED" or "".
"""
import json
import sys
from datetime import date, datetime, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

import icalendar
import recurring_ical_events


FLOATING_ZONE = timezone.utc


def text(value):
    if isinstance(value, datetime):
        if value.tzinfo is None:
            # Skipped and repeated readings as zoneinfo places them (fold 0): a skipped one moves forward, a repeated one is the earlier.
            value = value.replace(tzinfo=FLOATING_ZONE)
        return value.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    return value.isoformat()


def occurrences(path, start, end):
    calendar = icalendar.Calendar.from_ical(Path(path).read_bytes())
    # The starts the file writes itself (a one-off, a series' first, an override), by UID.
    as_written = {(str(c.get("UID", "")), text(c.get("DTSTART").dt)) for c in calendar.walk("VEVENT") if c.get("DTSTART")}
    result = []
    for component in recurring_ical_events.of(calendar).between(start, end):
        first = component.get("DTSTART").dt
        last = component.get("DTEND").dt if component.get("DTEND") else first
        status = str(component.get("STATUS", "")).upper()
        written = (str(component.get("UID", "")), text(first)) in as_written
        if isinstance(first, datetime) and isinstance(last, datetime) and not written:
            # (An occurrence as the file writes it keeps its own DTEND.)
            # recurring-ical-events adds the length on the wall clock: an occurrence moved out of a DST gap
            # (02:30 -> 03:30) then ends before it starts (03:00). RFC 5545 §3.8.5.3 gives every occurrence
            # "the same exact duration", so the length (as the reference measures it) is applied as elapsed time.
            length = last.replace(tzinfo=None) - first.replace(tzinfo=None)
            last = first.astimezone(timezone.utc) + length if first.tzinfo else first + length
        result.append({"uid": str(component.get("UID", "")), "start": text(first), "end": text(last),
                       "status": "CANCELLED" if status == "CANCELLED" else ""})
    return sorted(result, key=lambda o: (o["uid"], o["start"], o["end"], o["status"]))


def main():
    global FLOATING_ZONE
    start, end = date.fromisoformat(sys.argv[1]), date.fromisoformat(sys.argv[2])
    FLOATING_ZONE = ZoneInfo(sys.argv[3])
    output = {}
    for path in sys.argv[4:]:
        # A file the reference itself cannot expand (a broken RDATE) is named with why, and left out of the comparison.
        try:
            output[Path(path).name] = {"occurrences": occurrences(path, start, end)}
        except Exception as error:  # noqa: BLE001 - any refusal of the reference is reported the same way
            output[Path(path).name] = {"error": f"{type(error).__name__}: {error}"}
    json.dump(output, sys.stdout, indent=1, sort_keys=True)


if __name__ == "__main__":
    main()
