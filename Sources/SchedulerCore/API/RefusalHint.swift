/// What a person could do about a refusal, as facts: an action and what it acts on (the post, the delivery, the
/// account, the request's fields). The daemon decides the hint once; each door words it for its own people, so
/// schedctl names its flags and commands, the web app its buttons and the control API its request fields, and no
/// door answers in another's words (STYLE.md item 20).
///
/// Decoded by schedctl without the daemon's targets, so it lives here. An action or field a client does not know
/// (a newer daemon) still decodes, as an opaque code, and that client shows the refusal's message alone.
public struct RefusalHint: Codable, Sendable, Equatable {
    /// What to do, as a stable code (`cancel_post`, `one_of`). Encoded as its code alone (the standard library's
    /// coding of a `RawRepresentable` string), and any code decodes, since `init(rawValue:)` never fails.
    public struct Action: RawRepresentable, Codable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The posts are listed (every state) to find the one meant.
        public static let listPosts = Action(rawValue: "list_posts")
        /// The post (`post`, or any post when nil) is looked at: its deliveries with their ids, its current version.
        public static let showPost = Action(rawValue: "show_post")
        /// The post `post` is cancelled whole.
        public static let cancelPost = Action(rawValue: "cancel_post")
        /// The draft `post` is given a time.
        public static let scheduleDraft = Action(rawValue: "schedule_draft")
        /// The scheduled post `post` is given another time by an edit.
        public static let editTime = Action(rawValue: "edit_time")
        /// The post `post` (its delivery `delivery`, when named) is sent again; `force` for an unknown delivery.
        public static let retry = Action(rawValue: "retry")
        /// An unknown delivery of `post`: looked for on the network, then retried with force or resolved with its URL.
        public static let retryOrResolve = Action(rawValue: "retry_or_resolve")
        /// The linked accounts are listed.
        public static let listAccounts = Action(rawValue: "list_accounts")
        /// Linking an account of `network` (every network when nil) is started again.
        public static let linkAccount = Action(rawValue: "link_account")
        /// The account `account` (`network:@handle`) is linked again as the same identity.
        public static let relink = Action(rawValue: "relink")
        /// The account `account`'s unfinished posts are cancelled first, or with the unlink.
        public static let cancelPending = Action(rawValue: "cancel_pending")
        /// The account `account` is given posting slots.
        public static let setSlots = Action(rawValue: "set_slots")
        /// The accounts' posting slots are compared.
        public static let showSlots = Action(rawValue: "show_slots")
        /// The Instagram posts waiting to be finished by hand are listed.
        public static let listHandoffs = Action(rawValue: "list_handoffs")
        /// The web app's people are listed.
        public static let listWebUsers = Action(rawValue: "list_web_users")
        /// The web user `name` is given a new password.
        public static let changePassword = Action(rawValue: "change_password")
        /// Another web user is made an owner first.
        public static let addOwner = Action(rawValue: "add_owner")
        /// The request is sent again with `fields` given.
        public static let give = Action(rawValue: "give")
        /// The request is sent again with one of `fields`, not several.
        public static let oneOf = Action(rawValue: "one_of")
        /// The request is sent again with any of `fields`.
        public static let anyOf = Action(rawValue: "any_of")
        /// The request is sent again without `fields`.
        public static let leaveOut = Action(rawValue: "leave_out")
        /// The first of `fields` is only taken together with the others.
        public static let together = Action(rawValue: "together")

