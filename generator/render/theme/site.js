// Enhancements over pages that work without them: image placeholders, the schedule's "now" and
// "next", the deadlines' phase line, a project's video player on a click, and the list filters,
// which read the site's compact search indexes (search-index.ts).
"use strict";
(function () {
  // Images: one that fails to load gives way to its placeholder (.thumb draws it).
  function failed(img) {
    img.classList.add("failed");
  }
  document.addEventListener(
    "error",
    function (event) {
      if (event.target && event.target.tagName === "IMG") failed(event.target);
    },
    true,
  );
  Array.prototype.forEach.call(document.images, function (img) {
    if (img.complete && img.naturalWidth === 0 && img.getAttribute("src")) failed(img);
  });

  // Forms whose answer the script makes (the home page's search goes to the gallery's search): shown
  // only with it, so a reader without it is not sent to a list that ignores the query.
  Array.prototype.forEach.call(document.querySelectorAll("[data-needs-script]"), function (form) {
    form.hidden = false;
  });

  // The not-found page: GitHub Pages sends the same file for every missing path, so say which was asked.
  var asked = document.querySelector("[data-asked]");
  if (asked)
    asked.textContent = /^\/([^/]+\/)*api(\/|$)/.test(location.pathname)
      ? "There is no API document at " + location.pathname + ": programs get this answer as JSON."
      : "There is no page at " + location.pathname + ".";

  // Schedule: while the event runs, mark the session on now and the one after it.
  var sessions = Array.prototype.slice.call(document.querySelectorAll("tr[data-start][data-end]"));
  function markSchedule() {
    var now = Date.now();
    var first = Infinity;
    var last = -Infinity;
    sessions.forEach(function (row) {
      first = Math.min(first, Date.parse(row.getAttribute("data-start")));
      last = Math.max(last, Date.parse(row.getAttribute("data-end")));
      row.classList.remove("now", "next");
      row.removeAttribute("aria-current");
      var badge = row.querySelector(".badge");
      if (badge) badge.parentNode.removeChild(badge);
    });
    if (now < first || now >= last) return;
    var next = null;
    sessions.forEach(function (row) {
      var start = Date.parse(row.getAttribute("data-start"));
      var end = Date.parse(row.getAttribute("data-end"));
      if (start <= now && now < end) mark(row, "now", "Now");
      else if (start > now && (!next || start < Date.parse(next.getAttribute("data-start")))) next = row;
    });
    if (next) mark(next, "next", "Next");
  }
  function mark(row, state, label) {
    row.classList.add(state);
    if (state === "now") row.setAttribute("aria-current", "time");
    var badge = document.createElement("strong");
    badge.className = "badge";
    badge.textContent = label;
    row.cells[1].insertBefore(badge, row.cells[1].firstChild);
  }
  if (sessions.length) {
    markSchedule();
    setInterval(markSchedule, 60000);
  }

  // The room's screen (live-page.ts), which the deadlines' phase line and the script below read.
  var live = document.querySelector("[data-live-board]");
  var OVER = "The event is over: results to come";
  // Every session has ended: the schedule's last slot is past.
  function scheduleOver(now) {
    return sessions.every(function (row) {
      return Date.parse(row.getAttribute("data-end")) <= now;
    });
  }

  // Deadlines: the page states them as absolute times (deadlines.ts); the phase line and each
  // line's tense come from the reader's clock, so no page carries the time it was built.
  var deadlines = document.querySelector("[data-deadlines]");
  var LABELS = {
    registration: ["Registration closes", "Registration closed"],
    submission: ["Submissions close", "Submissions closed"],
  };
  function deadline(name) {
    var time = deadlines.querySelector('[data-deadline="' + name + '"] time');
    return time ? Date.parse(time.getAttribute("datetime")) : NaN;
  }
  // "2 days", "1 day 5 h", "3 h 12 min", "3 h", "4 min": a minute not yet over still counts.
  function span(ms) {
    var minutes = Math.ceil(ms / 60000);
    var hours = Math.floor(minutes / 60);
    if (hours >= 48) return Math.floor(hours / 24) + " days";
    if (hours >= 24) return "1 day" + (hours > 24 ? " " + (hours - 24) + " h" : "");
    if (!hours) return minutes + " min";
    return hours + " h" + (minutes % 60 ? " " + (minutes % 60) + " min" : "");
  }
  function showPhase() {
    var now = Date.now();
    var registration = deadline("registration");
    var submission = deadline("submission");
    Array.prototype.forEach.call(deadlines.querySelectorAll("[data-deadline]"), function (line) {
      var name = line.getAttribute("data-deadline");
      line.querySelector(".what").textContent = LABELS[name][deadline(name) <= now ? 1 : 0];
    });
    var phase = deadlines.querySelector(".phase");
    var winners = deadlines.getAttribute("data-winners");
    phase.replaceChildren();
    if (winners) {
      var link = document.createElement("a");
      link.href = winners;
      link.textContent = "see the winners";
      phase.append("Judging is over: ", link);
    } else if (now < registration) phase.append("Registration closes in " + span(registration - now));
    else if (now < submission) phase.append("Submissions close in " + span(submission - now));
    // The room's screen after its last session, no awards yet: the room waits for the results, not
    // for judging it can no longer see (issue 58).
    else if (live && scheduleOver(now)) phase.append(OVER);
    else if (Date.parse(deadlines.getAttribute("data-ends")) <= now) phase.append("The event has ended");
    else if (submission <= now) phase.append("Submissions closed: judging");
    else phase.append("Registration closed");
    phase.hidden = false;
  }
  if (deadlines) {
    showPhase();
    setInterval(showPhase, 15000);
  }

  // The room's screen (live-page.ts): what is on now, what comes next and the time to it, from the
  // page's own schedule and deadlines in the reader's clock, every second; hidden without the script.
  // A duration with its units, never "14:58", which a room reads as a time of day: "14 min 08 s"
  // and "45 s" within the hour (the seconds run), then as the deadlines say it, "1 h 2 min", "1 day 5 h".
  function clock(ms) {
    var seconds = Math.ceil(ms / 1000);
    if (seconds >= 3600) return span(ms);
    var minutes = Math.floor(seconds / 60);
    var rest = seconds % 60;
    // Two digits after the minutes, so the line keeps its width as the seconds run.
    return minutes ? minutes + " min " + (rest < 10 ? "0" : "") + rest + " s" : rest + " s";
  }
  function showLive() {
    var now = Date.now();
    var titles = [];
    var coming = [];
    sessions.forEach(function (row) {
      var start = Date.parse(row.getAttribute("data-start"));
      var title = row.cells[1].lastChild.textContent;
      if (start <= now && now < Date.parse(row.getAttribute("data-end"))) titles.push(title);
      // "Next: Awards, in 12 min 00 s": a title is any words (plural, a sentence), never the subject of a verb.
      if (start > now) coming.push({ at: start, what: "Next: " + title + ", in", session: title });
    });
    Array.prototype.forEach.call(document.querySelectorAll("[data-deadline] time"), function (time) {
      var name = time.parentNode.getAttribute("data-deadline");
      var at = Date.parse(time.getAttribute("datetime"));
      if (at > now) coming.push({ at: at, what: LABELS[name][0] + " in" });
    });
    coming.sort(function (a, b) {
      return a.at - b.at;
    });
    var next = coming[0];
    var after = coming.filter(function (c) {
      return c.session !== undefined;
    })[0];
    live.querySelector("[data-live-now]").textContent = titles.length
      ? titles.join(" · ")
      : "Nothing on the schedule";
    live.querySelector("[data-live-next]").textContent = after
      ? after.session
      : "Nothing more on the schedule";
    // After the last session nothing is on or next; until the awards are set, the results are to come.
    var over = !next && scheduleOver(now);
    var awarded = live.hasAttribute("data-awarded");
    live.querySelector(".live-now-next").hidden = over;
    live.querySelector("[data-live-what]").textContent = next
      ? next.what
      : over && !awarded
        ? "The event is over:"
        : "The schedule is over";
    live.querySelector("[data-live-in]").textContent = next
      ? clock(next.at - now)
      : over && !awarded
        ? "results to come"
        : "";
    live.hidden = false;
    fitSchedule(now);
  }

  // A projector cannot scroll and the schema bounds no schedule: the room's screen shows the sessions
  // not yet over, on now first, at most LIVE_ROWS of them; on a wide screen (the two columns of
  // site.css) fewer while the page is taller than the screen. The line under them says how many and
  // links to the whole schedule. Done again only when the sessions not yet over or the screen change.
  var LIVE_ROWS = 6;
  var WIDE = window.matchMedia("(min-width: 64em)");
  var liveMore = document.querySelector("[data-live-more]");
  var fitted = "";
  function fitSchedule(now) {
    if (!liveMore) return;
    // In the page's order, which is their start's (validate's event-schedule-order).
    var open = sessions.filter(function (row) {
      return Date.parse(row.getAttribute("data-end")) > now;
    });
    var key = open.length + " " + window.innerWidth + "x" + window.innerHeight;
    if (key === fitted) return;
    fitted = key;
    var shown = open.slice(0, LIVE_ROWS);
    showRows(shown, now);
    // Only while the schedule's column is the taller: fewer sessions cannot shorten the other.
    var page = document.documentElement;
    var board = document.querySelector(".live-now");
    var later = document.querySelector(".live-later");
    while (
      WIDE.matches &&
      shown.length > 0 &&
      page.scrollHeight > window.innerHeight &&
      later.offsetHeight > board.offsetHeight
    ) {
      shown.pop();
      showRows(shown, now);
    }
  }
  function showRows(shown, now) {
    sessions.forEach(function (row) {
      row.hidden = shown.indexOf(row) < 0;
    });
    // A day none of whose sessions shows goes with its heading.
    Array.prototype.forEach.call(document.querySelectorAll(".live table.schedule"), function (table) {
      var region = table.closest(".table-scroll") || table;
      var none = !table.querySelector("tbody tr:not([hidden])");
      region.hidden = none;
      if (region.previousElementSibling && region.previousElementSibling.tagName === "H3")
        region.previousElementSibling.hidden = none;
    });
    // None shows either after the last session, or when the winners take the column (the board
    // still says what is on now and next).
    liveMore.querySelector("[data-live-shown]").textContent = shown.length
      ? "Now and next: " + shown.length + " of " + sessions.length + " sessions."
      : scheduleOver(now)
        ? "The schedule is over."
        : "Now and next are on the left.";
    liveMore.hidden = shown.length === sessions.length;
  }
  if (live) {
    showLive();
    setInterval(showLive, 1000);
    window.addEventListener("resize", function () {
      fitted = "";
      fitSchedule(Date.now());
    });
  }

  // The expo plan (expo-pages.ts): its rows searched by title, team or table number, and filtered by
  // the address's ?prize= (the prize's track, or every project) or ?track=; the page links keep the
  // filter. Only this page's rows: a table number says which page to open.
  var expo = document.querySelector("[data-expo-find]");
  function showExpo() {
    var params = new URLSearchParams(location.search);
    var words = expo.elements.q.value.toLowerCase().split(/\s+/).filter(Boolean);
    var prize = params.get("prize");
    var track = params.get("track");
    var named = null;
    if (prize !== null) {
      named = document.querySelector('[data-prize="' + CSS.escape(prize) + '"]');
      track = named ? named.getAttribute("data-track") || null : "\u0000";
    } else if (track !== null)
      named = document.querySelector(
        '.expo-filters a[data-track="' + CSS.escape(track) + '"]:not([data-prize])',
      );
    var number = words.length === 1 && /^[0-9]+$/.test(words[0]) ? words[0] : null;
    var shown = 0;
    Array.prototype.forEach.call(document.querySelectorAll("[data-expo-area]"), function (area) {
      var any = false;
      Array.prototype.forEach.call(area.querySelectorAll("tbody tr"), function (row) {
        var text = row.textContent.toLowerCase();
        var ok =
          (track === null || row.getAttribute("data-track") === track) &&
          (number !== null
            ? row.getAttribute("data-table") === number
            : words.every(function (word) {
                return text.indexOf(word) >= 0;
              }));
        row.hidden = !ok;
        if (ok) shown++;
        any = any || ok;
      });
      area.hidden = !any;
    });
    Array.prototype.forEach.call(document.querySelectorAll(".expo-filters a"), function (link) {
      if (link === named) link.setAttribute("aria-current", "true");
      else link.removeAttribute("aria-current");
    });
    Array.prototype.forEach.call(document.querySelectorAll(".expo .pages a"), function (link) {
      link.search = location.search;
    });
    var count = document.querySelector("[data-expo-count]");
    var filtered = words.length || prize !== null || track !== null;
    if (!count.hasAttribute("data-all")) count.setAttribute("data-all", count.textContent);
    // An address naming a prize or track the event does not have shows nothing, and says why
    // without repeating the address's words (a crafted link must not put its text on this page).
    var asked = prize !== null ? "prize" : track !== null ? "track" : null;
    count.textContent =
      asked && !named
        ? "This event has no such " + asked + ": pick one of the links below."
        : filtered && shown === 0
          ? // As the gallery says it, never "0 projects"; the words are the reader's, in the box above.
            "No project on this page" +
            (named ? " for " + named.textContent : "") +
            (words.length ? " matches the search." : ".")
          : filtered
            ? shown +
              (shown === 1 ? " project" : " projects") +
              " on this page" +
              (named ? " for " + named.textContent : "") +
              "."
            : count.getAttribute("data-all");
  }
  if (expo) {
    var query = new URLSearchParams(location.search).get("q");
    if (query) expo.elements.q.value = query;
    expo.addEventListener("submit", function (event) {
      event.preventDefault();
    });
    expo.elements.q.addEventListener("input", showExpo);
    showExpo();
  }

  // The home page's call to action (home-way-in.ts): of the steps still open when the records last
  // changed, only the reader's current one shows; once all are over, browsing the projects is the call.
  var wayIn = document.querySelector("[data-way-in]");
  function showStep() {
    var now = Date.now();
    var parts = Array.prototype.slice.call(wayIn.querySelectorAll("[data-until]"));
    var current = null;
    parts.forEach(function (part) {
      var until = Date.parse(part.getAttribute("data-until"));
      if (until > now && (current === null || until < current)) current = until;
    });
    parts.forEach(function (part) {
      part.hidden = Date.parse(part.getAttribute("data-until")) !== current;
    });
    var then = wayIn.querySelector("[data-then]");
    if (then && parts.length) then.classList.toggle("secondary", current !== null);
  }
  if (wayIn) {
    showStep();
    setInterval(showStep, 15000);
  }

  // What is there only while a call is open (the home page's recruiting teams and their count):
  // hidden once the reader's clock passes it, as the way in's steps are.
  var openUntil = Array.prototype.slice.call(document.querySelectorAll("[data-open-until]"));
  function hideClosed() {
    var now = Date.now();
    openUntil.forEach(function (part) {
      part.hidden = Date.parse(part.getAttribute("data-open-until")) <= now;
    });
  }
  if (openUntil.length) {
    hideClosed();
    setInterval(hideClosed, 15000);
  }

  // Videos: a poster links to the video (video-embed.ts); a plain click swaps in the host's
  // privacy-enhanced player, so nothing is fetched from the host before the reader asks. The address
  // is checked again here: anything but the two players' shapes stays a link.
  var PLAYER =
    /^https:\/\/(www\.youtube-nocookie\.com\/embed\/[A-Za-z0-9_-]{11}\?autoplay=1|player\.vimeo\.com\/video\/[0-9]{1,12}\?dnt=1&autoplay=1)$/;
  document.addEventListener("click", function (event) {
    var poster = event.target.closest && event.target.closest("a.video-poster[data-embed]");
    if (!poster || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey)
      return;
    var src = poster.getAttribute("data-embed");
    if (!PLAYER.test(src)) return;
    event.preventDefault();
    var frame = document.createElement("iframe");
    frame.src = src;
    frame.title = poster.getAttribute("data-title") || "Video";
    frame.allow = "autoplay; encrypted-media; fullscreen; picture-in-picture";
    frame.allowFullscreen = true;
    frame.referrerPolicy = "strict-origin-when-cross-origin";
    var box = document.createElement("div");
    box.className = "video-frame";
    box.appendChild(frame);
    poster.parentNode.replaceChild(box, poster);
    frame.focus();
  });

  // Lists: filters and search over every record, with the state in the address to share it. The
  // index (search-index.ts) names each record by its place in the served order and holds what the
  // filters and sorts read; a query fetches the shards of its words' first letters, and the cards
  // shown come in files of a few, as the server rendered them (cards.ts).
  var form = document.getElementById("filter");
  var list = document.getElementById("list");
  var count = document.getElementById("count");
  if (!form || !list || !count) return;
  var kind = form.getAttribute("data-list");
  var pages = document.getElementById("pages");
  var source = form.getAttribute("data-source");
  var root = source.replace(/search\/[a-z]+\.json$/, "");
  var folder = source.replace(/\.json$/, "/");
  var served = Array.prototype.slice.call(list.children);
  var servedCount = count.textContent;
  var SHOWN = 48;
  var shown = 0;
  var matches = [];
  var more = document.createElement("button");
  more.type = "button";
  more.className = "more";
  more.hidden = true;
  list.parentNode.insertBefore(more, list.nextSibling);
  // While anything filters, a way back: every filter and the search cleared, the sort kept.
  var clear = document.createElement("button");
  clear.type = "button";
  clear.className = "clear";
  clear.textContent = "Clear filters";
  clear.hidden = true;
  count.parentNode.insertBefore(clear, count.nextSibling);
  var SORTED = { newest: "newest first", winners: "winners first" };
  var noun = { projects: "projects", teams: "teams" }[kind];
  if (!noun) return;

  // The words of a text as the index holds them (search-words.ts): accents and case folded, runs of
  // letters and digits with the "+" and "#" that end a name (C++, C#). A query's word finds every
  // word it begins.
  var WORD = /[\p{L}\p{N}]+[+#]*/gu;
  function wordsOf(text) {
    return (
      String(text).normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/ς/g, "σ").match(WORD) || []
    );
  }
  function shardOf(word) {
    return /[a-z0-9]/.test(word[0]) ? word[0] : "_";
  }
  // Select values are "" (any), "-" (none) or "=" and the value; in the address "any" is absent,
  // "none" is an empty value, and a value is itself.
  function choice(name) {
    var field = form.elements.namedItem(name);
    if (!field) return "";
    if (field.type === "checkbox") return field.checked ? "=1" : "";
    if (field.tagName === "SELECT") return field.value;
    return field.value.trim() ? "=" + field.value.trim() : "";
  }
  function own(object, key) {
    return Object.prototype.hasOwnProperty.call(object, key) ? object[key] : undefined;
  }
  // Places are written as deltas from the one before.
  function places(deltas) {
    if (!Array.isArray(deltas)) throw new Error("the search index is not as this script reads it");
    var out = new Array(deltas.length);
    for (var i = 0, at = 0; i < deltas.length; i++) out[i] = at += deltas[i];
    return out;
  }

  // Each part is fetched once; the index again, fresh, when a part it names is gone (a newer build
  // replaced it: its name holds its bytes' hash), and search gives up if that does not mend it.
  var index = null;
  var parts = {};
  var fresh = false;
  function get(url, cache) {
    return fetch(url, { headers: { Accept: "application/json" }, cache: cache || "default" }).then(
      function (response) {
        if (!response.ok) throw new Error(url + " answered " + response.status);
        return response.json();
      },
    );
  }
  function part(name, hash, key) {
    var url = folder + name + "-" + key + "." + hash + ".json";
    if (!parts[url]) parts[url] = get(url);
    return parts[url];
  }
  function load() {
    if (!index)
      index = get(source, fresh ? "no-cache" : "default").then(function (found) {
        if (
          typeof found.count !== "number" ||
          !(found.perFile > 0) ||
          !Array.isArray(found.cards) ||
          !found.filters ||
          !found.words
        )
          throw new Error("the search index is not as this script reads it");
        form.setAttribute("data-ready", "");
        return found;
      });
    return index;
  }
  function shard(found, word) {
    var key = shardOf(word);
    var hash = own(found.words, key);
    return hash ? part("words", hash, key) : Promise.resolve({});
  }
  function cards(found, wanted) {
    var per = found.perFile;
    var files = {};
    wanted.forEach(function (place) {
      var n = Math.floor(place / per);
      files[n] = part("cards", found.cards[n], n);
    });
    var keys = Object.keys(files);
    return Promise.all(
      keys.map(function (n) {
        return files[n];
      }),
    ).then(function (loaded) {
      return wanted.map(function (place) {
        var file = loaded[keys.indexOf(String(Math.floor(place / per)))];
        var html = file && file[place % per];
        if (typeof html !== "string") throw new Error("the search index has no card at " + place);
        return html;
      });
    });
  }

  // The records a filter's choice keeps: every one, those with no value, or those with the value.
  function keepChoice(found, name, value, keep) {
    var values = own(found.filters, name) || {};
    var mark = new Uint8Array(found.count);
    Object.keys(values).forEach(function (v) {
      if (value === "-" || v === value.slice(1))
        places(values[v]).forEach(function (place) {
          mark[place] = 1;
        });
    });
    for (var i = 0; i < found.count; i++) if (mark[i] === (value === "-" ? 1 : 0)) keep[i] = 0;
  }
  // The records that hold a word beginning with `word`.
  function keepWord(found, loaded, word, keep) {
    var mark = new Uint8Array(found.count);
    Object.keys(loaded).forEach(function (w) {
      if (w.lastIndexOf(word, 0) === 0)
        places(loaded[w]).forEach(function (place) {
          mark[place] = 1;
        });
    });
    for (var i = 0; i < found.count; i++) if (!mark[i]) keep[i] = 0;
  }

  // Whether the list is the index's rather than the served pages': a filter, the search or a sort.
  function active() {
    return Array.prototype.some.call(form.elements, function (field) {
      return field.name && choice(field.name) !== "";
    });
  }
  function filtering() {
    return Array.prototype.some.call(form.elements, function (field) {
      return field.name && field.name !== "sort" && choice(field.name) !== "";
    });
  }
  // Cards as the server rendered them, their links (from the site's root) resolved from this page;
  // parsed together, which is the cost of showing them.
  function cardNodes(html) {
    var template = document.createElement("template");
    template.innerHTML = html.join("");
    Array.prototype.forEach.call(template.content.querySelectorAll("[href], [src]"), function (node) {
      var name = node.hasAttribute("href") ? "href" : "src";
      var value = node.getAttribute(name);
      if (!/^[a-z][a-z0-9+.-]*:/i.test(value)) node.setAttribute(name, root + value);
    });
    return Array.prototype.slice.call(template.content.children);
  }
  function showServed() {
    list.replaceChildren.apply(list, served);
    count.textContent = servedCount;
    more.hidden = true;
    if (pages) pages.hidden = false;
  }
  // The next cards of the matches, once their files are here (the first ones replace the list); a
  // newer change drops them.
  var latest = 0;
  function showMore(first) {
    var asked = latest;
    var next = matches.slice(shown, shown + SHOWN);
    more.disabled = true;
    return load()
      .then(function (found) {
        return cards(found, next);
      })
      .then(function (html) {
        if (asked !== latest) return false;
        var nodes = cardNodes(html);
        if (first) list.replaceChildren.apply(list, nodes);
        else list.append.apply(list, nodes);
        shown += next.length;
        more.disabled = false;
        more.hidden = shown >= matches.length;
        more.textContent = "Show " + Math.min(SHOWN, matches.length - shown) + " more";
        return true;
      });
  }
  function apply() {
    var asked = ++latest;
    if (!active()) {
      clear.hidden = true;
      showServed();
      return Promise.resolve();
    }
    var words = wordsOf(choice("q").slice(1));
    var found;
    return load()
      .then(function (loaded) {
        found = loaded;
        return Promise.all(
          words.map(function (word) {
            return shard(found, word);
          }),
        );
      })
      .then(function (shards) {
        if (asked !== latest) return;
        var keep = new Uint8Array(found.count).fill(1);
        Array.prototype.forEach.call(form.elements, function (field) {
          var value = field.name && field.name !== "q" && field.name !== "sort" ? choice(field.name) : "";
          if (value) keepChoice(found, field.name, value, keep);
        });
        words.forEach(function (word, i) {
          keepWord(found, shards[i], word, keep);
        });
        // The index is in the served order; each other sort lists every place in its order.
        var sort = choice("sort").slice(1);
        // Only the sorts the page offers: an address's "constructor" is no sort of ours.
        if (!own(SORTED, sort) || !own(found.sorts || {}, sort)) sort = "";
        var order = sort ? places(found.sorts[sort]) : null;
        matches = [];
        for (var i = 0; i < found.count; i++) {
          var place = order ? order[i] : i;
          if (keep[place]) matches.push(place);
        }
        shown = 0;
        return showMore(true).then(function (done) {
          if (!done) return;
          if (pages) pages.hidden = true;
          clear.hidden = !filtering();
          count.textContent = filtering()
            ? matches.length +
              " of " +
              found.count +
              " " +
              noun +
              (matches.length === 1 ? " matches." : " match.")
            : found.count + " " + noun + ", " + (SORTED[sort] || "sorted") + ".";
        });
      })
      .catch(unavailable(asked));
  }
  // Not named failed: declarations in one scope are hoisted, and it replaced the images' failed().
  function unavailable(asked) {
    return function (error) {
      if (asked !== latest) return;
      if (!fresh) {
        // Once: the index may be an older build's, naming parts a newer build replaced.
        fresh = true;
        index = null;
        parts = {};
        return apply();
      }
      // The served page comes back: every record is still on the numbered pages.
      console.warn("list filter unavailable:", error);
      clear.hidden = true;
      showServed();
      count.textContent =
        "Search is unavailable right now; every " + noun.slice(0, -1) + " is on the pages below.";
    };
  }
  function remember() {
    var params = new URLSearchParams();
    Array.prototype.forEach.call(form.elements, function (field) {
      var value = field.name ? choice(field.name) : "";
      if (value !== "") params.set(field.name, value === "-" ? "" : value.slice(1));
    });
    var query = params.toString();
    history.replaceState(null, "", location.pathname + (query ? "?" + query : "") + location.hash);
  }
  function restore() {
    var params = new URLSearchParams(location.search);
    Array.prototype.forEach.call(form.elements, function (field) {
      if (!field.name || !params.has(field.name)) return;
      var value = params.get(field.name);
      if (field.type === "checkbox") field.checked = value === "1";
      else if (field.tagName === "SELECT") {
        // A value the list does not offer (a tag beyond the most used) is still asked for: add it.
        var wanted = value === "" ? "-" : "=" + value;
        var offered = Array.prototype.some.call(field.options, function (option) {
          return option.value === wanted;
        });
        if (!offered) field.add(new Option(value, wanted));
        field.value = wanted;
      } else field.value = value;
    });
  }
  var typing;
  function changed(event) {
    // The search box's change (on leaving it) repeats the input events that applied its text;
    // applying it again would start the list over under the click on "Show more" that left it.
    if (event.type === "change" && event.target && event.target.type === "search") return;
    clearTimeout(typing);
    var search = event.type === "input" && event.target.type === "search";
    // While the reader types, the index and the shards of the words so far are already on their way.
    if (search)
      load().then(
        function (found) {
          wordsOf(event.target.value).forEach(function (word) {
            shard(found, word).catch(function () {});
          });
        },
        function () {},
      );
    typing = setTimeout(
      function () {
        remember();
        apply();
      },
      search ? 100 : 0,
    );
  }

  restore();
  form.addEventListener("input", changed);
  form.addEventListener("change", changed);
  form.addEventListener("submit", function (event) {
    event.preventDefault();
  });
  // The focus goes to the first card added: the button may be gone (the last cards), and a keyboard
  // user reads on from where the new cards begin, not from the page's top or its footer.
  more.addEventListener("click", function () {
    var first = shown;
    showMore(false)
      .then(function (showed) {
        var link = showed && list.children[first] && list.children[first].querySelector("a[href]");
        if (link) link.focus();
      })
      .catch(unavailable(latest));
  });
  clear.addEventListener("click", function () {
    Array.prototype.forEach.call(form.elements, function (field) {
      if (!field.name || field.name === "sort") return;
      if (field.type === "checkbox") field.checked = false;
      else field.value = "";
    });
    changed({ type: "change" });
    var search = form.elements.namedItem("q");
    if (search) search.focus();
  });
  form.hidden = false;
  if (active()) changed({ type: "load" });
})();
