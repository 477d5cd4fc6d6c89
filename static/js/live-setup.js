// Race night set-up: who races tonight (the others are non-partants), then each car's wear build,
// added up as it is typed and checked by the engine (the page's wear-check URL asks
// `races.wear.wear_build_problems`), so a wrong build is seen before the race starts. Without
// JavaScript the form is checked when it is sent.
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
      if (fieldset.disabled) {
        return; // a non-partant's car: nothing to check
      }
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
    fieldset.addEventListener("live-setup:shown", check); // ticked again
    check();
  });

  // Who races tonight: an unticked driver's car is folded away and not sent (a non-partant);
  // the ticks are saved at once, so qualifying times only the drivers present and a reload keeps them.
  var presenceUrl = root.getAttribute("data-presence");
  var who = root.querySelector("[data-who-races]");
  var whoStatus = root.querySelector("[data-who-status]");
  var form = root.querySelector("form.live-setup-form");
  var gridTouched = false;
  if (!who || !form) {
    return;
  }
  // the words are the template's, in the reader's language
  var words = {
    whoCount: who.getAttribute("data-words-count"),
    whoSaved: who.getAttribute("data-words-saved"),
    nobody: who.getAttribute("data-words-nobody"),
    offline: who.getAttribute("data-words-offline"),
  };
  root.querySelectorAll('input[name$="-grid"]').forEach(function (input) {
    input.addEventListener("input", function () {
      gridTouched = true;
    });
  });
  function fieldsetOf(box) {
    var car = box.name.replace(/^car-/, "").replace(/-races$/, "");
    return root.querySelector('fieldset[data-car="' + car + '"]');
  }
  function boxes() {
    return Array.prototype.slice.call(who.querySelectorAll('input[type="checkbox"]'));
  }
  // Without a grid from qualifying, the cars that race take the first slots, in the page's order.
  function renumber() {
    if (root.getAttribute("data-qualified") === "1" || gridTouched) {
      return;
    }
    var ticked = boxes().filter(function (box) {
      return box.checked;
    });
    var rest = boxes().filter(function (box) {
      return !box.checked;
    });
    ticked.concat(rest).forEach(function (box, index) {
      var input = fieldsetOf(box) && fieldsetOf(box).querySelector('input[name$="-grid"]');
      if (input) {
        input.value = String(index + 1);
      }
    });
  }
  function show(box) {
    var fieldset = fieldsetOf(box);
    if (fieldset) {
      var was = fieldset.disabled;
      fieldset.hidden = !box.checked;
      fieldset.disabled = !box.checked;
      if (was && box.checked) {
        fieldset.dispatchEvent(new Event("live-setup:shown"));
      }
    }
  }
  function ticked() {
    return boxes().filter(function (box) {
      return box.checked;
    }).length;
  }
  function say(text, wrong) {
    whoStatus.textContent = text;
    whoStatus.className = "live-who-status" + (wrong ? " is-wrong" : "");
  }
  function counted(racing) {
    return (words.whoCount || "{racing} / {all}")
      .replace("{racing}", String(racing))
      .replace("{absent}", String(boxes().length - racing))
      .replace("{all}", String(boxes().length));
  }
  // one save at a time, each with every tick: the last ticks are the ones kept
  var saving = false;
  var again = false;
  function save() {
    if (saving) {
      again = true;
      return;
    }
    saving = true;
    var body = new URLSearchParams();
    var racing = ticked();
    body.set("who-races", "1");
    boxes().forEach(function (box) {
      if (box.checked) {
        body.set(box.name, "on");
      }
    });
    var csrf = form.querySelector('input[name="csrfmiddlewaretoken"]');
    fetch(presenceUrl, {
      method: "POST",
      credentials: "same-origin",
      headers: { Accept: "application/json", "X-CSRFToken": csrf ? csrf.value : "" },
      body: body,
    })
      .then(function (response) {
        return response.json().then(function (answer) {
          if (response.ok) {
            // said once the last ticks are saved, with what was saved
            say(again ? counted(ticked()) : (words.whoSaved || "✓") + " " + counted(racing), false);
          } else {
            say(answer.detail || String(response.status), true);
          }
        });
      })
      .catch(function () {
        say(words.offline || "offline", true);
      })
      .then(function () {
        saving = false;
        if (again) {
          again = false;
          save();
        }
      });
  }
  boxes().forEach(function (box) {
    show(box);
    box.addEventListener("change", function () {
      show(box);
      renumber();
      if (!boxes().some(function (b) { return b.checked; })) {
        say(words.nobody || "", true); // nothing saved: at least one driver races
        return;
      }
      save();
    });
  });
  say(counted(ticked()), false);
})();
