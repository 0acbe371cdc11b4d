(() => {
  const data = JSON.parse(document.getElementById("show-data").textContent);
  const pictures = data.pictures.map((runs) => {
    const parts = [];
    for (let k = 0; k < runs.length; k += 2) {
      for (let j = 0; j < runs[k + 1]; j++) parts.push(data.pool[runs[k] + j]);
    }
    return parts.join("\n");
  });
  const figure = document.getElementById("picture");
  const title = document.getElementById("frame-title");
  const lines = document.getElementById("frame-lines");
  const counter = document.getElementById("counter");
  const play = document.getElementById("play");
  const list = document.getElementById("frame-list");
  const speed = document.getElementById("speed");
  const stage = document.querySelector(".player");
  const buttons = {
    first: document.getElementById("first"), back: document.getElementById("back"),
    forward: document.getElementById("forward"), last: document.getElementById("last"),
  };
  let index = 0;
  let shown = "";
  let timer = null;
  let pinned = null;  // the picture a player chose to see large, kept from frame to frame

  // The same markup as player.py's compose(): one picture alone, or the frame's board above
  // its pictures, side by side (two) or one large beside thumbnails (three or more).
  const BIG = 3;
  function compose(frame, large) {
    const wanted = Array.isArray(frame.picture) ? frame.picture : [frame.picture];
    if (wanted.length === 1 && frame.board === null) return pictures[wanted[0]];
    const big = wanted.length >= BIG ? (large === null ? frame.feature : large) : null;
    const cards = wanted.map((i, k) => {
      if (big === null) return '<div class="ship-card" data-card="' + k + '">' + pictures[i] + "</div>";
      return '<div class="ship-card' + (k === big ? " big" : "") + '" data-card="' + k
        + '" role="button" tabindex="0" aria-pressed="' + (k === big) + '">' + pictures[i] + "</div>";
    }).join("");
    const rows = big !== null ? ' style="--thumbs:' + (wanted.length - 1) + '"' : "";
    const fleet = '<div class="fleet fleet-' + Math.min(wanted.length, BIG) + '"' + rows + ">"
      + cards + "</div>";
    const board = frame.board === null ? "" : '<div class="board">' + pictures[frame.board] + "</div>";
    return '<div class="flight">' + board + fleet + "</div>";
  }

  function render() {
    const frame = data.frames[index];
    const wanted = Array.isArray(frame.picture) ? frame.picture : [frame.picture];
    const large = pinned !== null && pinned < wanted.length ? pinned : null;
    const key = wanted.join(",") + "|" + frame.board + "|" + (large === null ? frame.feature : large);
    if (shown !== key) {
      figure.innerHTML = compose(frame, large);
      shown = key;
    }
    for (const el of figure.querySelectorAll("[data-step]")) {
      const step = Number(el.getAttribute("data-step"));
      el.classList.toggle("future", frame.upto !== null && step > frame.upto);
    }
    for (const el of figure.querySelectorAll(".current")) el.classList.remove("current");
    for (const id of frame.focus) {
      const el = figure.querySelector("#" + CSS.escape(id));
      if (el) el.classList.add("current");
    }
    title.textContent = frame.title;
    lines.replaceChildren(...frame.lines.map((text) => {
      const li = document.createElement("li");
      li.textContent = text;
      return li;
    }));
    counter.textContent = (index + 1) + " / " + data.frames.length;
    for (const [i, item] of Array.from(list.querySelectorAll("button")).entries()) {
      if (i === index) item.setAttribute("aria-current", "step");
      else item.removeAttribute("aria-current");
    }
    buttons.first.disabled = buttons.back.disabled = index === 0;
    buttons.forward.disabled = buttons.last.disabled = index === data.frames.length - 1;
    document.body.setAttribute("data-frame", String(index));
  }

  function go(to) {
    index = Math.max(0, Math.min(data.frames.length - 1, to));
    render();
  }

  function stop() {
    if (timer !== null) clearInterval(timer);
    timer = null;
    play.setAttribute("aria-pressed", "false");
    play.textContent = "Play";
  }

  function run() {
    if (timer !== null) clearInterval(timer);
    timer = setInterval(() => {
      if (index >= data.frames.length - 1) { stop(); return; }
      go(index + 1);
    }, Number(speed.value));
  }

  function toggle() {
    if (timer !== null) { stop(); return; }
    if (index === data.frames.length - 1) go(0);
    play.setAttribute("aria-pressed", "true");
    play.textContent = "Pause";
    run();
  }

  function fullScreen() {
    if (document.fullscreenElement) document.exitFullscreen();
    else if (stage.requestFullscreen) stage.requestFullscreen();
  }

  // Every frame once more, small, with its narration: what the page prints (a comic strip).
  // Each copy's ids get a prefix of their own, so that no two elements of the page share one.
  function handout() {
    const strip = document.getElementById("handout");
    const parts = [];
    data.frames.forEach((frame, i) => {
      const wanted = Array.isArray(frame.picture) ? frame.picture : [frame.picture];
      const item = document.createElement("article");
      item.className = "handout-frame" + (wanted.length > 1 || frame.board !== null ? " wide" : "");
      const heading = document.createElement("h2");
      heading.textContent = (i + 1) + ". " + frame.title;
      const holder = document.createElement("div");
      holder.innerHTML = compose(frame, null);
      const prefix = "p" + i + "-";
      for (const el of holder.querySelectorAll("[id]")) el.id = prefix + el.id;
      for (const el of holder.querySelectorAll("[aria-labelledby]")) {
        const names = el.getAttribute("aria-labelledby").split(" ");
        el.setAttribute("aria-labelledby", names.map((n) => prefix + n).join(" "));
      }
      const told = document.createElement("ul");
      told.replaceChildren(...frame.lines.map((text) => {
        const li = document.createElement("li");
        li.textContent = text;
        return li;
      }));
      item.replaceChildren(heading, ...holder.childNodes, told);
      parts.push(item);
    });
    strip.replaceChildren(...parts);
  }

  buttons.first.addEventListener("click", () => { stop(); go(0); });
  buttons.back.addEventListener("click", () => { stop(); go(index - 1); });
  buttons.forward.addEventListener("click", () => { stop(); go(index + 1); });
  buttons.last.addEventListener("click", () => { stop(); go(data.frames.length - 1); });
  play.addEventListener("click", toggle);
  speed.addEventListener("change", () => { if (timer !== null) run(); });
  document.getElementById("fullscreen").addEventListener("click", fullScreen);
  // A thumbnail clicked (or Enter on it) is drawn large from then on; the large one clicked
  // goes back to the card's own choice (the ship the card aimed at).
  function choose(card) {
    const k = Number(card.getAttribute("data-card"));
    pinned = card.classList.contains("big") ? null : k;
    render();
    const again = figure.querySelector('.ship-card[data-card="' + k + '"]');
    if (again) again.focus();
  }
  figure.addEventListener("click", (event) => {
    const card = event.target.closest(".ship-card[role=button]");
    if (card) choose(card);
  });
  figure.addEventListener("keydown", (event) => {
    const card = event.target.closest(".ship-card[role=button]");
    if (card && event.key === "Enter") { choose(card); event.preventDefault(); }
  });
  list.addEventListener("click", (event) => {
    const target = event.target.closest("button[data-index]");
    if (target) { stop(); go(Number(target.getAttribute("data-index"))); }
  });
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const onButton = event.target instanceof HTMLElement && event.target.closest("button, select");
    if (event.key === "ArrowRight") { stop(); go(index + 1); }
    else if (event.key === "ArrowLeft") { stop(); go(index - 1); }
    else if (event.key === "Home") { stop(); go(0); }
    else if (event.key === "End") { stop(); go(data.frames.length - 1); }
    else if (event.key === " " && !onButton) { toggle(); }
    else if ((event.key === "f" || event.key === "F") && !onButton) { fullScreen(); }
    else return;
    event.preventDefault();
  });
  document.getElementById("player").hidden = false;
  document.getElementById("step-nav").hidden = false;
  document.getElementById("no-script").hidden = true;
  handout();
  render();
})();
