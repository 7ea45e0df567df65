import Mustache

/// The web app's pages as Mustache templates, compiled into the binary (no file to install, none to tamper with).
/// `{{…}}` escapes `& < > " '` (swift-mustache's HTML content type), so a text a person wrote is shown as text
/// wherever it appears; no template uses the unescaped `{{{…}}}`. No page carries a script inline: the one script
/// is `/static/app.js`, allowed by the Content-Security-Policy as 'self'.
enum WebTemplates {
    static let library: MustacheLibrary = {
        var library = MustacheLibrary()
        for (name, source) in sources {
            // The sources are constants of this file: one that does not parse is a bug found by the first test.
            library.register(try! MustacheTemplate(string: source), named: name)
        }
        return library
    }()

    static func render(_ name: String, _ context: [String: Any]) -> String {
        library.render(context, withTemplate: name) ?? ""
    }

    static let sources: [String: String] = [
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
              <nav aria-label="Main"><a href="/">Today</a></nav>
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
            <form method="post" action="/login" class="stack">
              <input type="hidden" name="csrf" value="{{loginCSRF}}">
              <label for="name">Name</label>
              <input id="name" name="name" autocomplete="username" required value="{{typedName}}">
              <label for="password">Password</label>
              <input id="password" name="password" type="password" autocomplete="current-password" required>
              <button type="submit">Sign in</button>
            </form>
            {{> layout-foot}}
            """,
        "today": """
            {{> layout-head}}
            <h1>Today</h1>
            {{#storeDown}}<p class="error" role="alert">{{storeDown}}</p>{{/storeDown}}
            {{#hasAttention}}
            <section aria-labelledby="attention"><h2 id="attention">Needs you</h2>
            <ul>{{#attention}}<li class="warn">{{.}}</li>{{/attention}}</ul></section>
            {{/hasAttention}}
            <section aria-labelledby="next"><h2 id="next">Going out next</h2>
            {{^upcoming}}<p>Nothing is waiting.</p>{{/upcoming}}
            <ul class="posts">
            {{#upcoming}}
              <li><a class="time" href="/posts/{{id}}">{{due}}</a> <span class="state state-{{state}}">{{stateWords}}</span>
                <span class="accounts">{{accounts}}</span><p class="text">{{text}}</p></li>
            {{/upcoming}}
            </ul></section>
            <section aria-labelledby="failed"><h2 id="failed">Did not go out</h2>
            {{^failed}}<p>Nothing failed.</p>{{/failed}}
            <ul class="posts">
            {{#failed}}
              <li><a class="time" href="/posts/{{id}}">{{due}}</a> <span class="state state-{{state}}">{{stateWords}}</span>
                <span class="accounts">{{accounts}}</span><p class="text">{{text}}</p>{{#error}}<p class="error">{{error}}</p>{{/error}}</li>
            {{/failed}}
            </ul></section>
            <form method="post" action="/logout-everywhere" class="inline">
              <input type="hidden" name="csrf" value="{{csrf}}">
              <button type="submit">Log out everywhere</button>
            </form>
            {{> layout-foot}}
            """,
        "post": """
            {{> layout-head}}
            <h1>Post {{id}}</h1>
            {{#notes}}<p class="note" role="status">{{.}}</p>{{/notes}}
            <p><span class="time">{{due}}</span></p>
            <p class="text">{{text}}</p>
            <h2>Where it goes</h2>
            <ul class="posts">
            {{#deliveries}}
              <li><span class="accounts">{{account}}</span> <span class="state state-{{state}}">{{stateWords}}</span>
                {{#url}}<a href="{{url}}" rel="noopener noreferrer">the post on its network</a>{{/url}}
                {{#error}}<p class="error">{{error}}</p>{{/error}}</li>
            {{/deliveries}}
            </ul>
            {{#mayChange}}
            <div class="actions">
              {{#canRetry}}<form method="post" action="/posts/{{id}}/retry" class="inline">
                <input type="hidden" name="csrf" value="{{csrf}}"><button type="submit">Retry what failed</button></form>{{/canRetry}}
              {{#canCancel}}<form method="post" action="/posts/{{id}}/cancel" class="inline">
                <input type="hidden" name="csrf" value="{{csrf}}"><button type="submit">Cancel what has not gone out</button></form>{{/canCancel}}
            </div>
            {{/mayChange}}
            <p><a href="/">Back to Today</a></p>
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