        /// Every action this version knows, so a test can hold each door to wording all of them.
        public static let known: [Action] = [.listPosts, .showPost, .cancelPost, .scheduleDraft, .editTime, .retry, .retryOrResolve,
                                             .listAccounts, .linkAccount, .relink, .cancelPending, .setSlots, .showSlots, .listHandoffs,
                                             .listWebUsers, .changePassword, .addOwner, .give, .oneOf, .anyOf, .leaveOut, .together]
    }

    /// A field of the request, by its control-API JSON key (`next_slot`, `text_for`), never by a door's own name for it.
    /// Coded as ``Action`` is.
    public struct Field: RawRepresentable, Codable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        public static let at = Field(rawValue: "at")
        public static let nextSlot = Field(rawValue: "next_slot")
        public static let draft = Field(rawValue: "draft")
        public static let dryRun = Field(rawValue: "dry_run")
        public static let to = Field(rawValue: "to")
        public static let tz = Field(rawValue: "tz")
        public static let repeatRule = Field(rawValue: "repeat")
        public static let until = Field(rawValue: "until")
        public static let series = Field(rawValue: "series")
        public static let text = Field(rawValue: "text")
        /// A text of one account's own (`overrides` in a request body).
        public static let textFor = Field(rawValue: "overrides")
        public static let delivery = Field(rawValue: "delivery")
        public static let handle = Field(rawValue: "handle")
        /// An app password (schedctl reads it from standard input or a file).
        public static let password = Field(rawValue: "password")
        public static let lateness = Field(rawValue: "lateness")
        /// A listing's cursor: where the next page starts.
        public static let after = Field(rawValue: "after")
        public static let media = Field(rawValue: "media")
        public static let addTo = Field(rawValue: "add_to")
        public static let removeFrom = Field(rawValue: "remove_from")
        public static let firstComment = Field(rawValue: "first_comment")
        public static let visibility = Field(rawValue: "visibility")
        public static let contentWarning = Field(rawValue: "content_warning")
        public static let language = Field(rawValue: "language")
    }

    public var action: Action
    public var post: Int64?
    public var delivery: Int64?
    /// An account reference (`x:@club`).
    public var account: String?
    public var network: Network?
    /// A web user's name.
    public var name: String?
    public var fields: [Field]?
    /// A retry that sends an unknown delivery again.
    public var force: Bool?

    public init(_ action: Action, post: Int64? = nil, delivery: Int64? = nil, account: String? = nil, network: Network? = nil,
                name: String? = nil, fields: [Field]? = nil, force: Bool? = nil) {
        self.action = action; self.post = post; self.delivery = delivery; self.account = account; self.network = network
        self.name = name; self.fields = fields; self.force = force
    }

    public static func give(_ fields: Field...) -> RefusalHint { RefusalHint(.give, fields: fields) }
    public static func anyOf(_ fields: [Field]) -> RefusalHint { RefusalHint(.anyOf, fields: fields) }
    public static func oneOf(_ fields: Field...) -> RefusalHint { RefusalHint(.oneOf, fields: fields) }
    public static func leaveOut(_ fields: Field...) -> RefusalHint { RefusalHint(.leaveOut, fields: fields) }
    public static func together(_ fields: Field...) -> RefusalHint { RefusalHint(.together, fields: fields) }
}

extension RefusalHint {
    /// The advice of a field action (give, one of, any of, leave out, together) in a door's words: the sentence is the
    /// same at every door, and only the fields' names (a flag, a JSON key, a form's label) and the verb for choosing
    /// one differ. Nil for any other action, and for `together` with fewer than two fields.
    public func fieldWords(chooseVerb: String = "give", naming name: (Field) -> String) -> String? {
        let names = (fields ?? []).map(name)
        switch action {
        case .give: return "give " + Self.list(names, "and")
        case .oneOf: return chooseVerb + " " + Self.list(names, "or") + (names.count == 2 ? ", not both" : ", only one")
        case .anyOf: return "give " + Self.list(names, "or")
        case .leaveOut: return "leave out " + Self.list(names, "and")
        case .together: return names.count > 1 ? "\(names[0]) goes with \(Self.list(Array(names.dropFirst()), "and"))" : nil
        default: return nil
        }
    }

    /// "a", "a and b", "a, b and c".
    public static func list(_ words: [String], _ last: String) -> String {
        guard words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " \(last) " + words[words.count - 1]
    }

    /// Joins a refusal's message and a door's words for its hint: "no post 7; `schedctl list --state all` shows the posts".
    public static func sentence(_ message: String, _ words: String?) -> String {
        guard let words, !words.isEmpty else { return message }
        return message + "; " + words
    }
}
