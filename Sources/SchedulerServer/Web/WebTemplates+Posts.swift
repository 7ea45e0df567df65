import SchedulerServices

/// Today and a post's page. Every `{{…}}` is escaped; a delivery's link is given only when it is an http(s) address.
extension WebTemplates {
    package static let postSources: [String: String] = [
        "today": """
            {{> layout-head}}
            <h1>Today</h1>
            {{#storeDown}}<p class="error" role="alert">{{storeDown}}</p>{{/storeDown}}
            {{> holds}}
            {{#hasAttention}}
            <section aria-labelledby="attention"><h2 id="attention">Needs you</h2>
            <ul>{{#attention}}<li class="warn">{{.}}</li>{{/attention}}</ul></section>
            {{/hasAttention}}
            {{#hasRejected}}
            <section aria-labelledby="rejected"><h2 id="rejected">Rejected: yours to change</h2>
            <p class="muted">An owner sent these back with a reason. Duplicate one to change it and propose it again, or dismiss it.</p>
            <ul class="posts">{{#rejected}}<li><a class="time" href="/posts/{{id}}">{{due}}</a> <span class="accounts">{{accounts}}</span>
              <p class="text">{{text}}</p>{{#error}}<p class="error">{{error}}</p>{{/error}}
              <form method="post" action="/posts/{{id}}/duplicate" class="inline-form"><input type="hidden" name="csrf" value="{{csrf}}">
                <button type="submit">Duplicate to change it</button></form>
              <form method="post" action="/posts/{{id}}/dismiss" class="inline-form"><input type="hidden" name="csrf" value="{{csrf}}">
                <button type="submit" class="quiet">Dismiss</button></form></li>{{/rejected}}</ul></section>
            {{/hasRejected}}
            {{#hasAwaiting}}
            <section aria-labelledby="awaiting"><h2 id="awaiting">Awaiting approval</h2>
            <ul class="posts">{{#awaiting}}{{> post-line}}{{/awaiting}}</ul></section>
            {{/hasAwaiting}}
            {{#hasHandedOff}}
            <section aria-labelledby="handoffs"><h2 id="handoffs">Waiting for you to post by hand</h2>
            <p><a href="/handoffs">Copy their captions and save their pictures</a></p>
            <ul class="posts">{{#handedOff}}{{> post-line}}{{/handedOff}}</ul></section>
            {{/hasHandedOff}}
            <section aria-labelledby="next"><h2 id="next">Going out next</h2>
            {{^upcoming}}<p>Nothing is waiting.</p>{{/upcoming}}
            <ul class="posts">{{#upcoming}}{{> post-line}}{{/upcoming}}</ul></section>
            <section aria-labelledby="failed"><h2 id="failed">Did not go out</h2>
            {{^failed}}<p>Nothing failed.</p>{{/failed}}
            <ul class="posts">{{#failed}}{{> post-line}}{{/failed}}</ul></section>
            <form method="post" action="/logout-everywhere" class="inline">
              <input type="hidden" name="csrf" value="{{csrf}}">
              <button type="submit" class="quiet">Log out everywhere</button>
            </form>
            {{> layout-foot}}
            """,
        "cancel": """
            {{> layout-head}}
            <h1>Cancel post {{id}}?</h1>
            <p class="text">{{text}}</p>
            <p>{{stops}} What has gone out stays.</p>
            <form method="post" action="/posts/{{id}}/cancel" class="actions">
              <input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="confirm" value="yes">
              <button type="submit" class="danger" id="confirm-cancel">Cancel it</button>
              <a href="/posts/{{id}}">Keep it</a>
            </form>
            {{> layout-foot}}
            """,
        // What holds posts back (Today and Status): each pause, what lifts it, and an owner's Resume button.
        "holds": """
            {{#hasHolds}}
            <section aria-labelledby="holds" class="panel"><h2 id="holds">Held back</h2>
            <ul class="holds">{{#holds}}<li class="hold"><p class="warn">{{what}}</p><p class="muted">{{lifts}}</p>
              {{#resume}}<form method="post" action="/resume" class="inline-form">
                <input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="back" value="{{back}}">
                <input type="hidden" name="{{field}}" value="{{value}}"><button type="submit" class="resume">{{label}}</button></form>{{/resume}}</li>{{/holds}}</ul>
            </section>
            {{/hasHolds}}
            """,
        "post-line": """
            <li><a class="time" href="/posts/{{id}}">{{due}}</a> <span class="state state-{{state}}">{{stateWords}}</span>
              <span class="accounts">{{accounts}}</span>{{#writtenBy}} <span class="muted written-by">written by {{writtenBy}}</span>{{/writtenBy}}
              <p class="text">{{text}}</p>{{#error}}<p class="error">{{error}}</p>{{/error}}</li>
            """,
        "post": """
            {{> layout-head}}
            <h1>Post {{id}}</h1>
            {{#editError}}<p class="error" role="alert">{{editError}}</p>{{/editError}}
            {{#notes}}<p class="note" role="status">{{.}}</p>{{/notes}}
            <p><span class="time">{{due}}</span></p>
            {{#series}}<p class="muted" id="series">{{series}}</p>{{/series}}
            {{#writtenBy}}<p class="muted written-by">Written by {{writtenBy}}</p>{{/writtenBy}}
            <p class="text">{{text}}</p>
            {{#media}}<img class="picture" src="/media/{{id}}" alt="{{alt}}">{{/media}}
            {{#thread}}<p class="thread-part"><span class="muted">Part {{number}}:</span> {{text}}</p>{{/thread}}
            {{#options}}<p class="muted" id="options">{{options}}</p>{{/options}}
            <h2>Where it goes</h2>
            <ul class="posts">
            {{#deliveries}}
              <li class="delivery"><span class="accounts">{{account}}</span> <span class="state state-{{state}}">{{stateWords}}</span>
                {{#url}}<a class="network-link" href="{{url}}" rel="noopener noreferrer">the post on its network</a>{{/url}}
                {{#hasOwnText}}<p class="own-text"><span class="muted">Its own text:</span> {{ownText}}</p>{{/hasOwnText}}
                {{#firstComment}}<p class="first-comment"><span class="muted">First comment:</span> {{firstComment}}</p>{{/firstComment}}
                {{#error}}<p class="error">{{error}}</p>{{/error}}</li>
            {{/deliveries}}
            </ul>
            {{#awaiting}}{{^mayApprove}}<p class="warn">This post waits for an owner's approval.</p>{{/mayApprove}}{{/awaiting}}
            {{#mayApprove}}
            <section aria-labelledby="approval" class="panel"><h2 id="approval">Approval</h2>
              <form method="post" action="/posts/{{id}}/approve" class="inline-form">
                <input type="hidden" name="csrf" value="{{csrf}}"><button type="submit" id="approve">Approve</button></form>
              <form method="post" action="/posts/{{id}}/reject" class="stack">
                <input type="hidden" name="csrf" value="{{csrf}}">
                <label for="reason">Reason for rejecting (the author sees it)</label>
                <input id="reason" name="reason" maxlength="500" required>
                <button type="submit" id="reject" class="danger">Reject</button></form>
            </section>
            {{/mayApprove}}
            {{#mayChange}}
            <div class="actions">
              {{#canRetry}}<form method="post" action="/posts/{{id}}/retry" class="inline-form">
                <input type="hidden" name="csrf" value="{{csrf}}"><button type="submit">Retry what failed</button></form>{{/canRetry}}
              {{#canCancel}}<form method="post" action="/posts/{{id}}/cancel" class="inline-form">
                <input type="hidden" name="csrf" value="{{csrf}}"><button type="submit" class="danger" id="cancel">Cancel what has not gone out…</button></form>{{/canCancel}}
              <form method="post" action="/posts/{{id}}/duplicate" class="inline-form">
                <input type="hidden" name="csrf" value="{{csrf}}"><button type="submit" class="quiet">Duplicate as a draft</button></form>
            </div>
            {{#canResolve}}
            <form method="post" action="/posts/{{id}}/resolve" class="stack">
              <input type="hidden" name="csrf" value="{{csrf}}">
              <label for="url">Found it on the network? Its address</label>
              <input id="url" name="url" type="url" placeholder="https://…" required>
              <button type="submit">Mark as published</button>
            </form>
            {{/canResolve}}
            {{#canSchedule}}
            <section aria-labelledby="schedule-heading" class="panel"><h2 id="schedule-heading">Schedule this draft</h2>
            {{#edit}}
            <form method="post" action="/posts/{{id}}/schedule" class="stack">
              <input type="hidden" name="csrf" value="{{csrf}}">
              <input type="hidden" name="zone" value="{{zone}}">
              <label for="schedule-at">Time ({{zone}})</label>
              <input id="schedule-at" name="at" placeholder="2026-12-08 18:30, tomorrow 07:00, in 2h" required>
              <button type="submit" id="schedule-draft">Schedule</button>
            </form>
            {{/edit}}
            </section>
            {{/canSchedule}}
            {{#canEdit}}
            <section aria-labelledby="edit-heading" class="panel"><h2 id="edit-heading">Edit</h2>
            {{#edit}}
            <form method="post" action="/posts/{{id}}/edit" class="stack wide">
              <input type="hidden" name="csrf" value="{{csrf}}">
              <input type="hidden" name="version" value="{{version}}">
              {{#reschedule}}<input type="hidden" name="reschedule" value="yes">
              <p class="warn">This post did not go out. Saving schedules it again at the time below, with your changes.</p>{{/reschedule}}
              <input type="hidden" name="zone" value="{{zone}}">
              <label for="edit-text">Text</label>
              <textarea id="edit-text" name="text" rows="5" data-count="edit-count">{{text}}</textarea>
              <span id="edit-count" class="count" aria-live="polite"></span>
              <p class="muted" id="common-goes-to">This text goes to {{commonGoesTo}}.</p>
              {{#inSeries}}
              <fieldset><legend>Change</legend>
                <label class="check"><input type="radio" name="scope" value="this" {{^seriesScope}}checked{{/seriesScope}}> this occurrence only</label>
                <label class="check"><input type="radio" name="scope" value="series" {{#seriesScope}}checked{{/seriesScope}}> the text of every occurrence still to come (occurrences edited on their own are left as they are)</label>
              </fieldset>
              {{/inSeries}}
              <input type="hidden" name="accounts_shown" value="yes">
              {{> account-choices}}
              {{#accounts}}{{#hasOverride}}<label for="override-{{reference}}">Own text for {{reference}}</label>
              <textarea id="override-{{reference}}" name="override:{{reference}}" rows="4">{{override}}</textarea>{{/hasOverride}}{{/accounts}}
              <details><summary>A different text for one account</summary>
              {{#accounts}}{{^hasOverride}}<label for="override-{{reference}}">Text for {{reference}}</label>
              <textarea id="override-{{reference}}" name="override:{{reference}}" rows="3"></textarea>{{/hasOverride}}{{/accounts}}
              </details>
              <label for="edit-at">Time ({{zone}})</label>
              <input id="edit-at" name="at" value="{{at}}">
              {{#pictures}}<label for="alt-{{id}}">Alt text of the picture <img class="thumb" src="/media/{{id}}" alt=""></label>
              <input id="alt-{{id}}" name="alt:{{id}}" value="{{alt}}" maxlength="1000">{{/pictures}}
              <label for="edit-comment">First comment (under the post once it is out; empty for none)</label>
              <textarea id="edit-comment" name="first_comment" rows="2">{{firstComment}}</textarea>
              <label for="edit-visibility">Mastodon visibility</label>
              <select id="edit-visibility" name="visibility">{{#visibilities}}<option value="{{value}}" {{#selected}}selected{{/selected}}>{{label}}</option>{{/visibilities}}</select>
              <label for="edit-warning">Content warning (Mastodon)</label>
              <input id="edit-warning" name="content_warning" value="{{contentWarning}}">
              <label for="edit-language">Language (two letters, for Mastodon and Bluesky)</label>
              <input id="edit-language" name="language" value="{{language}}" maxlength="2">
              <button type="submit" id="save">{{#reschedule}}Save and schedule again{{/reschedule}}{{^reschedule}}Save{{/reschedule}}</button>
            </form>
            {{/edit}}
            </section>
            {{/canEdit}}
            {{/mayChange}}
            {{#hasHistory}}
            <h2>History</h2>
            <ul class="history">{{#history}}<li>{{at}} · {{account}} · {{outcome}}{{#http}} (HTTP {{http}}){{/http}}{{#excerpt}}: <span class="excerpt">{{excerpt}}</span>{{/excerpt}}</li>{{/history}}</ul>
            {{/hasHistory}}
            <p><a href="/">Back to Today</a></p>
            {{> layout-foot}}
            """,
    ]
}
