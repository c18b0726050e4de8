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
    else if (Date.parse(deadlines.getAttribute("data-ends")) <= now) phase.append("The event has ended");
    else if (submission <= now) phase.append("Submissions closed: judging");
    else phase.append("Registration closed");
    phase.hidden = false;
  }
  if (deadlines) {
    showPhase();
    setInterval(showPhase, 15000);
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

  // Lists: filters and search over every record, with the state in the address to share it.
  var form = document.getElementById("filter");
  var list = document.getElementById("list");
  var count = document.getElementById("count");
  if (!form || !list || !count) return;
  var kind = form.getAttribute("data-list");
  var pages = document.getElementById("pages");
  var root = form.getAttribute("data-source").replace(/search\/[a-z]+\.json$/, "");
  var served = Array.prototype.slice.call(list.children);
  var servedCount = count.textContent;
  var SHOWN = 48;
  var entries = null;
  var shown = 0;
  var matches = [];
  var more = document.createElement("button");
  more.type = "button";
  more.className = "more";
  more.hidden = true;
  list.parentNode.insertBefore(more, list.nextSibling);
  // When nothing matches, a way back: every filter and the search cleared, the sort kept.
  var clear = document.createElement("button");
  clear.type = "button";
  clear.className = "clear";
  clear.textContent = "Clear filters";
  clear.hidden = true;
  count.parentNode.insertBefore(clear, count.nextSibling);
  var SORTED = { newest: "newest first", winners: "winners first" };

  function fold(text) {
    return String(text)
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase();
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
  function allows(value, values) {
    if (value === "") return true;
    if (value === "-") return values.length === 0;
    return values.indexOf(value.slice(1)) !== -1;
  }
  var kinds = {
    projects: {
      noun: "projects",
      keep: function (p) {
        return (
          allows(choice("track"), p.track === null ? [] : [p.track]) &&
          allows(choice("robot"), p.robots) &&
          allows(choice("built"), p.builtWith || [])
        );
      },
    },
    teams: {
      noun: "teams",
      keep: function (t) {
        return choice("looking") === "" || t.lookingForMembers;
      },
    },
  }[kind];
  if (!kinds) return;

  // Each entry carries its card as the server rendered it (cards.ts), with links from the site's
  // root; only those are resolved here, so a filtered card is the served card.
  function card(entry) {
    var template = document.createElement("template");
    template.innerHTML = entry.card;
    var li = template.content.firstElementChild;
    Array.prototype.forEach.call(li.querySelectorAll("[href], [src]"), function (node) {
      var name = node.hasAttribute("href") ? "href" : "src";
      var value = node.getAttribute(name);
      if (!/^[a-z][a-z0-9+.-]*:/i.test(value)) node.setAttribute(name, root + value);
    });
    return li;
  }
  // What a search reads: the card's text and the words its kind adds.
  function searchText(entry) {
    var text = entry.card.replace(/<[^>]*>/g, " ") + " " + entry.words;
    var entities = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'" };
    return fold(
      text.replace(/&(amp|lt|gt|quot|#39);/g, function (entity) {
        return entities[entity];
      }),
    );
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
  function showMore() {
    var end = Math.min(matches.length, shown + SHOWN);
    for (; shown < end; shown++) list.appendChild(card(matches[shown]));
    more.hidden = shown >= matches.length;
    more.textContent = "Show " + Math.min(SHOWN, matches.length - shown) + " more";
  }
  function apply() {
    clear.hidden = true;
    if (!active()) {
      list.replaceChildren.apply(list, served);
      count.textContent = servedCount;
      more.hidden = true;
      if (pages) pages.hidden = false;
      return;
    }
    var words = fold(choice("q").slice(1)).split(/\s+/).filter(Boolean);
    matches = entries.filter(function (entry) {
      if (!kinds.keep(entry)) return false;
      if (!words.length) return true;
      var text = entry._text || (entry._text = searchText(entry));
      return words.every(function (word) {
        return text.indexOf(word) !== -1;
      });
    });
    // The index is A–Z (the served order); each entry carries its place in the other sorts.
    var sort = choice("sort").slice(1);
    // Only the sorts the page offers: an address's "constructor" is no sort of ours.
    if (!Object.prototype.hasOwnProperty.call(SORTED, sort)) sort = "";
    if (sort)
      matches.sort(function (a, b) {
        return ((a.sort || {})[sort] || 0) - ((b.sort || {})[sort] || 0);
      });
    list.replaceChildren();
    shown = 0;
    showMore();
    if (pages) pages.hidden = true;
    clear.hidden = matches.length > 0;
    count.textContent = filtering()
      ? matches.length +
        " of " +
        entries.length +
        " " +
        kinds.noun +
        (matches.length === 1 ? " matches." : " match.")
      : entries.length + " " + kinds.noun + ", " + (SORTED[sort] || "sorted") + ".";
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
  // The index is fetched on the first use only: at 10,000 projects it is megabytes.
  var loading = null;
  function load() {
    if (!loading)
      loading = fetch(form.getAttribute("data-source"), { headers: { Accept: "application/json" } })
        .then(function (response) {
          if (!response.ok) throw new Error(kind + ".json answered " + response.status);
          return response.json();
        })
        .then(function (index) {
          entries = index;
          form.setAttribute("data-ready", "");
        })
        .catch(function (error) {
          // The served page stays as it is: every record is still on the numbered pages.
          console.warn("list filter unavailable:", error);
          count.textContent =
            "Search is unavailable right now; every " + kinds.noun.slice(0, -1) + " is on the pages below.";
        });
    return loading;
  }
  var typing;
  function changed(event) {
    clearTimeout(typing);
    typing = setTimeout(
      function () {
        remember();
        load().then(function () {
          if (entries) apply();
        });
      },
      event.type === "input" && event.target.type === "search" ? 150 : 0,
    );
  }

  restore();
  form.addEventListener("input", changed);
  form.addEventListener("change", changed);
  form.addEventListener("submit", function (event) {
    event.preventDefault();
  });
  more.addEventListener("click", showMore);
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
