// The project gallery's filter. Without JavaScript every project is listed and the form stays hidden;
// with it, the filter reads the site's own /api/projects.json (the same data any consumer gets).
"use strict";
(function () {
  var form = document.getElementById("gallery-filter");
  var count = document.getElementById("gallery-count");
  if (!form || !count) return;
  var cards = Array.prototype.slice.call(document.querySelectorAll("#gallery [data-slug]"));
  var ANY = "";
  var NONE = "-";

  // Option values are "" (any), "-" (none) or "=" followed by the value, so no track or robot
  // name can be mistaken for "any" or "none".
  function matches(choice, values) {
    if (choice === ANY) return true;
    if (choice === NONE) return values.length === 0;
    return values.indexOf(choice.slice(1)) !== -1;
  }

  function apply(byslug) {
    var track = form.elements.namedItem("track").value;
    var robot = form.elements.namedItem("robot").value;
    var shown = 0;
    cards.forEach(function (card) {
      var project = byslug[card.getAttribute("data-slug")];
      var visible =
        !!project &&
        matches(track, project.track === null ? [] : [project.track]) &&
        matches(robot, project.robots);
      card.hidden = !visible;
      if (visible) shown += 1;
    });
    count.textContent =
      shown === cards.length
        ? cards.length + " projects"
        : "Showing " + shown + " of " + cards.length + " projects";
  }

  fetch(form.getAttribute("data-source"), { headers: { Accept: "application/json" } })
    .then(function (response) {
      if (!response.ok) throw new Error("projects.json answered " + response.status);
      return response.json();
    })
    .then(function (list) {
      var byslug = Object.create(null);
      list.data.forEach(function (project) {
        byslug[project.slug] = project;
      });
      form.addEventListener("change", function () {
        apply(byslug);
      });
      form.addEventListener("submit", function (event) {
        event.preventDefault();
      });
      form.hidden = false;
      apply(byslug);
    })
    .catch(function (error) {
      // The full list stays on the page; the filter is only an enhancement.
      console.warn("gallery filter unavailable:", error);
    });
})();
