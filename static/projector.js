// The hall's projector turns its own pages, so every player comes up on the screen without
// anyone touching it. Each screen (the seating, then the standings) is laid out in columns
// exactly one window high; the columns that do not fit run on to the right, and each page
// shows the next window's width of them. After a whole turn, a live night reloads for fresh
// numbers. No script: the screens simply stack (projector.css) and a <noscript> refresh reloads.
(function () {
  "use strict";
  var body = document.body;
  var seconds = Number(body.dataset.seconds) || 12;
  var refresh = Number(body.dataset.refresh) || 0;
  var screens = Array.prototype.slice.call(document.querySelectorAll(".screen"));
  var started = Date.now();
  var steps = [];
  var next = 0;

  document.documentElement.classList.add("paged");

  function gap(flow) {
    return parseFloat(getComputedStyle(flow).columnGap) || 0;
  }

  function pageWidth(flow) {
    return flow.clientWidth + gap(flow);
  }

  function plan() {
    steps = [];
    screens.forEach(function (screen) {
      screen.hidden = false;
      var flow = screen.querySelector(".flow");
      var pages = 1;
      if (flow) {
        // A sliver over a whole page is rounding, not another page.
        pages = Math.max(1, Math.ceil((flow.scrollWidth + gap(flow)) / pageWidth(flow) - 0.02));
      }
      for (var page = 0; page < pages; page += 1) {
        steps.push({ screen: screen, flow: flow, page: page, pages: pages });
      }
      screen.hidden = true;
    });
  }

  function show() {
    if (next >= steps.length) {
      if (refresh && Date.now() - started >= refresh * 1000) {
        window.location.reload();
        return;
      }
      next = 0;
    }
    var step = steps[next];
    screens.forEach(function (screen) {
      screen.hidden = screen !== step.screen;
    });
    if (step.flow) {
      step.flow.scrollLeft = step.page * pageWidth(step.flow);
    }
    var label = step.screen.querySelector(".page-of");
    if (label) {
      label.textContent = step.pages > 1 ? "· page " + (step.page + 1) + " of " + step.pages : "";
    }
    next += 1;
    // One screen alone has nothing to turn to: it waits for the reload instead.
    var wait = steps.length > 1 ? seconds : Math.max(seconds, refresh || seconds);
    window.setTimeout(show, wait * 1000);
  }

  plan();
  show();
})();
