import SchedulerServices

/// Accounts, events and status.
extension WebTemplates {
    package static let accountSources: [String: String] = [
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
                <p class="muted">{{network}} · {{pending}} waiting{{#expires}} · {{expires}}{{/expires}}</p>
                {{#slots}}<p class="muted">Posting slots: {{slots}}</p>{{/slots}}
                {{#afterExpiry}}<p class="warn">{{afterExpiry}}</p>{{/afterExpiry}}
                {{#mayManage}}
                <form method="post" action="/accounts/unlink" class="inline-form">
                  <input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="account" value="{{reference}}">
                  <button type="submit" class="quiet">Unlink…</button>
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
        "handoffs": """
            {{> layout-head}}
            <h1>Post by hand</h1>
            <p>Instagram posts handed to you: copy the caption, save the pictures, post them in the Instagram app, then say so here.</p>
            {{#notes}}<p class="note" role="status">{{.}}</p>{{/notes}}
            {{#error}}<p class="error" role="alert">{{error}}</p>{{/error}}
            {{#storeDown}}<p class="error" role="alert">{{storeDown}}</p>{{/storeDown}}
            {{^handoffs}}<p>Nothing is waiting for you.</p>{{/handoffs}}
            {{#handoffs}}
            <section class="panel handoff" aria-labelledby="handoff-{{delivery}}">
              <h2 id="handoff-{{delivery}}">{{account}} · <a href="/posts/{{post}}">post {{post}}</a></h2>
              <label for="caption-{{delivery}}">Caption</label>
              <textarea id="caption-{{delivery}}" readonly rows="5">{{caption}}</textarea>
              <button type="button" class="quiet" data-copy="caption-{{delivery}}">Copy the caption</button>
              <ul class="link-list">{{#media}}<li><a href="/media/{{id}}" download="{{file}}"><img class="thumb" src="/media/{{id}}" alt="{{alt}}"><br>Save picture {{number}}</a></li>{{/media}}</ul>
              <p class="muted">Waits until {{expires}}.</p>
              {{#mayChange}}
              <form method="post" action="/handoffs/{{delivery}}/done" class="stack">
                <input type="hidden" name="csrf" value="{{csrf}}">
                <label for="url-{{delivery}}">Its address on Instagram (optional)</label>
                <input id="url-{{delivery}}" name="url" type="url" placeholder="https://www.instagram.com/p/…">
                <button type="submit">I posted it</button>
              </form>
              {{/mayChange}}
            </section>
            {{/handoffs}}
            {{> layout-foot}}
            """,
        "unlink": """
            {{> layout-head}}
            <h1>Unlink {{reference}}?</h1>
            <p>{{name}} will no longer be posted to from here. {{cancels}}</p>
            <form method="post" action="/accounts/unlink" class="actions">
              <input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="account" value="{{reference}}">
              <input type="hidden" name="confirm" value="yes">
              <button type="submit" class="danger" id="confirm-unlink">Unlink</button>
              <a href="/accounts">Keep it</a>
            </form>
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
            {{> holds}}
            {{> layout-foot}}
            """,
    ]
}
