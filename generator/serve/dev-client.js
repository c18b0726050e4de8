// npm run dev only, never in a built site (dev-reload.ts adds it to each page as it serves it):
// reloads the page after each good rebuild that changed the site, and lists a broken build's
// problems over the page until a good one.
// Record text and file names are untrusted: they only ever go in as text (textContent).
"use strict";
(function () {
  var base = document.currentScript.src;
  var host;

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function dismiss() {
    if (host) host.remove();
    host = undefined;
  }

  function problem(item) {
    var li = el("li");
    if (item.file) li.append(el("p", "where", item.file + ":" + item.line + ":" + item.column));
    li.append(el("p", "message", item.message));
    if (item.fix) li.append(el("p", "fix", "Fix: " + item.fix));
    return li;
  }

  // In its own shadow root, so the site's styles and this one's never meet.
  function show(report) {
    dismiss();
    host = el("div");
    host.setAttribute("data-dev-overlay", "");
    var shadow = host.attachShadow({ mode: "open" });
    var style = el("link");
    style.rel = "stylesheet";
    style.href = new URL("overlay.css", base).href;
    var dialog = el("dialog");
    dialog.setAttribute("aria-labelledby", "dev-overlay-title");
    dialog.setAttribute("aria-describedby", "dev-overlay-said");
    var header = el("header");
    var errors = report.count === 1 ? "1 error" : report.count + " errors";
    var title = el("h2", "", "The build is broken: " + errors);
    title.id = "dev-overlay-title";
    var button = el("button", "dismiss", "Dismiss");
    button.type = "button";
    button.addEventListener("click", dismiss);
    header.append(title, button);
    var said = el(
      "p",
      "said",
      "This page is the last good build. Fix the records and save: the page reloads by itself.",
    );
    said.id = "dev-overlay-said";
    var list = el("ol");
    report.problems.forEach(function (item) {
      list.append(problem(item));
    });
    dialog.append(header, said, list);
    if (report.more)
      dialog.append(el("p", "more", "and " + report.more + " more: npm run validate lists every one."));
    // Escape closes a modal dialog: that dismisses it too.
    dialog.addEventListener("close", dismiss);
    shadow.append(style, dialog);
    document.body.append(host);
    dialog.showModal();
  }

  var events = new EventSource(new URL("events", base));
  events.addEventListener("reload", function () {
    location.reload();
  });
  events.addEventListener("broken", function (event) {
    show(JSON.parse(event.data));
  });
  // A good build that changed nothing: the page is still the site, only the errors go.
  events.addEventListener("mended", dismiss);
})();
