// The table and the intruder lab in the browser. The server holds the flight; a page draws the
// view it is given, answers with ordinary requests, and redraws when the server pushes a new
// version (or when its connection comes back: it then finds the flight where it stands).
"use strict";

const el = (...args) => Studio.el(...args);

/** Draw an SVG picture large enough that its smallest label is 12 px on screen. */
function legible(svg) {
  let smallest = Infinity;
  for (const text of svg.querySelectorAll("text")) {
    const size = parseFloat(text.getAttribute("font-size") || getComputedStyle(text).fontSize);
    if (size > 0) smallest = Math.min(smallest, size);
  }
  naturalSize(svg, smallest === Infinity ? 1 : Math.max(1, 12.2 / smallest));
}

/** Crop a picture drawn in the page to its drawing: the band its hidden title kept at the top
 * goes, so the ship starts at the top of its box. */
function cropToDrawing(svg) {
  const body = svg.querySelector(":scope > g");
  if (!body) return;
  const box = body.getBBox();
  if (!(box.width > 0 && box.height > 0)) return;
  const moved = body.transform.baseVal.consolidate();
  const dx = moved ? moved.matrix.e : 0;
  const dy = moved ? moved.matrix.f : 0;
  const pad = 8;
  svg.setAttribute("viewBox", [box.x + dx - pad, box.y + dy - pad, box.width + 2 * pad, box.height + 2 * pad].map((n) => Math.round(n)).join(" "));
}

/** Scale an SVG picture to its own size times `scale`. */
function naturalSize(svg, scale) {
  const box = (svg.getAttribute("viewBox") || "").split(/\s+/).map(Number);
  if (box.length === 4 && box[2] > 0) {
    svg.setAttribute("width", String(Math.round(box[2] * scale)));
    svg.setAttribute("height", String(Math.round(box[3] * scale)));
  }
}

/** A ship as the table draws it: large and legible, or small (click it to see it large). */
function shipFigure(ship) {
  const figure = el("figure", { class: `ship-card ${ship.large ? "large" : "small"}`, "data-ship": ship.name, style: `--ship:${ship.colour}` },
    el("figcaption", {}, el("span", { class: "swatch", style: `background:${ship.colour}` }, String(ship.number)),
      ` ${ship.name} `, el("span", { class: "muted" }, `${ship.captain} · ${ship.crew} crew · ${ship.credits} credits${ship.gave_up ? " · gave up" : ""}`)));
  const holder = el("div", { class: "ship-picture", html: ship.picture });
  figure.append(holder);
  const svg = holder.querySelector("svg");
  if (svg && !ship.large) { svg.removeAttribute("width"); svg.removeAttribute("height"); }
  if (!ship.large) figure.addEventListener("click", () => figure.classList.toggle("peek"));
  return figure;
}

/** The track, the order of flight, and every ship (the large one apart), from a view. */
function drawFleet(d, figure) {
  document.getElementById("track").innerHTML = d.track;
  const order = document.getElementById("order");
  order.replaceChildren(...d.order.map((t) => el("li", { "data-ship": t.name, class: t.place ? "" : "out" },
    el("span", { class: "swatch", style: `background:${d.ships[t.number - 1].colour}` }, String(t.number)),
    ` ${t.name} `, el("span", { class: "muted" }, t.place ? `${t.place}, space ${t.space}` : `gave up: ${t.gave_up}`))));
  const large = document.getElementById("large");
  const others = document.getElementById("others");
  large.replaceChildren();
  others.replaceChildren();
  for (const ship of d.ships) (ship.large ? large : others).append(figure(ship));
  const picture = large.querySelector(".ship-picture svg");
  if (picture) {
    cropToDrawing(picture); // measured in the page: a picture not yet in it has no size
    legible(picture);
  }
}

