import SchedulerServices

/// The composer, the runs page and the calendar. Every field has a label; every text typed comes back escaped.
extension WebTemplates {
    package static let planningSources: [String: String] = [
        "account-choices": """
            <fieldset><legend>Accounts</legend>
            {{#noAccounts}}<p>No account is linked yet. <a href="/accounts">Link one</a>.</p>{{/noAccounts}}
            <ul class="choices">
            {{#accounts}}
              <li><input type="checkbox" name="account" id="account-{{reference}}" value="{{reference}}"{{#checked}} checked{{/checked}}>
                <label for="account-{{reference}}"><span class="avatar" aria-hidden="true">{{initial}}</span> {{name}}
                <span class="muted">{{network}} · {{reference}}</span></label></li>
            {{/accounts}}
            </ul></fieldset>
            """,
        "when": """
            <label for="at">When (for example <code>tomorrow 07:30</code>, <code>2026-12-06 08:00</code>, <code>in 2h</code>)</label>
            <input id="at" name="at" value="{{typed.at}}" autocomplete="off">
            <label for="zone">Time zone</label>
            <select id="zone" name="zone">{{#zones}}<option value="{{id}}"{{#selected}} selected{{/selected}}>{{id}}</option>{{/zones}}</select>
            <label class="check"><input type="checkbox" id="next-slot" name="next_slot"{{#typed.nextSlot}} checked{{/typed.nextSlot}}> Instead, the next free posting slot</label>
            """,
        "refusal": """
            {{#error}}<div class="error" role="alert"><p>{{error}}</p>
            <ul>{{#problems}}<li>{{.}}</li>{{/problems}}</ul><p>Nothing was stored; what you typed is kept below.</p></div>{{/error}}
            {{#needsApproval}}<p class="note">Posts you schedule wait for an owner's approval before they go out.</p>{{/needsApproval}}
            """,
        "compose": """
            {{> layout-head}}
            <h1>Compose</h1>
            {{> refusal}}
            {{#previewTime}}<section aria-labelledby="preview-heading" class="panel"><h2 id="preview-heading">What each network receives, {{previewTime}}</h2>
            <ul class="posts">{{#preview}}<li><span class="accounts">{{account}}</span> <span class="muted">{{length}} characters as counted there</span>
              <p class="text">{{text}}</p></li>{{/preview}}</ul>
            {{#previewNotes}}<p class="note">{{.}}</p>{{/previewNotes}}
            <ul class="history">{{#occurrences}}<li>Then {{.}}</li>{{/occurrences}}</ul></section>{{/previewTime}}
            <form id="compose" method="post" action="/compose" enctype="multipart/form-data" class="stack wide">
              <input type="hidden" name="csrf" value="{{csrf}}">
              <label for="text">Text</label>
              <textarea id="text" name="text" rows="6" data-count="text-count" data-check="1">{{typed.text}}</textarea>
              <span id="text-count" class="count" aria-live="polite"></span>
              {{> account-choices}}
              <details><summary>A different text for one account</summary>
              {{#accounts}}<label for="override-{{reference}}">Text for {{reference}}</label>
              <textarea id="override-{{reference}}" name="override:{{reference}}" rows="3">{{override}}</textarea>{{/accounts}}
              </details>
              <label for="media">Image (JPEG, PNG, GIF or WebP)</label>
              <input id="media" name="media" type="file" accept="image/*">
              {{#typed.mediaID}}<p class="note">Attached: {{typed.mediaName}}. Choose another file to replace it.</p>
              <img class="thumb" src="/media/{{typed.mediaID}}" alt="{{typed.alt}}">
              <input type="hidden" name="media_id" value="{{typed.mediaID}}"><input type="hidden" name="media_name" value="{{typed.mediaName}}">{{/typed.mediaID}}
              <label for="alt">Image description (alt text), for people who cannot see it</label>
              <input id="alt" name="alt" value="{{typed.alt}}" maxlength="1000">
              {{> when}}
              <label for="repeat">Repeat (for example <code>weekly on sat</code>, <code>daily</code>; empty: once)</label>
              <input id="repeat" name="repeat" value="{{typed.repeat}}" autocomplete="off">
              <details><summary>Thread and first comment</summary>
              <label for="thread">More parts, after the text (a line with <code>---</code> between parts)</label>
              <textarea id="thread" name="thread" rows="4">{{typed.thread}}</textarea>
              <label for="first-comment">First comment, posted under it</label>
              <textarea id="first-comment" name="first_comment" rows="2">{{typed.firstComment}}</textarea>
              </details>
              <details><summary>Mastodon and Bluesky options</summary>
              <label for="visibility">Mastodon visibility</label>
              <select id="visibility" name="visibility">{{#typed.visibilities}}<option value="{{value}}" {{#selected}}selected{{/selected}}>{{label}}</option>{{/typed.visibilities}}</select>
              <label for="content-warning">Content warning (Mastodon)</label>
              <input id="content-warning" name="content_warning" value="{{typed.contentWarning}}">
              <label for="language">Language (two letters, for Mastodon and Bluesky)</label>
              <input id="language" name="language" value="{{typed.language}}" maxlength="2">
              </details>
              <div class="actions">
                <button type="submit" id="schedule" name="action" value="schedule">Schedule</button>
                <button type="submit" id="preview" name="action" value="preview" class="quiet">Preview</button>
                <button type="submit" id="draft" name="action" value="draft" class="quiet">Save as draft</button>
              </div>
            </form>
            {{> layout-foot}}
            """,
        "runs": """
            {{> layout-head}}
            <h1>Post a run</h1>
            <p>Upload the FIT, GPX or TCX file your watch or app recorded; the post gets a card of the run and each network a text of its own.</p>
            {{> refusal}}
            {{#runName}}<section aria-labelledby="preview-heading" class="panel"><h2 id="preview-heading">{{runName}}: what each network receives</h2>
            <ul class="posts">{{#preview}}<li><span class="accounts">{{account}}</span><p class="text">{{text}}</p></li>{{/preview}}</ul>
            <p class="muted">Choose the file again to schedule it.</p></section>{{/runName}}
            <form id="run" method="post" action="/runs" enctype="multipart/form-data" class="stack wide">
              <input type="hidden" name="csrf" value="{{csrf}}">
              <label for="run-file">Run file (FIT, GPX or TCX)</label>
              <input id="run-file" name="run" type="file" accept=".fit,.gpx,.tcx,application/gpx+xml,application/vnd.garmin.tcx+xml,application/xml" required>
              {{> account-choices}}
              {{> when}}
              <div class="actions">
                <button type="submit" id="schedule" name="action" value="schedule">Schedule</button>
                <button type="submit" id="preview" name="action" value="preview" class="quiet">Preview</button>
              </div>
            </form>
            {{> layout-foot}}
            """,
        "calendar": """
            {{> layout-head}}
            <h1>{{heading}}</h1>
            {{#storeDown}}<p class="error" role="alert">{{storeDown}}</p>{{/storeDown}}
            {{#error}}<p class="error" role="alert">{{error}}</p>{{/error}}
            <form method="get" action="/calendar" class="toolbar">
              <label for="view">Show</label>
              <select id="view" name="view"><option value="week">Week</option><option value="month"{{#isMonth}} selected{{/isMonth}}>Month</option></select>
              <input type="hidden" name="start" value="{{start}}">
              <label for="zone">in</label>
              <select id="zone" name="zone">{{#zones}}<option value="{{id}}"{{#selected}} selected{{/selected}}>{{id}}</option>{{/zones}}</select>
              <button type="submit" class="quiet">Show</button>
            </form>
            <p class="toolbar"><a href="/calendar?view={{span}}&amp;start={{previous}}">← Earlier</a> <a href="/calendar?view={{span}}">Now</a>
              <a href="/calendar?view={{span}}&amp;start={{following}}">Later →</a></p>
            <ol class="days{{#isMonth}} month{{/isMonth}}">
            {{#days}}
              <li class="day{{#outside}} outside{{/outside}}{{#today}} today{{/today}}"{{#today}} aria-current="date"{{/today}}><h2 class="day-name"><a href="/calendar?view=day&amp;start={{date}}">{{words}}</a></h2>
                <ul class="entries">
                {{#posts}}<li><a class="entry state-{{state}}" href="/posts/{{id}}"><span class="time">{{time}}</span> {{networks}}
                  <span class="state state-{{state}}">{{stateWords}}</span><span class="text snippet">{{text}}</span></a></li>{{/posts}}
                {{#mayChange}}{{#free}}<li class="free"><a href="{{link}}"><span class="time">{{time}}</span> free slot · {{account}}</a></li>{{/free}}{{/mayChange}}
                {{#planned}}<li class="planned"><span class="time">{{time}}</span> {{accounts}} <span class="state">planned</span>
                  <span class="text snippet">{{text}}</span></li>{{/planned}}
                </ul>
                {{#more}}<a href="/calendar?view=day&amp;start={{date}}">{{more}}</a>{{/more}}
                {{#mayChange}}<a class="new" href="/compose?at={{newAt}}">New post here</a>{{/mayChange}}
              </li>
            {{/days}}
            </ol>
            {{> layout-foot}}
            """,
    ]
}
