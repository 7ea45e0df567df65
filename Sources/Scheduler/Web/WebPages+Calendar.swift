import Foundation
import Hummingbird
import SchedulerCore

/// The calendar: a week (the default), a month, or one day, in the viewer's zone, through the same
/// ``CalendarService`` as `schedctl calendar`: each day's first posts and its count, read from the due-time index (so a
/// month costs the same at a million posts as at ten), and the occurrences of repeating posts not made yet, as planned.
extension WebPages {
    func addCalendarRoutes(to router: Router<WebContext>) {
        router.get("calendar") { request, _ in try await calendarPage(request) }
    }

    enum CalendarSpan: String { case day, week, month }

    func calendarPage(_ request: Request) async throws -> Response {
        let session = try await requireSession(request)
        let query = request.uri.queryParameters
        let span = query.get("view").flatMap { CalendarSpan(rawValue: String($0)) } ?? .week
        let zoneName = viewerZone(request)
        let zone = TimeZone(identifier: zoneName) ?? self.zone
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        calendar.firstWeekday = 2
        let anchor = query.get("start").flatMap { Self.day(String($0), in: calendar) } ?? calendar.startOfDay(for: Date())
        let (first, count) = Self.range(span, around: anchor, in: calendar)
        var context = layout(session, title: "Calendar")
        context["zones"] = Self.zoneOptions(selected: zoneName)
        context["span"] = span.rawValue
        context["isMonth"] = span == .month
        context["start"] = Self.dayString(anchor, in: calendar)
        context["previous"] = Self.dayString(Self.step(span, from: anchor, by: -1, in: calendar), in: calendar)
        context["following"] = Self.dayString(Self.step(span, from: anchor, by: 1, in: calendar), in: calendar)
        context["mayChange"] = session.user.role.may(.changePosts)
        do {
            let days = try await services.calendar.days(firstDay: Self.dayString(first, in: calendar), count: count, zone: zone,
                                                        perDay: span == .month ? 4 : 50, accountID: nil)
            let free = span == .month ? [] : try await freeSlots(in: calendar)
            context["days"] = days.map { day in
                var entry = dayEntry(day, calendar: calendar, anchorMonth: calendar.component(.month, from: anchor))
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
            context["error"] = refused.message
        }
        var response = Self.page("calendar", context)
        response.setCookie(zoneCookie(zoneName))
        return response
    }

    func dayEntry(_ day: CalendarDayView, calendar: Calendar, anchorMonth: Int) -> [String: Any] {
        let time = DateFormatter()
        time.locale = Locale(identifier: "en_US_POSIX")
        time.timeZone = calendar.timeZone
        time.dateFormat = "HH:mm"
        let date = Self.day(day.date, in: calendar) ?? Date()
        let words = DateFormatter()
        words.locale = Locale(identifier: "en_US_POSIX")
        words.timeZone = calendar.timeZone
        words.dateFormat = "EEE d MMM"
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
    func freeSlots(in calendar: Calendar) async throws -> [(day: String, entry: [String: Any])] {
        let time = DateFormatter()
        time.locale = Locale(identifier: "en_US_POSIX")
        time.timeZone = calendar.timeZone
        time.dateFormat = "HH:mm"
        return try await services.queue.queue(account: nil).flatMap { queue in
            queue.nextFree.map { instant in
                let day = Self.dayString(instant, in: calendar)
                let at = "\(day) \(time.string(from: instant))"
                let link = "/compose?at=\(at.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")"
                    + "&account=\(queue.account.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")"
                    + "&zone=\(calendar.timeZone.identifier.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")"
                return (day, ["time": time.string(from: instant), "account": queue.account, "link": link] as [String: Any])
            }
        }
    }

    static func range(_ span: CalendarSpan, around anchor: Date, in calendar: Calendar) -> (Date, Int) {
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

    static func step(_ span: CalendarSpan, from anchor: Date, by direction: Int, in calendar: Calendar) -> Date {
        switch span {
        case .day: calendar.date(byAdding: .day, value: direction, to: anchor)!
        case .week: calendar.date(byAdding: .day, value: 7 * direction, to: anchor)!
        case .month: calendar.date(byAdding: .month, value: direction, to: anchor)!
        }
    }

    static func heading(_ span: CalendarSpan, first: Date, count: Int, in calendar: Calendar) -> String {
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = calendar.timeZone
        switch span {
        case .day: format.dateFormat = "EEEE d MMMM yyyy"; return format.string(from: first)
        case .month:
            format.dateFormat = "MMMM yyyy"
            return format.string(from: calendar.date(byAdding: .day, value: count / 2, to: first)!)
        case .week:
            format.dateFormat = "d MMM yyyy"
            return "Week of \(format.string(from: first))"
        }
    }

    static func day(_ text: String, in calendar: Calendar) -> Date? {
        let parts = text.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3, DateComponents(calendar: calendar, year: parts[0], month: parts[1], day: parts[2]).isValidDate else { return nil }
        return calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2]))
    }

    static func dayString(_ date: Date, in calendar: Calendar) -> String {
        let c = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", c.year!, c.month!, c.day!)
    }

    /// The state a post is listed by: the first delivery not published, else published.
    static func headlineState(_ post: PostView) -> DeliveryState {
        let states = post.deliveries.map(\.state)
        return states.first { $0 != .published } ?? states.first ?? .scheduled
    }

    static func words(_ state: DeliveryState) -> String { state.rawValue.replacingOccurrences(of: "_", with: " ") }

    /// The post's networks, each once, in the order its deliveries name them.
    static func networks(_ post: PostView) -> String {
        var seen: [String] = []
        for delivery in post.deliveries where !seen.contains(delivery.network.displayName) { seen.append(delivery.network.displayName) }
        return seen.joined(separator: ", ")
    }
}
