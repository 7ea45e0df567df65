import SchedulerServices

/// The stylesheet and script the pages load, embedded: nothing comes from another origin.
package enum WebAssets {
    /// System fonts, a 360-px phone first; colours chosen for WCAG AA contrast (4.5:1 or more on their background).
    /// Every link or control a finger aims at is at least 44 px high (WCAG 2.5.5): the navigation, *New post here*,
    /// a free slot, *Keep it*; a checkbox keeps its size beside a label that wraps (it does not shrink in its row).
    package static let css = """
        :root { color-scheme: light; --ink: #1b1b1b; --muted: #4a4a4a; --paper: #ffffff; --line: #d0d0d0; --accent: #0b5cad;
                --warn-bg: #fff4d6; --error: #a4001d; }
        * { box-sizing: border-box; }
        body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: var(--paper); }
        .bar { display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: center; padding: .5rem 1rem; border-bottom: 1px solid var(--line); }
        .brand { font-weight: 700; color: var(--ink); text-decoration: none; }
        nav a { color: var(--accent); }
        main { padding: 1rem; max-width: 72rem; margin: 0 auto; }
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
        .text, .own-text, .first-comment, .thread-part { margin: .25rem 0; white-space: pre-wrap; }
        .time { font-variant-numeric: tabular-nums; }
        .state { font-size: .875rem; padding: 0 .4rem; border-radius: 3px; background: #eeeeee; color: var(--ink); }
        .state-failed, .state-missed, .state-unknown { background: #fde2e4; color: var(--error); }
        .state-published { background: #dff3e4; color: #0a5a24; }
        .state-awaiting_approval, .state-handed_off { background: var(--warn-bg); color: #5c4400; }
        .state-cancelled { background: #eeeeee; color: var(--muted); text-decoration: line-through; }
        nav { display: flex; flex-wrap: wrap; gap: .25rem .75rem; }
        h1 { font-size: 1.5rem; margin: .5rem 0 1rem; }
        h2 { font-size: 1.15rem; margin: 1.25rem 0 .5rem; }
        .stack.wide { max-width: 40rem; }
        textarea, select { font: inherit; padding: .5rem .6rem; border: 1px solid var(--muted); border-radius: 4px; width: 100%; }
        input:not([type=checkbox]) { width: 100%; }
        label { font-weight: 600; }
        .check, .choices label { font-weight: 400; }
        label.check { display: flex; gap: .5rem; align-items: center; min-height: 44px; }
        fieldset { border: 1px solid var(--line); border-radius: 4px; padding: .5rem .75rem; }
        .choices { list-style: none; padding: 0; margin: 0; display: grid; gap: .25rem; }
        .choices li { display: flex; gap: .5rem; align-items: center; min-height: 44px; }
        input[type=checkbox] { width: 1.25rem; height: 1.25rem; flex: none; margin: 0; }
        select { min-height: 44px; }
        .avatar { display: inline-grid; place-items: center; width: 2rem; height: 2rem; border-radius: 50%; background: var(--accent); color: #fff;
                  font-weight: 700; }
        .muted { color: var(--muted); font-size: .9rem; }
        .note { background: #e8f1fb; padding: .4rem .6rem; border-radius: 4px; }
        .panel { border: 1px solid var(--line); border-radius: 6px; padding: .5rem 1rem 1rem; margin: 1rem 0; }
        .actions { display: flex; flex-wrap: wrap; gap: .5rem; margin: .75rem 0; }
        .inline-form { display: inline; }
        button.quiet { background: #fff; color: var(--accent); border: 1px solid var(--accent); }
        button.danger { background: var(--error); }
        a.button { display: inline-block; background: var(--accent); color: #fff; padding: .6rem .9rem; border-radius: 4px; text-decoration: none; min-height: 44px; }
        .link-list { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: .5rem; }
        .holds { list-style: none; padding: 0; margin: 0; }
        .hold p { margin: .25rem 0; }
        .count { font-size: .9rem; color: var(--muted); min-height: 1.2em; }
        .count.over { color: var(--error); font-weight: 700; }
        .picture, .thumb { max-width: 100%; height: auto; border: 1px solid var(--line); border-radius: 4px; }
        .picture { max-height: 50vh; width: auto; display: block; }
        .day.today { border: 2px solid var(--accent); }
        .thumb { max-height: 10rem; }
        .toolbar { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; }
        .toolbar select, .toolbar button { width: auto; }
        .days { list-style: none; padding: 0; display: grid; gap: .5rem; }
        .day { border: 1px solid var(--line); border-radius: 4px; padding: .25rem .5rem; min-width: 0; }
        .day.outside { background: #f6f6f6; }
        .day-name { font-size: 1rem; margin: .25rem 0; }
        .entries { list-style: none; padding: 0; margin: 0; }
        .entry { display: block; padding: .25rem 0; color: var(--ink); text-decoration: none; border-top: 1px solid var(--line); overflow-wrap: anywhere; }
        .entry:hover .snippet { text-decoration: underline; }
        .snippet { display: block; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; color: var(--muted); }
        .planned { opacity: .85; font-style: italic; border-top: 1px dashed var(--line); }
        .free a { display: block; padding: .25rem 0; color: var(--accent); border-top: 1px dashed var(--line); font-size: .9rem; }
        .new { display: inline-block; font-size: .9rem; margin-top: .25rem; }
        .history { font-size: .9rem; padding-left: 1rem; }
        .excerpt { font-family: ui-monospace, monospace; overflow-wrap: anywhere; }
        nav a, .brand, .new, .actions a, .free a, .day-name a { display: inline-flex; align-items: center; min-height: 44px; min-width: 44px; }
        .free a { display: flex; }
        @media (min-width: 48rem) { .days { grid-template-columns: repeat(7, minmax(0, 1fr)); } .days:not(.month) .day { min-height: 12rem; } }
        """

    /// The one script, loaded from this origin (no inline script, no framework): live character counts under a text box
    /// from the server's own `check` (the rules `schedctl check` uses), asked at most every 400 ms while typing. The pages
    /// work without it.
    package static let js = """
        "use strict";
        document.addEventListener("DOMContentLoaded", function () {
          var boxes = document.querySelectorAll("textarea[data-count]");
          boxes.forEach(function (box) {
            var out = document.getElementById(box.getAttribute("data-count"));
            var form = box.form;
            var timer = null;
            // Every account ticked, each with its own text when one is typed (or the box's data-accounts), counted by the
            // server as that account's network counts it; X's count when none is named.
            function counted(body) {
              var picked = form ? Array.prototype.map.call(form.querySelectorAll("input[name=account]:checked"), function (c) { return c.value; }) : [];
              if (!picked.length && box.getAttribute("data-accounts")) { picked = box.getAttribute("data-accounts").split(" ").filter(Boolean); }
              picked.forEach(function (account) {
                body.append("account", account);
                var own = form ? form.elements["override:" + account] : null;
                if (own && own.value.trim()) { body.append("override:" + account, own.value); }
              });
              if (!picked.length) { body.append("network", "x"); }
            }
            function ask() {
              var csrf = form ? form.querySelector("input[name=csrf]") : null;
              var body = new URLSearchParams();
              body.set("csrf", csrf ? csrf.value : "");
              body.set("text", box.value);
              counted(body);
              fetch("/check", { method: "POST", body: body, credentials: "same-origin" })
                .then(function (r) { return r.ok ? r.json() : null; })
                .then(function (answer) {
                  if (!answer || !out) { return; }
                  out.textContent = answer.map(function (c) {
                    return (c.account ? c.account + " (" + c.network + ")" : c.network) + ": " + c.length + " of " + c.limit
                      + (c.problems.length ? " (" + c.problems.join("; ") + ")" : "");
                  }).join(" · ");
                  out.classList.toggle("over", answer.some(function (c) { return c.problems.length > 0; }));
                })
                .catch(function () {});
            }
            function later() { clearTimeout(timer); timer = setTimeout(ask, 400); }
            box.addEventListener("input", later);
            if (form) { form.addEventListener("change", later); form.addEventListener("input", function (e) { if (e.target !== box) { later(); } }); }
            if (box.value) { ask(); }
          });
          document.querySelectorAll("button[data-copy]").forEach(function (button) {
            button.addEventListener("click", function () {
              var source = document.getElementById(button.getAttribute("data-copy"));
              if (!source) { return; }
              source.select();
              var done = function () { button.textContent = "Copied"; };
              if (navigator.clipboard) { navigator.clipboard.writeText(source.value).then(done, function () {}); } else { done(); }
            });
          });
        });
        """
}
