// Times marked <time data-local> are shown in the visitor's own time zone (the page prints the
// league's); the league's time stays in the title. Without JavaScript the league's time shows.
(function () {
  var lang = document.documentElement.lang || undefined;
  var format = new Intl.DateTimeFormat(lang, { dateStyle: "long", timeStyle: "short" });
  var zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  document.querySelectorAll("time[data-local]").forEach(function (el) {
    var when = new Date(el.getAttribute("datetime"));
    if (isNaN(when)) return;
    el.title = el.textContent.trim();
    el.textContent = format.format(when) + (zone ? " (" + zone + ")" : "");
  });
})();
