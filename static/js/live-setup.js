// Race night set-up: each car's wear build is added up as it is typed and checked by the engine
// (the page's wear-check URL asks `races.wear.wear_build_problems`), so a wrong build is seen
// before the race starts. Without JavaScript the form is checked when it is sent.
(function () {
  "use strict";
  var root = document.querySelector("[data-live-setup]");
  if (!root) {
    return;
  }
  var url = root.getAttribute("data-wear-check");
  var PARTS = ["tyres", "brakes", "gearbox", "body", "engine", "handling"];
  root.querySelectorAll("fieldset[data-car]").forEach(function (fieldset) {
    var car = fieldset.getAttribute("data-car");
    var status = fieldset.querySelector("[data-wear-status]");
    var timer = null;
    function inputs() {
      var out = {};
      PARTS.forEach(function (part) {
        var input = fieldset.querySelector('input[name="car-' + car + "-" + part + '"]');
        out[part] = input ? input.value : "";
      });
      return out;
    }
    function check() {
      var values = inputs();
      var total = 0;
      PARTS.forEach(function (part) {
        total += parseInt(values[part], 10) || 0;
      });
      var params = new URLSearchParams(values);
      params.set("car", car);
      fetch(url + "?" + params.toString(), { headers: { Accept: "application/json" }, credentials: "same-origin" })
        .then(function (response) {
          return response.json();
        })
        .then(function (answer) {
          status.textContent = "Σ " + total + (answer.ok ? " ✓" : " — " + (answer.problems || []).join(" "));
          status.className = "live-wear-check " + (answer.ok ? "is-ok" : "is-wrong");
        })
        .catch(function () {
          status.textContent = "Σ " + total;
        });
    }
    fieldset.addEventListener("input", function () {
      window.clearTimeout(timer);
      timer = window.setTimeout(check, 250);
    });
    check();
  });
})();
