// The shipyard's page: it holds the ship (a layout document) and its history, posts each click
// to the server with the document, and draws what the server answers: the picture, the
// report, the numbers, the repair, and where the tile in hand may go. No rule lives here.
"use strict";

const $ = (selector) => document.querySelector(selector);
const { el } = Studio;
const DATA = JSON.parse($("#yard-data").textContent);
const SIDES = ["front", "right", "rear", "left"];
const CONNECTOR_WORDS = { "-": "smooth", s: "single", d: "double", u: "universal" };
const TURN_WORDS = ["as held", "turned once clockwise", "turned twice", "turned once anticlockwise"];

const state = {
  answer: null,
  doc: null,
  name: "ship",
  file: DATA.file, // {path, version} of the file open, or null
  saved: null, // the document as last opened or saved
  hand: null, // the tile in hand, as a layout entry
  handName: "",
  handAnswer: null,
  selected: null, // the square of the selected tile
  cursor: null, // the square the arrow keys are on
  moving: null, // the square of the tile being moved
  history: [],
  future: [],
  source: null,
};

let queue = Promise.resolve();
let pending = 0;
/** Run the server's answers one after another, in the order of the clicks; the page says how
 * many are waiting (``data-pending`` on the body: a busy cursor, and what tests wait for). */
function enqueue(job) {
  pending += 1;
  document.body.dataset.pending = String(pending);
  const done = () => {
    pending -= 1;
    document.body.dataset.pending = String(pending);
  };
  queue = queue.then(job, job).then(done, done);
  return queue;
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

// -- messages -------------------------------------------------------------------------------

let hideTimer = null;
function say(text, kind = "info") {
  const box = $("#message");
  box.textContent = text;
  box.className = `message ${kind}`;
  box.hidden = !text;
  clearTimeout(hideTimer);
  if (kind === "info" && text) hideTimer = setTimeout(() => (box.hidden = true), 4000);
}

function help() {
  let words;
  if (state.moving) words = `Click a free square to move the tile on ${state.moving} to; Esc cancels.`;
  else if (state.hand) words = "Green: fits as held · dashed: fits turned (it turns as it drops) · hover: why not · R, wheel: turn";
  else words = "Take a part from the list, or click a tile of the ship to change it.";
  $("#help").textContent = words;
}

// -- asking the server ----------------------------------------------------------------------

/** The ship after ``action`` (or the document ``doc`` as it is), drawn; false on a problem. */
async function ask(action, { doc = state.doc, record = true, hand = state.hand } = {}) {
  const body = { ship: doc, name: state.name };
  if (hand) body.hand = hand;
  if (action) body.do = action;
  const { ok, data } = await Studio.post("/shipyard/answer", body);
  if (!ok) {
    say(data.error, "error");
    return false;
  }
  if (record && state.doc && !same(data.ship, state.doc)) {
    state.history.push(state.doc);
    state.future = [];
  }
  show(data);
  if (!hand) state.handAnswer = null;
  say("");
  return true;
}

async function askHand(action) {
  const body = { ship: state.doc, name: state.name, hand: state.hand };
  if (action) body.do = action;
  const { ok, data } = await Studio.post("/shipyard/hand", body);
  if (!ok) {
    say(data.error, "error");
    return false;
  }
  state.hand = data.entry;
  state.handAnswer = data;
  drawHand();
  drawOverlay();
  help();
  return true;
}

function show(answer) {
  state.answer = answer;
  state.doc = answer.ship;
  state.name = answer.name;
  if (answer.hand) state.handAnswer = answer.hand;
  if (state.selected && !(state.selected in state.doc.tiles)) state.selected = null;
  drawPicture();
  drawReport();
  drawHand();
  drawInspector();
  drawFile();
  help();
}

// -- the picture and the squares ------------------------------------------------------------

function svgOf() {
  return $("#picture svg");
}

function drawPicture() {
  const box = $("#picture");
  box.innerHTML = state.answer.picture;
  const svg = svgOf();
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
  crop(svg);
  drawOverlay();
}

/** The picture cut to the board, its tiles and marks: the report beside it says the rest. */
function crop(svg) {
  let box = null;
  for (const id of ["board", "tiles", "violations"]) {
    const part = svg.getElementById(id);
    if (!part) continue;
    const b = part.getBBox();
    if (!b.width && !b.height) continue;
    box = box
      ? {
          x: Math.min(box.x, b.x),
          y: Math.min(box.y, b.y),
          r: Math.max(box.r, b.x + b.width),
          b: Math.max(box.b, b.y + b.height),
        }
      : { x: b.x, y: b.y, r: b.x + b.width, b: b.y + b.height };
  }
  if (box) {
    const pad = 10;
    svg.setAttribute(
      "viewBox",
      `${box.x - pad} ${box.y - pad} ${box.r - box.x + 2 * pad} ${box.b - box.y + 2 * pad}`
    );
  }
}

function squareBox(svg, square) {
  let node = svg.getElementById("square-" + square.replace(",", "-"));
  if (node && node.tagName.toLowerCase() === "g") node = node.querySelector("rect");
  if (!node) return null;
  const n = (name) => Number(node.getAttribute(name));
  return { x: n("x"), y: n("y"), w: n("width"), h: n("height") };
}

const SVG = "http://www.w3.org/2000/svg";
function svgEl(tag, attrs, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

function freeSquares() {
  return state.answer.board.squares.filter((sq) => !(sq in state.doc.tiles));
}

/** Where the tile in hand may go (or, moving a tile, every free square), over the picture. */
function drawOverlay() {
  const svg = svgOf();
  if (!svg) return;
  svg.getElementById("hand-layer")?.remove();
  svg.querySelectorAll(".selected-mark").forEach((n) => n.remove());
  const layer = svgEl("g", { id: "hand-layer" });
  if (state.selected) {
    const box = squareBox(svg, state.selected);
    if (box) {
      layer.append(svgEl("rect", {
        x: box.x - 3, y: box.y - 3, width: box.w + 6, height: box.h + 6, rx: 8,
        class: "selected-mark",
      }));
    }
  }
  if (state.moving) {
    for (const square of freeSquares()) {
      const box = squareBox(svg, square);
      if (!box) continue;
      layer.append(svgEl("rect", {
        x: box.x + 3, y: box.y + 3, width: box.w - 6, height: box.h - 6, rx: 6,
        class: "target", "data-square": square,
      }));
    }
  } else if (state.hand && state.handAnswer) {
    for (const [square, info] of Object.entries(state.handAnswer.squares)) {
      const box = squareBox(svg, square);
      if (!box) continue;
      const kind = !info.fit.length ? "nofit" : info.fit[0] === 0 ? "fit" : "fit turned";
      const group = svgEl("g", { class: `spot ${kind}`, "data-square": square });
      group.append(svgEl("rect", {
        x: box.x + 3, y: box.y + 3, width: box.w - 6, height: box.h - 6, rx: 6,
        "data-square": square,
      }));
      if (info.fit.length && info.fit[0] !== 0) {
        const marks = ["", "↻", "↻↻", "↺"][info.fit[0]];
        group.append(svgEl("text", {
          x: box.x + box.w / 2, y: box.y + box.h / 2 + 8, "text-anchor": "middle",
          class: "turn-mark", "data-square": square,
        }, marks));
      }
      layer.append(group);
    }
  }
  if (state.cursor) {
    const box = squareBox(svg, state.cursor);
    if (box) {
      layer.append(svgEl("rect", {
        x: box.x - 2, y: box.y - 2, width: box.w + 4, height: box.h + 4, rx: 8,
        class: "cursor-mark",
      }));
    }
  }
  svg.append(layer);
}

/** The arrow keys walk a cursor over the board's squares; Enter does what a click there does
 * (the page can be used without a mouse), and the square's fit is said in the help line. */
function moveCursor(dr, dc) {
  const squares = state.answer.board.squares;
  const [row, col] = (state.cursor || state.selected || state.answer.board.start).split(",").map(Number);
  const target = `${row + dr},${col + dc}`;
  if (squares.includes(target) || target in state.doc.tiles) state.cursor = target;
  else if (!state.cursor) state.cursor = state.answer.board.start;
  drawOverlay();
  const info = state.hand && state.handAnswer && state.handAnswer.squares[state.cursor];
  let words = `${state.cursor}`;
  if (state.cursor in state.doc.tiles) words += `: ${state.doc.tiles[state.cursor].part} (Enter selects it)`;
  else if (info && info.fit.length) words += info.fit[0] === 0 ? ": it fits here (Enter drops it)" : `: it fits ${TURN_WORDS[info.fit[0]]} (Enter drops it)`;
  else if (info) words += `: it does not fit: ${(info.why["0"] || []).join("; ")}`;
  $("#help").textContent = words;
}

function enterCursor() {
  const square = state.cursor;
  if (!square) return;
  if (state.moving && !(square in state.doc.tiles)) {
    const from = state.moving;
    state.moving = null;
    state.selected = square;
    enqueue(() => ask({ do: "move", from, to: square }));
  } else if (state.hand && !(square in state.doc.tiles)) enqueue(() => place(square));
  else if (square in state.doc.tiles) select(square);
}

function squareOf(event) {
  const node = event.target.closest("[data-square]");
  return node ? node.dataset.square : null;
}

function onPictureClick(event) {
  const square = squareOf(event);
  if (state.moving) {
    const from = state.moving;
    if (square && square !== from && !(square in state.doc.tiles)) {
      state.moving = null;
      state.selected = square;
      enqueue(() => ask({ do: "move", from, to: square }));
    } else {
      state.moving = null;
      drawOverlay();
      help();
    }
    return;
  }
  if (square && state.hand && !(square in state.doc.tiles)) {
    enqueue(() => place(square));
    return;
  }
  if (square && square in state.doc.tiles) select(square);
  else select(null);
}

async function place(square) {
  const entry = state.hand;
  const placed = await ask({ do: "place", square, entry }, { hand: null });
  if (placed) {
    state.hand = null;
    state.handAnswer = null;
    state.selected = square;
    drawHand();
    drawInspector();
    drawOverlay();
    help();
  }
}

function onPictureMove(event) {
  const tip = $("#tip");
  const square = squareOf(event);
  const info = square && state.hand && state.handAnswer && state.handAnswer.squares[square];
  if (!info) {
    tip.hidden = true;
    return;
  }
  tip.replaceChildren();
  if (info.fit.length && info.fit[0] === 0) tip.append(el("strong", {}, `${square}: it fits here`));
  else if (info.fit.length)
    tip.append(el("strong", {}, `${square}: it fits ${TURN_WORDS[info.fit[0]]}; it turns as you drop it`));
  else {
    tip.append(el("strong", {}, `${square}: it does not fit, in any turn. As held:`));
    tip.append(el("ul", {}, (info.why["0"] || []).map((line) => el("li", {}, line))));
  }
  const area = $(".dock").getBoundingClientRect();
  tip.hidden = false;
  const x = Math.min(event.clientX - area.left + 16, area.width - tip.offsetWidth - 8);
  const y = Math.min(event.clientY - area.top + 16, area.height - tip.offsetHeight - 8);
  tip.style.left = `${Math.max(4, x)}px`;
  tip.style.top = `${Math.max(4, y)}px`;
}

let wheelAt = 0;
function onWheel(event) {
  if (!state.hand && !state.selected) return;
  event.preventDefault();
  const now = Date.now();
  if (now - wheelAt < 180) return;
  wheelAt = now;
  turn(event.deltaY > 0 ? 1 : 3);
}

function turn(by) {
  if (state.hand) enqueue(() => askHand({ turn: by }));
  else if (state.selected) enqueue(() => ask({ do: "turn", square: state.selected, by }));
}

// -- the palette and the hand ---------------------------------------------------------------

function drawPalette() {
  const box = $("#palette");
  box.replaceChildren();
  let group = null;
  for (const item of DATA.palette) {
    const heading = item.expansion || "the start";
    if (heading !== group) {
      group = heading;
      box.append(el("h3", { class: "group" }, heading));
    }
    box.append(el("button", {
      type: "button", class: "part", title: `${item.name}: ${item.description}`,
      "data-part": item.part + (item.entry.start ? "-start" : ""),
      onclick: () => take(item),
    }, el("span", { class: "thumb", html: item.picture }), el("span", { class: "part-name" }, item.name)));
  }
}

function take(item) {
  state.hand = structuredClone(item.entry);
  state.handName = item.name;
  state.moving = null;
  select(null);
  enqueue(() => askHand(null));
}

function drawHand() {
  const box = $("#hand");
  if (!state.hand || !state.handAnswer) {
    box.className = "hand empty";
    box.replaceChildren(el("p", { class: "muted" },
      "Take a part from the list, set its sides by clicking them, turn it with R or the wheel, and click a green square."));
    return;
  }
  const entry = state.hand;
  const fixed = state.handAnswer.fixed;
  const sides = entry.sides || "uuuu";
  const fits = Object.values(state.handAnswer.squares).filter((s) => s.fit.length).length;
  const tile = el("div", { class: "hand-tile" }, el("div", { class: "hand-picture", html: state.handAnswer.picture }));
  SIDES.forEach((side, i) => {
    const char = sides[i];
    const why = fixed[side];
    tile.append(el("button", {
      type: "button", class: `side side-${side}`, "data-side": side, disabled: Boolean(why) || entry.start,
      title: why ? `the ${side} side carries ${why}` : `${side}: ${CONNECTOR_WORDS[char]} (click: the next kind)`,
      onclick: () => enqueue(() => askHand({ side })),
    }, why ? "–" : char === "-" ? "·" : char.toUpperCase()));
  });
  box.className = "hand";
  box.replaceChildren(
    el("div", { class: "hand-head" },
      el("strong", {}, state.handName || entry.part),
      el("span", { class: fits ? "fits" : "nofits" }, fits ? `fits on ${fits} square${fits === 1 ? "" : "s"}` : "fits nowhere yet")),
    el("div", { class: "hand-body" },
      el("button", { type: "button", class: "turn", title: "Turn anticlockwise (Shift+R)", onclick: () => turn(3) }, "↺"),
      tile,
      el("button", { type: "button", class: "turn", title: "Turn clockwise (R)", onclick: () => turn(1) }, "↻")),
    handKeys(entry),
    ...(state.handAnswer.note ? [el("p", { class: "muted note" }, state.handAnswer.note)] : []),
    el("div", { class: "hand-actions" },
      el("button", { type: "button", onclick: dropHand }, "Put back (Esc)")),
  );
}

/** The keys of the part in hand that are printed on the tile (capacity, colours...). */
function handKeys(entry) {
  const form = el("div", { class: "keys" });
  const change = (key, value) => {
    const before = state.hand;
    state.hand = { ...state.hand, [key]: value };
    if (value === null) delete state.hand[key];
    enqueue(async () => {
      if (!(await askHand(null))) state.hand = before;
    });
  };
  if (entry.part === "battery")
    form.append(choice("Tokens it holds", [2, 3], entry.capacity, (v) => change("capacity", v)));
  if (entry.part === "cargo") {
    form.append(choice("Kind", ["plain", "red"], entry.red ? "red" : "plain", (v) => {
      state.hand = { ...state.hand, red: v === "red" || null, capacity: v === "red" ? 1 : 2 };
      if (v !== "red") delete state.hand.red;
      change("capacity", state.hand.capacity);
    }));
    form.append(choice("Holds", entry.red ? [1, 2] : [2, 3], entry.capacity, (v) => change("capacity", v)));
  }
  if (entry.part === "life-support")
    form.append(choice("Colour", ["brown", "purple", "cyan"], entry.color, (v) => change("color", v)));
  if (entry.part === "hybrid-life-support") {
    const pairs = [["brown", "purple"], ["brown", "cyan"], ["purple", "cyan"]];
    form.append(choice("Colours", pairs.map((p) => p.join("+")), (entry.colors || []).join("+"),
      (v) => change("colors", v.split("+"))));
  }
  return form;
}

function choice(label, options, current, onPick) {
  return el("div", { class: "choice", role: "group", "aria-label": label },
    el("span", { class: "label" }, label),
    options.map((option) => el("button", {
      type: "button", "aria-pressed": String(option === current),
      onclick: () => option !== current && onPick(option),
    }, String(option))));
}

function dropHand() {
  state.hand = null;
  state.handAnswer = null;
  drawHand();
  drawOverlay();
  help();
}

// -- the selected tile ----------------------------------------------------------------------

function select(square) {
  state.selected = square;
  drawInspector();
  drawOverlay();
}

const PART_NAMES = Object.fromEntries(DATA.palette.filter((p) => !p.entry.start).map((p) => [p.part, p.name]));

function drawInspector() {
  const panel = $("#inspector");
  const square = state.selected;
  const entry = square && state.doc.tiles[square];
  if (!entry) {
    panel.hidden = true;
    return;
  }
  panel.hidden = false;
  $("#inspector-title").textContent = `${entry.start ? "starting cabin" : PART_NAMES[entry.part] || entry.part} on ${square}`;
  const box = $("#inspect");
  box.replaceChildren(
    el("div", { class: "tile-actions" },
      el("button", { type: "button", title: "Turn anticlockwise (Shift+R)", onclick: () => turn(3) }, "↺ Turn"),
      el("button", { type: "button", title: "Turn clockwise (R)", onclick: () => turn(1) }, "↻ Turn"),
      el("button", { type: "button", title: "Move it to a free square", onclick: () => startMove(square) }, "Move"),
      el("button", { type: "button", title: "Take it back into your hand", onclick: () => pickUp(square) }, "Pick up"),
      el("button", { type: "button", class: "danger", title: "Remove it (Delete)", onclick: () => remove(square) }, "Remove")),
    contentsEditor(square, entry),
  );
}

function startMove(square) {
  state.moving = square;
  state.hand = null;
  state.handAnswer = null;
  drawHand();
  drawOverlay();
  help();
}

function remove(square) {
  state.selected = null;
  enqueue(() => ask({ do: "remove", square }));
}

function pickUp(square) {
  const entry = structuredClone(state.doc.tiles[square]);
  const name = entry.start ? "starting cabin" : PART_NAMES[entry.part] || entry.part;
  state.selected = null;
  enqueue(async () => {
    if (await ask({ do: "remove", square }, { hand: null })) {
      state.hand = entry;
      state.handName = name;
      await askHand(null);
    }
  });
}

/** What the tile holds, set by clicking: the document's own keys, checked by the server. */
function contentsEditor(square, entry) {
  const box = el("div", { class: "keys" });
  const edit = (change) => {
    const doc = structuredClone(state.doc);
    change(doc.tiles[square]);
    enqueue(() => ask(null, { doc }));
  };
  if (entry.part === "cabin") {
    if (!entry.start) {
      box.append(choice("Alien", ["none", "brown", "purple", "cyan"], entry.alien || "none", (v) =>
        edit((e) => {
          delete e.crew;
          if (v === "none") delete e.alien;
          else e.alien = v;
        })));
    }
    if (!entry.alien) {
      const crew = entry.crew ?? (state.doc.loadout === "empty" ? 0 : 2);
      box.append(choice("Humans", [0, 1, 2], crew, (v) => edit((e) => (e.crew = v))));
    }
  }
  if (entry.part === "battery") {
    const charge = entry.charge ?? (state.doc.loadout === "empty" ? 0 : entry.capacity);
    const options = Array.from({ length: entry.capacity + 1 }, (_, i) => i);
    box.append(choice("Tokens", options, charge, (v) => edit((e) => (e.charge = v))));
  }
  if (entry.part === "cargo") {
    const goods = entry.goods || "";
    box.append(el("div", { class: "choice", role: "group", "aria-label": "Goods" },
      el("span", { class: "label" }, "Goods"),
      el("span", { class: "goods" }, goods ? [...goods].map((g) => el("span", { class: `good good-${g}` }, g)) : "none"),
      ["R", "Y", "G", "B"].map((g) => el("button", { type: "button", title: "add one", onclick: () => edit((e) => (e.goods = goods + g)) }, `+${g}`)),
      el("button", { type: "button", onclick: () => edit((e) => delete e.goods) }, "empty")));
  }
  if (entry.part === "robot-center")
    box.append(choice("Robots at work", ["no", "yes"], entry.active ? "yes" : "no", (v) => edit((e) => (e.active = v === "yes"))));
  if (entry.part === "luxury-cabin") {
    const aboard = entry.passenger ?? state.doc.loadout !== "empty";
    box.append(choice("Passenger", ["no", "yes"], aboard ? "yes" : "no", (v) => edit((e) => (e.passenger = v === "yes"))));
  }
  if (entry.part === "stasis-chamber")
    box.append(choice("Sleepers", [0, 1, 2, 3, 4], entry.sleepers || 0, (v) => edit((e) => (e.sleepers = v))));
  return box;
}

// -- the report -----------------------------------------------------------------------------

function drawReport() {
  const answer = state.answer;
  const verdict = $("#verdict");
  verdict.textContent = answer.report.legal ? "✓ legal" : `✗ ${answer.verdict}`;
  verdict.className = `verdict ${answer.report.legal ? "legal" : "illegal"}`;
  $("#board-name").textContent = `board ${answer.board.id}` + (answer.ship.name ? ` · ${answer.ship.name}` : "");
  const list = $("#report-list");
  list.replaceChildren(...answer.report.violations.map((v, i) => el("li", {
    class: "violation", "data-number": i + 1,
    onmouseenter: () => mark(i + 1, true), onmouseleave: () => mark(i + 1, false),
    onclick: () => v.squares.length && select(v.squares[0]),
  }, el("span", { class: "rule" }, v.rule), " ", answer.lines[i].slice(v.rule.length + 1))));
  if (!answer.report.violations.length) list.append(el("li", { class: "ok" }, "No violation: every rule holds."));
  $("#notes").replaceChildren(...answer.report.notes.map((n) => el("li", {}, n)));
  drawNumbers(answer.report.stats);
  $("#number-lines").textContent = answer.numbers.join(" · ");
  const mended = answer.repair;
  const box = $("#repair");
  if (mended.error) box.replaceChildren(el("p", { class: "error" }, mended.error));
  else if (!mended.needed) box.replaceChildren(el("p", { class: "muted" }, "Nothing: the ship is legal as it is."));
  else box.replaceChildren(el("ul", { class: "repair" }, mended.lines.map((line) => el("li", {}, line))),
    el("p", { class: "muted" }, `${mended.lost} tile(s) lost: each costs a credit at the end of the flight.`));
}

function mark(number, on) {
  svgOf()?.getElementById(`violation-${number}`)?.classList.toggle("lit", on);
}

function drawNumbers(s) {
  const range = (r) => (r.min === r.max ? `${r.min}` : `${r.min}–${r.max}`);
  const items = [
    ["Firepower", range(s.firepower)],
    ["Engine power", range(s.engine_power)],
    ["Crew", `${s.humans}${s.aliens.length ? ` + ${s.aliens.length} alien${s.aliens.length > 1 ? "s" : ""}` : ""}`],
    ["Batteries", s.batteries],
    ["Cargo slots", s.cargo_slots],
    ["Exposed connectors", s.exposed_connectors],
    ["Shields cover", s.shield_sides.length === 4 ? "all sides" : s.shield_sides.join(", ") || "none"],
    ["Tiles", s.tiles],
  ];
  $("#numbers").replaceChildren(...items.map(([k, v]) => el("div", { class: "number" }, el("dt", {}, k), el("dd", {}, String(v)))));
}

// -- files ------------------------------------------------------------------------------------

function drawFile() {
  $("#file-name").textContent = state.file ? state.file.path : "new ship";
  const dirty = !same(state.doc, state.saved);
  $("#file-state").textContent = state.file ? (dirty ? "● not saved" : "saved") : dirty ? "● not saved" : "";
  $("#file-state").className = `file-state ${dirty ? "dirty" : "clean"}`;
  $("#undo").disabled = !state.history.length;
  $("#redo").disabled = !state.future.length;
}

function opened(file) {
  state.file = file;
  state.saved = state.doc;
  state.name = file ? file.path : "ship";
  if (state.source) state.source.close();
  state.source = null;
  if (file) {
    state.source = Studio.listen(`file:${file.path}`, (event) => {
      if (state.file && event.path === state.file.path && event.version !== state.file.version)
        say(`${event.path} was saved elsewhere (another tab?): saving here will show both and let you choose.`, "warn");
    });
    const url = new URL(location.href);
    url.pathname = "/";
    url.search = `?file=${encodeURIComponent(file.path)}`;
    history.replaceState(null, "", url);
  }
  drawFile();
}

async function save(path = state.file && state.file.path, version = state.file && state.file.version) {
  if (!path) return saveAs();
  const { ok, status, data } = await Studio.post("/files/save", { path, ship: state.doc, version });
  if (status === 409 && data.conflict) return conflict(path, data);
  if (!ok) {
    say(data.error, "error");
    return false;
  }
  state.doc = state.answer.ship;
  opened({ path, version: data.version });
  say(`saved ${path}` + (data.note ? ` (${data.note})` : ""), data.note ? "warn" : "info");
  return true;
}

function saveAs() {
  const dialog = $("#save-as-dialog");
  $("#save-as-error").textContent = "";
  $("#save-as-name").value = state.file ? state.file.path.replace(/(\.\w+)$/, "-copy$1") : `${(state.doc.name || "my-ship").toLowerCase().replace(/[^a-z0-9]+/g, "-")}.toml`;
  dialog.showModal();
}

$("#save-as-form").addEventListener("submit", (event) => {
  if (event.submitter && event.submitter.value !== "ok") return;
  event.preventDefault();
  const path = $("#save-as-name").value.trim();
  enqueue(async () => {
    const { ok, data } = await Studio.post("/files/save", { path, ship: state.doc, version: null });
    if (!ok) {
      $("#save-as-error").textContent = data.error;
      return;
    }
    $("#save-as-dialog").close();
    opened({ path, version: data.version });
    say(`saved ${path}`);
  });
});

function conflict(path, data) {
  const dialog = $("#conflict-dialog");
  const now = data.conflict;
  $("#conflict-said").textContent = `${data.error}: someone (another tab, another program) saved it meanwhile. Nothing was written. Which do you keep?`;
  $("#conflict-mine").innerHTML = state.answer.picture;
  $("#conflict-theirs").replaceChildren(now.answer ? el("div", { html: now.answer.picture }) : el("p", { class: "error" }, now.problem || "the file is gone"));
  $("#conflict-theirs-button").disabled = !now.answer;
  dialog.onclose = () => {
    const choice = dialog.returnValue;
    if (choice === "mine") enqueue(() => save(path, now.version));
    else if (choice === "theirs" && now.answer) {
      state.history.push(state.doc);
      state.future = [];
      show(now.answer);
      opened({ path, version: now.version });
    } else if (choice === "save-as") saveAs();
  };
  dialog.returnValue = "";
  dialog.showModal();
  return false;
}

async function openList() {
  const { ok, data } = await Studio.get("/files?format=json");
  if (!ok) return say(data.error, "error");
  const ships = data.files.filter((f) => f.kind === "ship");
  $("#open-list").replaceChildren(...(ships.length
    ? ships.map((f) => el("li", {}, el("a", { href: `/?file=${encodeURIComponent(f.name)}` }, f.name)))
    : [el("li", { class: "muted" }, "No ship files in the folder yet.")]));
  $("#open-dialog").showModal();
}

async function download() {
  const { ok, data } = await Studio.post("/files/text", { ship: state.doc, suffix: ".toml" });
  if (!ok) return say(data.error, "error");
  const base = state.file ? state.file.path.split("/").pop().replace(/\.json$/, ".toml") : `${(state.doc.name || "ship").toLowerCase().replace(/[^a-z0-9]+/g, "-")}.toml`;
  const link = el("a", { href: URL.createObjectURL(new Blob([data.text], { type: "application/toml" })), download: base });
  document.body.append(link);
  link.click();
  link.remove();
}

async function upload(event) {
  const file = event.target.files[0];
  event.target.value = "";
  if (!file) return;
  if (file.size > 1 << 20) return say(`${file.name}: over the 1 MiB a ship file may have`, "error");
  const text = await file.text();
  const { ok, data } = await Studio.post("/files/read", { name: file.name, text });
  if (!ok) return say(data.error, "error");
  state.history.push(state.doc);
  state.future = [];
  show(data);
  opened(null);
  state.saved = null;
  state.name = "ship";
  drawFile();
  say(`read ${file.name}: save it into the folder with Save as`);
}

async function shareLink() {
  const { ok, data } = await Studio.post("/shipyard/share", { ship: state.doc });
  if (!ok) return say(data.error, "error");
  $("#share-url").value = new URL(data.path, location.href).href;
  $("#share-dialog").showModal();
  $("#share-url").select();
}

// -- a new ship -------------------------------------------------------------------------------

function newShip() {
  const select = $("#new-board");
  if (!select.options.length) {
    for (const board of DATA.boards)
      select.append(el("option", { value: board.id }, board.file ? `${board.file} (board file)` : `${board.id}: ${board.name}`));
    select.value = state.answer.board.id;
  }
  const update = () => {
    const board = DATA.boards.find((b) => b.id === select.value);
    $("#new-holes").hidden = !(board && board.holes);
  };
  select.onchange = update;
  update();
  $("#new-warning").textContent = same(state.doc, state.saved) ? "" : "The ship now is not saved: Undo brings it back.";
  $("#new-dialog").showModal();
}

$("#new-form").addEventListener("submit", (event) => {
  if (!event.submitter || event.submitter.value !== "ok") return;
  const board = $("#new-board").value;
  const dice = [$("#die-1").value, $("#die-2").value];
  const holes = dice[0] && dice[1] ? dice.map(Number) : null;
  enqueue(async () => {
    if (await ask({ do: "new", board, holes })) {
      opened(null);
      state.saved = null;
      drawFile();
      history.replaceState(null, "", `/?board=${encodeURIComponent(board)}`);
    }
  });
});

// -- what it is worth: odds and weigh in the background ----------------------------------------

const run = { number: null, source: null, poll: null };

function drawDecks() {
  const select = $("#run-deck");
  select.replaceChildren(...DATA.decks.map((deck) => el("option", { value: deck }, deck)));
  const level = { I: "I", II: "II", III: "III", IIIa: "III", IIB: "II", IIIB: "III", IV: "IV" }[state.answer.board.id];
  if (level) select.value = `random:${level}`;
}

async function startRun(kind) {
  const flights = Number($("#run-flights").value) || 1000;
  const body = { kind, ship: state.doc, name: state.name, deck: $("#run-deck").value, flights };
  const { ok, data } = await Studio.post("/runs", body);
  if (!ok) return say(data.error, "error");
  run.number = data.run;
  $("#run-lines").hidden = true;
  $("#run-show").hidden = true;
  $("#run-progress").hidden = false;
  $("#run-odds").disabled = $("#run-weigh").disabled = true;
  drawRun(data);
  run.source = Studio.listen(data.topic, drawRun);
  run.poll = setInterval(checkRun, 3000);
}

function drawRun(progress) {
  if (progress.run !== run.number) return;
  const bar = $("#run-bar");
  bar.max = Math.max(1, progress.total);
  bar.value = Math.min(progress.done, bar.max);
  const words = `${progress.kind}: ${progress.done.toLocaleString()} of ${progress.total.toLocaleString()} flights`;
  $("#run-said").textContent = progress.stage ? `${words} · ${progress.stage}` : words;
  if (progress.state !== "running") checkRun();
}

async function checkRun() {
  if (run.number === null) return;
  const { ok, data } = await Studio.get(`/runs/${run.number}`);
  if (!ok || data.state === "running") return;
  clearInterval(run.poll);
  run.source?.close();
  run.number = null;
  $("#run-progress").hidden = true;
  $("#run-odds").disabled = $("#run-weigh").disabled = false;
  if (data.state === "failed") return say(`the run failed: ${data.error}`, "error");
  const said = data.state === "cancelled" ? ["(cancelled: what was flown so far)"] : [];
  $("#run-lines").textContent = [...said, ...data.lines, `seed ${data.seed}`].join("\n");
  $("#run-lines").hidden = false;
  if (data.picture) {
    $("#value-picture").innerHTML = data.picture;
    $("#run-show").hidden = false;
  }
}

// -- undo, keys -------------------------------------------------------------------------------

function undo() {
  if (!state.history.length) return;
  const doc = state.history.pop();
  state.future.push(state.doc);
  enqueue(() => ask(null, { doc, record: false }));
}

function redo() {
  if (!state.future.length) return;
  const doc = state.future.pop();
  state.history.push(state.doc);
  enqueue(() => ask(null, { doc, record: false }));
}

document.addEventListener("keydown", (event) => {
  if (event.target.closest("input, select, textarea, dialog")) return;
  const key = event.key.toLowerCase();
  if ((event.ctrlKey || event.metaKey) && key === "z") {
    event.preventDefault();
    event.shiftKey ? redo() : undo();
  } else if ((event.ctrlKey || event.metaKey) && key === "y") {
    event.preventDefault();
    redo();
  } else if ((event.ctrlKey || event.metaKey) && key === "s") {
    event.preventDefault();
    enqueue(() => save());
  } else if (key === "r" && !event.ctrlKey && !event.metaKey) {
    turn(event.shiftKey ? 3 : 1);
  } else if (key.startsWith("arrow")) {
    event.preventDefault();
    const step = { arrowup: [-1, 0], arrowdown: [1, 0], arrowleft: [0, -1], arrowright: [0, 1] }[key];
    moveCursor(...step);
  } else if (key === "enter" && state.cursor && !event.target.closest("button, a")) {
    event.preventDefault();
    enterCursor();
  } else if (key === "escape") {
    state.moving = null;
    state.cursor = null;
    if (state.hand) dropHand();
    else select(null);
    help();
  } else if ((key === "delete" || key === "backspace") && state.selected) {
    remove(state.selected);
  }
});

window.addEventListener("beforeunload", (event) => {
  if (state.history.length && !same(state.doc, state.saved)) event.preventDefault();
});

// -- start --------------------------------------------------------------------------------------

$("#undo").onclick = undo;
$("#redo").onclick = redo;
$("#save").onclick = () => enqueue(() => save());
$("#save-as").onclick = saveAs;
$("#new").onclick = newShip;
$("#open").onclick = () => enqueue(openList);
$("#download").onclick = () => enqueue(download);
$("#upload").onchange = (event) => enqueue(() => upload(event));
$("#share").onclick = () => enqueue(shareLink);
$("#share-copy").onclick = () => navigator.clipboard?.writeText($("#share-url").value).then(() => say("link copied"));
const picture = $("#picture");
picture.addEventListener("click", onPictureClick);
picture.addEventListener("mousemove", onPictureMove);
picture.addEventListener("mouseleave", () => ($("#tip").hidden = true));
picture.addEventListener("wheel", onWheel, { passive: false });

$("#run-odds").onclick = () => enqueue(() => startRun("odds"));
$("#run-weigh").onclick = () => enqueue(() => startRun("weigh"));
$("#run-cancel").onclick = () => run.number !== null && Studio.post(`/runs/${run.number}/cancel`, {});
$("#run-show").onclick = () => $("#value-dialog").showModal();

drawPalette();
show(DATA.answer);
drawDecks();
opened(DATA.file);