const TableNew = {
  start() {
    const form = document.getElementById("new-table");
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const ships = [];
      const captains = {};
      for (const select of form.querySelectorAll("select[name=ship]")) {
        if (!select.value) continue;
        ships.push(select.value);
        const captain = form.querySelector(`select[name=captain][data-seat="${select.dataset.seat}"]`).value;
        const stem = select.value.split("/").pop().replace(/\.(toml|json)$/, "");
        captains[stem] = captain;
      }
      const seed = form.seed.value.trim();
      const body = {
        ships, captains, deck: form.deck.value, dice: form.dice.value, give_up: form.give_up.value,
        seed: seed === "" ? null : Number(seed),
      };
      const answer = await Studio.post("/table/new", body);
      TableNew.done(answer, "new-problem");
    });
    const resume = document.getElementById("resume-table");
    if (resume) {
      resume.addEventListener("submit", async (event) => {
        event.preventDefault();
        const answer = await Studio.post("/table/resume", { file: resume.file.value });
        TableNew.done(answer, "resume-problem");
      });
      document.getElementById("replay-open").addEventListener("click", () => {
        window.location.href = `/table/replay?file=${encodeURIComponent(resume.file.value)}`;
      });
    }
  },
  done(answer, problemId) {
    if (answer.ok) {
      window.location.href = answer.data.url;
      return;
    }
    const problem = document.getElementById(problemId);
    problem.textContent = answer.data.error;
    problem.hidden = false;
  },
};

