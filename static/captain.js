// The table captain's page on a hall's weak Wi-Fi: a hand entered is never lost.
//
// Without this script the page works as plain forms. With it, a new hand's Check and Confirm
// are sent in the background and the answer replaces the page, as a form would. When a send
// fails, no answer comes within a few seconds, or what answers is not the app's own page (a
// server stopping, a proxy's error page, an empty body), a Check shows the hand's facts for a
// last look, built on the phone, and its Confirm keeps the hand on the phone (localStorage; a
// failed Confirm keeps its already checked hand at once); the page says so, and the form moves
// on to the next hand: the captain keeps playing. Kept hands are sent in order, by themselves, every few seconds, when the phone says
// it is back online, and whenever a captain's page opens. The server records a kept hand only
// as the next hand under the number the phone saw: a repeat (a send whose answer was lost) is
// answered "already entered" and counts once, and a different hand recorded there by another
// phone is shown beside the kept one for the captain to choose (tournaments/captain/views.py,
// hand_send). A kept hand leaves the phone only once recorded, or once the captain has seen why
// it was not.
//
// The captain hears each step (a screen reader) and can take it by keyboard: focus goes to
// the check step's heading after Check, to the next hand's first question after Confirm or a
// hand kept on the phone, and to the first question with a problem after a refusal. What
// happened ("saved on this phone", "sent", "recorded") goes into the page's one live region
// (#said), the same element for as long as the page is open, whatever is shown around it.
//
// It runs on the phones players still carry: Safari from iOS 12, Chrome and Firefox for
// Android from 2019 (package.json's browserslist, which the linter checks this file against).
//
// It needs no service worker: a hall serves plain http to the phones, where browsers refuse
// them, and the page open in the phone's browser is all that is needed to keep hands. Loaded
// with defer from the app itself, never inline, so the Content-Security-Policy allows it.
(function () {
  "use strict";

  var KEY = "euchre-kept-hands";
  var WAIT_MS = 6000; // no answer by then: keep the hand on the phone
  var RETRY_MS = 5000;

  // Older than the phones the script is written for (FormData's get and forEach came in
  // Safari 11.1): plain forms, as without the script, rather than a script that stops halfway.
  var able = window.fetch && window.FormData && FormData.prototype.forEach && window.DOMParser;
  if (!able || !storageWorks()) {
    return;
  }

  var ANNOUNCE_MS = 150; // a screen reader reads a live region's change, not a region just shown

  var blankEntry = ""; // the empty form for a new hand, to move on to after keeping a hand
  var sending = false;
  var sent = []; // what the last sends said, shown until the page changes

  function storageWorks() {
    try {
      localStorage.setItem(KEY + "-test", "1");
      localStorage.removeItem(KEY + "-test");
      return true;
    } catch {
      return false;
    }
  }

  // --- Kept hands, oldest first -------------------------------------------------------------

  function kept() {
    try {
      return JSON.parse(localStorage.getItem(KEY)) || [];
    } catch {
      return [];
    }
  }

  function keep(list) {
    localStorage.setItem(KEY, JSON.stringify(list));
  }

  function update(id, change) {
    keep(
      kept().map(function (entry) {
        return entry.id === id ? Object.assign(entry, change) : entry;
      }),
    );
  }

  function remove(id) {
    keep(
      kept().filter(function (entry) {
        return entry.id !== id;
      }),
    );
  }

  // The first kept hand that can go now: one waiting, with nothing before it at its table
  // waiting for the captain (hands after it were numbered after it).
  function nextToSend() {
    var stuck = {};
    var list = kept();
    for (var i = 0; i < list.length; i++) {
      var entry = list[i];
      if (entry.state === "waiting" && !stuck[entry.table]) {
        return entry;
      }
      stuck[entry.table] = true;
    }
    return null;
  }

  // --- Talking to the server ----------------------------------------------------------------

  function csrfToken() {
    var match = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
    return match ? decodeURIComponent(match[1]) : "";
  }

  // A send with no answer within WAIT_MS fails. Safari of iOS 12.0 and 12.1 has no
  // AbortController: there the late answer is ignored rather than stopped, and if the hand
  // reached the server after all, sending the kept hand is answered "already entered".
  // A form's fields as the browser itself posts a form (urlencoded): the server reads that in
  // a fraction of the time a multipart body takes, on every hand a captain sends.
  function encoded(data) {
    var parts = [];
    data.forEach(function (value, name) {
      parts.push(encodeURIComponent(name) + "=" + encodeURIComponent(value));
    });
    return parts.join("&");
  }

  function post(url, data) {
    var control = null;
    if (window.AbortController) {
      control = new AbortController();
    }
    var options = {
      method: "POST",
      body: encoded(data),
      credentials: "same-origin",
      headers: {
        "X-CSRFToken": csrfToken(),
        "Content-Type": "application/x-www-form-urlencoded",
      },
    };
    if (control) {
      options.signal = control.signal;
    }
    return new Promise(function (resolve, reject) {
      var timer = setTimeout(function () {
        if (control) {
          control.abort();
        }
        reject(new Error("no answer in time"));
      }, WAIT_MS);
      fetch(url, options).then(
        function (response) {
          clearTimeout(timer);
          resolve(response);
        },
        function (error) {
          clearTimeout(timer);
          reject(error);
        },
      );
    });
  }

  // The answer to a request, with the page it holds if that is the app's own captain page,
  // else none. Whatever else answers (the server stopping with a bare "Internal Server Error",
  // a proxy's error page, an empty body, a page cut off on the way) never replaces the
  // captain's page: it counts as no answer at all, as a dropped connection does. A refusal
  // from the app is its captain page too, and is shown.
  function read(response) {
    return response.text().then(function (html) {
      var page = new DOMParser().parseFromString(html, "text/html");
      var root = page.getElementById("captain");
      // The parser closes whatever a cut-off body left open; only the app's whole page ends so.
      var whole = /<\/html>\s*$/i.test(html);
      return { response: response, page: root && root.dataset.table && whole ? page : null };
    });
  }

  // Show the app's page in place of this one, as following a form would. The live region
  // stays the same element (a screen reader follows the one it knows); what the new page says
  // ("Hand 3 recorded: ...") is put in it a moment later, so that it is read out.
  function show(answer) {
    var page = answer.page;
    var region = document.getElementById("said");
    var fresh = page.getElementById("said");
    if (region && fresh) {
      fresh.parentNode.replaceChild(region, fresh);
    }
    document.title = page.title;
    document.body.replaceWith(document.adoptNode(page.body));
    if (answer.response.redirected) {
      history.replaceState(null, "", answer.response.url);
    }
    var news = Array.prototype.map.call(document.querySelectorAll(".messages li"), function (li) {
      return li.textContent.trim();
    });
    setTimeout(function () {
      news.forEach(announce);
    }, ANNOUNCE_MS);
    sent = [];
    lastDone = news.length ? headOf(news[0]) : "";
    start();
    focusStep();
  }

  // --- The bar's note, with big text ----------------------------------------------------------
  //
  // With big text the page's notes ("Hand 3 recorded: ...", the hands kept on the phone) are
  // above the screen once the next question is brought in: the bar stuck to the top says in a
  // line what this phone last did (static/captain.css shows it with big text only). Kept until
  // the captain's next send; the hands kept on this phone come first.

  var lastDone = "";

  // "Hand 3 recorded: East-West made it..." says "Hand 3 recorded."
  function headOf(message) {
    return message.split(":")[0].trim() + ".";
  }

  function barNote() {
    var note = document.getElementById("bar-phone");
    var root = document.getElementById("captain");
    if (!note || !root) {
      return;
    }
    var here = kept().filter(function (entry) {
      return entry.table === root.dataset.table;
    });
    var text = lastDone;
    if (here.length === 1) {
      text = "Hand " + here[0].number + " is kept on this phone, not sent yet.";
    } else if (here.length > 1) {
      text = here.length + " hands are kept on this phone, not sent yet.";
    }
    note.textContent = text;
    underTheBar();
  }

  // The hand's heading sticks right under the score's bar, whose height the note changes
  // (--bar, static/captain.css): never over the note's line.
  function underTheBar() {
    var bar = document.getElementById("score");
    if (bar && getComputedStyle(bar).position === "sticky") {
      document.documentElement.style.setProperty("--bar", bar.offsetHeight + "px");
    }
  }

  // --- Where the captain is -----------------------------------------------------------------

  // Focus on the page's next step, in view: the first question with a problem, else the check
  // step's heading, else the next hand's first question. The page moves only when the step is
  // not in view already, so that at the usual text size the score stays where it was.
  function focusStep() {
    var invalid = document.querySelector("#entry [aria-invalid='true']");
    if (invalid) {
      // The whole question, whose description is its message, rather than its first choice;
      // with the hand's heading above it in sight too, below the list of problems, when both
      // fit the screen.
      var group = invalid.closest("fieldset[aria-describedby]") || invalid;
      group.focus({ preventScroll: true });
      showFrom(document.querySelector("#entry h2"), group);
      return;
    }
    var check = document.querySelector("#check h2");
    if (check) {
      // The check's heading, and its Confirm button under it (the step's first button, the
      // app's or the phone's own) when the screen has room for both.
      var confirm = document.querySelector("#check button");
      check.focus({ preventScroll: true });
      showFrom(check, confirm, true);
      // With big text both may not fit: then Confirm comes wholly into sight at the screen's
      // foot, with the result and the facts above it, which is what the captain looks over
      // (the heading, focused, is still what a screen reader reads first).
      var foot = confirm && confirm.getBoundingClientRect().bottom - (window.innerHeight - 8);
      if (foot > 0) {
        window.scrollBy(0, foot);
      }
      return;
    }
    var question = firstQuestion();
    if (question) {
      // The page's top stays in sight when the question is there too: what was said ("Hand 7
      // recorded") and the score. With big text the question comes to the top instead, under
      // the score and the dealer, which stay stuck there (static/captain.css).
      window.scrollTo(0, 0);
      question.focus({ preventScroll: true });
      showFrom(question.closest("fieldset"), null);
      return;
    }
    var finished = document.querySelector("#confirm h2"); // the round's last hand is in
    if (finished) {
      place(finished, true);
    }
  }

  // The next hand's first question: its chosen answer if any, as Tab would reach it.
  function firstQuestion() {
    var group = document.querySelector("#entry fieldset");
    return group && (group.querySelector("input:checked") || group.querySelector("input"));
  }

  // Focus a node; with `top`, scroll it to the top of the screen, below the list of problems
  // (which stays on screen as the page scrolls); else only if it is out of sight.
  function place(node, top) {
    node.focus({ preventScroll: true }); // an older browser scrolls it into view, then this
    inSight(node, top);
  }

  function inSight(node, top) {
    var box = node.getBoundingClientRect();
    var above = covered(node) + 16;
    if (top || box.top < above || box.bottom > window.innerHeight) {
      window.scrollBy(0, box.top - above);
    }
  }

  // How much of the screen's top is covered, once the page is scrolled to `node`: the list of
  // problems, and with big text the score and the hand's heading (static/captain.css sticks
  // them there; the heading only over its own form).
  function covered(node) {
    var height = 0;
    ["problems", "score"].forEach(function (id) {
      var box = document.getElementById(id);
      if (box && getComputedStyle(box).position === "sticky") {
        height += box.getBoundingClientRect().height;
      }
    });
    var heading = document.querySelector("#entry h2");
    var entry = document.getElementById("entry");
    if (heading && entry.contains(node) && node !== heading) {
      if (getComputedStyle(heading).position === "sticky") {
        height += heading.getBoundingClientRect().height;
      }
    }
    return height;
  }

  // Bring `first` and `last` below it (if any) into sight, below what covers the screen's top,
  // moving the page only if they are not in sight already, and no further than needed. When
  // both do not fit the screen: `first` at its top if it is what is read first (`reading`),
  // else `last`.
  function showFrom(first, last, reading) {
    if (!first) {
      first = last;
      last = null;
    }
    if (!first) {
      return;
    }
    var top = covered(first) + 8;
    var bottom = window.innerHeight - 8;
    var a = first.getBoundingClientRect();
    var b = last ? last.getBoundingClientRect() : a;
    if (a.top >= top - 8 && b.bottom <= bottom + 8) {
      return;
    }
    if (b.bottom - a.top <= bottom - top) {
      window.scrollBy(0, a.top < top ? a.top - top : b.bottom - bottom);
      return;
    }
    var to = last && !reading ? last : first;
    window.scrollBy(0, to.getBoundingClientRect().top - covered(to) - 8);
  }

  // Tab and Shift+Tab bring a choice's radio into view below the list of problems (the page's
  // scroll-padding-top), but its card can reach higher than the radio, under the list: with
  // big text, a long name's card is several lines tall. The whole card comes into sight. Only
  // for the keyboard: a tap focuses the radio too, and moving the page under a finger that
  // is still on the glass loses the tap.
  document.addEventListener("focusin", function (event) {
    var card = event.target.closest && event.target.closest("#entry .choice");
    if (card && document.getElementById("problems") && byKeyboard(event.target)) {
      inSight(card, false);
    }
  });

  // A question at a time when the page is taller than the screen (big text, or a question
  // just shown, as the lone defender's): once one is answered, the next comes into view by
  // itself with what follows it down to the Check button, or as much of that as fits (the next
  // question at the top, under the score and the dealer), unless it is all in view already.
  // On `change`, which comes once the tap is over: the page never moves under a finger still on
  // the glass. Not for the rarer facts in "Something else happened".
  document.addEventListener("change", function (event) {
    var form = event.target.form;
    if (!form || !form.matches("#entry form")) {
      return;
    }
    answered(event.target);
    var steps = Array.prototype.filter.call(
      form.querySelectorAll(
        "#field-maker, #field-alone, #field-lone_defender, #field-tricks, button[value='check']",
      ),
      function (step) {
        // Shown: not the lone defender unless the maker went alone, not the folded copy of Check.
        return step.getClientRects().length > 0 && !step.closest("details:not([open])");
      },
    );
    var next = null;
    steps.forEach(function (step, i) {
      if (step.contains(event.target)) {
        next = steps[i + 1] || null;
      }
    });
    var check = steps[steps.length - 1];
    if (next) {
      showFrom(next, next === check ? null : check, true);
    }
  });

  // A question with a problem answered: its message, under it and in the list at the top, is
  // seen to, and goes; so does the list once nothing is left in it (it covered a third of the
  // screen with big text, and the score). The server checks the whole hand again at Check.
  function answered(input) {
    var field = input.closest("#entry [id^='field-']");
    if (!field || !field.querySelector(".errorlist")) {
      return;
    }
    field.querySelectorAll(".errorlist").forEach(function (list) {
      list.remove();
    });
    field.removeAttribute("aria-describedby");
    field.querySelectorAll("[aria-invalid]").forEach(function (node) {
      node.removeAttribute("aria-invalid");
      node.removeAttribute("aria-describedby");
    });
    var problems = document.getElementById("problems");
    if (!problems) {
      return;
    }
    problems.querySelectorAll('a[href="#' + field.id + '"]').forEach(function (link) {
      link.closest("li").remove();
    });
    if (!problems.querySelector("li")) {
      problems.remove();
    }
  }

  function byKeyboard(node) {
    try {
      return node.matches(":focus-visible");
    } catch {
      return false; // a browser without :focus-visible: its page does not stick the list
    }
  }

  // Put a message in the page's one live region, after what it already says.
  function announce(text) {
    var region = document.getElementById("said");
    if (region && text) {
      region.appendChild(element("p", text));
    }
  }

  // The captain's new step: what the live region said before is cleared, so that what the
  // step brings is read even when it is the same words again.
  function hush() {
    var region = document.getElementById("said");
    if (region) {
      region.textContent = "";
    }
  }

  function announceSoon(text) {
    setTimeout(function () {
      announce(text);
    }, ANNOUNCE_MS);
  }

  // --- Entering a hand ----------------------------------------------------------------------

  function formData(form, submitter) {
    var data = new FormData(form);
    if (submitter && submitter.name) {
      data.append(submitter.name, submitter.value);
    }
    return data;
  }

  function fieldsOf(data) {
    var fields = [];
    data.forEach(function (value, name) {
      if (name !== "csrfmiddlewaretoken" && name !== "action") {
        fields.push([name, value]);
      }
    });
    return fields;
  }

  function labelOf(form, name) {
    var input = form.querySelector('input[name="' + name + '"]:checked');
    var label = input && input.closest("label");
    return label ? label.textContent.trim() : "";
  }

  function optionOf(form, name) {
    var select = form.querySelector('select[name="' + name + '"]');
    return select && select.value ? select.options[select.selectedIndex].text : "";
  }

  // The hand in words, for the list of kept hands: the check step's own words when the
  // Confirm was what failed, else read off the form.
  function words(form, data) {
    var check = form.closest("#check");
    if (check) {
      var lines = Array.prototype.map.call(check.querySelectorAll(".entered li"), function (li) {
        return li.textContent.trim();
      });
      return lines.join(" ");
    }
    return sentences(form, data).join(" ");
  }

  // The hand read off the form, a sentence for each fact, as the check step lists them.
  function sentences(form, data) {
    if (data.get("thrown_in")) {
      return ["Thrown in: no one called trump."];
    }
    var text = [labelOf(form, "maker") + " called trump" + (data.get("alone") ? ", alone." : ".")];
    var defender = optionOf(form, "lone_defender");
    if (defender) {
      text.push(defender + " defended alone.");
    }
    var tricks = data.get("tricks");
    if (tricks) {
      text.push("The makers took " + tricks + (tricks === "1" ? " trick." : " tricks."));
    }
    var irregularity = optionOf(form, "irregularity");
    if (irregularity) {
      text.push(irregularity + ".");
      // Who was at fault and what the other side chose: the hand's score turns on them.
      ["offending_side", "revoke_penalty"].forEach(function (name) {
        var chosen = optionOf(form, name);
        var label = form.querySelector('label[for="' + idOf(form, name) + '"]');
        if (chosen && label) {
          text.push(label.textContent.trim().replace(/:$/, "") + ": " + chosen + ".");
        }
      });
    }
    return text;
  }

  function idOf(form, name) {
    var select = form.querySelector('select[name="' + name + '"]');
    return select ? select.id : "";
  }

  // What the server would refuse at once, said before the hand is kept: all of it at once,
  // in the server's words (tournaments/captain/forms.py, tournaments/forms.py). A played hand
  // always has its tricks, whatever irregularity it had.
  function missing(form, data) {
    if (form.closest("#check") || data.get("thrown_in")) {
      return "";
    }
    var found = [];
    if (!data.get("maker")) {
      found.push("Say who called trump.");
    }
    if (!data.get("tricks")) {
      found.push("Enter how many tricks the makers took (0 to 5).");
    }
    return found.join(" ");
  }

  // A new hand's Check with no connection, or behind hands already kept: first the phone's own
  // check step, for a last look (lookOver), and its Confirm keeps it (`looked`). The app's
  // check step's Confirm that finds no connection was looked over already: kept at once.
  function keepHand(form, data, looked) {
    var root = document.getElementById("captain");
    var number = Number(data.get("number"));
    var problem = missing(form, data);
    if (problem) {
      say(problem + " Then tap Check again: with no connection, the hand is kept on this phone.");
      var group = form.querySelector(data.get("maker") ? "#field-tricks" : "#field-maker");
      if (group) {
        place(group, false); // the message, just shown above, stays in sight
      }
      return;
    }
    if (!looked && !form.closest("#check")) {
      lookOver(form, data);
      return;
    }
    var list = kept();
    list.push({
      id: Date.now() + "-" + Math.random().toString(36).slice(2),
      table: root.dataset.table,
      label: root.dataset.label,
      send: root.dataset.send,
      fix: root.dataset.fix,
      number: number,
      fields: fieldsOf(data),
      words: words(form, data),
      state: "waiting",
    });
    try {
      keep(list);
    } catch {
      say("This phone could not keep hand " + number + ": write it down, and enter it again.");
      return;
    }
    sent = [];
    moveOn(number + 1);
    var news =
      "Hand " + number + " is saved on this phone and will be sent when the connection is back.";
    render(news);
    announceSoon(news);
    var question = firstQuestion();
    if (question) {
      place(question, false);
    }
    setTimeout(flush, 2000);
  }

  // The check step built on the phone, as the app's own looks (_preview.jinja): the hand's
  // facts in words, then Confirm (kept on the phone, sent in order with any kept before it:
  // never sent twice, whether or not the connection came back meanwhile) or Change it (the
  // very form, with the captain's choices, back in its place). The score is the app's to
  // work out: the phone says so rather than guess.
  function lookOver(form, data) {
    var entry = form.closest("#entry");
    var number = Number(data.get("number"));
    var before = kept().length;
    if (!entry) {
      keepHand(form, data, true); // no form to come back to: kept as before
      return;
    }
    var step = element("section", "", "card");
    step.id = "check";
    var heading = element("h2", "Hand " + number + ": is this right?");
    heading.id = "check-title";
    heading.tabIndex = -1;
    step.appendChild(heading);
    var facts = element("ul", "", "entered");
    sentences(form, data).forEach(function (line) {
      facts.appendChild(element("li", line));
    });
    step.appendChild(facts);
    // Why this step is the phone's, in a line above the buttons, which stay near the facts
    // when the phone's text is big; what Confirm does, and the score, below them.
    var why = before
      ? "Hands kept on this phone are not sent yet."
      : "No connection: not sent yet.";
    var note = element("p", "", "news");
    note.appendChild(element("strong", why));
    step.appendChild(note);
    var done = false;
    step.appendChild(
      button("Confirm hand " + number, "", function () {
        if (done) {
          return; // a second tap while the first is kept
        }
        done = true;
        hush();
        keepHand(form, data, true);
        flush();
      }),
    );
    step.appendChild(
      button("Change it", "secondary", function () {
        if (done) {
          return;
        }
        done = true;
        hush();
        step.replaceWith(entry);
        render("");
        focusStep();
      }),
    );
    var then = before
      ? "Confirm keeps hand " + number + " on this phone too, and it is sent after them."
      : "Confirm keeps hand " + number + " on this phone, and it is sent by itself when the " +
        "connection is back.";
    step.appendChild(element("p", then));
    var score = "This phone cannot work out the score: the app does, once it has the hand.";
    step.appendChild(element("p", score));
    settleProblems(entry);
    entry.replaceWith(step);
    render("");
    focusStep();
    announceSoon(why + " " + then + " " + score);
  }

  // A hand the app refused before the connection dropped, now complete: what it said is gone
  // from the page, as the app's own check step and its Change it show none. The list of
  // problems would cover the step's heading, and a question still marked would take the
  // focus from the captain's choice.
  function settleProblems(entry) {
    var problems = document.getElementById("problems");
    if (problems) {
      problems.remove();
    }
    entry.querySelectorAll(".errorlist").forEach(function (errors) {
      errors.remove();
    });
    entry.querySelectorAll("[aria-invalid]").forEach(function (field) {
      field.removeAttribute("aria-invalid");
    });
    entry.querySelectorAll("[aria-describedby$='_error']").forEach(function (field) {
      field.removeAttribute("aria-describedby"); // its message, just removed
    });
  }

  // The form for the next hand, with its number and dealer, after one was kept on the phone.
  function moveOn(number) {
    var section = document.getElementById("check") || document.getElementById("entry");
    if (!section || !blankEntry) {
      return;
    }
    var holder = document.createElement("div");
    holder.innerHTML = blankEntry; // the page's own markup, kept from when it was shown
    var entry = holder.firstElementChild;
    section.replaceWith(entry);
    var form = entry.querySelector("form");
    var max = Number(form.dataset.maxHands) || 0;
    if (max && number > max) {
      entry.textContent = "";
      var done = document.createElement("p");
      done.textContent =
        "All " + max + " hands of this round are entered. The ones kept on this phone are " +
        "sent when the connection is back.";
      entry.appendChild(done);
      done.tabIndex = -1;
      place(done, false);
      return;
    }
    var dealers = JSON.parse(form.dataset.dealers);
    var dealer = dealers[(number - Number(form.dataset.number)) % dealers.length];
    form.querySelector('input[name="number"]').value = number;
    entry.querySelectorAll("[data-hand-number]").forEach(function (span) {
      span.textContent = number;
    });
    entry.querySelector("[data-dealer-name]").textContent = dealer[0];
    entry.querySelector("[data-dealer-seat]").textContent = dealer[1];
    window.scrollTo(0, 0);
  }

  // The button that sent a form: Confirm, Change it and Thrown in each say what to do by their
  // name and value. Safari tells it (event.submitter) only from iOS 15.4, so the button last
  // clicked is remembered: a tap, Enter or Space on a button, and Enter in a field (which
  // clicks the form's first button) are all clicks.
  var clicked = null;

  document.addEventListener(
    "click",
    function (event) {
      var target = event.target;
      if (target.nodeType === Node.TEXT_NODE) {
        target = target.parentNode; // as old WebKit could say of a tap on a button's words
      }
      clicked = target.closest ? target.closest("button[type='submit'][name]") : null;
    },
    true,
  );

  function submitterOf(event, form) {
    // eslint-disable-next-line no-restricted-properties -- read where there, with a fallback
    var told = event.submitter;
    if (told !== undefined) {
      clicked = null;
      return told;
    }
    var button = clicked && clicked.form === form ? clicked : null;
    clicked = null;
    return button;
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches("#captain form[data-new]")) {
      return;
    }
    event.preventDefault();
    hush();
    lastDone = "";
    var data = formData(form, submitterOf(event, form));
    if (data.get("action") === "change" || kept().length === 0) {
      sendNow(form, data);
    } else {
      keepHand(form, data); // behind the hands already kept, in order
      flush();
    }
  });

  function sendNow(form, data) {
    var buttons = form.querySelectorAll("button");
    buttons.forEach(function (button) {
      button.disabled = true;
    });
    function failed() {
      buttons.forEach(function (button) {
        button.disabled = false;
      });
      if (data.get("action") === "change") {
        say("No connection: tap Change it again when it is back.");
      } else {
        keepHand(form, data);
      }
    }
    post(form.getAttribute("action"), data)
      .then(read)
      .then(function (answer) {
        if (answer.page) {
          show(answer);
        } else {
          failed(); // the app did not answer: the hand may not be recorded
        }
      }, failed);
  }

  // --- Sending kept hands -------------------------------------------------------------------

  function flush() {
    var entry = nextToSend();
    if (sending || !entry) {
      return;
    }
    sending = true;
    var data = new FormData();
    entry.fields.forEach(function (field) {
      data.append(field[0], field[1]);
    });
    post(entry.send, data)
      .then(function (response) {
        return response.json();
      })
      .then(function (answer) {
        if (!fromTheApp(answer)) {
          throw new Error("not the app's answer");
        }
        settle(entry, answer);
      })
      .catch(function () {
        // Still no connection, or something other than the app answered (whatever its status:
        // a proxy's 404 says nothing of the card): the next try comes by itself.
        sending = false;
      });
  }

  // The app answers a kept hand in JSON, always with one of these states and a message
  // (tournaments/captain/views.py, hand_send); a reissued card's "refused" among them.
  function fromTheApp(answer) {
    var states = ["recorded", "already", "conflict", "refused"];
    return (
      Boolean(answer) && states.indexOf(answer.state) >= 0 && typeof answer.message === "string"
    );
  }

  function settle(entry, answer) {
    sending = false;
    if (answer.state === "recorded" || answer.state === "already") {
      remove(entry.id);
      lastDone = headOf(answer.message);
      sent.push(answer.message);
      announce(answer.message);
    } else {
      update(entry.id, {
        state: answer.state,
        message: answer.message,
        recorded: answer.recorded || "",
        seen: answer.seen || "",
      });
    }
    settled();
  }

  // After a kept hand has left the phone or is waiting for the captain: on to the next one,
  // or, with none to send now, the table as it now stands. A kept hand that met another
  // phone's hand is chosen beside the table's own score and hands, not the ones this page
  // showed before the connection dropped.
  function settled() {
    render("");
    if (nextToSend()) {
      flush();
    } else {
      refresh();
    }
  }

  // Busy: the captain has started on the next hand, or has just been told something (a fix that
  // found no connection) since the refresh was asked for, which a new page must not wipe.
  function busy() {
    var form = document.querySelector("#captain form[data-new]");
    var chosen = form && form.querySelector("input:checked, select option:checked:not([value=''])");
    var told = document.querySelector("#waiting .news");
    return Boolean(document.getElementById("check") || chosen || told);
  }

  // Show the table as it now stands. When the captain has started on the next hand, only the
  // score and the hands played are brought up to date: nothing typed is ever wiped.
  function refresh() {
    var root = document.getElementById("captain");
    fetch(root.dataset.page, { credentials: "same-origin" })
      .then(read)
      .then(
        function (answer) {
          if (!answer.page) {
            return; // not the app's page: this one stays, with what was sent
          }
          if (busy()) {
            ["score", "hands"].forEach(function (id) {
              var fresh = answer.page.getElementById(id);
              var here = document.getElementById(id);
              if (fresh && here) {
                here.replaceWith(document.adoptNode(fresh));
              }
            });
            return;
          }
          var messages = sent;
          show(answer);
          sent = messages;
          render("");
        },
        function () {},
      );
  }

  // --- What the captain sees ----------------------------------------------------------------

  function element(tag, text, className) {
    var node = document.createElement(tag);
    if (text) {
      node.textContent = text;
    }
    if (className) {
      node.className = className;
    }
    return node;
  }

  function say(text) {
    render(text);
    hush();
    announceSoon(text);
    var panel = document.getElementById("waiting");
    if (panel) {
      panel.scrollIntoView();
    }
  }

  function button(text, className, action) {
    var node = element("button", text, "big " + className);
    node.type = "button";
    node.addEventListener("click", action);
    return node;
  }

  function render(news) {
    barNote();
    var panel = document.getElementById("waiting");
    if (!panel) {
      return;
    }
    var list = kept();
    panel.textContent = "";
    panel.hidden = !(list.length || sent.length || news);
    if (news) {
      panel.appendChild(element("p", news, "news"));
    }
    sent.forEach(function (message) {
      panel.appendChild(element("p", message, "sent"));
    });
    if (!list.length) {
      return;
    }
    panel.appendChild(element("h2", "Kept on this phone"));
    var items = element("ol", "", "kept");
    list.forEach(function (entry) {
      items.appendChild(keptItem(entry));
    });
    panel.appendChild(items);
  }

  function keptItem(entry) {
    var here = entry.table === document.getElementById("captain").dataset.table;
    var item = element("li", "", "kept-" + entry.state);
    item.dataset.number = entry.number;
    var head = "Hand " + entry.number + (here ? "" : " · " + entry.label);
    item.appendChild(element("strong", head));
    if (entry.state === "waiting") {
      item.appendChild(element("span", " · waiting to be sent", "muted"));
      item.appendChild(element("p", entry.words));
      return item;
    }
    item.appendChild(element("p", entry.message));
    item.appendChild(element("p", "This phone has: " + entry.words));
    if (entry.state === "conflict") {
      item.appendChild(
        button("Keep the recorded hand " + entry.number, "secondary", function () {
          remove(entry.id);
          var news = "Hand " + entry.number + " stays as recorded: " + entry.recorded;
          sent.push(news);
          hush();
          announce(news);
          settled();
        }),
      );
      item.appendChild(
        button("Fix hand " + entry.number + " to this phone's version", "", function () {
          fixToKept(entry);
        }),
      );
    } else {
      item.appendChild(
        button("Seen: remove it from this phone", "secondary", function () {
          remove(entry.id);
          settled();
        }),
      );
    }
    return item;
  }

  // The fix flow, with the kept hand's values: the server checks it and shows the result, and
  // the captain confirms the fix as usual. The kept hand leaves the phone only once the app's
  // page is on the screen.
  function fixToKept(entry) {
    var data = new FormData();
    entry.fields.forEach(function (field) {
      data.append(field[0], field[1]);
    });
    data.append("seen", entry.seen);
    data.append("action", "check");
    hush();
    function failed() {
      say("No connection: tap Fix again when it is back.");
    }
    post(entry.fix, data)
      .then(read)
      .then(function (answer) {
        if (!answer.page) {
          failed();
          return;
        }
        remove(entry.id);
        show(answer);
      }, failed);
  }

  // The entry form as it is before anything is chosen (a page shown again with a problem
  // holds the captain's choices).
  function blank(entry) {
    var copy = entry.cloneNode(true);
    copy.querySelectorAll("input[checked]").forEach(function (input) {
      input.removeAttribute("checked");
    });
    copy.querySelectorAll("option[selected]").forEach(function (option) {
      option.removeAttribute("selected");
    });
    copy.querySelectorAll("[autofocus]").forEach(function (field) {
      field.removeAttribute("autofocus");
    });
    copy.querySelectorAll(".errorlist").forEach(function (errors) {
      errors.remove();
    });
    copy.querySelector("details").removeAttribute("open");
    return copy.outerHTML;
  }

  // --- What the director does, live ---------------------------------------------------------
  //
  // The director calls time, closes the round or corrects a hand; an opponent confirms the
  // result on another phone. While the page is in sight, it asks the app every LOOK_MS whether
  // what it shows still stands: the card's state address answers a short fingerprint of it
  // (tournaments/captain/views.py, page_state and table_state: two small reads), which the
  // page carries too (data-state). When they differ, the table page is fetched and brought in:
  // the whole page when the captain has not started on a hand (the card's page once the
  // round is closed), else only the Time-called banner, the score and the hands, so that
  // nothing chosen is wiped; a round closed or a result confirmed then stops the form where it
  // is, with a notice. Each change is said in the live region. Not while hands are kept on the
  // phone: their sends bring the table back.

  var LOOK_MS = 12000;
  var looking = false;
  var steps = 0; // the captain's sends: a look begun before one is not brought in after it

  document.addEventListener(
    "submit",
    function () {
      steps += 1;
    },
    true,
  );

  function look() {
    var root = document.getElementById("captain");
    if (looking || sending || document.hidden || !root || !root.dataset.stateUrl) {
      return;
    }
    if (kept().length) {
      return;
    }
    looking = true;
    var began = steps;
    function done() {
      looking = false;
    }
    fetch(root.dataset.stateUrl, { credentials: "same-origin" })
      .then(function (response) {
        if (!response.ok) {
          throw new Error("no state"); // a reissued card, a proxy's page: the page stays
        }
        return response.json();
      })
      .then(function (answer) {
        var here = document.getElementById("captain");
        if (!answer || typeof answer.state !== "string" || !here || steps !== began) {
          return null;
        }
        if (answer.state === here.dataset.state) {
          return null;
        }
        return catchUp(answer, began);
      })
      .then(done, done);
  }

  // The captain is at work on this page: a hand chosen, the check step, a fix being made.
  function working() {
    return busy() || Boolean(document.querySelector("#captain #hand-form:not([data-new])"));
  }

  // The round closed, or the card now opens the next round's table: a hand begun stays as it
  // is, stopped, with a notice; an untouched page becomes what a reload would show, the next
  // table's page or the card's own (the round closed, the next being seated; in a bracket, the
  // match's result and where each team goes).
  function catchUp(answer, began) {
    var root = document.getElementById("captain");
    var sameTable = String(answer.table) === root.dataset.table;
    if (!sameTable && working()) {
      ended(answer.state);
      return null;
    }
    return fetch(root.dataset.page, { credentials: "same-origin" })
      .then(read)
      .then(function (fresh) {
        var now = document.getElementById("captain");
        if (steps !== began || (now && now.dataset.state === answer.state)) {
          return; // the captain's own send has brought the page up to date meanwhile
        }
        if (!fresh.page) {
          // Not a table's page: when the card opens none now, the card's own page (the
          // app's, as fetched); anything else (a proxy's error page) is looked at again later.
          if (!sameTable && fresh.response.ok && !working()) {
            window.location.replace(root.dataset.page);
          } else if (!sameTable) {
            ended(answer.state);
          }
          return;
        }
        var news = newsOf(fresh.page, sameTable);
        if (working()) {
          bringIn(fresh.page);
        } else {
          var messages = sent;
          show(fresh);
          sent = messages;
          render("");
        }
        if (news) {
          hush();
          announceSoon(news);
        }
      });
  }

  function textOf(page, id) {
    var node = page.getElementById(id);
    return node ? node.textContent.replace(/\s+/g, " ").trim() : "";
  }

  // What changed, in words, from this page to the fresh one.
  function newsOf(page, sameTable) {
    if (!sameTable) {
      var root = page.getElementById("captain");
      return "The next round is in play: " + (root ? root.dataset.label : "") + ".";
    }
    var said = [];
    ["time-called", "confirmed", "closed"].forEach(function (id) {
      if (!document.getElementById(id) && page.getElementById(id)) {
        said.push(textOf(page, id));
      }
    });
    if (!said.length && textOf(page, "hands") !== textOf(document, "hands")) {
      said.push(
        "This table's hands changed (the director, or another phone): the score and the " +
          "hands on this page are as they now stand.",
      );
    }
    return said.join(" ");
  }

  // The captain has started on a hand: the banner, the score and the hands as they now stand,
  // and nothing the captain chose is touched.
  function bringIn(page) {
    var root = document.getElementById("captain");
    var banner = page.getElementById("time-called");
    var here = document.getElementById("time-called");
    if (banner && here) {
      here.replaceWith(document.adoptNode(banner));
    } else if (banner) {
      var region = document.getElementById("said");
      region.parentNode.insertBefore(document.adoptNode(banner), region);
    } else if (here) {
      here.remove();
    }
    ["score", "hands"].forEach(function (id) {
      var fresh = page.getElementById(id);
      var old = document.getElementById(id);
      if (fresh && old) {
        old.replaceWith(document.adoptNode(fresh));
      }
    });
    var finished = page.getElementById("confirmed") || page.getElementById("closed");
    if (finished && !document.getElementById(finished.id)) {
      stopEntry(document.adoptNode(finished));
    }
    var state = page.getElementById("captain");
    root.dataset.state = state ? state.dataset.state : "";
    barNote();
  }

  // The round is closed (or the card now opens another round's table): the form stays as it
  // is, with what was chosen, but can no longer be sent, and the notice says where to go.
  function ended(state) {
    var root = document.getElementById("captain");
    root.dataset.state = state;
    if (document.getElementById("ended")) {
      return;
    }
    var notice = element("p", "", "done");
    notice.id = "ended";
    var game = /bracket/.test(root.dataset.label) ? "This game" : "This round";
    notice.appendChild(
      element("strong", game + " is closed: nothing more can be entered at this table."),
    );
    var entry = document.querySelector("#check, #entry");
    if (entry && working()) {
      notice.appendChild(
        document.createTextNode(" The hand on this page was not recorded: tell the director. "),
      );
    } else {
      notice.appendChild(document.createTextNode(" "));
    }
    var link = element("a", "Open this table card's page to see what comes next");
    link.href = root.dataset.page.split("?")[0];
    notice.appendChild(link);
    var banner = document.getElementById("time-called"); // its "enter it as usual" is no more
    if (banner) {
      banner.remove();
    }
    stopEntry(notice);
    hush();
    announceSoon(notice.textContent);
  }

  // Put a notice where the form is, and take the form's buttons away from the captain: a
  // form begun stays in sight (disabled), an untouched one goes.
  function stopEntry(notice) {
    var entry = document.querySelector("#check, #entry, #confirm");
    var score = document.getElementById("score");
    if (entry) {
      entry.parentNode.insertBefore(notice, entry);
    } else if (score) {
      score.parentNode.insertBefore(notice, score.nextSibling);
    }
    if (!entry) {
      return;
    }
    if (working()) {
      entry.querySelectorAll("button, input, select").forEach(function (control) {
        control.disabled = true;
      });
    } else {
      entry.remove();
    }
  }

  // --- Each time a captain's page is shown --------------------------------------------------

  function start() {
    var root = document.getElementById("captain");
    if (!root) {
      return;
    }
    var form = root.querySelector("#entry form[data-new]");
    if (form) {
      blankEntry = blank(form.closest("#entry"));
      // Reopened with hands still kept: the next hand is the one after them.
      var last = kept().reduce(function (high, entry) {
        return entry.table === root.dataset.table ? Math.max(high, entry.number) : high;
      }, 0);
      if (last >= Number(form.dataset.number)) {
        moveOn(last + 1);
      }
    }
    render("");
    flush();
  }

  start();
  // A fix is a plain form (its Check and its Confirm load a new page): that page opens on the
  // step it is at, as a new hand's does, not at the top with the form screens below.
  if (document.querySelector("#check, #entry form:not([data-new])")) {
    focusStep();
  }
  window.addEventListener("resize", underTheBar);
  window.addEventListener("online", flush);
  window.addEventListener("pageshow", flush);
  setInterval(flush, RETRY_MS);
  setInterval(look, LOOK_MS);
  document.addEventListener("visibilitychange", look); // a phone woken: at once
  window.addEventListener("pageshow", function (event) {
    if (event.persisted) {
      look(); // the page brought back from the browser's history, as it was then
    }
  });
})();
