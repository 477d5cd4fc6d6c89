// Follows a race sheet's validation without a reload: polls the sheet's JSON once a second while
// it is pending or validating, shows the status as it changes, then reloads the page once for the
// verdict. Without JavaScript the page refreshes itself (<noscript> meta refresh) and has a link.
(function () {
  "use strict";
  var badge = document.getElementById("sheet-status");
  if (!badge || !badge.dataset.poll) {
    return;
  }
  var labelsNode = document.getElementById("sheet-status-labels");
  var labels = labelsNode ? JSON.parse(labelsNode.textContent) : {};
  var waiting = ["pending", "validating"];
  var failures = 0;

  function show(status) {
    badge.className = "badge badge-" + status;
    badge.textContent = labels[status] || status;
  }

  function poll() {
    fetch(badge.dataset.poll, { headers: { Accept: "application/json" }, credentials: "same-origin" })
      .then(function (response) {
        if (!response.ok) {
          throw new Error("HTTP " + response.status);
        }
        return response.json();
      })
      .then(function (sheet) {
        failures = 0;
        show(sheet.status);
        if (waiting.indexOf(sheet.status) === -1) {
          window.location.reload();
          return;
        }
        window.setTimeout(poll, 1000);
      })
      .catch(function () {
        failures += 1;
        window.setTimeout(poll, Math.min(1000 * Math.pow(2, failures), 30000));
      });
  }

  window.setTimeout(poll, 1000);
})();