const Table = {
  data: null,
  busy: false,
  shown: null,

  start(data) {
    Table.data = data;
    Table.draw();
    Table.connect();
    // back on the network, or back to the page: find the flight where it stands
    window.addEventListener("online", () => Table.refresh());
    document.addEventListener("visibilitychange", () => { if (!document.hidden) Table.refresh(); });
    const join = document.getElementById("show-join");
    if (join) join.addEventListener("click", () => Table.toggleJoin(join));
  },

  /** Listen for new versions; a connection that comes back (or is made anew) refreshes. */
  connect() {
    const source = Studio.listen(`table-${Table.data.id}`, (message) => {
      if (message.version > Table.data.version) Table.refresh();
    });
    source.addEventListener("open", () => Table.refresh());
    source.addEventListener("error", () => {
      if (source.readyState === EventSource.CLOSED) setTimeout(() => Table.connect(), 2000);
    });
  },

  seatQuery() {
    return Table.data.seat ? `?seat=${encodeURIComponent(Table.data.seat)}` : "";
  },

  async refresh() {
    const answer = await Studio.get(`/table/${Table.data.id}/view${Table.seatQuery()}`);
    if (answer.ok && answer.data.version >= Table.data.version) {
      Table.data = answer.data;
      Table.draw();
    }
  },

  async send(path, body) {
    if (Table.busy) return;
    Table.busy = true;
    document.body.dataset.pending = "1";
    const refused = document.getElementById("refused");
    refused.hidden = true;
    const answer = await Studio.post(`/table/${Table.data.id}/${path}`, body);
    Table.busy = false;
    document.body.dataset.pending = "0";
    if (!answer.ok) {
      refused.textContent = answer.data.error;
      refused.hidden = false;
    }
    await Table.refresh();
  },

  answer(label) {
    const q = Table.data.question;
    Table.send("answer", { key: q.key, option: label, seat: Table.data.seat || null });
  },

  throwDice(faces) {
    Table.send("throw", { key: Table.data.question.key, faces });
  },

  draw() {
    const d = Table.data;
    drawFleet(d, (ship) => Table.shipCard(ship));
    const large = document.getElementById("large");
    Table.drawQuestion();
    const first = large.querySelector("g.tile.pickable");
    if (first && d.question && d.question.key !== Table.shown) {
      // bring the tiles to click into the picture's box, without moving the page
      const box = first.closest(".ship-picture");
      const tile = first.getBoundingClientRect();
      const frame = box.getBoundingClientRect();
      box.scrollTop += Math.max(0, tile.bottom - frame.bottom + 24);
      box.scrollLeft += Math.max(0, tile.right - frame.right + 24);
    }
    Table.shown = d.question ? d.question.key : null;
    const card = document.getElementById("card");
    card.replaceChildren(d.card
      ? el("p", {}, el("strong", {}, `Card ${d.card.index} of ${d.card.count}: ${d.card.label}`), el("br"), el("span", { class: "muted" }, d.card.numbers || d.card.type))
      : el("p", { class: "muted" }, d.finished ? "The flight is over." : "Before the first card."));
    const story = document.getElementById("story");
    story.replaceChildren(...d.story.map((line) => el("li", {}, line)));
    story.scrollTop = story.scrollHeight;
    document.getElementById("scoreboard").innerHTML = d.finished ? "" : d.scoreboard;
    document.getElementById("settlement").innerHTML = d.settlement || "";
    document.getElementById("table").dataset.version = String(d.version);
    document.getElementById("table").dataset.finished = d.finished ? "1" : "0";
  },

  shipCard(ship) {
    const figure = shipFigure(ship);
    const holder = figure.querySelector(".ship-picture");
    const yours = Table.data.question && Table.data.question.yours;
    if (ship.large && yours) {
      for (const [square, label] of Object.entries(ship.picks)) {
        const tile = holder.querySelector(`g.tile[data-square="${square}"]`);
        if (!tile) continue;
        tile.classList.add("pickable");
        tile.setAttribute("tabindex", "0");
        tile.setAttribute("role", "button");
        tile.setAttribute("aria-label", `${label} (${square})`);
        tile.addEventListener("click", () => Table.answer(label));
        tile.addEventListener("keydown", (event) => { if (event.key === "Enter" || event.key === " ") Table.answer(label); });
      }
    }
    return figure;
  },

  drawQuestion() {
    const q = Table.data.question;
    const box = document.getElementById("question");
    const title = document.getElementById("question-title");
    if (!q) {
      title.textContent = Table.data.finished ? "The flight is over" : "Question";
      box.replaceChildren(el("p", { class: "muted" }, Table.data.finished ? "Every ship is settled: the log is saved." : "Nobody is asked anything."));
      return;
    }
    if (q.kind === "dice") {
      title.textContent = `Roll ${q.number}: the table's dice`;
      const a = el("input", { id: "dice-a", type: "number", min: "1", max: "6", inputmode: "numeric", "aria-label": "first die" });
      const b = el("input", { id: "dice-b", type: "number", min: "1", max: "6", inputmode: "numeric", "aria-label": "second die" });
      box.replaceChildren(
        el("p", {}, `Throw two dice for ${q.why}.`),
        el("div", { class: "dice" }, a, b,
          el("button", { type: "button", id: "dice-enter", class: "primary", onclick: () => Table.throwDice([Number(a.value), Number(b.value)]) }, "Enter these faces"),
          el("button", { type: "button", id: "dice-program", onclick: () => Table.throwDice(null) }, "Let the program throw")));
      return;
    }
    title.textContent = `${q.ship}, decision #${q.number}`;
    const parts = [el("p", {}, el("strong", {}, q.decision), q.context ? ` — ${q.context}` : "")];
    if (q.why) parts.push(el("p", { class: "why" }, `It can matter: ${q.why}.`));
    if (!q.yours) {
      parts.push(el("p", { class: "muted waiting" }, `Waiting for ${q.ship} to answer.`));
      box.replaceChildren(...parts);
      return;
    }
    if (q.on_picture) parts.push(el("p", { class: "muted" }, `Click a highlighted tile of ${q.ship}, or choose:`));
    const list = el("div", { class: "options" });
    for (const option of q.options) {
      list.append(el("button", { type: "button", class: `option${option.suggested ? " suggested" : ""}`, "data-label": option.label,
        title: option.squares.length ? `on the picture: ${option.squares.join(", ")}` : null, onclick: () => Table.answer(option.label) },
        option.label, option.suggested ? el("span", { class: "mark" }, " ★ sensible") : null, el("span", { class: "hint" })));
    }
    parts.push(list);
    parts.push(el("button", { type: "button", id: "hints", class: "hints", onclick: () => Table.hints() }, "Hints: what is each option worth?"));
    box.replaceChildren(...parts);
  },

  async hints() {
    const q = Table.data.question;
    const button = document.getElementById("hints");
    button.disabled = true;
    button.textContent = "Flying every option on…";
    const answer = await Studio.post(`/table/${Table.data.id}/hints`, { key: q.key });
    if (!answer.ok || !Table.data.question || Table.data.question.key !== q.key) return;
    const hint = (label, words) => {
      const option = document.querySelector(`.option[data-label="${CSS.escape(label)}"] .hint`);
      if (option) option.textContent = ` — ${words}`;
    };
    for (const value of answer.data.options) {
      hint(value.option, `${value.credits.value.toFixed(1)} credits, home ${Math.round(value.home.value * 100)}%`);
      // options that end the card alike were valued once, with the first of them
      for (const label of value.alike) hint(label, `the same as ${value.option}`);
    }
    button.textContent = `Hints from ${answer.data.effort} flights per option`;
  },

  async toggleJoin(button) {
    const panel = document.getElementById("join");
    const open = panel.hidden;
    panel.hidden = !open;
    button.setAttribute("aria-expanded", String(open));
    if (!open) return;
    const answer = await Studio.get(`/table/${Table.data.id}/join`);
    if (!answer.ok) return;
    document.getElementById("join-links").replaceChildren(...answer.data.links.map((link) =>
      el("div", { class: "join-link" }, el("div", { class: "qr", html: link.qr }),
        el("p", {}, el("strong", {}, link.ship), ` (${link.captain === "human" ? "a person" : link.captain + " captain"})`, el("br"),
          el("a", { href: link.url, class: "join-url" }, link.url)))));
  },
};

