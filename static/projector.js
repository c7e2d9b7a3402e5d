// The hall's projector turns its own pages, so every player comes up on the screen without
// anyone touching it. Each screen (the seating, then the standings) is laid out in columns
// exactly one window high; the columns that do not fit run on to the right, and each page
// slides the next window's width of them into view (a transform, not scrolling: a scroll stops
// at the last column, so the last page would repeat most of the one before). After a whole
// turn, a live night reloads for fresh numbers. No script: the screens simply stack
// (projector.css) and a <noscript> refresh reloads. Loaded with defer, never inline, so a
// Content-Security-Policy without 'unsafe-inline' allows it.
(function () {
  "use strict";
  var body = document.body;
  var seconds = Number(body.dataset.seconds) || 12;
  var refresh = Number(body.dataset.refresh) || 0;
  var screens = Array.prototype.slice.call(document.querySelectorAll(".screen"));
  var started = Date.now();
  var steps = [];
  var next = 0;
  var timer = 0;

  document.documentElement.classList.add("paged");

  function gap(flow) {
    return parseFloat(getComputedStyle(flow).columnGap) || 0;
  }

  function pageWidth(flow) {
    return flow.clientWidth + gap(flow);
  }

  // A name with a word too long for its box is set smaller until it fits, down to 60% of
  // the screen's type; what still does not fit ends in the ellipsis of projector.css. Never
  // broken inside a word: a player looks for the whole of their name.
  function fit() {
    document.querySelectorAll(".name, .tablebox bdi").forEach(function (name) {
      name.style.fontSize = "";
      if (name.scrollWidth <= name.clientWidth + 1) {
        return;
      }
      var size = parseFloat(getComputedStyle(name).fontSize);
      var smallest = size * 0.6;
      var scale = name.clientWidth / name.scrollWidth;
      name.style.fontSize = Math.max(smallest, Math.floor(size * scale * 10) / 10) + "px";
    });
  }

  function plan() {
    steps = [];
    screens.forEach(function (screen) {
      screen.hidden = false;
      var flow = screen.querySelector(".flow");
      var pages = 1;
      if (flow && flow.lastElementChild) {
        // How far right the last column ends; a sliver over a whole page is rounding.
        flow.style.transform = "";
        var end = flow.lastElementChild.getBoundingClientRect().right;
        var width = end - flow.getBoundingClientRect().left + gap(flow);
        pages = Math.max(1, Math.ceil(width / pageWidth(flow) - 0.02));
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
      step.flow.style.transform = "translateX(" + -step.page * pageWidth(step.flow) + "px)";
    }
    var label = step.screen.querySelector(".page-of");
    if (label) {
      label.textContent = step.pages > 1 ? "· page " + (step.page + 1) + " of " + step.pages : "";
    }
    next += 1;
    // One screen alone has nothing to turn to: it waits for the reload instead.
    var wait = steps.length > 1 ? seconds : Math.max(seconds, refresh || seconds);
    timer = window.setTimeout(show, wait * 1000);
  }

  function start() {
    window.clearTimeout(timer);
    screens.forEach(function (screen) {
      screen.hidden = false;
    });
    fit();
    plan();
    next = 0;
    show();
  }

  // A projector that changes resolution (or a window resized) lays the columns out anew.
  window.addEventListener("resize", start);
  start();
})();
