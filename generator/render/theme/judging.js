// The judging page (judge-page.ts): one project at a time, each score saved on this device as it is
// entered, and the judge's score file (docs/judging.md) downloaded, copied, or opened to go on. No
// score leaves the device but by that file. Record text reaches the page only as the server escaped
// it; what this script writes is textContent. A judge's list comes in pages of up to 40 projects
// (judge-sheets.ts); the scores are kept per judge, so every page counts, exports and opens them all.
"use strict";
(function () {
  // One origin holds every site of a GitHub account: keys carry the site's own address, the
  // folder above this script's (a judge's later pages are deeper than the index and first page).
  var script = document.currentScript;
  var site = new URL("../", script && script.src ? script.src : location.href).href;
  var store = storage();
  var lastJudgeKey = "hackathon-registry judge\n" + site;
  // The project that judge was last on: their first page finds its page (the list may have moved it).
  var placeKey = "hackathon-registry judge place\n" + site;
  // A judge's page, as their list names it: judging/<judge>.html or judging/<judge>/page/<n>.html.
  var PAGE = /^judging\/[a-z0-9-]+(\/page\/[1-9][0-9]*)?\.html$/;
  var PROJECT = /^[a-z0-9]+(-[a-z0-9]+)*$/;

  function storage() {
    try {
      var s = window.localStorage;
      s.setItem("hackathon-registry probe", "1");
      s.removeItem("hackathon-registry probe");
      return s;
    } catch (e) {
      return null;
    }
  }
  function each(list, fn) {
    Array.prototype.forEach.call(list, fn);
  }
  // A value from a file, quoted for a message: its direction controls shown as escapes, so a file
  // cannot make the message read backwards.
  function quoted(value) {
    return String(JSON.stringify(value)).replace(
      /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g,
      function (c) {
        return "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0");
      },
    );
  }
  function element(tag, text, className) {
    var el = document.createElement(tag);
    if (text) el.textContent = text;
    if (className) el.className = className;
    return el;
  }

  each(document.querySelectorAll("[data-without-script]"), function (el) {
    el.hidden = true;
  });

  // The index: the judge who scored on this device last is offered their page first, at the
  // project they were on.
  var last = document.querySelector("[data-last-judge]");
  if (last && store) {
    var name = store.getItem(lastJudgeKey);
    var place = null;
    try {
      place = JSON.parse(store.getItem(placeKey));
    } catch (e) {
      place = null;
    }
    each(document.querySelectorAll("a[data-judge]"), function (link) {
      if (name === null || link.getAttribute("data-judge") !== name) return;
      var go = element("a", "Go on as " + name + " →", "button");
      var at = place && place.judge === name && typeof place.project === "string" && place.project;
      go.href = link.href + (at && PROJECT.test(at) ? "#project=" + at : "");
      last.textContent = "";
      last.appendChild(go);
    });
  }

  var root = document.querySelector("[data-judging]");
  var template = document.getElementById("score-form");
  if (!root || !template) return;
  var event = root.getAttribute("data-event");
  var judge = root.getAttribute("data-judge");
  var scale = Number(root.getAttribute("data-scale"));
  // The score file's rules, from their one home (score-file.ts and the slug's schema) by the page.
  var FORMAT = root.getAttribute("data-format");
  var MAX_NOTE = Number(root.getAttribute("data-note-max"));
  var MAX_FILE = Number(root.getAttribute("data-file-max"));
  var SLUG = new RegExp(root.getAttribute("data-slug"));
  var megabytes = MAX_FILE / 1e6 + " MB";
  var key = ["hackathon-registry scores", site, event, judge].join("\n");
  var items = Array.prototype.slice.call(root.querySelectorAll("li[data-project]"));
  // This page's place in the judge's list: how many projects in all, how many on earlier pages,
  // and the last project of the page before and the first of the page after ("" at either end).
  var total = Number(root.getAttribute("data-total"));
  var offset = Number(root.getAttribute("data-offset"));
  var before = root.getAttribute("data-before");
  var after = root.getAttribute("data-after");
  var criteria = Array.prototype.map.call(
    template.content.querySelectorAll("[data-criterion]"),
    function (f) {
      return f.getAttribute("data-criterion");
    },
  );
  var state = load();
  var current = 0;
  keep(lastJudgeKey, judge);

  // A write that may fail (storage full, or shared by every site of the account) and must not stop the page.
  function keep(name, value) {
    try {
      if (store) store.setItem(name, value);
    } catch (e) {
      warnUnsaved();
    }
  }
  function empty() {
    return { format: FORMAT, event: event, judge: judge, scale: scale, scores: Object.create(null) };
  }
  function load() {
    if (!store) return empty();
    var text = store.getItem(key);
    if (text === null) return empty();
    var parsed = readFile(text);
    if (parsed.file) return parsed.file;
    // Never overwrite what cannot be read: it stays beside, for the organiser to recover.
    keep(key + "\nunreadable", text);
    return empty();
  }
  function save() {
    state.savedAt = new Date().toISOString();
    var saved = false;
    try {
      if (store) store.setItem(key, fileText());
      saved = !!store;
    } catch (e) {
      saved = false;
    }
    if (!saved) warnUnsaved();
  }
  function warnUnsaved() {
    if (root.querySelector(".unsaved")) return;
    var warning = element(
      "p",
      "This browser does not let the page save your scores on this device (a private window, or it is full): download your score file after every project.",
      "notice unsaved",
    );
    warning.setAttribute("role", "alert");
    root.insertBefore(warning, root.querySelector(".judge-projects"));
  }
  if (!store) warnUnsaved();

  function fileText() {
    var out = { format: FORMAT, event: event, judge: judge, scale: scale, scores: state.scores };
    if (state.savedAt) out.savedAt = state.savedAt;
    return JSON.stringify(out, null, 2) + "\n";
  }

  // A score file, checked as the tally checks it (score-file.ts): anything else is refused, with why.
  function readFile(text) {
    var file;
    try {
      file = JSON.parse(text);
    } catch (e) {
      return {
        problem: "it is not a whole score file (" + e.message + "): it may be cut short; export it again",
      };
    }
    if (!file || typeof file !== "object" || Array.isArray(file))
      return { problem: "it is not a score file" };
    if (file.format !== FORMAT)
      return { problem: 'it is not a score file: its "format" should be "' + FORMAT + '"' };
    if (file.event !== event)
      return {
        problem: "it is for " + quoted(String(file.event)) + ", and this page is for " + event,
      };
    if (file.judge !== judge)
      return {
        problem:
          "it holds the scores of " +
          quoted(String(file.judge)) +
          ", and this is " +
          judge +
          "'s page: open theirs from the judging page",
      };
    if (file.scale !== scale)
      return {
        problem: "it scores out of " + String(file.scale) + ", and this event scores out of " + scale,
      };
    for (var field in file)
      if (["format", "event", "judge", "scale", "scores", "savedAt"].indexOf(field) < 0)
        return { problem: "it has a field a score file does not have: " + quoted(field) };
    if (!file.scores || typeof file.scores !== "object" || Array.isArray(file.scores))
      return { problem: 'its "scores" is not a mapping of projects to scores' };
    if ("savedAt" in file && typeof file.savedAt !== "string")
      return { problem: 'its "savedAt" is not a date and time' };
    for (var slug in file.scores) {
      // A slug's shape (common.schema.json), which also keeps "__proto__" out of the scores.
      if (!SLUG.test(slug)) return { problem: quoted(slug) + " is not a project's slug" };
      var entry = file.scores[slug];
      if (!entry || typeof entry !== "object" || Array.isArray(entry))
        return {
          problem: "the scores of " + quoted(slug) + " are not a mapping of criteria to scores",
        };
      for (var criterion in entry) {
        var value = entry[criterion];
        var ok =
          criterion === "note"
            ? typeof value === "string" && value.length <= MAX_NOTE
            : typeof value === "number" && value % 1 === 0 && value >= 1 && value <= scale;
        if (!ok)
          return {
            problem:
              quoted(slug) +
              "'s " +
              quoted(criterion) +
              " is " +
              quoted(value) +
              (criterion === "note"
                ? ", not text of up to " + MAX_NOTE + " characters"
                : ", not a whole number from 1 to " + scale),
          };
      }
    }
    return {
      file: {
        format: FORMAT,
        event: event,
        judge: judge,
        scale: scale,
        // No prototype: a project's slug may be "constructor", which every plain object answers to.
        scores: Object.assign(Object.create(null), file.scores),
        savedAt: file.savedAt,
      },
    };
  }

  // The score form, from the one template, made for a project when it is first shown: a judge with
  // thousands of projects does not wait for thousands of forms. Radio groups are named per project.
  function formOf(i) {
    var item = items[i];
    if (item.querySelector(".score-form")) return item;
    var form = template.content.cloneNode(true);
    each(form.querySelectorAll("fieldset"), function (fieldset, c) {
      each(fieldset.querySelectorAll("input[type=radio]"), function (radio) {
        radio.name = "p" + i + "c" + c;
      });
    });
    item.insertBefore(element("p", "Project " + (offset + i + 1) + " of " + total, "note"), item.firstChild);
    item.appendChild(form);
    fillItem(item);
    return item;
  }

  function slugOf(item) {
    return item.getAttribute("data-project");
  }
  function scored(entry) {
    return criteria.filter(function (c) {
      return entry && typeof entry[c] === "number";
    }).length;
  }
  function fillItem(item) {
    var entry = state.scores[slugOf(item)] || {};
    each(item.querySelectorAll("fieldset[data-criterion]"), function (fieldset) {
      var value = entry[fieldset.getAttribute("data-criterion")];
      each(fieldset.querySelectorAll("input[type=radio]"), function (radio) {
        radio.checked = Number(radio.value) === value;
      });
    });
    var note = item.querySelector("[data-note]");
    if (note) note.value = typeof entry.note === "string" ? entry.note : "";
  }
  function fill() {
    items.forEach(fillItem);
    progress();
  }

  // The judge's whole list (judge-lists.ts), once fetched: every slug in order, the page each is on
  // (pageOf, by slug; no prototype, as a slug may be "constructor"), each page's address, and which
  // of them this is. It grows with the judge's projects (470 KB at 10,000), so it is fetched only
  // when the page needs another page's projects: an address naming one, a score file opened, this
  // page all scored (where next?) or every project seemingly so (are they?). Until then, and if it
  // cannot be had, the page counts what the device holds.
  var listed = null;
  var listing = null;
  function needList() {
    if (!listing)
      listing = fetch(root.getAttribute("data-list"))
        .then(function (response) {
          return response.ok ? response.json() : null;
        })
        .then(function (list) {
          listed = listOf(list);
          if (listed) progress();
        })
        .catch(function () {
          listed = null;
        });
    return listing;
  }
  function listOf(list) {
    if (!list || !Array.isArray(list.pages)) return null;
    var made = { slugs: [], pageOf: Object.create(null), urls: [], here: -1 };
    var page = location.href.split("#")[0];
    var ok = list.pages.every(function (p, n) {
      if (!p || typeof p.path !== "string" || !PAGE.test(p.path) || !Array.isArray(p.projects)) return false;
      made.urls.push(new URL(p.path, site).href);
      if (made.urls[n] === page) made.here = n;
      return p.projects.every(function (slug) {
        if (typeof slug !== "string" || !SLUG.test(slug)) return false;
        made.slugs.push(slug);
        made.pageOf[slug] = n;
        return true;
      });
    });
    return ok ? made : null;
  }
  function complete(slug) {
    return scored(state.scores[slug]) === criteria.length;
  }
  // The first of the judge's projects not yet scored, wherever it is: its slug, page and address.
  function nextOpen() {
    if (!listed) return null;
    for (var k = 0; k < listed.slugs.length; k++) {
      var slug = listed.slugs[k];
      if (!complete(slug)) {
        var n = listed.pageOf[slug];
        return { slug: slug, place: k + 1, page: n, href: listed.urls[n] + "#project=" + slug };
      }
    }
    return null;
  }
  function openLink(open) {
    var link = element("a", "project " + open.place + ", on page " + (open.page + 1));
    link.href = open.href;
    return link;
  }

  var progressLine = root.querySelector("[data-progress]");
  var overview = root.querySelector("[data-overview]");
  var details = overview && overview.closest("details");
  function progress() {
    if (!progressLine) return; // a judge with no projects has no progress to show
    // Over the judge's list once it is here; until then, every project the device holds scores for.
    var done = listed
      ? listed.slugs.filter(complete).length
      : Math.min(total, Object.keys(state.scores).filter(complete).length);
    var here = items.every(function (item) {
      return complete(slugOf(item));
    });
    if (!listed && (here || done === total)) needList();
    progressLine.textContent = "";
    // "All" only once the list says so: the device may hold a project no longer the judge's.
    if (done === total && total && listed) {
      progressLine.appendChild(document.createTextNode("All " + done + " projects scored: "));
      var send = element("a", "send the organiser your score file");
      send.href = "#score-file";
      progressLine.appendChild(send);
      progressLine.appendChild(document.createTextNode("."));
    } else {
      progressLine.textContent =
        done + " of " + total + " projects scored" + (state.savedAt ? ", saved on this device" : "");
      var open = nextOpen();
      if (open && here && open.page !== listed.here) {
        progressLine.appendChild(document.createTextNode(". Every project on this page is: go on at "));
        progressLine.appendChild(openLink(open));
        progressLine.appendChild(document.createTextNode("."));
      }
    }
    if (details && details.open) listAll();
  }
  // The list of this page's projects, made only while it is open.
  function listAll() {
    overview.textContent = "";
    items.forEach(function (item, i) {
      var count = scored(state.scores[slugOf(item)]);
      var li = element("li");
      var link = element("a", item.querySelector("h2").textContent);
      link.href = "#project=" + slugOf(item);
      if (i === current) link.setAttribute("aria-current", "step");
      li.appendChild(link);
      li.appendChild(
        element(
          "span",
          count === criteria.length
            ? " ✓ scored"
            : count
              ? " · " + count + " of " + criteria.length + " criteria"
              : " · not scored",
          "note",
        ),
      );
      overview.appendChild(li);
    });
  }
  if (details) details.addEventListener("toggle", progress);

  function entryFor(item) {
    var slug = slugOf(item);
    return state.scores[slug] || (state.scores[slug] = {});
  }
  root.addEventListener("change", function (e) {
    var item = e.target.closest && e.target.closest("li[data-project]");
    if (!item || e.target.type !== "radio") return;
    entryFor(item)[e.target.closest("fieldset").getAttribute("data-criterion")] = Number(e.target.value);
    save();
    progress();
  });
  root.addEventListener("input", function (e) {
    var item = e.target.closest && e.target.closest("li[data-project]");
    if (!item || !e.target.hasAttribute("data-note")) return;
    var entry = entryFor(item);
    if (e.target.value) entry.note = e.target.value.slice(0, MAX_NOTE);
    else delete entry.note;
    if (!Object.keys(entry).length) delete state.scores[slugOf(item)];
    save();
    progress();
  });
  // Another tab of this page saved: show what it saved rather than overwrite it later.
  window.addEventListener("storage", function (e) {
    if (e.key !== key) return;
    state = load();
    fill();
  });

  // One project at a time: the one the address names (#project=<slug>, which no element's id is, so
  // the browser does not scroll past the judge's name to it), or the first not yet scored.
  var previous = root.querySelector("[data-previous]");
  var next = root.querySelector("[data-next]");
  function show(i, focus) {
    if (!items.length) return;
    current = Math.max(0, Math.min(items.length - 1, i));
    items.forEach(function (item, k) {
      item.hidden = k !== current;
    });
    var item = formOf(current);
    // At either end of the page, the button goes on to the next page's first project or back to
    // the previous page's last.
    previous.disabled = current === 0 && !before;
    next.disabled = current === items.length - 1 && !after;
    var address = "#project=" + slugOf(item);
    if (location.hash !== address) history.replaceState(null, "", address);
    keep(placeKey, JSON.stringify({ judge: judge, project: slugOf(item) }));
    progress();
    if (focus) {
      wanted = null; // the judge moved on: an address from before no longer leads elsewhere
      var heading = item.querySelector("h2");
      heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
      item.scrollIntoView({ block: "start" });
    }
  }
  function asked() {
    // Compared as written: decoding throws on a malformed address, and slugs are plain ASCII.
    return items.findIndex(function (item) {
      return location.hash === "#project=" + slugOf(item);
    });
  }
  function firstOpen(otherwise) {
    var open = items.findIndex(function (item) {
      return scored(state.scores[slugOf(item)]) < criteria.length;
    });
    return open < 0 ? otherwise : open;
  }
  if (previous)
    previous.addEventListener("click", function () {
      if (current === 0 && before) location.assign(before);
      else show(current - 1, true);
    });
  if (next)
    next.addEventListener("click", function () {
      if (current === items.length - 1 && after) location.assign(after);
      else show(current + 1, true);
    });
  // A project of the judge's that is on another of their pages (an address kept from another page,
  // or from before a project moved page): that page, once the list says which.
  function elsewhere(hash) {
    if (!hash || hash.indexOf("#project=") !== 0) return;
    needList().then(function () {
      var n = listed && listed.pageOf[hash.slice("#project=".length)];
      if (hash === wanted && n !== undefined && n !== listed.here) location.replace(listed.urls[n] + hash);
    });
  }
  // Only an address that names a project moves; #score-file and the like are the page's own anchors.
  window.addEventListener("hashchange", function () {
    var i = asked();
    if (i >= 0) show(i, true);
    else elsewhere((wanted = location.hash));
  });

  // The score file: downloaded, copied, or opened on another device to go on.
  var fileName = root.getAttribute("data-file");
  // A status line: its text, then any further nodes (a link to go on).
  function sayer(line) {
    return function (text, problem, more) {
      line.textContent = text;
      (more || []).forEach(function (node) {
        line.appendChild(node);
      });
      line.className = problem ? "problem" : "";
    };
  }
  var sayExported = sayer(root.querySelector("[data-file-status]"));
  var say = sayer(root.querySelector("[data-open-status]"));
  root.querySelector("[data-download]").addEventListener("click", function () {
    var url = URL.createObjectURL(new Blob([fileText()], { type: "application/json" }));
    var link = element("a");
    link.href = url;
    link.download = fileName;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(function () {
      URL.revokeObjectURL(url);
    }, 1000);
    sayExported("Downloaded " + fileName + ": send it to the organiser.");
  });
  var copied = root.querySelector("[data-copied]");
  root.querySelector("[data-copy]").addEventListener("click", function () {
    var text = fileText();
    copied.value = text;
    function byHand() {
      copied.hidden = false;
      copied.focus();
      copied.select();
      sayExported("Select all of the text below and copy it into a message to the organiser.");
    }
    if (!navigator.clipboard) return byHand();
    navigator.clipboard.writeText(text).then(function () {
      copied.hidden = true;
      sayExported("Copied your score file: paste it into a message to the organiser.");
    }, byHand);
  });

  // What the tally refuses beside the file's shape: a criterion the event does not have. Only a file
  // being opened is held to it; what is saved here stays readable when the organiser renames one.
  function unknownCriterion(scores) {
    for (var slug in scores)
      for (var criterion in scores[slug])
        if (criterion !== "note" && criteria.indexOf(criterion) < 0)
          return (
            quoted(slug) +
            "'s " +
            quoted(criterion) +
            " is not one of this event's criteria (" +
            criteria.join(", ") +
            ")"
          );
    return null;
  }
  function sameScores(a, b) {
    var keys = Object.keys(a);
    return (
      keys.length === Object.keys(b).length &&
      keys.every(function (k) {
        return a[k] === b[k];
      })
    );
  }
  // Opened once the judge's list is here (or cannot be had): it tells which projects are theirs.
  function open(text, from) {
    needList().then(function () {
      openNow(text, from);
    });
  }
  function openNow(text, from) {
    var read = readFile(text);
    if (read.file) {
      var problem = unknownCriterion(read.file.scores);
      if (problem) read = { problem: problem };
    }
    if (!read.file)
      return say("Nothing was changed: " + from + " was not opened, as " + read.problem + ".", true);
    var replaced = Object.keys(read.file.scores).filter(function (slug) {
      return state.scores[slug] && sameScores(state.scores[slug], read.file.scores[slug]) === false;
    });
    if (
      replaced.length &&
      !window.confirm(
        replaced.length +
          " of your projects have other scores on this device than in " +
          from +
          ". Replace them with the file's?",
      )
    )
      return say("Nothing was changed: the scores on this device are kept.", true);
    var mine = listed ? listed.pageOf : Object.create(null);
    if (!listed)
      items.forEach(function (item) {
        mine[slugOf(item)] = 0;
      });
    var known = 0;
    Object.keys(read.file.scores).forEach(function (slug) {
      state.scores[slug] = read.file.scores[slug];
      if (mine[slug] !== undefined) known++;
    });
    save();
    fill();
    var others = Object.keys(read.file.scores).length - known;
    // Where to go on: the first project not scored, here, or a link to the page it is on.
    var open = nextOpen();
    var away = open && open.page !== listed.here;
    say(
      "Opened " +
        from +
        ": scores for " +
        known +
        " of your projects" +
        (others ? "; " + others + " other projects in it are kept in your score file" : "") +
        ". Go on where you left off" +
        (away ? ": " : "."),
      false,
      away ? [openLink(open), document.createTextNode(".")] : [],
    );
    show(firstOpen(current), false);
  }
  root.querySelector("[data-open-file]").addEventListener("change", function (e) {
    var file = e.target.files && e.target.files[0];
    if (!file) return;
    if (file.size > MAX_FILE)
      return say(
        "Nothing was changed: " + file.name + " is over " + megabytes + ", so it is not a score file.",
        true,
      );
    file.text().then(function (text) {
      open(text, file.name);
      e.target.value = "";
    });
  });
  root.querySelector("[data-open-pasted]").addEventListener("click", function () {
    var pasted = root.querySelector("[data-pasted]");
    if (!pasted.value.trim()) return say("Paste a score file's text into the box first.", true);
    if (pasted.value.length > MAX_FILE)
      return say(
        "Nothing was changed: the pasted text is over " + megabytes + ", so it is not a score file.",
        true,
      );
    open(pasted.value, "the pasted text");
  });

  progress();
  var start = asked();
  // An address naming a project of another page: this page shows its own until the list says where.
  var wanted = start < 0 ? location.hash : null;
  show(start >= 0 ? start : firstOpen(0), false);
  elsewhere(wanted);
})();