/** The step a link names (#step=N), or null when it names none. */
function stepInAddress() {
  const found = window.location.hash.match(/#step=(\d+)/);
  return found ? Number(found[1]) : null;
}

const Lab = {
  data: null,
  index: 0,
  waiting: null,

  start(data) {
    Lab.data = data;
    const wanted = stepInAddress();
    Lab.index = wanted === null ? 0 : Math.min(wanted, data.frames.length - 1);
    document.getElementById("lab-back").addEventListener("click", () => Lab.go(Lab.index - 1));
    document.getElementById("lab-forward").addEventListener("click", () => Lab.forward());
    document.addEventListener("keydown", (event) => {
      if (event.target.closest && event.target.closest("input, select")) return;
      if (event.key === "ArrowRight") Lab.forward();
      if (event.key === "ArrowLeft") Lab.go(Lab.index - 1);
    });
    window.addEventListener("hashchange", () => {
      const found = stepInAddress();
      if (found !== null && found !== Lab.index) Lab.go(found);
    });
    Lab.draw();
  },

  /** The walkers that take step `step` (frame `step` shows it taken). */
  walkersAt(step) {
    return Lab.data.walkers.filter((w) => w.steps.length >= step);
  },

  forward() {
    const next = Lab.index + 1;
    if (next >= Lab.data.frames.length) return;
    const predicting = document.getElementById("lab-predict").checked;
    const step = next;
    const last = Lab.data.frames.length - 1;
    if (predicting && step >= 2 && next < last && Lab.walkersAt(step).length) {
      Lab.ask(step, Lab.walkersAt(step).map((w) => w.hand));
      return;
    }
    Lab.go(next);
  },

  ask(step, hands) {
    Lab.waiting = { step, hands };
    document.getElementById("lab-ask").textContent =
      `Step ${step}: click the tile the ${hands[0]}-hand intruder enters next.`;
    document.getElementById("lab-ask").classList.remove("muted");
    for (const tile of document.querySelectorAll("#lab-frame g.tile[data-square]")) {
      tile.classList.add("pickable");
      tile.setAttribute("tabindex", "0");
      tile.setAttribute("role", "button");
      tile.setAttribute("aria-label", `guess ${tile.dataset.square}`);
      tile.addEventListener("click", () => Lab.guess(tile.dataset.square));
    }
  },

  async guess(square) {
    const waiting = Lab.waiting;
    if (!waiting) return;
    const d = Lab.data;
    const hand = waiting.hands[0];
    const answer = await Studio.post("/lab/predict", {
      ship: d.ship, card: d.card, from: d.from, roll: d.roll, hand: d.hand,
      walker: hand, step: waiting.step, square,
    });
    const verdict = document.getElementById("lab-verdict");
    if (!answer.ok) {
      verdict.replaceChildren(el("p", { class: "error" }, answer.data.error));
      return;
    }
    verdict.className = `lab-verdict ${answer.data.right ? "right" : "wrong"}`;
    verdict.dataset.right = answer.data.right ? "1" : "0";
    verdict.replaceChildren(...answer.data.lines.map((line, i) => el("p", { class: i === 0 ? "headline" : null }, line)));
    waiting.hands.shift();
    if (waiting.hands.length) {
      Lab.ask(waiting.step, waiting.hands);
      return;
    }
    Lab.waiting = null;
    Lab.go(waiting.step);
  },

  go(index) {
    if (index < 0 || index >= Lab.data.frames.length) return;
    Lab.index = index;
    Lab.waiting = null;
    history.replaceState(null, "", `#step=${index}`);
    Lab.draw();
  },

  draw() {
    const frame = Lab.data.frames[Lab.index];
    const holder = document.getElementById("lab-frame");
    holder.innerHTML = frame.picture;
    const svg = holder.querySelector("svg");
    if (svg) {
      // as wide as the stage, up to a quarter more than the picture's own size
      const box = (svg.getAttribute("viewBox") || "").split(/\s+/).map(Number);
      svg.removeAttribute("width");
      svg.removeAttribute("height");
      if (box.length === 4 && box[2] > 0) svg.style.maxWidth = `${Math.round(box[2] * 1.25)}px`;
    }
    const last = Lab.data.frames.length - 1;
    document.getElementById("lab-counter").textContent =
      Lab.index === 0 ? `the landing (${last - 1} steps)` : Lab.index === last ? "the outcome" : `step ${Lab.index} of ${last - 1}`;
    document.getElementById("lab-back").disabled = Lab.index === 0;
    document.getElementById("lab-forward").disabled = Lab.index === last;
    document.getElementById("lab-link").href = `#step=${Lab.index}`;
    document.getElementById("lab-ask").classList.add("muted");
    document.getElementById("lab-frame").dataset.frame = frame.name;
  },
};

const Replay = {
  data: null,
  busy: false,

  start(data) {
    Replay.data = data;
    document.getElementById("replay-back").addEventListener("click", () => Replay.go(Replay.data.step - 1));
    document.getElementById("replay-forward").addEventListener("click", () => Replay.go(Replay.data.step + 1));
    document.getElementById("replay-step").addEventListener("change", (event) => Replay.go(Number(event.target.value)));
    document.addEventListener("keydown", (event) => {
      if (event.target.closest && event.target.closest("input, select")) return;
      if (event.key === "ArrowRight") Replay.go(Replay.data.step + 1);
      if (event.key === "ArrowLeft") Replay.go(Replay.data.step - 1);
    });
    window.addEventListener("hashchange", () => Replay.go(Replay.wanted()));
    const wanted = Replay.wanted();
    Replay.draw();
    if (wanted !== data.step) Replay.go(wanted);
  },

  /** The step the address asks for (#step=N), else the one drawn. */
  wanted() {
    const found = stepInAddress();
    return found === null ? Replay.data.step : Math.min(found, Replay.data.steps - 1);
  },

  async go(step) {
    if (step < 0 || step >= Replay.data.steps || step === Replay.data.step || Replay.busy) return;
    Replay.busy = true;
    document.body.dataset.pending = "1";
    const file = encodeURIComponent(Replay.data.file);
    const answer = await Studio.get(`/table/replay?file=${file}&step=${step}&format=json`);
    Replay.busy = false;
    document.body.dataset.pending = "0";
    if (!answer.ok) return;
    Replay.data = answer.data;
    history.replaceState(null, "", `#step=${step}`);
    Replay.draw();
  },

  draw() {
    const d = Replay.data;
    drawFleet(d, shipFigure);
    document.getElementById("card-title").textContent = `Step ${d.step} of ${d.steps - 1}: ${d.step === 0 ? "the launch" : d.card ? `card ${d.card.index}` : "the settlement"}`;
    document.getElementById("card").replaceChildren(d.card
      ? el("p", {}, el("strong", {}, `Card ${d.card.index} of ${d.card.count}: ${d.card.label}`), el("br"), el("span", { class: "muted" }, d.card.numbers || d.card.type))
      : el("p", { class: "muted" }, d.step === 0 ? "The ships as they took off." : d.finished ? "Every ship is settled." : `Saved here, waiting for ${d.waiting}.`));
    if (!d.finished && d.step === d.steps - 1 && d.card) {
      document.getElementById("card").append(el("p", { class: "why", id: "replay-waiting" }, `Saved here, waiting for ${d.waiting}.`));
    }
    document.getElementById("story").replaceChildren(...d.story.map((line) => el("li", {}, line)));
    document.getElementById("scoreboard").innerHTML = d.scoreboard;
    document.getElementById("settlement").innerHTML = d.settlement || "";
    document.getElementById("replay-step").value = String(d.step);
    document.getElementById("replay-back").disabled = d.step === 0;
    document.getElementById("replay-forward").disabled = d.step === d.steps - 1;
    document.getElementById("replay-link").href = `#step=${d.step}`;
    document.getElementById("replay").dataset.step = String(d.step);
  },
};
