import Foundation
import TroveICal
import TroveJSON

/// The X-TROVE- properties: what a record holds that iCalendar has no property for, written so that
/// Trove reads it back and other clients, which ignore X- properties, still read a valid calendar.
enum ICSTroveProperties {
    /// A task's estimate of the work (`estimateMinutes`), as a DURATION value.
    static let estimateName = "X-TROVE-ESTIMATE"
    /// On the series a THISANDFUTURE override became: the UID of the series it split from.
    static let seriesName = "X-TROVE-SERIES-OF"
    /// On that series: the RECURRENCE-ID of the override, as the record holds it.
    static let recurrenceName = "X-TROVE-RECURRENCE-ID"

    static func estimate(minutes: Int) -> ICalProperty {
        ICalProperty(estimateName, ICalValueText.duration(seconds: minutes * 60))
    }

    /// The estimate in minutes, if the component has one.
    static func estimateMinutes(_ component: ICalComponent) -> Int? {
        guard let value = component.property(estimateName)?.value,
              let seconds = ICalValueText.seconds(ofDuration: value) else { return nil }
        return min(100_000, max(0, seconds / 60))
    }

    /// Makes `event` the series a RANGE=THISANDFUTURE override of `uid` became, cut at `recurrenceId`.
    ///
    /// Written as a RECURRENCE-ID;RANGE=THISANDFUTURE with an RRULE of its own, few clients would expand it
    /// (khal shows the one occurrence); as a series under its own UID every client shows the same occurrences,
    /// and Trove reads it back as the override it stored.
    static func writeFutureSeries(_ event: inout ICalComponent, uid: String, recurrenceId: CalendarTime) {
        let marker = recurrenceId.description.filter { $0.isNumber }
        event.properties.removeAll { $0.name == "UID" }
        event.properties.insert(ICalProperty("UID", text: "\(uid)-from-\(marker)"), at: 0)
        event.properties.append(ICalProperty(seriesName, text: uid))
        event.properties.append(ICalProperty(recurrenceName, recurrenceId.description))
    }

    /// The override fields of a series written by `writeFutureSeries`: its UID, RECURRENCE-ID and range.
    static func readFutureSeries(_ component: ICalComponent, into fields: inout [String: JSONValue]) {
        guard let uid = component.property(seriesName).map({ ICSComponentReader.listItems($0.value).joined(separator: ",") }),
              !uid.isEmpty,
              let recurrence = component.property(recurrenceName).flatMap({ CalendarTime(recordText: $0.value) }) else { return }
        fields["uid"] = .string(uid)
        fields["recurrenceId"] = .string(recurrence.description)
        fields["recurrenceRange"] = "thisAndFuture"
    }
}
