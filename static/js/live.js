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
  // A remote table (issue 26): each driver plays his own car in its turn, the site rolls every die.
  var remote = data.remote || null;

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

  // How the table names a square (corner, lane, row); the id stays in the log and the attributes.
  function nameOf(square) {
    return (data.names && data.names[square]) || square || "";
  }

  var pitLane = {};
  (data.pitLane || []).forEach(function (square) {
    pitLane[square] = true;
  });

  function inPitLane(square) {
    return Boolean(pitLane[square]);
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

  // A board on its picture: at phone size the view is framed on the car to play and the squares
  // it may stop on, big enough to tap; a button shows the whole board (and back).
  // A drawn board is framed the same way on a phone (not on the TV view: the whole board, large).
  var narrow = window.matchMedia ? window.matchMedia("(max-width: 40rem)").matches : false;
  var pictureBoard = Boolean(svg && (data.picture || (narrow && !data.tv)));
  if (pictureBoard && mapBox) {
    mapBox.classList.add("is-framed", "is-zoomed");
  }
  var zoomButton = mapBox ? mapBox.querySelector('[data-action="zoom"]') : null;
  var wholeBox = svg ? svg.getAttribute("viewBox") : "";
  var zoomed = pictureBoard;
  var TAP_PX = 56; // a square's size on the screen when framed (a finger's width and more)
  var MIN_PX = 44; // never smaller when many stops are lit: the far ones are in the list
  var SQUARE_UNITS = 10; // a square in the SVG's units (circuits/drawing.py SCALE)

  function toPlaySquare() {
    var toPlay = state.to_play && state.to_play.car;
    var car = (state.cars || []).filter(function (c) {
      return c.car === toPlay;
    })[0];
    return car ? car.square || car.last_square : null;
  }

  var spareFocus = null; // the retired car whose spare car's move is being built

  function lastSquareOf(car) {
    var info = (state.cars || []).filter(function (c) {
      return c.car === car;
    })[0];
    return info ? info.square || info.last_square : null;
  }

  function frame() {
    if (!pictureBoard) {
      return;
    }
    mapBox.classList.toggle("is-zoomed", zoomed);
    if (zoomButton) {
      zoomButton.hidden = false;
      zoomButton.setAttribute("aria-pressed", zoomed ? "true" : "false");
      zoomButton.textContent = zoomButton.getAttribute(zoomed ? "data-zoomed" : "data-whole");
    }
    // a spare car's move (A5) is framed on its stand, where the spare car leaves from
    var focus = spareFocus ? (data.stands || {})[spareFocus] || lastSquareOf(spareFocus) : toPlaySquare();
    var squares = [focus].concat(stopsShown).filter(function (sq) {
      return sq && data.centres[sq];
    });
    var whole = wholeBox.split(/\s+/).map(Number);
    var rect = svg.getBoundingClientRect();
    if (!zoomed || !squares.length || !rect.width || !rect.height) {
      svg.setAttribute("viewBox", wholeBox);
      return;
    }
    var xs = squares.map(function (sq) { return data.centres[sq][0]; });
    var ys = squares.map(function (sq) { return data.centres[sq][1]; });
    var pad = SQUARE_UNITS * 1.2;
    var x0 = Math.min.apply(null, xs) - pad;
    var x1 = Math.max.apply(null, xs) + pad;
    var y0 = Math.min.apply(null, ys) - pad;
    var y1 = Math.max.apply(null, ys) + pad;
    // at least wide enough for a square to be TAP_PX on the screen, in the box's own shape
    var aspect = rect.width / rect.height;
    var width = Math.max(x1 - x0, (y1 - y0) * aspect, (rect.width / TAP_PX) * SQUARE_UNITS);
    width = Math.min(width, (rect.width / MIN_PX) * SQUARE_UNITS);
    var height = width / aspect;
    width = Math.min(width, whole[2]);
    height = Math.min(height, whole[3]);
    var cx = (x0 + x1) / 2;
    var cy = (y0 + y1) / 2;
    // too many stops to show them all big enough: the car stays in the frame
    var car = data.centres[squares[0]];
    if (car) {
      cx = Math.min(Math.max(cx, car[0] - width / 2 + pad), car[0] + width / 2 - pad);
      cy = Math.min(Math.max(cy, car[1] - height / 2 + pad), car[1] + height / 2 - pad);
    }
    cx = Math.min(Math.max(cx, whole[0] + width / 2), whole[0] + whole[2] - width / 2);
    cy = Math.min(Math.max(cy, whole[1] + height / 2), whole[1] + whole[3] - height / 2);
    svg.setAttribute("viewBox", [cx - width / 2, cy - height / 2, width, height].map(function (v) {
      return Math.round(v * 10) / 10;
    }).join(" "));
  }

  if (zoomButton) {
    zoomButton.addEventListener("click", function () {
      zoomed = !zoomed;
      frame();
    });
  }

  function follow(square) {
    if (pictureBoard) {
      frame();
      return;
    }
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
    return fill(L.carOut, { cause: (L.causes && L.causes[car.cause]) || car.cause || car.status });
  }

  function renderDashboards() {
    var list = document.getElementById("live-dashboards");
    var toPlay = state.to_play && state.to_play.car;
    var position = {};
    (state.order || []).forEach(function (car, n) {
      position[car] = n + 1;
    });
    (state.cars || []).forEach(function (car) {
      var item = list && list.querySelector('[data-dash="' + car.car + '"]');
      // a car past the line (or out) has no square, but the state says where it stopped last
      var square = car.square || car.last_square;
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
      item.classList.toggle("is-out", car.status !== "racing" && car.status !== "finished");
      item.classList.toggle("is-finished", car.status === "finished");
      item.classList.toggle("is-racing", car.status === "racing");
      item.querySelector("[data-pos]").textContent = position[car.car] ? fill(L.position, { n: position[car.car] }) : "";
      item.querySelector("[data-gear]").textContent = car.gear ? fill(L.gear, { gear: car.gear }) : "";
      item.querySelector("[data-square]").textContent = square || "";
      var named = item.querySelector("[data-square-name]");
      if (named) {
        named.textContent = square && nameOf(square) !== square ? nameOf(square) : "";
      }
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
    // a remote table: each step the autopilot played is said, flagged, among the events
    var played = autopilotSteps();
    var events = (state.events || []).concat(Object.keys(played).map(function (step) {
      var a = played[step];
      return { step: a.step, car: a.car, message: fill(L.autopilotPlayed, { car: a.car }), auto: true };
    })).sort(function (a, b) {
      return (a.step || 0) - (b.step || 0);
    }).slice(-8).reverse();
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
      linkRules(item, event.message || event.kind, event.rules);
      if (event.auto) {
        item.appendChild(document.createTextNode(" "));
        item.appendChild(el("span", "live-badge live-autopilot", L.autopilot));
      }
      list.appendChild(item);
    });
  }

  // An event's text with each rule it is about (`rules`: id and rules-page address) as a link.
  function linkRules(item, text, rules) {
    var links = {};
    (rules || []).forEach(function (r) {
      links[r.rule] = r.url;
    });
    var ids = Object.keys(links);
    if (!ids.length) {
      item.appendChild(document.createTextNode(text));
      return;
    }
    var pattern = new RegExp("\\b(" + ids.map(function (id) {
      return id.replace(/[-]/g, "\\-");
    }).join("|") + ")\\b", "g");
    var last = 0;
    var linked = {};
    function link(id) {
      var a = el("a", "rule-id", id);
      a.href = links[id];
      a.setAttribute("translate", "no");
      linked[id] = true;
      return a;
    }
    text.replace(pattern, function (found, id, at) {
      item.appendChild(document.createTextNode(text.slice(last, at)));
      item.appendChild(link(id));
      last = at + found.length;
      return found;
    });
    item.appendChild(document.createTextNode(text.slice(last)));
    ids.forEach(function (id) {  // a rule the words do not name (an event's code's own)
      if (!linked[id]) {
        item.appendChild(document.createTextNode(" "));
        item.appendChild(link(id));
      }
    });
  }

  // The steps the site played for their drivers (a remote table's autopilot), by step.
  function autopilotSteps() {
    var steps = {};
    (state.autopilot || []).forEach(function (a) {
      steps[a.step] = a;
    });
    return steps;
  }

  function renderAll() {
    renderHeader();
    renderDashboards();
    renderEvents();
    renderRemote();
    var toPlay = state.to_play && state.to_play.car;
    var car = (state.cars || []).filter(function (c) {
      return c.car === toPlay;
    })[0];
    if (car && car.square) {
      follow(car.square);
    } else if (pictureBoard) {
      frame();
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
    if (next.status === "closed" && next.replaced_by) {
      // a steward opened another table for the race: follow the one being recorded
      var page = next.replaced_by.page;
      window.location.assign(data.tv ? page.replace(/\/?$/, "/tv/") : page);
    }
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
  // The move being built is a draft kept in the browser's storage under the table and its step
  // count, so a reload (or a flat battery) brings back the gear, the die, the pit stop, the
  // experience and the rolls typed so far. It is dropped once the move is stored or undone.
  var draft = null; // {steps, car, gear, roll, extra: {pit, xp, option}, pitRoll, move}
  var stopsShown = [];
  var tyreKinds = data.tyres;

  // The controls of the season's options (the engine's `OptionSpec.controls`, in its order), by
  // the log field each fills: what the season does not play has none, and is not offered.
  var optionControls = {};
  data.controls.forEach(function (c) {
    optionControls[c.key] = c;
  });

  function control(key) {
    return optionControls[key] || null;
  }

  // What a gear choice asks of the move's options: a gear choice's list named like an option's
  // key narrows that option's choice (A13's 7 → 2: `overrev`, the parts that may pay its point).
  function gearAsks(choice) {
    var asks = {};
    data.controls.forEach(function (c) {
      var key = c.key.split(".")[1];
      if (c.key.indexOf("option.") === 0 && Array.isArray(choice[key])) {
        asks[key] = choice[key];
      }
    });
    return asks;
  }

  function draftKey() {
    return "live-draft-" + data.table + "-" + (state ? state.steps : 0);
  }

  function saveDraft() {
    if (!draft) {
      return;
    }
    try {
      window.localStorage.setItem(draftKey(), JSON.stringify(draft));
    } catch (e) {
      /* private mode: the draft lives in the page only */
    }
  }

  function loadDraft() {
    try {
      var saved = JSON.parse(window.localStorage.getItem(draftKey()) || "null");
      return saved && saved.steps === state.steps ? saved : null;
    } catch (e) {
      return null;
    }
  }

  function dropDrafts() {
    try {
      Object.keys(window.localStorage).forEach(function (key) {
        if (key.indexOf("live-draft-" + data.table + "-") === 0) {
          window.localStorage.removeItem(key);
        }
      });
    } catch (e) {
      /* nothing kept */
    }
  }

  function clearStops() {
    stopsShown.forEach(function (square) {
      var polygon = svg && svg.querySelector('polygon[data-sq="' + square + '"]');
      if (polygon) {
        polygon.classList.remove("is-stop", "is-out-stop", "is-stand-stop");
      }
    });
    if (svg) {
      svg.querySelectorAll(".stop-label").forEach(function (label) {
        label.parentNode.removeChild(label);
      });
    }
    stopsShown = [];
    frame();
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
      node.focus({ preventScroll: true }); // the board and the choices stay where they are
    }
    return Boolean(node);
  }

  function startMove(fresh) {
    draft = null;
    spareFocus = null;
    clearStops();
    if (!recording || !stepNode) {
      return;
    }
    if (!state.to_play) {
      panel(state.status === "finished" ? L.finished : L.over);
      if (state.status === "over") {
        spareButtons(); // A5: every car out, a spare car may still leave its stand
      }
      return;
    }
    if (remote && !myTurn()) {
      panel(L.remoteWatch);
      return;
    }
    if (remote && remoteResume()) {
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
        var saved = fresh === true ? null : loadDraft();
        // a spare car's move (A5) is not the car to play's: its draft comes back all the same
        if (saved && (saved.car === answer.body.car || saved.spare)) {
          resume(saved, answer.body);
          return;
        }
        showGears(answer.body);
      })
      .catch(function () {
        busy = false;
        say(L.offline, "error", null, startMove);
      });
  }

  // Back to where the draft stopped: the tests, the stops, the pit roll or the die.
  function resume(saved, choices) {
    draft = saved;
    say(L.resumed, "info");
    if (draft.move) {
      askTests();
    } else if (draft.spare) {
      askSpare(draft.car);
    } else if (draft.roll !== null && draft.roll !== undefined) {
      afterRoll();
    } else if (draft.gear) {
      askRoll();
    } else {
      showGears(choices);
    }
  }

  function showGears(choices) {
    var toPlay = state.to_play;
    if (choices.restart_due || (toPlay && toPlay.restart_due)) {
      showRestart();
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
    var car = choices.car || toPlay.car;
    panel(L.chooseGear + " · " + who(car));
    var row = el("div", "live-gears");
    (gears.choices || []).forEach(function (choice) {
      var sub = [];
      ["gearbox", "brakes", "engine"].forEach(function (part) {
        if (choice[part]) {
          sub.push(fill(L.cost, { n: choice[part], part: (data.partLabels[part] || part).toLowerCase() }));
        }
      });
      if ((choice.overrev || []).length) {
        sub.push(L.overrevCost);
      }
      var node = button(String(choice.gear), sub.length ? sub.join(", ") : L.free, function () {
        draft = { steps: state.steps, car: car, gear: choice.gear, roll: null, extra: {}, pitRoll: null, move: null, asks: gearAsks(choice) };
        saveDraft();
        askRoll();
      }, "live-gear" + (choice.gear === gears.current ? " is-current" : ""));
      node.setAttribute("data-gear", choice.gear);
      row.appendChild(node);
    });
    stepNode.appendChild(row);
    spareButtons();
    if (!focusFirst(".live-gear.is-current")) {
      focusFirst(".live-gear");
    }
  }

  // -- small form pieces -------------------------------------------------------------------------
  function field(labelText, control, name) {
    var wrap = el("label", "live-field");
    wrap.appendChild(el("span", "", labelText));
    control.name = name;
    control.setAttribute("data-extra", name);
    wrap.appendChild(control);
    return wrap;
  }

  function select(choices, value) {
    var node = el("select");
    choices.forEach(function (choice) {
      var option = el("option", "", choice[1]);
      option.value = choice[0];
      node.appendChild(option);
    });
    node.value = value === undefined || value === null ? choices[0][0] : String(value);
    return node;
  }

  function numberInput(min, max, value) {
    var node = el("input");
    node.type = "number";
    node.inputMode = "numeric";
    node.min = String(min);
    node.max = String(max);
    node.autocomplete = "off";
    if (value !== undefined && value !== null) {
      node.value = String(value);
    }
    return node;
  }

  function partChoices(withNone) {
    var out = withNone ? [["", L.none]] : [];
    return out.concat(
      data.parts.map(function (part) {
        return [part, data.partLabels[part] || part];
      })
    );
  }

  function tyreChoices(keep) {
    return (keep ? [["", L.keepTyres]] : []).concat(
      tyreKinds.map(function (kind) {
        return [kind, (L.tyreKinds && L.tyreKinds[kind]) || kind];
      })
    );
  }

  // The move's pit stop, experience and option actions, asked with the die. What the season
  // does not play is not offered; the engine still judges whatever is sent.
  function extrasBlock() {
    var extra = draft.extra || {};
    var box = el("details", "live-extras");
    var summary = el("summary", "", L.extras);
    box.appendChild(summary);
    var pit = extra.pit || {};
    // A12's refuelling is done in a tyre stop or a long stop: a stop has one of those kinds.
    var pitKind = pit.stop === "tyres" || pit.stop === "long" ? pit.stop : "";
    var pitSelect = select([["", L.noPit], ["tyres", L.pitTyres], ["long", L.pitLong]], pitKind);
    box.appendChild(field(L.pitStop, pitSelect, "pit"));
    var tyres = select(tyreChoices(true), pit.tyres || "");
    box.appendChild(field(L.newTyres, tyres, "pit-tyres"));
    var repairs = el("fieldset", "live-repairs");
    repairs.appendChild(el("legend", "", L.repairs));
    data.parts.forEach(function (part) {
      repairs.appendChild(field(data.partLabels[part] || part, numberInput(0, 9, (pit.repair || {})[part] || ""), "repair-" + part));
    });
    box.appendChild(repairs);
    var fuel = null;
    var fuelControl = control("pit.fuel");
    if (fuelControl) {
      fuel = numberInput(fuelControl.low, fuelControl.high, pit.fuel);
      box.appendChild(field(fuelControl.label, fuel, "pit-fuel"));
    }
    function showPit() {
      tyres.parentNode.hidden = pitSelect.value !== "tyres" && pitSelect.value !== "long";
      repairs.hidden = pitSelect.value !== "long";
      if (fuel) {
        fuel.parentNode.hidden = !pitSelect.value;
      }
    }
    pitSelect.addEventListener("change", showPit);
    showPit();

    var xp = null;
    var natural = null;
    if (control("xp.driver") || control("xp.team")) {
      var xpNow = extra.xp || {};
      var xpValue = xpNow.team === "wear" ? "wear:" + (xpNow.part || "") : xpNow.team || xpNow.driver || "";
      var xpChoices = [["", L.noXp]];
      data.parts.forEach(function (part) {
        xpChoices.push(["wear:" + part, fill(L.xpWear, { part: (data.partLabels[part] || part).toLowerCase() })]);
      });
      xpChoices.push(["fast-stop", L.xpFastStop], ["reroll", L.xpReroll], ["minus1", L.xpMinus1]);
      xp = select(xpChoices, xpValue);
      box.appendChild(field(L.xp, xp, "xp"));
      natural = numberInput(data.anyDie[0], data.anyDie[1], xpNow.natural);
      box.appendChild(field(L.natural, natural, "xp-natural"));
      var showNatural = function () {
        natural.parentNode.hidden = xp.value !== "reroll" && xp.value !== "minus1";
      };
      xp.addEventListener("change", showNatural);
      showNatural();
    }

    var option = extra.option || {};
    var controls = {};
    // A move's option actions (`option.KEY`): a toggle is a checkbox, sent as true when ticked; a
    // choice is a list, "none" first. A choice the gear narrows (its `overrev`, A13's 7 → 2) is
    // asked only when the gear chosen calls for it, among the parts it names, and must be given.
    data.controls.forEach(function (c) {
      var name = c.key.split(".");
      if (name[0] !== "option") {
        return;
      }
      var key = name[1];
      var node;
      var needed = false;
      if (c.kind === "toggle") {
        node = el("input");
        node.type = "checkbox";
        node.checked = Boolean(option[key]);
        var wrap = field(c.label, node, "option-" + key);
        wrap.className = "live-field live-check";
        box.appendChild(wrap);
      } else if (c.kind === "choice") {
        var narrowed = (draft.asks || {})[key];
        var offered = narrowed ? narrowed : c.choices;
        if (narrowed !== undefined && !narrowed.length) {
          return;
        }
        var words = (L.choices && L.choices[c.key]) || {};
        node = select(
          [["", narrowed ? L.overrevChoose : L.none]].concat(
            offered.map(function (value) {
              return [String(value), words[String(value)] || data.partLabels[value] || String(value)];
            })
          ),
          option[key] === undefined ? "" : option[key]
        );
        needed = Boolean(narrowed);
        box.appendChild(field(c.label, node, "option-" + key));
      } else {
        return;
      }
      controls[key] = { node: node, control: c, needed: needed };
    });
    box.open = Boolean(
      extra.pit ||
        extra.xp ||
        extra.option ||
        Object.keys(controls).some(function (key) {
          return controls[key].needed;
        })
    );

    // Read the block back into the draft (called when the die is given).
    function read() {
      var out = {};
      var kind = pitSelect.value;
      if (kind) {
        var p = { stop: kind };
        if (tyres.value) {
          p.tyres = tyres.value;
        }
        if (kind === "long") {
          var repair = {};
          data.parts.forEach(function (part) {
            var n = parseInt(repairs.querySelector('[name="repair-' + part + '"]').value, 10);
            if (n > 0) {
              repair[part] = n;
            }
          });
          if (Object.keys(repair).length) {
            p.repair = repair;
          }
        }
        if (fuel && fuel.value) {
          p.fuel = parseInt(fuel.value, 10);
        }
        out.pit = p;
      }
      if (xp && xp.value) {
        if (xp.value.indexOf("wear:") === 0) {
          out.xp = { team: "wear", part: xp.value.slice(5) };
        } else if (xp.value === "fast-stop") {
          out.xp = { team: "fast-stop" };
        } else {
          out.xp = { driver: xp.value, natural: parseInt(natural.value, 10) || null };
        }
      }
      var o = {};
      Object.keys(controls).forEach(function (key) {
        var node = controls[key].node;
        if (node.type === "checkbox") {
          if (node.checked) {
            o[key] = true;
          }
        } else if (node.value) {
          // a choice among numbers is sent as the number (Top: 1 or -1)
          var numbers = controls[key].control.choices.every(function (value) {
            return typeof value === "number";
          });
          o[key] = numbers ? parseInt(node.value, 10) : node.value;
        }
      });
      if (Object.keys(o).length) {
        out.option = o;
      }
      return out;
    }

    // What the block cannot send as it is, said before the engine is asked (nothing is lost:
    // the block and the die stay as typed). Null when it can be sent.
    function problem() {
      if (fuel && pitSelect.value && fuel.value !== "") {
        var thirds = Number(fuel.value);
        if (!(thirds >= fuelControl.low && thirds <= fuelControl.high && Math.floor(thirds) === thirds)) {
          return { text: L.fuelBad, control: fuel };
        }
      }
      var missing = Object.keys(controls).filter(function (key) {
        return controls[key].needed && !controls[key].node.value;
      })[0];
      if (missing) {
        return { text: L.overrevBad, control: controls[missing].node };
      }
      return null;
    }
    // Kept in the draft as it is filled in: a reload brings the block back before the die is given.
    function keep() {
      if (draft) {
        draft.extra = read();
        saveDraft();
      }
    }
    box.addEventListener("change", keep);
    box.addEventListener("input", keep);
    return { node: box, read: read, problem: problem };
  }

  function numberForm(label, min, max, onValue, die, before, value) {
    var form = el("form", "live-number");
    var id = "live-number-" + Date.now();
    var caption = el("label", "", label);
    caption.setAttribute("for", id);
    var input = numberInput(min, max, value);
    input.id = id;
    input.required = true;
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
      if (draft) {
        draft.typing = null; // the number is given: the next question starts empty
      }
      onValue(value, false);
    });
    // A typed value is kept in the draft as it is typed (a reload brings it back).
    input.addEventListener("input", function () {
      if (draft) {
        draft.typing = input.value;
        saveDraft();
      }
    });
    if (before) {
      stepNode.appendChild(before);
    }
    stepNode.appendChild(form);
    var roll = button(L.rollForMe, "", function () {
      siteRoll(die)
        .then(function (roll) {
          input.value = String(roll);
          if (draft) {
            draft.typing = null;
          }
          say(label + ": " + roll + " (" + L.rolledBySite + ")", "info");
          onValue(roll, true);
        })
        .catch(function () {
          say(L.offline, "error");
        });
    }, "live-secondary");
    if (die) {
      stepNode.appendChild(roll);
    }
    input.focus({ preventScroll: true });
    return input;
  }

  function backButton(onClick) {
    stepNode.appendChild(button(L.back, "", onClick, "live-secondary live-back"));
  }

  function typed() {
    var value = draft && draft.typing;
    if (draft) {
      draft.typing = null;
    }
    return value;
  }

  function askRoll() {
    if (remote) {
      remoteRoll();
      return;
    }
    var gear = draft.gear;
    var car = draft.car;
    var range = data.faces[String(gear)];
    var title = fill(L.typeRoll, { gear: gear, low: range[0], high: range[1] });
    panel(title + " · " + who(car));
    var block = extrasBlock();
    var read = block.read;
    var thrown = data.thrown[String(gear)];
    if (thrown) {
      var form = el("form", "live-number live-seventh");
      // A13: 7th gear throws two gears' dice together (the 5th's and the 6th's)
      var five = data.faces[String(thrown[0])];
      var six = data.faces[String(thrown[1])];
      var d5 = numberInput(five[0], five[1]);
      var d6 = numberInput(six[0], six[1]);
      form.appendChild(field(L.seventhA, d5, "d5"));
      form.appendChild(field(L.seventhB, d6, "d6"));
      var ok = el("button", "button live-big", L.ok);
      ok.type = "submit";
      form.appendChild(ok);
      form.addEventListener("submit", function (event) {
        event.preventDefault();
        var a = parseInt(d5.value, 10);
        var b = parseInt(d6.value, 10);
        if (!(a >= five[0] && a <= five[1] && b >= six[0] && b <= six[1])) {
          say(L.seventhBad, "error");
          return;
        }
        if (refusedByBlock(block)) {
          return;
        }
        draft.extra = read();
        draft.roll = [a, b];
        saveDraft();
        afterRoll();
      });
      stepNode.appendChild(block.node);
      stepNode.appendChild(form);
      d5.focus();
    } else {
      numberForm(title, range[0], range[1], function (roll) {
        if (refusedByBlock(block, roll)) {
          return;
        }
        draft.extra = read();
        draft.roll = roll;
        saveDraft();
        afterRoll();
      }, String(gear), block.node, typed());
    }
    backButton(function () {
      startMove(true);
    });
  }

  // The block's problem, if any, said and its control focused; the die typed is kept.
  function refusedByBlock(block, roll) {
    var wrong = block.problem();
    if (!wrong) {
      return false;
    }
    if (roll !== undefined && draft) {
      draft.typing = String(roll);
      saveDraft();
    }
    block.node.open = true;
    wrong.control.setAttribute("aria-invalid", "true");
    say(wrong.text, "error");
    wrong.control.focus();
    return true;
  }

  // After the die: the stops. A tyre stop's pit d20 is asked once its stand is chosen (askTests);
  // a fast stop then offers the squares past the stand (stopsAfterPitRoll).
  function afterRoll() {
    askStop();
  }

  function wayText(way, shared) {
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
    if (way.move && way.move.pit) {
      bits.push(L.pitStop);
    } else if (way.path && way.path.some(inPitLane)) {
      bits.push(L.pitLane);
    }
    bits.push(costText(way.cost));
    var rolls = rollsOf(way, shared);
    if (rolls.length) {
      bits.push(rolls.join(", "));
    } else if (shared) {
      bits.push(L.noRoll); // another way there calls for a roll this one does not
    }
    return bits.join(" · ");
  }

  function rollKey(t) {
    return [t.kind, t.car || "", t.square || ""].join("|");
  }

  // The d20s a way calls for as far as known (a dangerous square crossed: road holding there; a
  // car touched: collision). `shared`: the rolls every way to the square calls for, not repeated
  // when the ways differ by their rolls (null: one way, all said).
  function rollsOf(way, shared) {
    return (way.tests || [])
      .filter(function (t) {
        return t.kind !== "pit" && !(shared && shared[rollKey(t)]); // the stand says its own roll
      })
      .map(function (t) {
        var where = t.square ? nameOf(t.square) : t.car && t.car !== draft.car ? who(t.car) : "";
        return fill(L.rollsFor, { test: testName(t.kind), square: where }).replace(/\s*\(\)$/, "");
      });
  }

  // The rolls common to every way of a stop whose ways differ by their rolls, else null.
  function sharedRolls(ways) {
    var keys = ways.map(function (way) {
      return (way.tests || []).map(rollKey).sort().join(",");
    });
    if (ways.length < 2 || keys.every(function (k) { return k === keys[0]; })) {
      return null;
    }
    var shared = {};
    (ways[0].tests || []).forEach(function (t) {
      var key = rollKey(t);
      if (ways.every(function (way) { return (way.tests || []).some(function (u) { return rollKey(u) === key; }); })) {
        shared[key] = true;
      }
    });
    return shared;
  }

  function stopsQuery() {
    var query = { gear: draft.gear, roll: Array.isArray(draft.roll) ? draft.roll.join(",") : draft.roll };
    var extra = draft.extra || {};
    ["pit", "xp", "option"].forEach(function (key) {
      if (extra[key]) {
        query[key] = JSON.stringify(extra[key]);
      }
    });
    if (extra.pit && draft.pitRoll !== null && draft.pitRoll !== undefined) {
      query.pit_roll = draft.pitRoll;
    }
    if (draft.spare) {
      query.spare = draft.car; // A5: the stops of the spare car's move, not the car to play's
    }
    return query;
  }

  // The car's stand (S2), when the season plays pit stops: its stand stop is asked beside the
  // others (a tyre stop, the type kept), so the stand lights up when the roll reaches it.
  function standQuery() {
    var extra = draft.extra || {};
    if (draft.spare || extra.pit || !(data.stands || {})[draft.car]) {
      return null;
    }
    var query = stopsQuery();
    query.pit = JSON.stringify({ stop: "tyres" });
    return query;
  }

  function carSquare(car) {
    var info = (state.cars || []).filter(function (c) {
      return c.car === car;
    })[0];
    return info ? info.square : null;
  }

  function askStop() {
    busy = true;
    var asks = [api("GET", withQuery(urls.choices, stopsQuery()))];
    var stand = standQuery();
    if (stand) {
      // not reachable or not allowed: no stand stop, the others as they are
      asks.push(api("GET", withQuery(urls.choices, stand)).catch(function () {
        return null;
      }));
    }
    Promise.all(asks)
      .then(function (answers) {
        busy = false;
        var answer = answers[0];
        if (!answer.ok) {
          say(answer.body && answer.body.detail ? answer.body.detail : fill(L.error, { detail: answer.status }), "error", violationTexts(answer.body));
          draft.roll = null;
          draft.pitRoll = null;
          backToDie();
          return;
        }
        var stops = (answer.body.stops || []).slice();
        var extra = answers[1] && answers[1].ok ? answers[1].body.stops || [] : [];
        extra.forEach(function (stop) {
          if (stop.way.move && stop.way.move.pit) {
            stops.push(stop);
          }
        });
        // the pit d20 kept the car in the stand chosen: nothing more to choose (a fast stop's
        // squares past it are shown, to be tapped)
        var chosen = draft.afterPit;
        draft.afterPit = null;
        if (chosen && stops.length === 1 && stops[0].square === chosen) {
          chooseWay(stops[0].way);
          return;
        }
        showStops(stops);
      })
      .catch(function () {
        busy = false;
        say(L.offline, "error", null, askStop);
      });
  }

  // Every way offered: the cheapest to each square, then each other way that costs something
  // else or calls for other rolls; an eliminating way in its own colour, with its cause.
  function showStops(stops) {
    var car = draft.car;
    var here = carSquare(car);
    var rollText = Array.isArray(draft.roll) ? draft.roll.join("+") : draft.roll;
    panel(L.chooseStop + " · " + who(car) + " · " + fill(L.gear, { gear: draft.gear }) + " · " + rollText);
    if (!stops.length) {
      stepNode.appendChild(el("p", "note", L.noStop));
    }
    var list = el("div", "live-stops");
    var bySquare = {};
    stops.forEach(function (stop) {
      var ways = [stop.way].concat(stop.alternatives || []);
      var pit = Boolean(stop.way.move && stop.way.move.pit);
      var shared = sharedRolls(ways); // ways that differ by their rolls say how
      ways.forEach(function (way, n) {
        var stay = !(way.path || []).length && way.move && way.move.to === here && !pit;
        var out = Boolean(way.cost && way.cost.out);
        var words = stay ? L.stayPut : pit ? L.standStop : L.stop;
        var node = button(
          fill(words, { square: nameOf(stop.square) }),
          wayText(way, shared),
          function () {
            chooseWay(way);
          },
          "live-stop" + (out ? " is-out" : "") + (stay ? " is-stay" : "") + (pit ? " is-stand" : "")
        );
        var main = node.querySelector(".choice-main");
        if (nameOf(stop.square) !== stop.square) {
          main.appendChild(el("small", "choice-id", stop.square));
        }
        if (n) {
          main.appendChild(document.createTextNode(" (" + L.otherWay + ")"));
        }
        if (out) {
          node.appendChild(el("span", "choice-why", fill(L.outWhy, { why: way.why || L.out })));
        }
        node.setAttribute("data-square", stop.square);
        node.setAttribute("data-brake", String(way.brake || 0));
        node.setAttribute("data-pit-lane", way.path && way.path.some(inPitLane) ? "1" : "0");
        node.setAttribute("data-out", out ? "1" : "0");
        node.setAttribute("data-stay", stay ? "1" : "0");
        node.setAttribute("data-stand", pit ? "1" : "0");
        node.setAttribute("data-tests", (way.tests || []).map(function (t) { return t.kind; }).join(" "));
        list.appendChild(node);
      });
      if (!bySquare[stop.square] || pit) {
        bySquare[stop.square] = stop.way;
      }
      light(stop.square, stop.way, pit);
    });
    stepNode.appendChild(list);
    backButton(function () {
      if (!draft.spare) {
        draft.roll = null; // a spare car's die is in its form, kept there to change
      }
      draft.pitRoll = null;
      draft.afterPit = null;
      saveDraft();
      backToDie();
    });
    // One tap on a lit square chooses its cheapest way.
    boardPick = function (square) {
      if (bySquare[square]) {
        chooseWay(bySquare[square]);
      }
    };
    frame();
    if (stops.length) {
      follow(stops[0].square);
    }
  }

  // A lit square on the board: green, red when every way there eliminates, the stand labelled.
  function light(square, way, pit) {
    var polygon = svg && svg.querySelector('polygon[data-sq="' + square + '"]');
    if (!polygon) {
      return;
    }
    polygon.classList.add("is-stop");
    polygon.classList.toggle("is-out-stop", Boolean(way.cost && way.cost.out));
    polygon.classList.toggle("is-stand-stop", pit);
    stopsShown.push(square);
    var centre = data.centres[square];
    if (pit && centre) {
      var label = document.createElementNS("http://www.w3.org/2000/svg", "text");
      label.setAttribute("class", "stop-label");
      label.setAttribute("x", centre[0]);
      label.setAttribute("y", centre[1]);
      label.textContent = L.stand;
      svg.appendChild(label);
    }
  }

  // The die is asked again: a spare car's in its own form (with the points taken off the build).
  function backToDie() {
    if (draft.spare) {
      askSpare(draft.car);
    } else {
      askRoll();
    }
  }

  var boardPick = null;
  var sparePick = null;
  if (svg && recording) {
    svg.addEventListener("click", function (event) {
      var polygon = event.target.closest ? event.target.closest("polygon[data-sq]") : null;
      if (polygon && sparePick) {
        sparePick(polygon.getAttribute("data-sq"));
        return;
      }
      if (polygon && boardPick && polygon.classList.contains("is-stop")) {
        boardPick(polygon.getAttribute("data-sq"));
        return;
      }
      // a lit square under a car's disc (braking to stay put): the tap on the car chooses it
      var mark = event.target.closest ? event.target.closest(".car[data-square]") : null;
      var under = mark && svg.querySelector('polygon.is-stop[data-sq="' + mark.getAttribute("data-square") + '"]');
      if (under && boardPick) {
        boardPick(mark.getAttribute("data-square"));
      }
    });
  }

  function chooseWay(way, confirmed) {
    if (way.cost && way.cost.out && !confirmed) {
      confirmOut(way);
      return;
    }
    boardPick = null;
    var move = JSON.parse(JSON.stringify(way.move));
    move.tests = move.tests || [];
    draft.move = move;
    saveDraft();
    askTests();
  }

  // An eliminating stop is never recorded by surprise: its cause is said, and it is confirmed or
  // cancelled (back to the stops). Once recorded, Undo takes it back like any move.
  function confirmOut(way) {
    boardPick = null;
    var heading = panel(fill(L.eliminated, { car: draft.car, why: way.why || L.out }));
    heading.classList.add("is-out");
    var target = (way.move && (way.move.to || (way.move.path || []).slice(-1)[0])) || null;
    if (target) {
      light(target, way, false); // the square it would stop on, red, in the frame
      frame();
    }
    var row = el("div", "live-confirm");
    row.appendChild(button(L.recordOut, "", function () {
      chooseWay(way, true);
    }, "live-out-confirm"));
    row.appendChild(button(L.cancel, "", function () {
      askStop();
    }, "live-secondary live-cancel"));
    stepNode.appendChild(row);
    heading.focus({ preventScroll: true });
  }

  function askTests() {
    var move = draft.move;
    busy = true;
    api("GET", withQuery(urls.choices, { move: JSON.stringify(move) }))
      .then(function (answer) {
        busy = false;
        if (!answer.ok) {
          say(L.refused, "error", violationTexts(answer.body).concat(answer.body && !answer.body.violations ? [answer.body.detail] : []));
          draft.move = null;
          saveDraft();
          askStop();
          return;
        }
        var due = (answer.body.tests && answer.body.tests.due) || [];
        if (remote) {
          remoteTests(move, due);
          return;
        }
        if (!due.length) {
          post(move);
          return;
        }
        // the rolls that may come next: one, or the touched cars' run, rolled in any order
        var run = (answer.body.tests && answer.body.tests.next) || [];
        if (!run.length) {
          run = due.slice(0, 1);
        }
        var done = move.tests.length;
        var sofar = done ? el("p", "note", fill(L.rollsSoFar, { rolls: move.tests.map(function (t) { return testName(t.test) + " " + t.roll; }).join(", ") })) : null;
        var onBack = function () {
          draft.move = null;
          saveDraft();
          askStop();
        };
        if (run.length > 1) {
          askRun(move, run, sofar);
          backButton(onBack);
          return;
        }
        var test = run[0];
        var roller = test.car || move.car;
        panel(fill(L.test, { who: who(roller), test: testName(test.kind) }));
        if (sofar) {
          stepNode.appendChild(sofar);
        }
        numberForm(fill(L.typeTest, { test: testName(test.kind) }), data.d20[0], data.d20[1], function (roll) {
          if (test.kind === "pit" && move.pit && (draft.pitRoll === null || draft.pitRoll === undefined)) {
            pitRolled(move, roll);
            return;
          }
          move.tests.push(testEntry(test, roll, move));
          saveDraft();
          askTests();
        }, "d20", null, typed());
        backButton(onBack);
      })
      .catch(function () {
        busy = false;
        say(L.offline, "error", null, askTests);
      });
  }

  // The stand is chosen: its d20 may make a fast stop, whose squares past it are offered.
  function pitRolled(move, roll) {
    draft.extra = draft.extra || {};
    draft.extra.pit = move.pit;
    draft.pitRoll = roll;
    draft.afterPit = move.to || (move.path || []).slice(-1)[0] || true;
    draft.move = null;
    saveDraft();
    askStop();
  }

  function testEntry(test, roll, move) {
    var entry = { test: test.kind, roll: roll };
    if (test.car && test.car !== move.car) {
      entry.car = test.car;
    }
    if (test.square) {
      entry.square = test.square;
    }
    return entry;
  }

  // The touched cars' collision rolls (D3): one field each, named for its car, typed in any order.
  function askRun(move, run, sofar) {
    panel(fill(L.runTitle, { n: run.length, test: testName(run[0].kind) }));
    if (sofar) {
      stepNode.appendChild(sofar);
    }
    var form = el("form", "live-number live-run");
    var inputs = run.map(function (test, n) {
      var input = numberInput(data.d20[0], data.d20[1]);
      input.required = true;
      var wrap = field(fill(L.test, { who: who(test.car || move.car), test: testName(test.kind) }), input, "run-" + n);
      wrap.setAttribute("data-roller", test.car || move.car);
      var roll = el("button", "button live-secondary live-run-roll", L.rollForMe);
      roll.type = "button";
      roll.addEventListener("click", function () {
        siteRoll("d20").then(function (value) {
          input.value = String(value);
        });
      });
      wrap.appendChild(roll);
      form.appendChild(wrap);
      return input;
    });
    var ok = el("button", "button live-big", L.ok);
    ok.type = "submit";
    form.appendChild(ok);
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var values = inputs.map(function (input) {
        return parseInt(input.value, 10);
      });
      var bad = values.filter(function (v) {
        return isNaN(v) || v < data.d20[0] || v > data.d20[1];
      }).length;
      if (bad) {
        say(fill(L.typeTest, { test: testName(run[0].kind) }) + ": " + data.d20[0] + "–" + data.d20[1], "error");
        return;
      }
      quiet();
      run.forEach(function (test, n) {
        move.tests.push(testEntry(test, values[n], move));
      });
      saveDraft();
      askTests();
    });
    stepNode.appendChild(form);
    inputs[0].focus({ preventScroll: true });
  }

  function siteRoll(die) {
    var body = new URLSearchParams();
    body.set("die", die);
    return fetch(urls.roll, {
      method: "POST",
      credentials: "same-origin",
      headers: { "X-CSRFToken": data.csrf, Accept: "application/json" },
      body: body,
    })
      .then(function (response) {
        return response.json();
      })
      .then(function (answer) {
        return answer.roll;
      });
  }

  // -- A5: the restart after a red flag, with the cars that stop under the flag -----------------
  function showRestart() {
    panel(L.restartTitle);
    stepNode.appendChild(el("p", "note", L.restartHelp));
    var form = el("form", "live-restart");
    form.noValidate = true; // its own checks say what is wrong, in the page's words (see submit)
    var rows = [];
    var ticked = [];
    (state.order || []).forEach(function (car) {
      var info = (state.cars || []).filter(function (c) {
        return c.car === car;
      })[0];
      if (!info || info.status !== "racing") {
        return;
      }
      var box = el("fieldset", "live-restart-car");
      box.setAttribute("data-restart-car", car);
      box.appendChild(el("legend", "", who(car)));
      var stop = el("input");
      stop.type = "checkbox";
      var wrap = field(L.stopsUnderFlag, stop, "stop-" + car);
      wrap.className = "live-field live-check";
      box.appendChild(wrap);
      var more = el("div", "live-restart-work");
      var tyres = select(tyreChoices(true), "");
      more.appendChild(field(L.newTyres, tyres, "tyres-" + car));
      more.appendChild(el("p", "note", L.repairs));
      data.parts.forEach(function (part) {
        more.appendChild(field(data.partLabels[part] || part, numberInput(0, 9), "repair-" + car + "-" + part));
      });
      var fuel = null;
      var fuelControl = control("pit.fuel");
      if (fuelControl) {
        fuel = numberInput(fuelControl.low, fuelControl.high);
        more.appendChild(field(fuelControl.label, fuel, "fuel-" + car));
      }
      more.hidden = true;
      // the stopping cars start last, in the order they were ticked
      stop.addEventListener("change", function () {
        more.hidden = !stop.checked;
        ticked = ticked.filter(function (c) {
          return c !== car;
        });
        if (stop.checked) {
          ticked.push(car);
        }
      });
      box.appendChild(more);
      form.appendChild(box);
      rows.push({ car: car, stop: stop, tyres: tyres, more: more, fuel: fuel });
    });
    var go = el("button", "button live-big", L.restart);
    go.type = "submit";
    form.appendChild(go);
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      // A tank outside 1–3 thirds is said here, as in a move's stop; the form stays as typed.
      var badTank = rows.filter(function (row) {
        if (!row.stop.checked || !row.fuel || row.fuel.value === "") {
          return false;
        }
        var thirds = Number(row.fuel.value);
        return !(thirds >= 1 && thirds <= 3 && Math.floor(thirds) === thirds);
      })[0];
      if (badTank) {
        badTank.fuel.setAttribute("aria-invalid", "true");
        say(L.fuelBad, "error");
        badTank.fuel.focus();
        return;
      }
      var pits = [];
      rows.slice().sort(function (a, b) {
        return ticked.indexOf(a.car) - ticked.indexOf(b.car);
      }).forEach(function (row) {
        if (!row.stop.checked) {
          return;
        }
        var pit = { car: row.car };
        if (row.tyres.value) {
          pit.tyres = row.tyres.value;
        }
        var repair = {};
        data.parts.forEach(function (part) {
          var n = parseInt(row.more.querySelector('[name="repair-' + row.car + "-" + part + '"]').value, 10);
          if (n > 0) {
            repair[part] = n;
          }
        });
        if (Object.keys(repair).length) {
          pit.repair = repair;
        }
        if (row.fuel && row.fuel.value) {
          pit.fuel = parseInt(row.fuel.value, 10);
        }
        pits.push(pit);
      });
      send(urls.restart, { restart: { pits: pits }, expected: state.steps });
    });
    stepNode.appendChild(form);
    focusFirst("input");
  }

  // -- A5: a retired driver's spare car, played at the end of the turn ---------------------------
  function spareButtons() {
    if (!control("option.spare")) {
      return;
    }
    (state.cars || []).forEach(function (car) {
      if (car.status === "racing" || car.status === "finished") {
        return;
      }
      var node = button(fill(L.spare, { car: car.car }), L.spareHelp, function () {
        askSpare(car.car);
      }, "live-secondary live-spare");
      node.setAttribute("data-spare", car.car);
      stepNode.appendChild(node);
    });
  }

  // The spare car's move: the two points off the build, the gear and the die, then the stops
  // the play API offers for it (`choices?spare=`) light up like any move's. Its path may also be
  // tapped square by square on the board, or typed.
  function askSpare(car) {
    var kept = draft && draft.spare && draft.car === car ? draft : null;
    var taken = kept && kept.extra && kept.extra.option ? Object.keys(kept.extra.option.spare || {}) : [];
    var points = [];
    taken.forEach(function (part) {
      for (var n = 0; n < kept.extra.option.spare[part]; n += 1) {
        points.push(part);
      }
    });
    spareFocus = car;
    panel(fill(L.spare, { car: car }) + " · " + who(car)); // framed on its stand
    var form = el("form", "live-spare-form");
    var first = select(partChoices(false), points[0] || "engine");
    var second = select(partChoices(false), points[1] || "tyres");
    form.appendChild(field(L.spareFirst, first, "spare-1"));
    form.appendChild(field(L.spareSecond, second, "spare-2"));
    var gear = numberInput(1, 7, kept ? kept.gear : 1);
    form.appendChild(field(L.chooseGear, gear, "spare-gear"));
    var roll = numberInput(data.anyDie[0], data.anyDie[1], kept && kept.roll ? kept.roll : undefined);
    form.appendChild(field(L.die, roll, "spare-roll"));
    var path = el("input");
    path.type = "text";
    path.autocomplete = "off";
    form.appendChild(field(L.sparePath, path, "spare-path"));
    form.appendChild(el("p", "note", L.spareStops));
    var ok = el("button", "button live-big", L.confirm);
    ok.type = "submit";
    form.appendChild(ok);
    boardPick = null;
    sparePick = function (square) {
      path.value = (path.value ? path.value + " " : "") + square;
    };
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var spare = {};
      spare[first.value] = (spare[first.value] || 0) + 1;
      spare[second.value] = (spare[second.value] || 0) + 1;
      var g = parseInt(gear.value, 10);
      var r = parseInt(roll.value, 10);
      var squares = path.value.split(/[\s,]+/).filter(Boolean);
      if (!(g >= 1 && r >= 1)) {
        say(L.spareBad, "error");
        return;
      }
      sparePick = null;
      draft = { steps: state.steps, car: car, gear: g, roll: r, extra: { option: { spare: spare } }, pitRoll: null, spare: true };
      if (squares.length) {
        // a path typed or tapped: the engine judges it, then asks its tests like any move's
        draft.move = { car: car, gear: g, roll: r, path: squares, option: { spare: spare }, tests: [] };
        saveDraft();
        askTests();
        return;
      }
      saveDraft();
      askStop();
    });
    stepNode.appendChild(form);
    backButton(function () {
      sparePick = null;
      startMove(true);
    });
    first.focus();
  }

  function post(body) {
    // `?events=N`: the answer holds only the events this device has not seen (cheaper to render)
    var from = state.steps;
    send(withQuery(urls.moves, { events: from }), { move: body, expected: from }, from);
  }

  function send(url, body, from) {
    busy = true;
    api("POST", url, body)
      .then(function (answer) {
        busy = false;
        if (answer.status === 201 || answer.status === 200) {
          dropDrafts();
          quiet();
          adopt(answer.body, from === undefined ? undefined : { from: from });
          say(L.played, "ok", remote && from !== undefined ? siteTestsOf(from) : null);
          startMove();
          return;
        }
        if (answer.status === 409 && answer.body && answer.body.state) {
          adopt(answer.body.state);
          say(L.conflict, "error");
          startMove();
          return;
        }
        if (answer.status === 400 && answer.body && answer.body.tests_due && answer.body.tests_due.length && draft && draft.move) {
          askTests();
          return;
        }
        say(L.refused, "error", violationTexts(answer.body).concat(answer.body && !answer.body.violations ? [answer.body.detail] : []));
        dropDrafts();
        startMove(true);
      })
      .catch(function () {
        busy = false;
        // Nothing stored: the same move can be sent again as it is.
        say(L.offline, "error", null, function () {
          send(url, body, from);
        });
      });
  }


  // -- a remote table: the driver's own car in its turn, the site's dice, the clocks -------------
  function myTurn() {
    var car = state.to_play && state.to_play.car;
    return Boolean(car && remote.mine.indexOf(car) >= 0);
  }

  // The gear's die the site rolled already for this move (a reload, another tab): carry on from it.
  function remoteResume() {
    var car = state.to_play.car;
    var rolled = (state.site_rolls || []).filter(function (r) {
      return r.step === state.steps && r.die !== "d20" && r.die !== "weather";
    })[0];
    if (!rolled || (draft && draft.roll !== null && draft.roll !== undefined)) {
      return false;
    }
    var saved = loadDraft();
    if (saved && saved.car === car && saved.roll !== null && saved.roll !== undefined) {
      resume(saved, {});
      return true;
    }
    draft = { steps: state.steps, car: car, gear: parseInt(rolled.die, 10), roll: rolled.roll, extra: {}, pitRoll: null, move: null, asks: {} };
    saveDraft();
    say(fill(L.siteRolled, { roll: rolled.roll }), "info");
    afterRoll();
    return true;
  }

  // No number typed: before the die, the same declarations as race night (a pit stop, experience,
  // the season's options), then the site rolls the chosen gear's die (once per move), then the stops.
  function remoteRoll() {
    var gear = draft.gear;
    panel(fill(L.gear, { gear: gear }) + " · " + who(draft.car));
    var block = extrasBlock();
    stepNode.appendChild(block.node);
    var roll = button(L.remoteRoll, "", function () {
      if (refusedByBlock(block)) {
        return;
      }
      draft.extra = block.read();
      saveDraft();
      remoteRollNow(gear);
    }, "live-big live-remote-roll");
    stepNode.appendChild(roll);
    backButton(function () {
      startMove(true);
    });
    roll.focus({ preventScroll: true });
  }

  function remoteRollNow(gear) {
    busy = true;
    siteRollAnswer(String(gear))
      .then(function (answer) {
        busy = false;
        if (answer.roll === undefined || answer.roll === null) {
          say(fill(L.error, { detail: answer.detail || answer.code || "" }), "error");
          startMove(true);
          return;
        }
        draft.roll = answer.roll;
        saveDraft();
        var shown = Array.isArray(answer.roll) ? answer.roll.join("+") : answer.roll;
        say(fill(L.siteRolled, { roll: shown }), "info");
        afterRoll();
      })
      .catch(function () {
        busy = false;
        say(L.offline, "error", null, function () {
          remoteRollNow(gear);
        });
      });
  }

  function siteRollAnswer(die) {
    var body = new URLSearchParams();
    body.set("die", die);
    return fetch(urls.roll, {
      method: "POST",
      credentials: "same-origin",
      headers: { "X-CSRFToken": data.csrf, Accept: "application/json" },
      body: body,
    }).then(function (response) {
      return response.json();
    });
  }

  // The move is sent without its d20 tests: the server rolls them. Only a tyre stop's pit d20 is
  // rolled first (by the site), since a fast stop offers more squares.
  function remoteTests(move, due) {
    var pit = due.filter(function (t) {
      return t.kind === "pit";
    })[0];
    if (pit && move.pit && (draft.pitRoll === null || draft.pitRoll === undefined)) {
      busy = true;
      siteRollAnswer("d20")
        .then(function (answer) {
          busy = false;
          say(fill(L.test, { who: who(move.car), test: testName("pit") }) + ": " + fill(L.siteRolled, { roll: answer.roll }), "info");
          pitRolled(move, answer.roll);
        })
        .catch(function () {
          busy = false;
          say(L.offline, "error", null, askTests);
        });
      return;
    }
    move.tests = (move.tests || []).filter(function (t) {
      return t.test === "pit";
    });
    post(move);
  }

  // The d20 rolls the site made for the move just stored (its step's events that name a d20).
  function siteTestsOf(step) {
    return (state.events || [])
      .filter(function (e) {
        return e.step === step && /d20/i.test(e.message || "");
      })
      .map(function (e) {
        return (e.car ? who(e.car) + ": " : "") + e.message;
      });
  }

  // The clock line ("Car 7 (Alice) is to play — autopilot at 14:05"), and for a driver his
  // advance gear and, on autopilot, "I'm back".
  var clocksSeen = null;
  var remoteBox = document.getElementById("live-remote");

  function renderRemote() {
    if (!remote) {
      return;
    }
    var key = state.steps + ":" + state.status;
    if (clocksSeen === key) {
      return;
    }
    clocksSeen = key;
    api("GET", remote.clocks)
      .then(function (answer) {
        if (answer.ok) {
          showClocks(answer.body || []);
        }
      })
      .catch(function () {
        clocksSeen = null; // the next poll asks again
      });
  }

  function showClocks(clocks) {
    var line = document.getElementById("live-clock");
    var car = state.to_play && state.to_play.car;
    var clock = clocks.filter(function (c) {
      return c.car === car;
    })[0];
    if (line) {
      line.textContent = car && clock && clock.due_at
        ? fill(L.remoteToPlay, { car: car, driver: driverOf(car), due: new Date(clock.due_at).toLocaleString() })
        : "";
    }
    if (!remoteBox || !remote.mine.length || state.status !== "playing") {
      return;
    }
    remoteBox.textContent = "";
    remoteBox.hidden = false;
    clocks.filter(function (c) {
      return remote.mine.indexOf(c.car) >= 0;
    }).forEach(function (c) {
      var gears = [["", L.none]];
      for (var g = 1; g <= 6; g++) {
        gears.push([String(g), fill(L.gear, { gear: g })]);
      }
      var choice = select(gears, c.advance_gear ? String(c.advance_gear) : "");
      var wrap = field(fill(L.advanceGear, { car: c.car }), choice, "advance-" + c.car);
      wrap.classList.add("live-advance");
      choice.addEventListener("change", function () {
        var gear = choice.value ? parseInt(choice.value, 10) : null;
        api("POST", remote.advance, { car: c.car, gear: gear }).then(function (answer) {
          say(answer.ok ? L.advanceSaved : fill(L.error, { detail: (answer.body && answer.body.detail) || answer.status }), answer.ok ? "ok" : "error");
          clocksSeen = null;
          poll();
        });
      });
      remoteBox.appendChild(wrap);
      if (c.autopilot) {
        remoteBox.appendChild(el("p", "note", L.onAutopilot));
        remoteBox.appendChild(button(L.imBack, "", function () {
          api("POST", remote.back, {}).then(function () {
            clocksSeen = null;
            renderRemote();
          });
        }, "live-secondary live-back-from-autopilot"));
      }
    });
  }

  if (undoButton) {
    undoButton.addEventListener("click", function () {
      busy = true;
      api("DELETE", withQuery(urls.last, { expected: state.steps }))
        .then(function (answer) {
          busy = false;
          if (answer.ok) {
            dropDrafts();
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

  if (remote && undoButton) {
    undoButton.hidden = true; // a remote move is taken back by a steward only, with a reason
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
