// The board editor: taps on the picture make the trace (pieces in race order, corners, pit lane,
// grid, arrows); every change is saved on the server, which works out the squares, levels and
// arrows (circuits/tracing.py) and the engine's problems, and sends them back to be drawn.
(function () {
  "use strict";

  const NS = "http://www.w3.org/2000/svg";
  const svg = document.getElementById("board");
  if (!svg) return;
  const urls = JSON.parse(document.getElementById("board-urls").textContent);
  const words = JSON.parse(document.getElementById("board-words").textContent);
  let state = JSON.parse(document.getElementById("board-state").textContent);
  // Places the editor gives squares the document places nowhere (a board imported from `@1`).
  const positionsNode = document.getElementById("board-positions");
  const positions = positionsNode ? JSON.parse(positionsNode.textContent) : {};
  // An imported board is not traced: only its arrows, laps and name change here.
  const imported = Boolean(state.imported);
  let trace = clone(state.trace || {});
  const undoStack = [];
  let pending = []; // taps not yet made into a piece or a corner
  let arrowFrom = null;
  let saving = Promise.resolve();
  let inflight = 0; // saves sent and not yet answered: body[data-saving] says so (tests wait on it)

  const $ = (id) => document.getElementById(id);
  const layers = {
    corners: $("layer-corners"),
    edges: $("layer-edges"),
    squares: $("layer-squares"),
    problems: $("layer-problems"),
    pending: $("layer-pending"),
  };

  function clone(value) {
    return JSON.parse(JSON.stringify(value));
  }

  function tool() {
    return document.querySelector('input[name="tool"]:checked').value;
  }

  function el(name, attrs, parent) {
    const node = document.createElementNS(NS, name);
    for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
    if (parent) parent.appendChild(node);
    return node;
  }

  function setStatus(text, bad) {
    const status = $("status");
    status.textContent = text;
    status.classList.toggle("error", Boolean(bad));
  }

  // -- the server ------------------------------------------------------------------------------
  function csrf() {
    const match = document.cookie.match(/(?:^|; )csrftoken=([^;]+)/);
    return match ? decodeURIComponent(match[1]) : "";
  }

  async function post(url, body) {
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrf() },
      body: body === undefined ? "{}" : JSON.stringify(body),
      credentials: "same-origin",
    });
    let data = {};
    try {
      data = await response.json();
    } catch (err) {
      data = { error: response.statusText };
    }
    return { ok: response.ok, data };
  }

  // Save the trace as changed by `change`; a refusal puts the trace back (the taps stay pending).
  function commit(change, keepPending) {
    const before = clone(trace);
    change(trace);
    undoStack.push(before);
    return save(before, keepPending);
  }

  function save(fallback, keepPending) {
    setStatus(words.saving);
    inflight += 1;
    document.body.dataset.saving = String(inflight);
    const sent = clone(trace);
    saving = saving.then(async () => {
      const { ok, data } = await post(urls.draft, { trace: sent, name: $("board-name").value });
      if (ok) {
        state = data;
        if (!keepPending) pending = [];
        setStatus(words.saved);
      } else {
        if (fallback) {
          trace = fallback;
          undoStack.pop();
        }
        setStatus(words.not_saved + " " + (data.error || ""), true);
      }
      inflight -= 1;
      if (inflight) document.body.dataset.saving = String(inflight);
      else delete document.body.dataset.saving;
      draw();
    });
    return saving;
  }

  // -- geometry --------------------------------------------------------------------------------
  function pointOf(event) {
    const point = svg.createSVGPoint();
    point.x = event.clientX;
    point.y = event.clientY;
    const local = point.matrixTransform(svg.getScreenCTM().inverse());
    return [Math.round(local.x * 10) / 10, Math.round(local.y * 10) / 10];
  }

  let placedFor = null;
  let placed = [];
  function squares() {
    const doc = state.document;
    if (doc !== placedFor) {
      placedFor = doc;
      const raw = (doc && Array.isArray(doc.squares) && doc.squares) || [];
      placed = raw
        .filter((s) => s && typeof s === "object")
        .map((s) => (s.x === undefined && positions[s.id] ? Object.assign({}, s, { x: positions[s.id][0], y: positions[s.id][1] }) : s))
        .filter((s) => typeof s.x === "number" && typeof s.y === "number");
    }
    return placed;
  }

  function nearest(point, filter) {
    let best = null;
    let bestDistance = Infinity;
    for (const square of squares()) {
      if (filter && !filter(square)) continue;
      const d = Math.hypot(square.x - point[0], square.y - point[1]);
      const reach = Math.max(14, (Math.min(square.w || square.h || 24, square.h || 24) / 2) * 1.2);
      if (d < bestDistance && d <= reach) {
        best = square;
        bestDistance = d;
      }
    }
    return best;
  }

  // -- the tools -------------------------------------------------------------------------------
  function lastGroup() {
    const pieces = trace.pieces || [];
    const last = pieces[pieces.length - 1];
    return last && (last.kind === "lane" || last.kind === "single") ? last.group : null;
  }

  let forceNewGroup = false;
  function groupFor(lane, kind) {
    const pieces = trace.pieces || [];
    const group = forceNewGroup ? null : lastGroup();
    if (group !== null) {
      const taken = pieces.some((p) => p.group === group && p.lane === lane && p.kind === "lane");
      if (!taken || kind === "single") return group;
    }
    forceNewGroup = false;
    let n = 1;
    while (pieces.some((p) => p.group === "G" + n)) n += 1;
    return "G" + n;
  }

  function addPiece(piece) {
    return commit((t) => {
      t.pieces = t.pieces || [];
      t.pieces.push(piece);
    }, false);
  }

  function finish() {
    const kind = tool();
    if (kind === "straight" && pending.length === 4) {
      const rows = parseInt($("rows").value, 10);
      return addPiece({ kind: "straight", corners: pending.slice(), rows: rows, lanes: $("lanes").value });
    }
    if (kind === "lane" && pending.length >= 2) {
      const lane = $("lane").value;
      const count = parseInt($("count").value, 10);
      return addPiece({ kind: "lane", group: groupFor(lane, "lane"), lane: lane, points: pending.slice(), count: count });
    }
    if (kind === "lasso" && pending.length >= 3) {
      const corner = { name: $("corner-name").value, stops: parseInt($("stops").value, 10), lasso: pending.slice() };
      return commit((t) => {
        t.corners = t.corners || [];
        t.corners.push(corner);
      }, false);
    }
    return Promise.resolve();
  }

  function toggleIn(list, value) {
    const i = list.indexOf(value);
    if (i >= 0) list.splice(i, 1);
    else list.push(value);
  }

  function sameEdge(a, b) {
    return a[0] === b[0] && a[1] === b[1];
  }

  function toggleArrow(from, to) {
    return commit((t) => {
      t.edges_add = t.edges_add || [];
      t.edges_remove = t.edges_remove || [];
      const pair = [from, to];
      const added = t.edges_add.findIndex((e) => sameEdge(e, pair));
      const removed = t.edges_remove.findIndex((e) => sameEdge(e, pair));
      const shown = ((state.document && state.document.edges) || []).some((e) => sameEdge(e, pair));
      if (added >= 0) t.edges_add.splice(added, 1);
      else if (removed >= 0) t.edges_remove.splice(removed, 1);
      else if (shown) t.edges_remove.push(pair);
      else t.edges_add.push(pair);
    }, false);
  }

  function tap(event) {
    const point = pointOf(event);
    const kind = tool();
    if (imported && kind !== "arrow") return undefined;
    if (kind === "straight") {
      pending.push(point);
      if (pending.length === 4) return finish();
      return draw();
    }
    if (kind === "lane" || kind === "lasso") {
      pending.push(point);
      return draw();
    }
    if (kind === "single") {
      const lane = $("lane").value;
      return addPiece({ kind: "single", group: groupFor(lane, "single"), lane: lane, at: point });
    }
    if (kind === "pit-lane") {
      return commit((t) => {
        t.pit = t.pit || {};
        t.pit.squares = t.pit.squares || [];
        t.pit.squares.push(point);
      }, false);
    }
    const onTrack = (s) => s.lane !== "pit";
    if (kind === "stand") {
      const square = nearest(point, (s) => s.lane === "pit");
      if (!square) return setStatus(words.nothing_here, true);
      const index = state.document.pit.lane.indexOf(square.id);
      return commit((t) => {
        t.pit.stands = t.pit.stands || [];
        toggleIn(t.pit.stands, index);
        t.pit.stands.sort((a, b) => a - b);
      }, false);
    }
    const square = nearest(point, kind === "arrow" ? null : onTrack);
    if (!square) return setStatus(words.nothing_here, true);
    if (kind === "pit-entry" || kind === "pit-exit") {
      return commit((t) => {
        t.pit = t.pit || {};
        t.pit[kind === "pit-entry" ? "entry" : "exit"] = square.id;
      }, false);
    }
    if (kind === "grid") {
      return commit((t) => {
        t.grid = t.grid || [];
        toggleIn(t.grid, square.id);
      }, false);
    }
    if (kind === "arrow") {
      if (arrowFrom === null) {
        arrowFrom = square.id;
        return draw();
      }
      const from = arrowFrom;
      arrowFrom = null;
      if (from === square.id) return draw();
      return toggleArrow(from, square.id);
    }
    return undefined;
  }

  // -- drawing ---------------------------------------------------------------------------------
  function clear(layer) {
    while (layer.firstChild) layer.removeChild(layer.firstChild);
  }

  function draw() {
    for (const layer of Object.values(layers)) clear(layer);
    const doc = state.document || {};
    const byId = new Map(squares().map((s) => [s.id, s]));
    for (const corner of trace.corners || []) {
      el("polygon", { class: "lasso", points: corner.lasso.map((p) => p.join(",")).join(" ") }, layers.corners);
    }
    for (const [from, to] of doc.edges || []) {
      const a = byId.get(from);
      const b = byId.get(to);
      if (!a || !b) continue;
      const added = (trace.edges_add || []).some((e) => e[0] === from && e[1] === to);
      el("line", {
        class: added ? "edge edge-added" : "edge",
        x1: a.x, y1: a.y, x2: a.x + (b.x - a.x) * 0.8, y2: a.y + (b.y - a.y) * 0.8,
        "marker-end": "url(#arrow-head)",
        "data-edge": from + ">" + to,
      }, layers.edges);
    }
    const grid = doc.grid || [];
    const pit = doc.pit || {};
    // The pit lane's chain is implied by the format (entry, its squares, exit): drawn dashed.
    const chain = [pit.entry, ...(pit.lane || []), pit.exit].map((id) => byId.get(id)).filter(Boolean);
    if (chain.length > 1) {
      el("polyline", { class: "pit-chain", points: chain.map((s) => s.x + "," + s.y).join(" ") }, layers.edges);
    }
    for (const square of squares()) {
      const r = Math.max(5, Math.min(square.w || square.h || 20, square.h || 20) / 2.6);
      const classes = ["square", "lane-" + square.lane];
      if (square.corner) classes.push("in-corner");
      if (square.stand) classes.push("stand");
      if (square.id === pit.entry || square.id === pit.exit) classes.push("pit-end");
      if (square.id === arrowFrom) classes.push("picked");
      const node = el("circle", {
        class: classes.join(" "), cx: square.x, cy: square.y, r: r,
        "data-square": square.id, "data-lane": square.lane, "data-level": square.level,
      }, layers.squares);
      el("title", {}, node).textContent = square.id + " · " + square.lane + " · " + square.level + (square.corner ? " · " + square.corner : "");
      const slot = grid.indexOf(square.id);
      if (slot >= 0) {
        const label = el("text", { class: "grid-slot", x: square.x, y: square.y + 4, "data-grid": slot + 1 }, layers.squares);
        label.textContent = String(slot + 1);
      }
    }
    drawProblems(byId);
    drawPending();
    drawSide();
  }

  function drawProblems(byId) {
    const list = $("problems");
    clear(list);
    const problems = state.problems || [];
    problems.forEach((problem, i) => {
      const item = document.createElement("li");
      item.textContent = problem.text;
      item.dataset.code = problem.code;
      if (problem.square) item.dataset.square = problem.square;
      list.appendChild(item);
      const square = problem.square && byId.get(problem.square);
      if (square) {
        const mark = el("g", { class: "problem", "data-square": problem.square, "data-problem": i }, layers.problems);
        el("circle", { cx: square.x, cy: square.y, r: 14 }, mark);
        el("title", {}, mark).textContent = problem.text;
        item.addEventListener("mouseenter", () => mark.classList.add("lit"));
        item.addEventListener("mouseleave", () => mark.classList.remove("lit"));
      }
    });
    $("problem-count").textContent = problems.length ? String(problems.length) : "";
    $("no-problems").hidden = problems.length > 0 || !squares().length;
  }

  function drawPending() {
    if (!pending.length) return;
    const points = pending.map((p) => p.join(",")).join(" ");
    const shape = tool() === "lane" ? "polyline" : "polygon";
    el(shape, { class: "pending-shape", points: points }, layers.pending);
    for (const p of pending) el("circle", { class: "pending", cx: p[0], cy: p[1], r: 4 }, layers.pending);
  }

  function drawSide() {
    const weather = trace.weather || {};
    if ($("rain") && document.activeElement !== $("rain")) $("rain").value = weather.rain ?? 4;
    if ($("variable") && document.activeElement !== $("variable")) $("variable").value = weather.variable ?? 8;
    if (document.activeElement !== $("laps")) $("laps").value = trace.laps ?? 3;
    $("undo").disabled = !undoStack.length;
    const result = $("drive-result");
    const report = state.drive_report || {};
    if (state.drive === "running") result.textContent = words.driving;
    else if (state.drive === "passed") {
      result.textContent = words.passed + (state.drive_current ? "" : " " + words.stale);
      const races = document.createElement("ul");
      for (const race of report.races || []) {
        const item = document.createElement("li");
        item.textContent = words.drive_race.replace("{seed}", race.seed).replace("{moves}", race.moves).replace("{finished}", race.finished);
        races.appendChild(item);
      }
      result.appendChild(races);
    }
    else if (state.drive === "failed") result.textContent = words.failed + " " + (report.reason || "");
    else result.textContent = "";
    result.dataset.drive = state.drive || "";
    const ready = state.drive === "passed" && state.drive_current && !(state.problems || []).length;
    $("publish").disabled = !ready;
    if (state.published) {
      const link = document.createElement("a");
      link.href = state.published;
      link.textContent = state.published_slug;
      $("published").replaceChildren(document.createTextNode(words.published + " "), link);
    }
    const help = { "pit-entry": "help_pit_entry", "pit-lane": "help_pit_lane", "pit-exit": "help_pit_exit" }[tool()] || "help_" + tool();
    $("tool-help").textContent = words[help] || "";
    for (const node of document.querySelectorAll(".tool-options [data-for]")) {
      node.hidden = !node.dataset.for.split(" ").includes(tool());
    }
  }

  // -- wiring ----------------------------------------------------------------------------------
  svg.addEventListener("click", (event) => {
    event.preventDefault();
    tap(event);
  });
  for (const radio of document.querySelectorAll('input[name="tool"]')) {
    radio.addEventListener("change", () => {
      pending = [];
      arrowFrom = null;
      draw();
    });
  }
  $("finish").addEventListener("click", () => finish());
  $("cancel").addEventListener("click", () => {
    pending = [];
    arrowFrom = null;
    draw();
  });
  $("new-group").addEventListener("click", () => {
    forceNewGroup = true;
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && event.target === document.body) finish();
    if (event.key === "Escape") $("cancel").click();
    if ((event.ctrlKey || event.metaKey) && event.key === "z") $("undo").click();
  });
  $("undo").addEventListener("click", () => {
    if (!undoStack.length) return;
    trace = undoStack.pop();
    pending = [];
    save(null, false);
  });
  for (const id of ["rain", "variable", "laps"]) {
    if (!$(id)) continue; // an imported board shows its weather scale as text
    $(id).addEventListener("change", () => {
      const value = parseInt($(id).value, 10);
      commit((t) => {
        if (id === "laps") t.laps = value;
        else {
          t.weather = t.weather || {};
          t.weather[id] = value;
        }
      }, true);
    });
  }
  $("board-name").addEventListener("change", () => save(null, true));
  $("drive").addEventListener("click", async () => {
    await saving;
    state.drive = "running";
    drawSide();
    const { ok, data } = await post(urls.drive);
    if (ok) state = data;
    else setStatus(data.error || "", true);
    // A worker answers later: ask until the drive is over.
    while (state.drive === "running") {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const response = await fetch(urls.drive, { credentials: "same-origin" });
      if (response.ok) state = await response.json();
    }
    draw();
  });
  $("publish").addEventListener("click", async () => {
    const { ok, data } = await post(urls.publish);
    if (ok) {
      state = data;
      setStatus(words.published + " " + data.published_slug);
    } else setStatus(data.error || "", true);
    draw();
  });
  draw();
})();
