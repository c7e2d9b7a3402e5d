// "Copy the results" on the event page (templates/publishing/_copy_results.html): copies the
// night's results text to the clipboard and says "Copied" in a live region, so a screen reader
// hears it. Where the clipboard is refused (an old browser, plain http on the hall's Wi-Fi, a
// permission denied), the text is selected in its box instead, and the page says to copy it
// by hand. Loaded with defer from the app itself, never inline, so the Content-Security-Policy
// allows it; written for the same old browsers as captain.js (package.json's browserslist).
(function () {
  "use strict";

  var button = document.getElementById("copy-results-button");
  if (!button) {
    return;
  }
  var box = document.getElementById(button.getAttribute("data-copies"));
  var said = document.getElementById("copy-results-said");
  var timer = null;

  function say(text) {
    said.textContent = text;
    window.clearTimeout(timer);
    // Cleared after a while, so a second copy is announced again.
    timer = window.setTimeout(function () {
      said.textContent = "";
    }, 8000);
  }

  function selectAll() {
    box.focus();
    box.select();
    box.setSelectionRange(0, box.value.length); // iOS Safari selects nothing with select()
  }

  function byHand() {
    selectAll();
    // The old way, where the page may still copy a selection: a user's click allows it.
    var copied = false;
    try {
      copied = document.execCommand("copy");
    } catch {
      copied = false;
    }
    say(copied ? "Copied" : "Selected: copy it with Ctrl+C (⌘C on a Mac) or a long press.");
  }

  // The box grows to show every line: the rows the page gives count the lines as written, and
  // a narrow phone, or big text, wraps the long ones.
  function fit() {
    box.style.height = "auto";
    if (box.scrollHeight > box.clientHeight) {
      box.style.height = box.scrollHeight + (box.offsetHeight - box.clientHeight) + "px";
    }
  }
  fit();
  window.addEventListener("resize", fit);

  button.addEventListener("click", function () {
    // Safari before 13.1 has no clipboard: checked for first.
    if (window.isSecureContext && navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(box.value).then(
        function () {
          say("Copied");
        },
        byHand
      );
    } else {
      byHand();
    }
  });
})();
