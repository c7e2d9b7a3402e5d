// The director's round page, when its refresh cannot reach the app.
//
// htmx asks the app for the page's live part every 20 seconds (templates/tournaments/
// _round_live.html). When that fails (no connection, no answer in time, an error answered in
// the app's place), htmx leaves the tables as they were, and their "As of" time with them: a
// page that looks current but is not. This says so above the tables, in a live region, with
// the time the tables are from ("Not updated since 21:43:07: the app cannot be reached."), and
// says nothing again once a refresh succeeds. Loaded with defer from the app itself, never
// inline, so the Content-Security-Policy allows it; written for the same old browsers as
// captain.js (package.json's browserslist).
(function () {
  "use strict";

  function fromTheTables(event) {
    var target = event.target;
    return Boolean(target && target.closest && target.closest("#live"));
  }

  function say(text) {
    var region = document.getElementById("stale");
    if (region && region.textContent !== text) {
      region.textContent = text; // the same words again are not read out again
    }
  }

  function failed(event) {
    if (!fromTheTables(event)) {
      return;
    }
    // The time the page's own "As of" shows: that of the last refresh that reached the app.
    var asOf = document.getElementById("as-of");
    var since = asOf ? asOf.textContent.trim() : "";
    say((since ? "Not updated since " + since : "Not updated") + ": the app cannot be reached.");
  }

  ["htmx:sendError", "htmx:responseError", "htmx:timeout"].forEach(function (name) {
    document.addEventListener(name, failed);
  });
  // A good refresh: the tables are swapped for the app's new ones (heard from the new element,
  // in the page: the old one, taken out, tells the document nothing).
  document.addEventListener("htmx:afterSwap", function (event) {
    if (fromTheTables(event)) {
      say("");
    }
  });
})();
