// Qualifying at the table: each car's lap counted on the page (throws, the clock, overshoot
// squares), kept in the browser's storage so a reload loses nothing; the grid is the engine's,
// asked for after every change; "Send" submits the formule-de/qualifying@1 sheet.
(function () {
  "use strict";
  var root = document.querySelector("[data-qualifying]");
  var dataNode = document.getElementById("qualifying-data");
  if (!root || !dataNode) {
    return;
  }
  var data = JSON.parse(dataNode.textContent);
  var L = data.labels;
  var KEY = "fd-qualifying-" + data.race;
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
      lap = laps[car.car] = { throws: 0, exit: 0, ms: 0, since: null, tyres: car.tyres, weather: "sun", completed: true };
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
          completed: lap.completed,
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
  function askGrid() {
    window.clearTimeout(gridTimer);
    gridTimer = window.setTimeout(function () {
      post(data.urls.grid, sheet())
        .then(function (answer) {
          if (answer.status !== 200) {
            say(answer.body.detail || String(answer.status), "error");
            return;
          }
          messageNode.hidden = true;
          var names = {};
          data.cars.forEach(function (car) {
            names[car.car] = car;
            var node = root.querySelector('[data-lap="' + car.car + '"] [data-absolute]');
            var value = answer.body.absolute[car.car];
            node.textContent = value === null || value === undefined ? L.notCompleted : L.absolute.replace("{n}", value);
          });
          var grid = document.getElementById("live-grid");
          grid.textContent = "";
          answer.body.grid.forEach(function (slot) {
            var item = document.createElement("li");
            item.setAttribute("data-grid-car", slot.car);
            item.textContent =
              L.car.replace("{car}", slot.car).replace("{driver}", names[slot.car] ? names[slot.car].name : "") + " · " +
              (slot.absolute === null ? L.notCompleted : slot.absolute) + " · " + slot.clock;
            grid.appendChild(item);
          });
        })
        .catch(function () {
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
    card.querySelector('[data-field="completed"]').checked = lap.completed;
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
      if (field === "completed") {
        lap.completed = event.target.checked;
      } else if (field) {
        lap[field] = event.target.value;
      }
      save();
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

  root.querySelector('[data-action="submit"]').addEventListener("click", function (event) {
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
