import Foundation
import Hummingbird
import SchedulerCore
import SchedulerServices

/// The calendar: a week (the default), a month, or one day, in the viewer's zone, through the same
/// ``CalendarService`` as `schedctl calendar`: each day's first posts and its count, read from the due-time index (so a
/// month costs the same at a million posts as at ten), and the occurrences of repeating posts not made yet, as planned.
extension WebPages {
    package func addCalendarRoutes(to router: Router<WebContext>) {
        router.get("calendar") { request, _ in try await calendarPage(request) }
    }

    package enum CalendarSpan: String { case day, week, month }

    package func calendarPage(_ request: Request) async throws -> Response {
        let session = try await requireSession(request)
        let query = request.uri.queryParameters
        let span = query.get("view").flatMap { CalendarSpan(rawValue: String($0)) } ?? .week
        let zoneName = viewerZone(request)
        let zone = TimeZone(identifier: zoneName) ?? self.zone
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        calendar.firstWeekday = 2
        let anchor = query.get("start").flatMap { DayName.start(of: String($0), in: calendar) } ?? calendar.startOfDay(for: Date())
        let (first, count) = Self.range(span, around: anchor, in: calendar)
        var context = layout(session, title: "Calendar")
        context["zones"] = Self.zoneOptions(selected: zoneName)
        context["span"] = span.rawValue
        context["isMonth"] = span == .month
        context["start"] = DayName.string(anchor, in: calendar)
        context["previous"] = DayName.string(Self.step(span, from: anchor, by: -1, in: calendar), in: calendar)
        context["following"] = DayName.string(Self.step(span, from: anchor, by: 1, in: calendar), in: calendar)
        context["mayChange"] = session.user.role.may(.changePosts)
        do {
            let days = try await services.calendar.days(firstDay: DayName.string(first, in: calendar), count: count, zone: zone,
                                                        perDay: span == .month ? 4 : 50, accountID: nil)
            let time = Self.clockFormat(zone), words = Self.formatter("EEE d MMM", zone)
            let free = span == .month ? [] : try await freeSlots(in: calendar, time: time)
            context["days"] = days.map { day in
                var entry = dayEntry(day, calendar: calendar, anchorMonth: calendar.component(.month, from: anchor), time: time, words: words)
                let slots = free.filter { $0.day == day.date }
                if !slots.isEmpty { entry["free"] = slots.map(\.entry) }
                return entry
            }
            context["heading"] = Self.heading(span, first: first, count: count, in: calendar)
        } catch {
            guard let refused = Self.requestError(error) else {
                context["storeDown"] = "The database does not answer just now, so nothing can be shown. Publishing goes on once it is back; reload in a moment."
                return Self.page("calendar", context)
            }
            context["error"] = refused.pageMessage
        }
        var response = Self.page("calendar", context)
        response.setCookie(zoneCookie(zoneName))
        return response
    }

    /// A day of the calendar; `time` and `words` are the page's formatters (`HH:mm +01:00`, `EEE d MMM`) in its zone.
    package func dayEntry(_ day: CalendarDayView, calendar: Calendar, anchorMonth: Int, time: DateFormatter, words: DateFormatter) -> [String: Any] {
        let date = DayName.start(of: day.date, in: calendar) ?? Date()
        var entry: [String: Any] = [
            "date": day.date, "words": words.string(from: date), "newAt": "\(day.date) 09:00",
            "outside": calendar.component(.month, from: date) != anchorMonth, "today": calendar.isDateInToday(date),
            "posts": day.posts.map { post -> [String: Any] in
                let state = Self.headlineState(post)
                return ["id": post.id, "time": post.dueAt.map { time.string(from: $0) } ?? "", "state": state.rawValue,
                        "stateWords": Self.words(state), "networks": Self.networks(post), "text": post.text]
            },
            "planned": day.planned.map { ["time": time.string(from: $0.dueAt), "text": $0.text, "accounts": $0.accounts.joined(separator: ", ")] },
        ]
        let more = day.count - day.posts.count
        if more > 0 { entry["more"] = "\(more)\(day.countIsAtLeast ? " or more" : "") more" }
        return entry
    }

    /// The queue's next free posting slots (three per account with slots), by day in the calendar's zone, each opening
    /// the composer at that time for that account.
    package func freeSlots(in calendar: Calendar, time: DateFormatter) async throws -> [(day: String, entry: [String: Any])] {
        return try await services.queue.queue(account: nil).flatMap { queue in
            queue.nextFree.map { instant in
                let day = DayName.string(instant, in: calendar)
                let at = "\(day) \(time.string(from: instant))"
                let link = "/compose?at=\(at.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")"
                    + "&account=\(queue.account.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")"
                    + "&zone=\(calendar.timeZone.identifier.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")"
                return (day, ["time": time.string(from: instant), "account": queue.account, "link": link] as [String: Any])
            }
        }
    }

    package static func range(_ span: CalendarSpan, around anchor: Date, in calendar: Calendar) -> (Date, Int) {
        switch span {
        case .day: return (anchor, 1)
        case .week: return (calendar.dateInterval(of: .weekOfYear, for: anchor)?.start ?? anchor, 7)
        case .month:
            let month = calendar.dateInterval(of: .month, for: anchor)!
            let first = calendar.dateInterval(of: .weekOfYear, for: month.start)?.start ?? month.start
            let lastDay = calendar.date(byAdding: .day, value: -1, to: month.end)!
            let end = calendar.dateInterval(of: .weekOfYear, for: lastDay)?.end ?? month.end
            return (first, calendar.dateComponents([.day], from: first, to: end).day ?? 35)
        }
    }

    package static func step(_ span: CalendarSpan, from anchor: Date, by direction: Int, in calendar: Calendar) -> Date {
        switch span {
        case .day: calendar.date(byAdding: .day, value: direction, to: anchor)!
        case .week: calendar.date(byAdding: .day, value: 7 * direction, to: anchor)!
        case .month: calendar.date(byAdding: .month, value: direction, to: anchor)!
        }
    }

    package static func heading(_ span: CalendarSpan, first: Date, count: Int, in calendar: Calendar) -> String {
        switch span {
        case .day: formatter("EEEE d MMMM yyyy", calendar.timeZone).string(from: first)
        case .month: formatter("MMMM yyyy", calendar.timeZone).string(from: calendar.date(byAdding: .day, value: count / 2, to: first)!)
        case .week: "Week of \(formatter("d MMM yyyy", calendar.timeZone).string(from: first))"
        }
    }

    /// The state a post is listed by: the first delivery not published, else published.
    package static func headlineState(_ post: PostView) -> DeliveryState {
        let states = post.deliveries.map(\.state)
        return states.first { $0 != .published } ?? states.first ?? .scheduled
    }

    package static func words(_ state: DeliveryState) -> String { state.rawValue.replacingOccurrences(of: "_", with: " ") }

    /// The post's networks, each once, in the order its deliveries name them.
    package static func networks(_ post: PostView) -> String {
        var seen: [String] = []
        for delivery in post.deliveries where !seen.contains(delivery.network.displayName) { seen.append(delivery.network.displayName) }
        return seen.joined(separator: ", ")
    }
}
