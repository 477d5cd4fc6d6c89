// The race replay: steps the cars of the circuit map through the race, turn by turn or car by car.
// Data: the #replay-data JSON (cars, the grid, each turn's moves with their gear, die, path, wear
// and tests, the cars' wear after it, its events; square centres; labels in the reader's
// language). The turn shown is in the address (#turn-12), so a protest or a verdict links to it.
// Without JavaScript the page shows the final positions and every turn's events.
(function () {
  "use strict";
  var root = document.querySelector("[data-replay]");
  var dataNode = document.getElementById("replay-data");
  if (!root || !dataNode) {
    return;
  }
  var SVG_NS = "http://www.w3.org/2000/svg";
  var data = JSON.parse(dataNode.textContent);
  var labels = data.labels || {};
  var turns = data.turns || [];
  var last = turns.length;
  var controls = root.querySelector("[data-replay-controls]");
  var slider = root.querySelector("#replay-slider");
  var counter = root.querySelector("#replay-turn");
  var lapNode = root.querySelector("#replay-lap");
  var linkNode = root.querySelector("#replay-link");
  var movesNode = root.querySelector("#replay-moves");
  var eventsNode = root.querySelector("#replay-events");
  var violationsNode = root.querySelector("#replay-violations");
  var eventsTitle = root.querySelector("#replay-events-title");
  var speedNode = root.querySelector("#replay-speed");
  var followNode = root.querySelector("#replay-follow");
  var playButton = root.querySelector('[data-action="play"]');
  var buttons = {
    first: root.querySelector('[data-action="first"]'),
    back: root.querySelector('[data-action="back"]'),
    car: root.querySelector('[data-action="car"]'),
    forward: root.querySelector('[data-action="forward"]'),
  };
  var carsById = {};
  var marks = {};
  var legend = {};
  (data.cars || []).forEach(function (car) {
    carsById[car.id] = car;
  });
  root.querySelectorAll("svg .car[data-car]").forEach(function (node) {
    marks[node.getAttribute("data-car")] = node;
  });
  root.querySelectorAll("[data-legend]").forEach(function (node) {
    legend[node.getAttribute("data-legend")] = node;
  });

  var index = 0; // 0: the grid; i: the i-th turn
  var sub = 0; // moves of turn `index` shown (its whole length: the turn is over)
  var timer = null;
  var pending = [];
  var TURN_MS = 1100;
  var speed = 1;

  function fill(template, values) {
    return String(template || "").replace(/\{(\w+)\}/g, function (match, key) {
      return Object.prototype.hasOwnProperty.call(values, key) ? values[key] : match;
    });
  }

  function turnNumber(i) {
    return i === 0 ? 0 : turns[i - 1].turn;
  }

  function movesOf(i) {
    return i === 0 ? [] : turns[i - 1].moves;
  }

  function whole(i) {
    return i === 0 || sub >= movesOf(i).length;
  }

  function stateOf(car, turn) {
    if (car.turn !== null && car.turn !== undefined && turn >= car.turn) {
      if (car.status === "finished") {
        return "finished";
      }
      if (car.status === "eliminated") {
        return "out";
      }
    }
    return "racing";
  }

  // -- the board ---------------------------------------------------------------------------
  var mapBox = root.querySelector("[data-replay-map]");
  var svgNode = mapBox ? mapBox.querySelector("svg") : null;
  var carsLayer = svgNode ? svgNode.querySelector("g.cars") : null;
  var pathsLayer = null;
  if (svgNode && carsLayer) {
    pathsLayer = document.createElementNS(SVG_NS, "g");
    pathsLayer.setAttribute("class", "paths");
    svgNode.insertBefore(pathsLayer, carsLayer);
  }

  function place(carId, square) {
    var node = marks[carId];
    var centre = data.centres[square];
    if (!node || !centre) {
      return;
    }
    node.style.transform = "translate(" + centre[0] + "px, " + centre[1] + "px)";
    node.setAttribute("data-square", square);
  }

  function drawPaths(moves, current) {
    if (!pathsLayer) {
      return;
    }
    pathsLayer.textContent = "";
    moves.forEach(function (move, n) {
      var points = (move.path || [])
        .map(function (sq) {
          return data.centres[sq];
        })
        .filter(Boolean);
      if (points.length < 2) {
        return;
      }
      var line = document.createElementNS(SVG_NS, "polyline");
      line.setAttribute("points", points.map(function (p) { return p[0] + "," + p[1]; }).join(" "));
      line.setAttribute("class", "path" + (n === current ? " is-current" : ""));
      line.setAttribute("data-path-car", move.car);
      var car = carsById[move.car];
      line.style.stroke = car ? car.colour : "";
      pathsLayer.appendChild(line);
    });
  }

  // The squares after the first `count` moves of turn i (the turn before, then those moves).
  function squaresAt(i, count) {
    var base = i <= 1 ? data.start : turns[i - 2].squares;
    if (i === 0) {
      return { squares: data.start, off: [] };
    }
    if (count >= movesOf(i).length) {
      return { squares: turns[i - 1].squares, off: turns[i - 1].off || [] };
    }
    var squares = Object.assign({}, base);
    movesOf(i)
      .slice(0, count)
      .forEach(function (move) {
        if (move.square) {
          squares[move.car] = move.square;
        }
      });
    return { squares: squares, off: i >= 2 ? turns[i - 2].off || [] : [] };
  }

  // Each car's six parts: after the turn for the cars that have moved in it, before it for the others.
  function wearAt(i, count) {
    if (i === 0) {
      return data.wear0;
    }
    var after = turns[i - 1].wear;
    if (count >= movesOf(i).length) {
      return after;
    }
    var before = i >= 2 ? turns[i - 2].wear : data.wear0;
    var out = Object.assign({}, before);
    movesOf(i)
      .slice(0, count)
      .forEach(function (move) {
        out[move.car] = after[move.car];
      });
    return out;
  }

  function showCars(i, count) {
    var at = squaresAt(i, count);
    var wear = wearAt(i, count);
    var before = i === 0 ? data.wear0 : i >= 2 ? turns[i - 2].wear : data.wear0;
    var turn = whole(i) ? turnNumber(i) : turnNumber(i) - 1;
    Object.keys(carsById).forEach(function (id) {
      var car = carsById[id];
      var state = stateOf(car, turn);
      var off = at.off.indexOf(id) !== -1;
      if (at.squares[id]) {
        place(id, at.squares[id]);
      }
      if (marks[id]) {
        marks[id].classList.toggle("is-finished", state === "finished");
        marks[id].classList.toggle("is-out", state === "out");
        marks[id].classList.toggle("is-racing", state === "racing");
        marks[id].classList.toggle("is-off", off);
      }
      var item = legend[id];
      if (!item) {
        return;
      }
      item.className = "is-" + state + (off ? " is-off" : "");
      var status = item.querySelector("[data-status]");
      if (status) {
        if (state === "finished") {
          status.textContent = fill(labels.finished, { position: car.position });
        } else if (state === "out") {
          status.textContent = fill(labels.out, { turn: car.turn, cause: car.cause || "—" });
        } else {
          status.textContent = labels.racing;
        }
        if (off) {
          status.textContent += " · " + labels.off;
        }
      }
      var parts = wear[id] || {};
      var was = before[id] || {};
      item.querySelectorAll("[data-part]").forEach(function (node) {
        var part = node.getAttribute("data-part");
        var n = parts[part];
        node.querySelector(".dash-n").textContent = n === undefined ? "—" : String(n);
        node.classList.toggle("is-lost", i > 0 && n < was[part]);
        node.classList.toggle("is-zero", n === 0);
      });
    });
  }

  // -- the turn's words --------------------------------------------------------------------
  function chip(carId) {
    var car = carsById[carId];
    var span = document.createElement("span");
    span.className = "car-chip";
    if (car) {
      span.style.backgroundColor = car.colour;
      span.style.color = car.ink;
    }
    span.textContent = carId;
    return span;
  }

  function textSpan(className, text) {
    var span = document.createElement("span");
    span.className = className;
    span.textContent = text;
    return span;
  }

  // A line of a move's details about one car part (data-part), its words in bold.
  function partItem(className, part, text) {
    var item = document.createElement("li");
    item.className = className;
    item.setAttribute("data-part", part);
    var strong = document.createElement("strong");
    strong.textContent = text;
    item.appendChild(strong);
    return item;
  }

  function moveItem(move, current) {
    var li = document.createElement("li");
    li.className = "replay-move" + (move.wear && move.wear.length ? " has-cost" : "") + (current ? " is-current" : "");
    li.setAttribute("data-move-car", move.car);
    li.appendChild(chip(move.car));
    var car = carsById[move.car];
    if (car) {
      li.appendChild(textSpan("ev-driver", " " + car.driver));
    }
    li.appendChild(textSpan("move-summary", " " + (move.wait ? labels.waited : move.summary)));
    if (!move.wait && move.square) {
      // where it stopped, as the table names the square; the id stays in the attribute
      var to = textSpan("move-to", " " + fill(labels.to, { square: (data.names || {})[move.square] || move.square }));
      to.setAttribute("data-square", move.square);
      li.appendChild(to);
    }
    var details = document.createElement("ul");
    details.className = "move-details";
    (move.wear || []).forEach(function (w) {
      var item = partItem("move-wear", w.part, fill(labels.lost, { n: w.n, part: w.label }));
      item.appendChild(textSpan("", " " + w.why));
      details.appendChild(item);
    });
    (move.gained || []).forEach(function (g) {
      details.appendChild(
        partItem("move-gain", g.part, fill(labels.gained, { n: g.n, part: g.label }))
      );
    });
    // The d20 rolls on one line (a move in a pack rolls a collision test per car beside it).
    if (move.tests && move.tests.length) {
      var tests = document.createElement("li");
      tests.className = "move-tests";
      move.tests.forEach(function (t, n) {
        if (n) {
          tests.appendChild(document.createTextNode(" · "));
        }
        var text = fill(labels.test, { test: t.label, roll: t.roll });
        if (t.car !== move.car) {
          text += " (" + t.car + ")";
        }
        if (t.result) {
          text += " " + t.result;
        }
        tests.appendChild(textSpan("move-test" + (t.failed ? " is-failed" : ""), text));
      });
      details.appendChild(tests);
    }
    if (details.childNodes.length) {
      li.appendChild(details);
    }
    return li;
  }

  function eventItem(event) {
    var li = document.createElement("li");
    li.className = "replay-event ev-" + event.kind;
    li.appendChild(textSpan("ev-label", event.label));
    if (carsById[event.car]) {
      li.appendChild(document.createTextNode(" "));
      li.appendChild(chip(event.car));
      li.appendChild(textSpan("ev-driver", " " + carsById[event.car].driver));
    }
    li.appendChild(textSpan("ev-text", " " + event.text));
    return li;
  }

  function violationItem(v) {
    var li = document.createElement("li");
    li.className = "replay-event ev-violation";
    var a = document.createElement("a");
    a.className = "rule-ref";
    a.href = (data.rulesUrl || "") + "#rule-" + String(v.rule).replace(/[^A-Za-z0-9-]+/g, "-");
    a.textContent = fill(labels.rule, { rule: v.rule });
    li.appendChild(a);
    if (v.car) {
      li.appendChild(document.createTextNode(" "));
      li.appendChild(chip(v.car));
    }
    li.appendChild(textSpan("ev-text", " " + v.text));
    return li;
  }

  function empty(text) {
    var li = document.createElement("li");
    li.className = "empty";
    li.textContent = text;
    return li;
  }

  function showTurn(i, count) {
    var moves = movesOf(i).slice(0, Math.max(count, 0));
    movesNode.textContent = "";
    eventsNode.textContent = "";
    violationsNode.textContent = "";
    if (i === 0) {
      movesNode.appendChild(empty(labels.grid));
      if (eventsTitle) {
        eventsTitle.hidden = true;
      }
      return;
    }
    moves.forEach(function (move, n) {
      movesNode.appendChild(moveItem(move, !whole(i) && n === moves.length - 1));
    });
    if (!movesOf(i).length) {
      movesNode.appendChild(empty(labels.noMoves));
    }
    var shown = {};
    moves.forEach(function (move) {
      shown[move.car] = true;
    });
    var done = whole(i);
    var events = turns[i - 1].events.filter(function (e) {
      return done || shown[e.car];
    });
    events.forEach(function (event) {
      eventsNode.appendChild(eventItem(event));
    });
    // A turn with moves says what they did; "nothing to report" only when nothing happened at all.
    if (!events.length && !movesOf(i).length) {
      eventsNode.appendChild(empty(labels.noEvents));
    }
    if (eventsTitle) {
      eventsTitle.hidden = !eventsNode.childNodes.length;
    }
    (turns[i - 1].violations || [])
      .filter(function (v) {
        return done || shown[v.car];
      })
      .forEach(function (v) {
        violationsNode.appendChild(violationItem(v));
      });
  }

  // -- following a car: the map zooms on it and pans along ------------------------------------
  var fullBox = svgNode ? svgNode.getAttribute("viewBox").split(/\s+/).map(Number) : null;
  var currentBox = fullBox ? fullBox.slice() : null;
  var boxAnimation = null;

  function setBox(target) {
    if (!svgNode || !target) {
      return;
    }
    if (boxAnimation) {
      window.cancelAnimationFrame(boxAnimation);
    }
    var from = currentBox.slice();
    var t0 = null;
    var reduce = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    function step(ts) {
      if (t0 === null) {
        t0 = ts;
      }
      var k = reduce ? 1 : Math.min(1, (ts - t0) / 450);
      var e = k < 0.5 ? 2 * k * k : 1 - Math.pow(-2 * k + 2, 2) / 2;
      currentBox = from.map(function (v, n) {
        return v + (target[n] - v) * e;
      });
      svgNode.setAttribute("viewBox", currentBox.map(function (v) { return v.toFixed(2); }).join(" "));
      boxAnimation = k < 1 ? window.requestAnimationFrame(step) : null;
    }
    boxAnimation = window.requestAnimationFrame(step);
  }

  function follow(squares) {
    if (!fullBox) {
      return;
    }
    var carId = followNode ? followNode.value : "";
    var centre = carId ? data.centres[squares[carId]] : null;
    if (!centre) {
      setBox(fullBox);
      return;
    }
    // A window under half the circuit wide, with the map's own proportions, kept inside it.
    var w = Math.max(fullBox[2] * 0.45, 70);
    var h = w * (fullBox[3] / fullBox[2]);
    var x = Math.min(Math.max(centre[0] - w / 2, fullBox[0]), fullBox[0] + fullBox[2] - w);
    var y = Math.min(Math.max(centre[1] - h / 2, fullBox[1]), fullBox[1] + fullBox[3] - h);
    setBox([x, y, w, h]);
  }

  // -- rendering ---------------------------------------------------------------------------
  function cancelMoves() {
    pending.forEach(window.clearTimeout);
    pending = [];
  }

  function writeAddress() {
    var hash = index === 0 ? "" : "#turn-" + turnNumber(index);
    if (linkNode) {
      linkNode.hidden = index === 0;
      linkNode.setAttribute("href", hash || "#");
    }
    if (window.location.hash !== hash && window.history && window.history.replaceState) {
      window.history.replaceState(null, "", hash || window.location.pathname + window.location.search);
    }
  }

  function render(i, count, sequential) {
    cancelMoves();
    index = Math.max(0, Math.min(last, i));
    var moves = movesOf(index);
    sub = count === null || count === undefined ? moves.length : Math.max(0, Math.min(moves.length, count));
    slider.value = String(index);
    var text = index === 0 ? labels.start : fill(labels.turn, { turn: turnNumber(index), last: turnNumber(last) });
    if (!whole(index) && sub > 0) {
      text += " · " + fill(labels.carOf, { car: moves[sub - 1].car });
    }
    counter.textContent = text;
    if (lapNode) {
      lapNode.textContent = index === 0 ? "" : fill(labels.lap, { lap: turns[index - 1].lap, laps: data.laps });
    }
    writeAddress();
    showTurn(index, sub);
    drawPaths(moves.slice(0, sub), whole(index) ? -1 : sub - 1);
    buttons.first.disabled = buttons.back.disabled = index === 0;
    buttons.forward.disabled = index === last;
    buttons.car.disabled = index === last && whole(index);
    var at = squaresAt(index, sub);
    follow(at.squares);
    if (!(sequential && index > 0 && moves.length)) {
      showCars(index, sub);
      return;
    }
    // Playing: the cars move one after another, in the order they played.
    var gap = Math.min(220, (TURN_MS / speed) * 0.8 / moves.length);
    moves.forEach(function (move, n) {
      pending.push(
        window.setTimeout(function () {
          if (move.square) {
            place(move.car, move.square);
          }
        }, n * gap)
      );
    });
    pending.push(
      window.setTimeout(function () {
        showCars(index, sub);
      }, moves.length * gap)
    );
  }

  function stepCar() {
    if (index > 0 && !whole(index)) {
      render(index, sub + 1, false);
    } else if (index < last) {
      var next = movesOf(index + 1).length ? 1 : null;
      render(index + 1, next, false);
    }
  }

  function schedule() {
    if (timer) {
      window.clearInterval(timer);
    }
    timer = window.setInterval(function () {
      if (index >= last) {
        setPlaying(false);
        return;
      }
      render(index + 1, null, true);
    }, TURN_MS / speed);
  }

  function setPlaying(on) {
    if (on && index === last) {
      render(0, null, false);
    }
    if (timer) {
      window.clearInterval(timer);
      timer = null;
    }
    if (on) {
      schedule();
    }
    var label = on ? labels.pause : labels.play;
    playButton.setAttribute("aria-label", label);
    playButton.setAttribute("title", label);
    playButton.setAttribute("aria-pressed", on ? "true" : "false");
    playButton.classList.toggle("is-playing", on);
    // Announcing every turn while playing would drown a screen reader.
    counter.setAttribute("aria-live", on ? "off" : "polite");
  }

  function stopAnd(step) {
    return function () {
      setPlaying(false);
      step();
    };
  }

  // #turn-12: the index of turn 12 (or of the last turn before it); null for any other address.
  function fromAddress() {
    var match = /^#turn-(\d+)$/.exec(window.location.hash);
    if (!match) {
      return null;
    }
    var wanted = parseInt(match[1], 10);
    var found = 0;
    turns.forEach(function (turn, n) {
      if (turn.turn <= wanted) {
        found = n + 1;
      }
    });
    return found;
  }

  buttons.first.addEventListener("click", stopAnd(function () { render(0, null, false); }));
  buttons.back.addEventListener("click", stopAnd(function () {
    render(whole(index) ? index - 1 : index - 1, null, false);
  }));
  buttons.forward.addEventListener("click", stopAnd(function () {
    render(whole(index) ? index + 1 : index, null, false);
  }));
  buttons.car.addEventListener("click", stopAnd(stepCar));
  playButton.addEventListener("click", function () {
    setPlaying(!timer);
  });
  slider.addEventListener("input", stopAnd(function () { render(parseInt(slider.value, 10) || 0, null, false); }));
  if (speedNode) {
    speedNode.addEventListener("change", function () {
      speed = parseFloat(speedNode.value) || 1;
      if (timer) {
        schedule();
      }
    });
  }
  if (followNode) {
    followNode.addEventListener("change", function () {
      follow(squaresAt(index, sub).squares);
    });
  }
  window.addEventListener("hashchange", function () {
    var at = fromAddress();
    if (at !== null) {
      setPlaying(false);
      render(at, null, false);
    }
  });

  controls.hidden = false;
  slider.max = String(last);
  // Start on the grid (or the turn in the address) at once: no gliding from the final positions.
  var map = root.querySelector("svg.circuit-map");
  if (map) {
    map.classList.add("is-instant");
  }
  var start = fromAddress();
  render(start === null ? 0 : start, null, false);
  if (start !== null) {
    // The address named a turn of the list below: the board shows it, the list stays folded.
    root.querySelectorAll("details.replay-all").forEach(function (node) {
      node.open = false;
    });
    root.scrollIntoView();
  }
  window.requestAnimationFrame(function () {
    window.requestAnimationFrame(function () {
      if (map) {
        map.classList.remove("is-instant");
      }
    });
  });
})();
