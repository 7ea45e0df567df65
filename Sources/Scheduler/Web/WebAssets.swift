/// The stylesheet and script the pages load, embedded: nothing comes from another origin.
enum WebAssets {
    /// System fonts, a 360-px phone first; colours chosen for WCAG AA contrast (4.5:1 or more on their background).
    static let css = """
        :root { color-scheme: light; --ink: #1b1b1b; --muted: #4a4a4a; --paper: #ffffff; --line: #d0d0d0; --accent: #0b5cad;
                --warn-bg: #fff4d6; --error: #a4001d; }
        * { box-sizing: border-box; }
        body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: var(--paper); }
        .bar { display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: center; padding: .5rem 1rem; border-bottom: 1px solid var(--line); }
        .brand { font-weight: 700; color: var(--ink); text-decoration: none; }
        nav a { color: var(--accent); }
        main { padding: 1rem; max-width: 60rem; margin: 0 auto; }
        .stack { display: grid; gap: .5rem; max-width: 22rem; }
        input, button { font: inherit; padding: .6rem .7rem; min-height: 44px; }
        input { border: 1px solid var(--muted); border-radius: 4px; }
        button { background: var(--accent); color: #fff; border: 0; border-radius: 4px; cursor: pointer; }
        button:focus-visible, a:focus-visible, input:focus-visible { outline: 3px solid #000; outline-offset: 2px; }
        .inline { display: inline-flex; gap: .5rem; align-items: center; margin-left: auto; }
        .who { color: var(--muted); }
        .error { color: var(--error); }
        .warn { background: var(--warn-bg); padding: .25rem .5rem; }
        .posts { list-style: none; padding: 0; }
        .posts li { border-bottom: 1px solid var(--line); padding: .5rem 0; overflow-wrap: anywhere; }
        .text { margin: .25rem 0; white-space: pre-wrap; }
        .time { font-variant-numeric: tabular-nums; }
        .state { font-size: .875rem; padding: 0 .4rem; border-radius: 3px; background: #eeeeee; color: var(--ink); }
        .state-failed, .state-missed, .state-unknown { background: #fde2e4; color: var(--error); }
        .state-published { background: #dff3e4; color: #0a5a24; }
        """

    /// Nothing yet needs a script; the file exists so the pages and the Content-Security-Policy already have their one
    /// place for it.
    static let js = """
        "use strict";
        """
}
