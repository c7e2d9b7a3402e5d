// The publishing key page (templates/publishing/keys.html): "Copy the key" copies the key,
// shown once, to the clipboard. Without script (or clipboard), the key stays in its box to
// select and copy by hand.
"use strict";

document.querySelectorAll("button[data-copy]").forEach((button) => {
  const box = document.getElementById(button.dataset.copy);
  const said = button.parentElement.querySelector("[data-copied]");
  if (!box || !navigator.clipboard) return;
  button.hidden = false;
  button.addEventListener("click", () => {
    navigator.clipboard.writeText(box.value).then(
      () => {
        if (said) said.hidden = false;
      },
      () => {
        box.focus();
        box.select();
      },
    );
  });
});
