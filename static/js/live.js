// Race night: the board, the dashboards and the last events follow the table's state (polled);
// at a recording device, the move is built step by step from what the table API offers:
// gear → die → stop → the due d20 tests → posted. The engine decides; this script only asks.
// Data: the #live-data JSON (mode, urls, the state, cars, square centres, labels).
(function () {
  "use strict";
  var root = document.querySelector("[data-live]");
  var dataNode = document.getElementById("live-data");
  if (!root || !dataNode) {
    return;
  }
  var data = JSON.parse(dataNode.textContent);
  var L = data.labels || {};
  var urls = data.urls || {};
  var recording = data.mode === "record";
  var state = data.state;
  var POLL_MS = 1000;

  var stepNode = document.getElementById("live-step");
  var messageNode = document.getElementById("live-message");
  var mapBox = root.querySelector("[data-live-map]");
  var svg = mapBox ? mapBox.querySelector("svg") : null;
  var undoButton = root.querySelector('[data-action="undo"]');
  var finishButton = root.querySelector('[data-action="finish"]');

  // -- words -------------------------------------------------------------------------------------
  function fill(template, values) {
    return String(template || "").replace(/\{(\w+)\}/g, function (match, key) {
      return Object.prototype.hasOwnProperty.call(values, key) ? values[key] : match;
    });
  }

  function driverOf(car) {
    var info = data.cars[car];
    return info ? info.name : "";
  }

  function who(car) {
    return fill(L.car, { car: car, driver: driverOf(car) }).trim();
  }

  function testName(kind) {
    return (L.tests && L.tests[kind]) || kind;
  }

  function costText(cost) {
    var bits = [];
    if (!cost) {
      return L.free;
    }
    var wear = cost.wear || {};
    Object.keys(wear).forEach(function (part) {
      if (wear[part]) {
        bits.push(fill(L.cost, { n: wear[part], part: (data.partLabels[part] || part).toLowerCase() }));
      }
    });
    if (cost.spun) {
      bits.push(L.spun);
    }
    if (cost.out) {
      bits.push(L.out);
    }
    if (cost.penalties) {
      bits.push(fill(L.penalty, { n: cost.penalties }));
    }
    return bits.length ? bits.join(", ") : L.free;
  }

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) {
      node.className = className;
    }
    if (text !== undefined && text !== null) {
      node.textContent = text;
    }
    return node;
  }

  // -- messages ----------------------------------------------------------------------------------
  function say(text, kind, items, retry) {
    if (!messageNode) {
      return;
    }
    messageNode.textContent = "";
    messageNode.className = "live-message is-" + (kind || "info");
    messageNode.appendChild(el("p", "", text));
    if (items && items.length) {
      var list = el("ul");
      items.forEach(function (item) {
        list.appendChild(el("li", "", item));
      });
      messageNode.appendChild(list);
    }
    if (retry) {
      var again = el("button", "button live-secondary", L.retry);
      again.type = "button";
      again.addEventListener("click", retry);
      messageNode.appendChild(again);
    }
    messageNode.hidden = false;
  }

  function quiet() {
    if (messageNode) {
      messageNode.hidden = true;
      messageNode.textContent = "";
    }
  }

  function violationTexts(body) {
    return ((body && body.violations) || []).map(function (v) {
      var where = [];
      if (v.turn) {
        where.push(fill(L.turn, { turn: v.turn }));
      }
      if (v.car) {
        where.push(who(v.car));
      }
      return (where.length ? where.join(", ") + ": " : "") + (v.message || v.code) + (v.rule ? " (" + v.rule + ")" : "");
    });
  }

  // -- the API -----------------------------------------------------------------------------------
  function api(method, url, body) {
    var options = { method: method, headers: { Accept: "application/json" }, credentials: "same-origin" };
    if (method !== "GET") {
      options.headers["X-CSRFToken"] = data.csrf;
    }
    if (body !== undefined) {
      options.headers["Content-Type"] = "application/json";
      options.body = JSON.stringify(body);
    }
    return fetch(url, options).then(function (response) {
      return response.text().then(function (text) {
        var parsed = null;
        try {
          parsed = text ? JSON.parse(text) : null;
        } catch (e) {
          parsed = { detail: text.slice(0, 200) };
        }
        return { status: response.status, ok: response.ok, body: parsed };
      });
    });
  }

  function withQuery(url, params) {
    var query = Object.keys(params)
      .map(function (key) {
        return encodeURIComponent(key) + "=" + encodeURIComponent(params[key]);
      })
      .join("&");
    return url + (url.indexOf("?") >= 0 ? "&" : "?") + query;
  }

  // -- the board and the dashboards --------------------------------------------------------------
  var marks = {};
  if (svg) {
    svg.querySelectorAll(".car[data-car]").forEach(function (node) {
      marks[node.getAttribute("data-car")] = node;
    });
  }

  function place(car, square) {
    var node = marks[car];
    var centre = data.centres[square];
    if (!node || !centre) {
      return;
    }
    node.style.transform = "translate(" + centre[0] + "px, " + centre[1] + "px)";
    node.setAttribute("data-square", square);
  }

  function follow(square) {
    var centre = data.centres[square];
    if (!mapBox || !svg || !centre || mapBox.scrollWidth <= mapBox.clientWidth + 1) {
      return;
    }
    var box = svg.viewBox.baseVal;
    var x = ((centre[0] - box.x) / box.width) * svg.getBoundingClientRect().width;
    mapBox.scrollTo({ left: Math.max(0, x - mapBox.clientWidth / 2), behavior: "smooth" });
  }

  function statusText(car) {
    if (car.status === "racing") {
      return L.racing;
    }
    if (car.status === "finished") {
      return L.carFinished;
    }
    return fill(L.carOut, { cause: car.cause || car.status });
  }

  // A car past the line may have no square in the state: it stays where it was last seen.
  var lastKnown = {};

  function renderDashboards() {
    var list = document.getElementById("live-dashboards");
    var toPlay = state.to_play && state.to_play.car;
    var position = {};
    (state.order || []).forEach(function (car, n) {
      position[car] = n + 1;
    });
    (state.cars || []).forEach(function (car) {
      var item = list && list.querySelector('[data-dash="' + car.car + '"]');
      var square = car.square || car.last_square || lastKnown[car.car];
      if (square) {
        lastKnown[car.car] = square;
      }
      if (square) {
        place(car.car, square);
      }
      if (marks[car.car]) {
        marks[car.car].classList.toggle("is-to-play", car.car === toPlay);
        marks[car.car].classList.toggle("is-out", car.status !== "racing" && car.status !== "finished");
        marks[car.car].classList.toggle("is-finished", car.status === "finished");
        marks[car.car].classList.toggle("is-racing", car.status === "racing");
      }
      if (!item) {
        return;
      }
      item.classList.toggle("is-to-play", car.car === toPlay);
      item.querySelector("[data-pos]").textContent = position[car.car] ? fill(L.position, { n: position[car.car] }) : "";
      item.querySelector("[data-gear]").textContent = car.gear ? fill(L.gear, { gear: car.gear }) : "";
      item.querySelector("[data-square]").textContent = square || "";
      item.querySelector("[data-status]").textContent = statusText(car);
      Object.keys(car.wear || {}).forEach(function (part) {
        var cell = item.querySelector('[data-part="' + part + '"] dd');
        if (cell && cell.textContent !== String(car.wear[part])) {
          cell.textContent = String(car.wear[part]);
          cell.parentNode.classList.remove("is-changed");
          void cell.parentNode.offsetWidth; // restart the highlight
          cell.parentNode.classList.add("is-changed");
        }
      });
    });
    if (list) {
      (state.order || []).forEach(function (car) {
        var item = list.querySelector('[data-dash="' + car + '"]');
        if (item) {
          list.appendChild(item);
        }
      });
    }
  }

  function renderHeader() {
    var turn = document.getElementById("live-turn");
    var lap = document.getElementById("live-lap");
    var toPlay = document.getElementById("live-to-play");
    turn.textContent = state.turn ? fill(L.turn, { turn: state.turn }) : "";
    lap.textContent = state.lap ? fill(L.lap, { lap: state.lap, laps: state.laps }) : "";
    if (state.to_play && state.to_play.car) {
      toPlay.textContent = fill(L.toPlay, { car: state.to_play.car, driver: driverOf(state.to_play.car) });
    } else if (state.status === "over") {
      toPlay.textContent = L.over;
    } else if (state.status === "finished") {
      toPlay.textContent = L.finished;
    } else {
      toPlay.textContent = "";
    }
  }

  function renderEvents() {
    var list = document.getElementById("live-events");
    var events = (state.events || []).slice(-8).reverse();
    list.textContent = "";
    if (!events.length) {
      list.appendChild(el("li", "empty", L.noEvents));
      return;
    }
    events.forEach(function (event) {
      var item = el("li");
      if (event.turn) {
        item.appendChild(el("span", "note", fill(L.turn, { turn: event.turn }) + " "));
      }
      if (event.car) {
        item.appendChild(el("strong", "", event.car + " "));
      }
      item.appendChild(document.createTextNode(event.message || event.kind));
      list.appendChild(item);
    });
  }

  function renderAll() {
    renderHeader();
    renderDashboards();
    renderEvents();
    var toPlay = state.to_play && state.to_play.car;
    var car = (state.cars || []).filter(function (c) {
      return c.car === toPlay;
    })[0];
    if (car && car.square) {
      follow(car.square);
    }
    if (undoButton) {
      undoButton.disabled = !state.steps || state.status === "finished";
    }
    if (finishButton) {
      finishButton.hidden = state.status !== "over";
    }
    var updated = document.getElementById("live-updated");
    if (updated) {
      updated.textContent = fill(L.updated, { time: new Date().toLocaleTimeString() });
    }
  }

  // A car that left the track (finished, out) has no square in the state: ask once per step
  // where the stored moves left it, so every board shows it where it stopped.
  var stoppedAsked = -1;

  function askStopped() {
    var gone = (state.cars || []).some(function (car) {
      return !car.square && !car.last_square && car.status !== "racing";
    });
    if (!gone || !urls.lastSquares || stoppedAsked === state.steps) {
      return;
    }
    stoppedAsked = state.steps;
    api("GET", urls.lastSquares)
      .then(function (answer) {
        if (!answer.ok) {
          return;
        }
        Object.keys(answer.body.last || {}).forEach(function (car) {
          var now = (state.cars || []).filter(function (c) {
            return c.car === car;
          })[0];
          if (now && !now.square && !now.last_square) {
            lastKnown[car] = answer.body.last[car];
          }
        });
        renderDashboards();
      })
      .catch(function () {
        stoppedAsked = -1;
      });
  }

  // Keep every event seen: the poll asks only for the new ones.
  function adopt(next, partial) {
    if (partial && state && next.events) {
      var upTo = Math.min(partial.from || 0, next.steps);
      var seen = (state.events || []).filter(function (e) {
        return e.step < upTo;
      });
      next.events = seen.concat(next.events);
    }
    var changed = !state || next.steps !== state.steps || next.status !== state.status;
    state = next;
    renderAll();
    askStopped();
    return changed;
  }

  // -- polling: the watchers, and a recording device that another device may overtake ------------
  var busy = false;
  var pollTimer = null;

  function poll() {
    if (busy || document.hidden) {
      return;
    }
    var from = state ? state.steps : 0;
    api("GET", withQuery(urls.state, { events: from }))
      .then(function (answer) {
        if (!answer.ok || busy) {
          return;
        }
        var moved = adopt(answer.body, { from: from });
        if (moved && recording) {
          startMove();
        }
      })
      .catch(function () {
        /* the next poll tries again */
      });
  }

  // -- the move at a recording device ------------------------------------------------------------
  var move = null; // the race-log@1 move being built
  var stopsShown = [];

  function clearStops() {
    stopsShown.forEach(function (square) {
      var polygon = svg && svg.querySelector('polygon[data-sq="' + square + '"]');
      if (polygon) {
        polygon.classList.remove("is-stop");
      }
    });
    stopsShown = [];
  }

  function panel(title) {
    clearStops();
    stepNode.textContent = "";
    var heading = el("h3", "live-step-title", title);
    heading.tabIndex = -1;
    stepNode.appendChild(heading);
    return heading;
  }

  function button(text, sub, onClick, className) {
    var node = el("button", "button live-choice" + (className ? " " + className : ""));
    node.type = "button";
    node.appendChild(el("span", "choice-main", text));
    if (sub) {
      node.appendChild(el("span", "choice-sub", sub));
    }
    node.addEventListener("click", onClick);
    return node;
  }

  function focusFirst(selector) {
    var node = stepNode.querySelector(selector);
    if (node) {
      node.focus();
    }
    return Boolean(node);
  }

  function startMove() {
    move = null;
    clearStops();
    if (!recording || !stepNode) {
      return;
    }
    if (!state.to_play) {
      panel(state.status === "finished" ? L.finished : L.over);
      return;
    }
    busy = true;
    api("GET", urls.choices)
      .then(function (answer) {
        busy = false;
        if (!answer.ok) {
          say(fill(L.error, { detail: (answer.body && answer.body.detail) || answer.status }), "error", null, startMove);
          return;
        }
        showGears(answer.body);
      })
      .catch(function () {
        busy = false;
        say(L.offline, "error", null, startMove);
      });
  }

  function showGears(choices) {
    var toPlay = state.to_play;
    if (choices.restart_due || (toPlay && toPlay.restart_due)) {
      panel(L.restart);
      stepNode.appendChild(
        button(L.restart, "", function () {
          send(urls.restart, { restart: { pits: [] }, expected: state.steps });
        })
      );
      focusFirst("button");
      return;
    }
    if (choices.wait || (toPlay && toPlay.wait)) {
      var wait = choices.wait || toPlay.wait;
      panel(fill(L.wait, { car: toPlay.car }));
      stepNode.appendChild(
        button(L.confirm, "", function () {
          post({ car: toPlay.car, wait: wait });
        })
      );
      focusFirst("button");
      return;
    }
    var gears = choices.gears || { choices: [] };
    panel(L.chooseGear + " · " + who(choices.car || toPlay.car));
    var row = el("div", "live-gears");
    (gears.choices || []).forEach(function (choice) {
      var sub = [];
      ["gearbox", "brakes", "engine"].forEach(function (part) {
        if (choice[part]) {
          sub.push(fill(L.cost, { n: choice[part], part: (data.partLabels[part] || part).toLowerCase() }));
        }
      });
      if (choice.eliminates) {
        sub.push(L.eliminates);
      }
      var node = button(String(choice.gear), sub.length ? sub.join(", ") : L.free, function () {
        askRoll(choices.car || toPlay.car, choice.gear);
      }, "live-gear" + (choice.gear === gears.current ? " is-current" : ""));
      node.setAttribute("data-gear", choice.gear);
      row.appendChild(node);
    });
    stepNode.appendChild(row);
    if (!focusFirst(".live-gear.is-current")) {
      focusFirst(".live-gear");
    }
  }

  function numberForm(label, min, max, onValue, die) {
    var form = el("form", "live-number");
    var id = "live-number-" + Date.now();
    var caption = el("label", "", label);
    caption.setAttribute("for", id);
    var input = el("input");
    input.type = "number";
    input.inputMode = "numeric";
    input.id = id;
    input.min = String(min);
    input.max = String(max);
    input.required = true;
    input.autocomplete = "off";
    var ok = el("button", "button live-big", L.ok);
    ok.type = "submit";
    form.appendChild(caption);
    form.appendChild(input);
    form.appendChild(ok);
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var value = parseInt(input.value, 10);
      if (isNaN(value) || value < min || value > max) {
        input.setAttribute("aria-invalid", "true");
        say(label + ": " + min + "–" + max, "error");
        input.focus();
        return;
      }
      quiet();
      onValue(value, false);
    });
    stepNode.appendChild(form);
    var roll = button(L.rollForMe, "", function () {
      var body = new URLSearchParams();
      body.set("die", die);
      fetch(urls.roll, {
        method: "POST",
        credentials: "same-origin",
        headers: { "X-CSRFToken": data.csrf, Accept: "application/json" },
        body: body,
      })
        .then(function (response) {
          return response.json();
        })
        .then(function (answer) {
          input.value = String(answer.roll);
          say(label + ": " + answer.roll + " (" + L.rolledBySite + ")", "info");
          onValue(answer.roll, true);
        })
        .catch(function () {
          say(L.offline, "error");
        });
    }, "live-secondary");
    stepNode.appendChild(roll);
    input.focus();
    return input;
  }

  function backButton(onClick) {
    stepNode.appendChild(button(L.back, "", onClick, "live-secondary live-back"));
  }

  function askRoll(car, gear) {
    var range = data.faces[String(gear)] || [1, 30];
    panel(fill(L.typeRoll, { gear: gear, low: range[0], high: range[1] }) + " · " + who(car));
    numberForm(fill(L.typeRoll, { gear: gear, low: range[0], high: range[1] }), range[0], range[1], function (roll) {
      askStop(car, gear, roll);
    }, String(gear));
    backButton(startMove);
  }

  function wayText(way) {
    var bits = [];
    if (way.brake) {
      bits.push(fill(L.brake, { n: way.brake }));
    }
    if (way.bonus) {
      bits.push(fill(L.bonus, { n: way.bonus }));
    }
    if (way.slipstream) {
      bits.push(fill(L.slipstream, { n: way.slipstream }));
    }
    bits.push(costText(way.cost));
    return bits.join(" · ");
  }

  function askStop(car, gear, roll) {
    busy = true;
    api("GET", withQuery(urls.choices, { gear: gear, roll: roll }))
      .then(function (answer) {
        busy = false;
        if (!answer.ok) {
          say(answer.body && answer.body.detail ? answer.body.detail : fill(L.error, { detail: answer.status }), "error", violationTexts(answer.body));
          askRoll(car, gear);
          return;
        }
        var stops = answer.body.stops || [];
        panel(L.chooseStop + " · " + who(car) + " · " + fill(L.gear, { gear: gear }) + " · " + roll);
        if (!stops.length) {
          stepNode.appendChild(el("p", "note", L.noStop));
        }
        var list = el("div", "live-stops");
        var bySquare = {};
        stops.forEach(function (stop) {
          var ways = [stop.way].concat(stop.matters ? stop.alternatives || [] : []);
          ways.forEach(function (way, n) {
            var node = button(
              fill(L.stop, { square: stop.square }) + (n ? " (" + L.otherWay + ")" : ""),
              wayText(way),
              function () {
                chooseWay(way);
              },
              "live-stop"
            );
            node.setAttribute("data-square", stop.square);
            node.setAttribute("data-brake", String(way.brake || 0));
            list.appendChild(node);
          });
          bySquare[stop.square] = stop.way;
          var polygon = svg && svg.querySelector('polygon[data-sq="' + stop.square + '"]');
          if (polygon) {
            polygon.classList.add("is-stop");
            stopsShown.push(stop.square);
          }
        });
        stepNode.appendChild(list);
        backButton(function () {
          askRoll(car, gear);
        });
        // One tap on a lit square chooses its cheapest way.
        boardPick = function (square) {
          if (bySquare[square]) {
            chooseWay(bySquare[square]);
          }
        };
        if (stops.length) {
          follow(stops[0].square);
        }
        focusFirst(".live-stop");
      })
      .catch(function () {
        busy = false;
        say(L.offline, "error", null, function () {
          askStop(car, gear, roll);
        });
      });
  }

  var boardPick = null;
  if (svg && recording) {
    svg.addEventListener("click", function (event) {
      var polygon = event.target.closest ? event.target.closest("polygon[data-sq]") : null;
      if (polygon && boardPick && polygon.classList.contains("is-stop")) {
        boardPick(polygon.getAttribute("data-sq"));
      }
    });
  }

  function chooseWay(way) {
    boardPick = null;
    move = JSON.parse(JSON.stringify(way.move));
    move.tests = move.tests || [];
    askTests();
  }

  function askTests() {
    busy = true;
    api("GET", withQuery(urls.choices, { move: JSON.stringify(move) }))
      .then(function (answer) {
        busy = false;
        if (!answer.ok) {
          say(L.refused, "error", violationTexts(answer.body).concat(answer.body && !answer.body.violations ? [answer.body.detail] : []));
          startMove();
          return;
        }
        var due = (answer.body.tests && answer.body.tests.due) || [];
        if (!due.length) {
          post(move);
          return;
        }
        var test = due[0];
        var roller = test.car || move.car;
        panel(fill(L.test, { who: who(roller), test: testName(test.kind) }));
        numberForm(fill(L.typeTest, { test: testName(test.kind) }), 1, 20, function (roll) {
          var entry = { test: test.kind, roll: roll };
          if (test.car && test.car !== move.car) {
            entry.car = test.car;
          }
          if (test.square) {
            entry.square = test.square;
          }
          move.tests.push(entry);
          askTests();
        }, "d20");
        backButton(startMove);
      })
      .catch(function () {
        busy = false;
        say(L.offline, "error", null, askTests);
      });
  }

  function post(body) {
    send(urls.moves, { move: body, expected: state.steps });
  }

  function send(url, body) {
    busy = true;
    api("POST", url, body)
      .then(function (answer) {
        busy = false;
        if (answer.status === 201 || answer.status === 200) {
          quiet();
          var played = body.move;
          if (played && played.path && played.path.length) {
            lastKnown[played.car] = played.path[played.path.length - 1];
          } else if (played && played.to) {
            lastKnown[played.car] = played.to;
          }
          adopt(answer.body);
          say(L.played, "ok");
          startMove();
          return;
        }
        if (answer.status === 409 && answer.body && answer.body.state) {
          adopt(answer.body.state);
          say(L.conflict, "error");
          startMove();
          return;
        }
        if (answer.status === 400 && answer.body && answer.body.tests_due && answer.body.tests_due.length && move) {
          askTests();
          return;
        }
        say(L.refused, "error", violationTexts(answer.body).concat(answer.body && !answer.body.violations ? [answer.body.detail] : []));
        startMove();
      })
      .catch(function () {
        busy = false;
        // Nothing stored: the same move can be sent again as it is.
        say(L.offline, "error", null, function () {
          send(url, body);
        });
      });
  }

  if (undoButton) {
    undoButton.addEventListener("click", function () {
      busy = true;
      api("DELETE", withQuery(urls.last, { expected: state.steps }))
        .then(function (answer) {
          busy = false;
          if (answer.ok) {
            adopt(answer.body);
            say(L.undone, "ok");
          } else if (answer.body && answer.body.state) {
            adopt(answer.body.state);
            say(answer.body.detail || L.conflict, "error");
          } else {
            say(fill(L.error, { detail: (answer.body && answer.body.detail) || answer.status }), "error");
          }
          startMove();
        })
        .catch(function () {
          busy = false;
          say(L.offline, "error");
        });
    });
  }

  if (finishButton) {
    finishButton.addEventListener("click", function () {
      busy = true;
      finishButton.disabled = true;
      api("POST", urls.finish, {})
        .then(function (answer) {
          busy = false;
          finishButton.disabled = false;
          if (answer.ok && answer.body) {
            window.location.href = answer.body.page || answer.body.url || urls.race;
            return;
          }
          say(fill(L.error, { detail: (answer.body && answer.body.detail) || answer.status }), "error");
        })
        .catch(function () {
          busy = false;
          finishButton.disabled = false;
          say(L.offline, "error");
        });
    });
  }

  renderAll();
  if (recording) {
    startMove();
  }
  pollTimer = window.setInterval(poll, POLL_MS);
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden) {
      poll();
    }
  });
})();
