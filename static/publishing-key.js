// The publishing key page (templates/publishing/keys.html): "Copy the key" copies the key,
// shown once, to the clipboard. Without script (or clipboard), the key stays in its box to
// select and copy by hand. Written for the same old browsers as captain.js (package.json's
// browserslist): Safari before 13.1 has no clipboard, so it is checked for first.
(function () {
  "use strict";

  document.querySelectorAll("button[data-copy]").forEach(function (button) {
    var box = document.getElementById(button.dataset.copy);
    var said = button.parentElement.querySelector("[data-copied]");
    if (box && navigator.clipboard && navigator.clipboard.writeText) {
      button.hidden = false;
      button.addEventListener("click", function () {
        navigator.clipboard.writeText(box.value).then(
          function () {
            if (said) {
              said.hidden = false;
            }
          },
          function () {
            box.focus();
            box.select();
          }
        );
      });
    }
  });
})();
