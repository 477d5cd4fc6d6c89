// The race-night pages fold the site's header to one line on a phone (the board and the move
// need the height); the Menu button unfolds it.
(function () {
  "use strict";
  var header = document.querySelector("[data-header-fold]");
  var toggle = document.querySelector("[data-header-toggle]");
  if (!header || !toggle) {
    return;
  }
  toggle.addEventListener("click", function () {
    var folded = header.classList.toggle("is-folded");
    toggle.setAttribute("aria-expanded", folded ? "false" : "true");
  });
})();
