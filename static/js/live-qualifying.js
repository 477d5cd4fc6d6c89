// Qualifying at the table: each car's lap counted on the page (throws, the clock, overshoot
// squares), kept in the browser's storage so a reload loses nothing; the grid is the engine's,
// asked for after every change. A car starts "not timed" and is sent as a lap not completed
// (never a completed lap of 0 throws), so it starts at the back; its first throw counted makes its
// lap "completed" (or say "not completed"). "Send" shows the grid the sheet will make and sends the formule-de/qualifying@1
// sheet once it is confirmed.
(function () {
  "use strict";
  var root = document.querySelector("[data-qualifying]");
  var dataNode = document.getElementById("qualifying-data");
  if (!root || !dataNode) {
    return;
  }
  var data = JSON.parse(dataNode.textContent);
  var L = data.labels;
  var KEY = "fd-qualifying-2-" + data.race; // 2: laps with a status (not timed, completed, not completed)
  var csrf = (document.cookie.match(/(?:^|; )csrftoken=([^;]+)/) || [])[1] || "";
  var laps = {};
  try {
    laps = JSON.parse(window.localStorage.getItem(KEY) || "{}") || {};
  } catch (e) {
    laps = {};
  }
  var messageNode = document.getElementById("live-message");

  function say(text, kind) {
    messageNode.textContent = text;
    messageNode.className = "live-message is-" + kind;
    messageNode.hidden = false;
  }

  function lapOf(car) {
    var lap = laps[car.car];
    if (!lap) {
      lap = laps[car.car] = { throws: 0, exit: 0, ms: 0, since: null, tyres: car.tyres, weather: "sun", status: "untimed" };
    }
    return lap;
  }

  function elapsed(lap) {
    return lap.ms + (lap.since ? Date.now() - lap.since : 0);
  }

  function clock(ms) {
    var seconds = Math.floor(ms / 1000);
    var rest = seconds % 60;
    return Math.floor(seconds / 60) + ":" + (rest < 10 ? "0" : "") + rest;
  }

  function sheet() {
    return {
      format: "formule-de/qualifying@1",
      circuit: data.circuit,
      laps: data.cars.map(function (car) {
        var lap = lapOf(car);
        return {
          car: car.car,
          throws: lap.throws,
          clock: clock(elapsed(lap)),
          exit_squares: lap.exit,
          tyres: lap.tyres,
          weather: lap.weather,
          completed: lap.status === "done",
        };
      }),
    };
  }

  function post(url, body) {
    return fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRFToken": csrf },
      body: JSON.stringify(body),
    }).then(function (response) {
      return response.json().then(function (json) {
        return { status: response.status, body: json };
      });
    });
  }

  var gridTimer = null;
  function showGrid(body) {
    var known = names();
    data.cars.forEach(function (car) {
      var node = root.querySelector('[data-lap="' + car.car + '"] [data-absolute]');
      var value = body.absolute[car.car];
      var lap = lapOf(car);
      node.textContent =
        lap.status === "untimed" ? L.notTimed + " · " + L.atTheBack
          : value === null || value === undefined ? L.notCompleted + " · " + L.atTheBack
            : L.absolute.replace("{n}", value);
    });
    var grid = document.getElementById("live-grid");
    grid.textContent = "";
    body.grid.forEach(function (slot) {
      grid.appendChild(slotItem(slot, known));
    });
  }
  function slotItem(slot, known) {
    var item = document.createElement("li");
    var lap = laps[slot.car];
    var untimed = !lap || lap.status === "untimed";
    item.setAttribute("data-grid-car", slot.car);
    if (slot.absolute === null) {
      item.className = "is-untimed";
    }
    item.textContent =
      L.car.replace("{car}", slot.car).replace("{driver}", known[slot.car] ? known[slot.car].name : "") + " · " +
      (slot.absolute !== null ? slot.absolute + " · " + slot.clock : (untimed ? L.notTimed : L.notCompleted) + " · " + L.atTheBack);
    return item;
  }
  function names() {
    var out = {};
    data.cars.forEach(function (car) {
      out[car.car] = car;
    });
    return out;
  }
  function fetchGrid() {
    return post(data.urls.grid, sheet()).then(function (answer) {
      if (answer.status !== 200) {
        say(answer.body.detail || String(answer.status), "error");
        return null;
      }
      messageNode.hidden = true;
      showGrid(answer.body);
      return answer.body;
    });
  }
  function askGrid() {
    window.clearTimeout(gridTimer);
    hideConfirm();
    gridTimer = window.setTimeout(function () {
      fetchGrid().catch(function () {
        say(L.offline, "error");
      });
    }, 150);
  }

  function save() {
    try {
      window.localStorage.setItem(KEY, JSON.stringify(laps));
    } catch (e) {
      /* private browsing: the page still works, a reload forgets */
    }
  }

  function render(car) {
    var lap = lapOf(car);
    var card = root.querySelector('[data-lap="' + car.car + '"]');
    card.querySelector("[data-throws]").textContent = String(lap.throws);
    card.querySelector("[data-exit]").textContent = String(lap.exit);
    card.querySelector("[data-clock]").textContent = clock(elapsed(lap));
    card.querySelector('[data-action="clock"]').textContent = lap.since ? L.stop : L.start;
    card.classList.toggle("is-running", Boolean(lap.since));
    card.querySelector('[data-field="tyres"]').value = lap.tyres;
    card.querySelector('[data-field="weather"]').value = lap.weather;
    card.querySelectorAll('[data-field="status"] input').forEach(function (radio) {
      radio.checked = radio.value === lap.status;
    });
    card.classList.toggle("is-untimed", lap.status === "untimed");
  }

  data.cars.forEach(function (car) {
    var card = root.querySelector('[data-lap="' + car.car + '"]');
    card.addEventListener("click", function (event) {
      var action = event.target.closest("[data-action]");
      if (!action) {
        return;
      }
      var lap = lapOf(car);
      switch (action.getAttribute("data-action")) {
        case "clock":
          if (lap.since) {
            lap.ms += Date.now() - lap.since;
            lap.since = null;
          } else {
            lap.since = Date.now();
          }
          break;
        case "throws+":
          lap.throws += 1;
          timing(lap);
          break;
        case "throws-":
          lap.throws = Math.max(0, lap.throws - 1);
          break;
        case "exit+":
          lap.exit += 1;
          break;
        case "exit-":
          lap.exit = Math.max(0, lap.exit - 1);
          break;
        default:
          return;
      }
      save();
      render(car);
      askGrid();
    });
    card.addEventListener("change", function (event) {
      var field = event.target.getAttribute("data-field");
      var lap = lapOf(car);
      if (event.target.closest('[data-field="status"]')) {
        lap.status = event.target.value;
      } else if (field) {
        lap[field] = event.target.value;
      }
      save();
      render(car);
      askGrid();
    });
    render(car);
  });

  window.setInterval(function () {
    data.cars.forEach(function (car) {
      if (lapOf(car).since) {
        root.querySelector('[data-lap="' + car.car + '"] [data-clock]').textContent = clock(elapsed(lapOf(car)));
      }
    });
  }, 250);

  // a lap with a throw counted is a lap completed unless the table says otherwise
  function timing(lap) {
    if (lap.status === "untimed") {
      lap.status = "done";
    }
  }

  var confirmNode = document.getElementById("live-grid-confirm");
  var reviewButton = root.querySelector('[data-action="review"]');
  function hideConfirm() {
    confirmNode.hidden = true;
    reviewButton.hidden = false;
  }

  // "Send": the grid the sheet makes, asked again of the engine, to be confirmed first
  reviewButton.addEventListener("click", function (event) {
    var button = event.currentTarget;
    button.disabled = true;
    fetchGrid()
      .then(function (body) {
        button.disabled = false;
        if (!body) {
          return;
        }
        var list = confirmNode.querySelector("[data-confirm-grid]");
        var known = names();
        list.textContent = "";
        body.grid.forEach(function (slot) {
          list.appendChild(slotItem(slot, known));
        });
        confirmNode.hidden = false;
        button.hidden = true; // one way on from here: confirm, or back to the laps
        confirmNode.querySelector('[data-action="submit"]').focus();
      })
      .catch(function () {
        button.disabled = false;
        say(L.offline, "error");
      });
  });

  confirmNode.querySelector('[data-action="back"]').addEventListener("click", function () {
    hideConfirm();
    reviewButton.focus();
  });

  confirmNode.querySelector('[data-action="submit"]').addEventListener("click", function (event) {
    var button = event.currentTarget;
    button.disabled = true;
    post(data.urls.submit, sheet())
      .then(function (answer) {
        button.disabled = false;
        if (answer.status === 201) {
          window.localStorage.removeItem(KEY);
          say(L.sent, "ok");
          window.location.href = answer.body.page;
          return;
        }
        say(L.refused + " " + (answer.body.detail || answer.status), "error");
      })
      .catch(function () {
        button.disabled = false;
        say(L.offline, "error");
      });
  });
  askGrid();
})();
