import Mustache
import SchedulerServices

/// The web app's pages as Mustache templates, compiled into the binary (no file to install, none to tamper with).
/// `{{…}}` escapes `& < > " '` (swift-mustache's HTML content type), so a text a person wrote is shown as text
/// wherever it appears; no template uses the unescaped `{{{…}}}`. No page carries a script inline: the one script
/// is `/static/app.js`, allowed by the Content-Security-Policy as 'self'.
package enum WebTemplates {
    package static let library: MustacheLibrary = {
        var library = MustacheLibrary()
        for (name, source) in sources.merging(postSources, uniquingKeysWith: { $1 }).merging(planningSources, uniquingKeysWith: { $1 })
            .merging(accountSources, uniquingKeysWith: { $1 }) {
            // The sources are constants of this file: one that does not parse is a bug found by the first test.
            library.register(try! MustacheTemplate(string: source), named: name)
        }
        return library
    }()

    package static func render(_ name: String, _ context: [String: Any]) -> String {
        library.render(context, withTemplate: name) ?? ""
    }

    package static let sources: [String: String] = [
        "layout-head": """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>{{title}} · schedulerd</title>
            <link rel="stylesheet" href="/static/app.css">
            <script src="/static/app.js" defer></script>
            </head>
            <body>
            <header class="bar">
              <a class="brand" href="/">schedulerd</a>
              {{#user}}
              <nav aria-label="Main"><a href="/">Today</a> <a href="/calendar">Calendar</a> <a href="/compose">Compose</a>
                <a href="/runs">Runs</a> <a href="/handoffs">By hand</a> <a href="/accounts">Accounts</a> <a href="/events">Events</a>{{#isOwner}} <a href="/status">Status</a>{{/isOwner}}</nav>
              <form method="post" action="/logout" class="inline">
                <input type="hidden" name="csrf" value="{{csrf}}">
                <span class="who">{{name}} ({{role}})</span>
                <button type="submit">Log out</button>
              </form>
              {{/user}}
            </header>
            <main id="main">
            """,
        "layout-foot": """
            </main>
            </body>
            </html>
            """,
        "login": """
            {{> layout-head}}
            <h1>Sign in</h1>
            {{#error}}<p class="error" role="alert">{{error}}</p>{{/error}}
            {{#ended}}<p class="note" role="status">{{ended}}</p>{{/ended}}
            <form method="post" action="/login" class="stack">
              <input type="hidden" name="csrf" value="{{loginCSRF}}">
              {{#next}}<input type="hidden" name="next" value="{{next}}">{{/next}}
              <label for="name">Name</label>
              <input id="name" name="name" autocomplete="username" required value="{{typedName}}">
              <label for="password">Password</label>
              <input id="password" name="password" type="password" autocomplete="current-password" required>
              <button type="submit">Sign in</button>
            </form>
            {{> layout-foot}}
            """,
        "problem": """
            {{> layout-head}}
            <h1>{{heading}}</h1>
            <p class="error" role="alert">{{message}}</p>
            <p><a href="{{next}}">{{nextWords}}</a></p>
            {{> layout-foot}}
            """,
    ]
}
