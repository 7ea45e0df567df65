/// Accounts, events and status.
extension WebTemplates {
    static let accountSources: [String: String] = [
        "accounts": """
            {{> layout-head}}
            <h1>Accounts</h1>
            {{#notes}}<p class="note" role="status">{{.}}</p>{{/notes}}
            {{#error}}<p class="error" role="alert">{{error}}</p>{{/error}}
            {{#storeDown}}<p class="error" role="alert">{{storeDown}}</p>{{/storeDown}}
            {{#noAccounts}}<p>No account is linked yet.</p>{{/noAccounts}}
            <ul class="posts">
            {{#accounts}}
              <li class="account"><span class="avatar" aria-hidden="true">{{initial}}</span> <strong>{{name}}</strong>
                <span class="accounts">{{reference}}</span> <span class="state{{^ok}} state-failed{{/ok}}">{{status}}</span>
                {{#reason}}<p class="error">{{reason}}</p>{{/reason}}
                <p class="muted">{{network}} · {{pending}} posts waiting{{#expires}} · {{expires}}{{/expires}}</p>
                {{#afterExpiry}}<p class="warn">{{afterExpiry}}</p>{{/afterExpiry}}
                {{#mayManage}}
                <form method="post" action="/accounts/unlink" class="inline-form">
                  <input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="account" value="{{reference}}">
                  <button type="submit" class="danger">Unlink{{#pending}} and cancel its {{pending}} waiting posts{{/pending}}</button>
                </form>
                {{/mayManage}}
              </li>
            {{/accounts}}
            </ul>
            {{#mayManage}}
            <h2>Link an account</h2>
            <p>You go to the network to approve, and come back here.</p>
            <ul class="link-list">{{#linkable}}<li><a class="button" id="link-{{id}}" href="/accounts/link/{{id}}">Link {{name}}</a></li>{{/linkable}}</ul>
            <p class="muted">Bluesky (app password) and Mastodon (your instance) are linked with <code>schedctl accounts add</code> for now.</p>
            {{/mayManage}}
            {{> layout-foot}}
            """,
        "events": """
            {{> layout-head}}
            <h1>Events</h1>
            {{#storeDown}}<p class="error" role="alert">{{storeDown}}</p>{{/storeDown}}
            {{^events}}<p>Nothing has happened yet.</p>{{/events}}
            <ul class="posts">
            {{#events}}<li class="event"><span class="time">{{at}}</span> <span class="state">{{kind}}</span>
              <p class="text">{{message}}</p>{{#post}}<a href="/posts/{{post}}">Post {{post}}</a>{{/post}}</li>{{/events}}
            </ul>
            {{> layout-foot}}
            """,
        "status": """
            {{> layout-head}}
            <h1>Status</h1>
            {{#storeDown}}<p class="error" role="alert">{{storeDown}}</p>{{/storeDown}}
            <ul class="facts">{{#facts}}<li>{{.}}</li>{{/facts}}</ul>
            {{> layout-foot}}
            """,
    ]
}
