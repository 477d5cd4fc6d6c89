// The race replay: steps the cars of the circuit map through the race, turn by turn.
// Data: the #replay-data JSON (cars, the grid, each turn's squares, moves and events, square
// centres, labels in the reader's language). Without JavaScript the page shows the final
// positions and every turn's events; the controls stay hidden.
(function () {
  "use strict";
  var root = document.querySelector("[data-replay]");
  var dataNode = document.getElementById("replay-data");
  if (!root || !dataNode) {
    return;
  }
  var data = JSON.parse(dataNode.textContent);
  var labels = data.labels || {};
  var turns = data.turns || [];
  var last = turns.length;
  var controls = root.querySelector("[data-replay-controls]");
  var slider = root.querySelector("#replay-slider");
  var counter = root.querySelector("#replay-turn");
  var lapNode = root.querySelector("#replay-lap");
  var eventsNode = root.querySelector("#replay-events");
  var playButton = root.querySelector('[data-action="play"]');
  var buttons = {
    first: root.querySelector('[data-action="first"]'),
    back: root.querySelector('[data-action="back"]'),
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

  var index = 0; // 0: the grid; i: after the i-th turn
  var timer = null;
  var pending = [];
  var TURN_MS = 1100;

  function fill(template, values) {
    return String(template || "").replace(/\{(\w+)\}/g, function (match, key) {
      return Object.prototype.hasOwnProperty.call(values, key) ? values[key] : match;
    });
  }

  function turnNumber(i) {
    return i === 0 ? 0 : turns[i - 1].turn;
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

  function place(carId, square) {
    var node = marks[carId];
    var centre = data.centres[square];
    if (!node || !centre) {
      return;
    }
    node.style.transform = "translate(" + centre[0] + "px, " + centre[1] + "px)";
    node.setAttribute("data-square", square);
  }

  function chip(car) {
    var span = document.createElement("span");
    span.className = "car-chip";
    span.style.backgroundColor = car.colour;
    span.style.color = car.ink;
    span.textContent = car.id;
    return span;
  }

  function eventItem(event) {
    var li = document.createElement("li");
    li.className = "replay-event ev-" + event.kind;
    var label = document.createElement("span");
    label.className = "ev-label";
    label.textContent = event.label;
    li.appendChild(label);
    var car = carsById[event.car];
    if (car) {
      li.appendChild(document.createTextNode(" "));
      li.appendChild(chip(car));
      var driver = document.createElement("span");
      driver.className = "ev-driver";
      driver.textContent = " " + car.driver;
      li.appendChild(driver);
    }
    var text = document.createElement("span");
    text.className = "ev-text";
    text.textContent = " " + event.text;
    li.appendChild(text);
    return li;
  }

  function showEvents(i) {
    var events = i === 0 ? [] : turns[i - 1].events;
    eventsNode.textContent = "";
    if (!events.length) {
      var empty = document.createElement("li");
      empty.className = "empty";
      empty.textContent = i === 0 ? labels.grid : labels.noEvents;
      eventsNode.appendChild(empty);
      return;
    }
    events.forEach(function (event) {
      eventsNode.appendChild(eventItem(event));
    });
  }

  function showCars(i) {
    var squares = i === 0 ? data.start : turns[i - 1].squares;
    var turn = turnNumber(i);
    Object.keys(carsById).forEach(function (id) {
      var car = carsById[id];
      var state = stateOf(car, turn);
      if (squares[id]) {
        place(id, squares[id]);
      }
      if (marks[id]) {
        marks[id].classList.toggle("is-finished", state === "finished");
        marks[id].classList.toggle("is-out", state === "out");
        marks[id].classList.toggle("is-racing", state === "racing");
      }
      var item = legend[id];
      if (item) {
        item.className = "is-" + state;
        var status = item.querySelector("[data-status]");
        if (status) {
          if (state === "finished") {
            status.textContent = fill(labels.finished, { position: car.position });
          } else if (state === "out") {
            status.textContent = fill(labels.out, { turn: car.turn, cause: car.cause || "—" });
          } else {
            status.textContent = labels.racing;
          }
        }
      }
    });
  }

  // On a phone the map is wider than the screen: keep the leader (the first to play) in view.
  var mapBox = root.querySelector("[data-replay-map]");
  var svgNode = mapBox ? mapBox.querySelector("svg") : null;

  function follow(square) {
    var centre = data.centres[square];
    if (!mapBox || !svgNode || !centre || mapBox.scrollWidth <= mapBox.clientWidth + 1) {
      return;
    }
    var box = svgNode.viewBox.baseVal;
    var x = ((centre[0] - box.x) / box.width) * svgNode.getBoundingClientRect().width;
    mapBox.scrollTo({ left: Math.max(0, x - mapBox.clientWidth / 2), behavior: "smooth" });
  }

  function leaderSquare(i) {
    if (i === 0) {
      var pole = (data.cars || []).filter(function (car) { return car.grid === 1; })[0];
      return pole ? data.start[pole.id] : null;
    }
    var moves = turns[i - 1].moves;
    return moves.length ? moves[0].square : null;
  }

  function cancelMoves() {
    pending.forEach(window.clearTimeout);
    pending = [];
  }

  function render(i, sequential) {
    cancelMoves();
    index = Math.max(0, Math.min(last, i));
    slider.value = String(index);
    counter.textContent = index === 0 ? labels.start : fill(labels.turn, { turn: turnNumber(index), last: turnNumber(last) });
    if (lapNode) {
      lapNode.textContent = index === 0 ? "" : fill(labels.lap, { lap: turns[index - 1].lap, laps: data.laps });
    }
    showEvents(index);
    follow(leaderSquare(index));
    buttons.first.disabled = buttons.back.disabled = index === 0;
    buttons.forward.disabled = index === last;
    var moves = sequential && index > 0 ? turns[index - 1].moves : [];
    if (!moves.length) {
      showCars(index);
      return;
    }
    // Playing: the cars move one after another, in the order they played.
    var gap = Math.min(220, (TURN_MS * 0.8) / moves.length);
    moves.forEach(function (move, n) {
      pending.push(
        window.setTimeout(function () {
          place(move.car, move.square);
        }, n * gap)
      );
    });
    pending.push(
      window.setTimeout(function () {
        showCars(index);
      }, moves.length * gap)
    );
  }

  function setPlaying(on) {
    if (on && index === last) {
      render(0, false);
    }
    if (timer) {
      window.clearInterval(timer);
      timer = null;
    }
    if (on) {
      timer = window.setInterval(function () {
        if (index >= last) {
          setPlaying(false);
          return;
        }
        render(index + 1, true);
      }, TURN_MS);
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

  buttons.first.addEventListener("click", stopAnd(function () { render(0, false); }));
  buttons.back.addEventListener("click", stopAnd(function () { render(index - 1, false); }));
  buttons.forward.addEventListener("click", stopAnd(function () { render(index + 1, false); }));
  playButton.addEventListener("click", function () {
    setPlaying(!timer);
  });
  slider.addEventListener("input", stopAnd(function () { render(parseInt(slider.value, 10) || 0, false); }));

  controls.hidden = false;
  slider.max = String(last);
  // Start on the grid at once: no gliding back from the final positions drawn by the server.
  var map = root.querySelector("svg.circuit-map");
  if (map) {
    map.classList.add("is-instant");
  }
  render(0, false);
  window.requestAnimationFrame(function () {
    window.requestAnimationFrame(function () {
      if (map) {
        map.classList.remove("is-instant");
      }
    });
  });
})();
