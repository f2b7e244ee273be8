// Nelly's part of the page: the die, Nelly's head and its two places, every player's
// turtles and water plants, whose turn and what to do, what each button means now, and big
// touch targets for everything the box cannot see (POST /api/report: an event of the game
// log). The camera's disagreements are asked about here, and its zones are drawn here.
// A game view (see app.js); its words are the `nelly.*` phrases (device/phrasebook/nelly.py).

const COLOURS = ["red", "yellow", "orange"];
let root = null;
let fallOpen = null; // the seat whose fall form is open here (or null)
let fall = { red: 0, yellow: 0, orange: 0, head: 0 };
let zoneSeat = 0;
let zones = null; // the zones being drawn: {seat: [x0, y0, x1, y1]} in frame pixels
let zoneTimer = null;
let lastAsked = null; // the fall question last seen from the box

export function mount(container, core) {
  const { el } = core;
  root = container;
  root.append(
    el("div", { class: "nelly-top" },
      el("div", { id: "nelly-die", class: "die", "aria-live": "polite" }),
      el("div", { id: "nelly-hippo", class: "hippo" }),
      el("div", { class: "nelly-what" },
        el("div", { id: "nelly-round", class: "round" }),
        el("div", { id: "nelly-prompt", class: "prompt", "aria-live": "polite" }),
        el("div", { id: "nelly-buttons", class: "button-help" }),
        el("div", { id: "nelly-favoured", class: "favoured" }),
        el("div", { id: "nelly-msg", class: "message", role: "alert" }))),
    el("div", { id: "nelly-camera", class: "camera-ask" }),
    el("div", { id: "nelly-fall", class: "fall-form", hidden: true }),
    el("div", { id: "nelly-players", class: "seats" }),
    el("div", { id: "nelly-box", class: "hint" }),
    el("p", { class: "hint", "data-t": "nelly.buttons_help" }, core.t("nelly.buttons_help")),
    el("details", { id: "nelly-zones", class: "zones" },
      el("summary", { "data-t": "nelly.zones" }, core.t("nelly.zones")),
      el("p", { class: "hint", "data-t": "nelly.zones_help" }, core.t("nelly.zones_help")),
      el("div", { id: "zone-seats", class: "zone-seats" }),
      el("div", { id: "zone-pic", class: "zone-pic" },
        el("img", { id: "zone-img", alt: "" }), el("div", { id: "zone-boxes" })),
      el("button", { type: "button", id: "zone-save", class: "big" }, core.t("nelly.zones_save"))));
  root.querySelector("#nelly-zones").addEventListener("toggle", (ev) => {
    clearInterval(zoneTimer);
    if (ev.target.open) { refreshZonePic(core); zoneTimer = setInterval(() => refreshZonePic(core), 1000); }
  });
  root.querySelector("#zone-save").addEventListener("click", () => saveZones(core));
  dragZones(core);
}

export function words(core) {
  root.querySelector("#zone-save").textContent = core.t("nelly.zones_save");
}

function report(core, body) {
  core.$("nelly-msg").textContent = "";
  return core.api("POST", "/api/report", body).catch((e) => {
    core.$("nelly-msg").textContent = e.message;
  });
}

function press(core, seat) {
  core.api("POST", `/api/bell/${seat}`).catch((e) => { core.$("nelly-msg").textContent = e.message; });
}

export function key(ev, core) {
  const s = core.snap();
  if (!/^[1-4]$/.test(ev.key) || !s) return false;
  const seat = Number(ev.key) - 1;
  if (seat >= s.players.length) return false;
  press(core, seat);
  return true;
}

// ---- the die, Nelly, the prompt -------------------------------------------------------------

function renderDie(n, core) {
  const { el, t } = core;
  const face = n.face;
  const die = core.$("nelly-die");
  die.className = `die face-${face || "none"}`;
  die.dataset.face = face || "";
  const label = face ? t(`nelly.face_${face}`) : t("nelly.die");
  const pips = face === "all" ? COLOURS.map((c) => el("span", { class: `dome ${c}` }))
    : COLOURS.includes(face) ? [el("span", { class: `dome ${face} big` })]
      : face === "heron" ? [el("span", { class: "heron" })]
        : face === "plants" ? [el("span", { class: "plant big" })] : [el("span", { class: "blank" }, "?")];
  die.replaceChildren(el("div", { class: "pips" }, ...pips), el("div", { class: "label" }, label));
}

function renderHippo(n, core) {
  const { el, t } = core;
  const up = n.nelly.head === "surfaced";
  const hippo = core.$("nelly-hippo");
  hippo.className = `hippo ${up ? "up" : "down"}`;
  hippo.dataset.head = n.nelly.head;
  const places = [0, 1].map((i) => el("span", {
    class: `head-place${i < n.nelly.on_head ? " taken" : ""}`, "data-place": i }));
  hippo.replaceChildren(
    el("div", { class: "water" }),
    el("div", { class: "head" }, el("span", { class: "eye" }), el("span", { class: "eye" }),
      el("div", { class: "head-places" }, ...places)),
    el("div", { class: "back" }, el("span", {}, t("nelly.on_back", { n: n.nelly.on_back }))),
    el("div", { class: "head-label" }, `${t("nelly.head")}: ${t(`nelly.head_${n.nelly.head}`)}`));
}

function renderPrompt(n, core) {
  const { el, t, playerName } = core;
  core.$("nelly-round").textContent = n.over ? t("page.over") : t("nelly.round", { n: n.round });
  core.$("nelly-prompt").textContent = n.prompt;
  const b = n.buttons;
  const help = core.$("nelly-buttons");
  if (!b) { help.replaceChildren(); } else {
    help.replaceChildren(...[
      // the player's colour as a bar under the name, the name itself in the text colour
      el("strong", { class: "who", colour: core.playerColour(b.player) }, `${playerName(b.player)}: `),
      el("span", { class: "press" }, `${t("nelly.presses_1")} = ${b.one}`),
      b.two !== b.one ? el("span", { class: "press" }, `${t("nelly.presses_2")} = ${b.two}`) : null,
      el("span", { class: "press" },
        `${t("nelly.presses_3")} ${t("nelly.presses_hold", { s: n.hold_s })} = ${t("nelly.btn_fall")}`),
    ].filter(Boolean)); // replaceChildren would write a null as "null"
  }
  core.$("nelly-favoured").textContent = n.favoured_hand == null ? ""
    : t("nelly.favoured", { name: playerName(n.favoured_hand) });
  core.$("nelly-msg").textContent = n.message || "";
}

// ---- the players: turtles, plants, and the big buttons -----------------------------------

function domes(core, turtles) {
  const { el } = core;
  return COLOURS.flatMap((c) => Array.from({ length: turtles[c] }, () => el("span", { class: `dome ${c}` })));
}

function actions(n, seat, core) {
  const { el, t } = core;
  const x = n.expect;
  if (!x || x.player !== seat || n.fall_asked != null) return [];
  const big = (label, body, cls = "") => el("button", {
    type: "button", class: `big ${cls}`, onclick: () => report(core, body) }, label);
  if (x.event === "roll") return [big(t("nelly.btn_roll"), { event: "roll" }, "roll")];
  if (x.event === "feed") {
    return [big(t("nelly.btn_crab"), { event: "feed", player: seat, counter: "crab" }),
      big(t("nelly.btn_rotten"), { event: "feed", player: seat, counter: "rotten" })];
  }
  if (x.event === "place") {
    const head = n.details.expect && n.details.expect.head;
    return n.colours.flatMap((c) => [
      big(`${t(`nelly.colour_${c}`)}: ${t("nelly.btn_back")}`,
        { event: "place", player: seat, colour: c, on: "back" }, `c-${c}`),
      head ? big(`${t(`nelly.colour_${c}`)}: ${t("nelly.btn_head")}`,
        { event: "place", player: seat, colour: c, on: "head" }, `c-${c}`) : null]).filter(Boolean);
  }
  const label = { heron: "btn_heron", plants: "btn_plants", pass: "btn_pass" }[x.event];
  return label ? [big(t(`nelly.${label}`), { event: x.event, player: seat })] : [];
}

function renderPlayers(n, snap, core) {
  const { el, t, playerName, playerColour } = core;
  const onNelly = n.details.nelly_turtles;
  const anyOn = COLOURS.some((c) => onNelly[c] > 0);
  const cards = n.players.map((p, seat) => {
    const cls = ["seat"];
    if (n.turn === seat) cls.push("turn");
    if (n.expect && n.expect.player === seat) cls.push("acts");
    if (n.winner === seat) cls.push("winner");
    const pressing = n.pressing[String(seat)];
    const free = Array.from({ length: p.free_plants }, () => el("span", { class: "plant" }));
    const acts = n.expect && n.expect.player === seat;
    // the turtles drawn in their colours, and said in words beside them: colour is never
    // the only way to tell red from orange
    const said = COLOURS.filter((c) => p.turtles[c])
      .map((c) => `${p.turtles[c]} ${t(`nelly.colour_${c}`)}`).join(", ");
    return el("div", { class: cls.join(" "), colour: playerColour(seat), "data-seat": seat,
      role: "group", "aria-label": acts ? `${playerName(seat)}: ${t("nelly.acts")}` : playerName(seat),
      "aria-current": acts ? "true" : null },
      el("h2", {}, playerName(seat), pressing ? el("span", { class: "pressing" }, " ●".repeat(pressing)) : null),
      el("div", { class: "turtles", "aria-hidden": "true" }, ...domes(core, p.turtles), ...free),
      el("div", { class: "turtle-words" }, said || t("nelly.no_turtles")),
      el("div", { class: "counts" }, t("nelly.plants_left", { free: p.free_plants, plants: p.plants })),
      el("div", { class: "actions" }, ...actions(n, seat, core),
        anyOn && !n.over ? el("button", { type: "button", class: "big fell",
          onclick: () => openFall(seat, n, core) }, t("nelly.btn_fall")) : null),
      el("button", { type: "button", class: "bell", "data-seat": seat, onclick: () => press(core, seat) },
        t("nelly.bell", { n: seat + 1 })));
  });
  core.$("nelly-players").replaceChildren(...cards);
  core.$("nelly-players").style.setProperty("--n", String(Math.max(2, n.players.length)));
  core.$("nelly-box").textContent = t("nelly.box_count", { turtles: n.box.turtles, plants: n.box.plants });
}

// ---- turtles that fell ---------------------------------------------------------------------

function openFall(seat, n, core, preset) {
  fallOpen = seat;
  fall = { red: 0, yellow: 0, orange: 0, head: 0, ...(preset || {}) };
  renderFall(n, core);
}

function renderFall(n, core) {
  const { el, t, playerName } = core;
  const form = core.$("nelly-fall");
  const seat = fallOpen != null ? fallOpen : n.fall_asked;
  form.hidden = seat == null || n.over;
  if (form.hidden) return;
  const on = n.details.nelly_turtles;
  const total = COLOURS.reduce((a, c) => a + fall[c], 0);
  // each stepper named for screen readers ("red: one fewer"), its count said as it changes
  const what = (k) => (k === "head" ? t("nelly.from_head") : t(`nelly.colour_${k}`));
  const step = (k, max) => el("span", { class: "stepper" },
    el("button", { type: "button", class: "big", "aria-label": t("nelly.fewer", { what: what(k) }),
      onclick: () => { fall[k] = Math.max(0, fall[k] - 1); renderFall(core.snap().nelly, core); } }, "−"),
    el("b", { "data-count": k, "aria-live": "polite" }, String(fall[k])),
    el("button", { type: "button", class: "big", "aria-label": t("nelly.more", { what: what(k) }),
      onclick: () => { fall[k] = Math.min(max, fall[k] + 1); renderFall(core.snap().nelly, core); } }, "+"));
  const who = el("select", { id: "fall-who", onchange: (ev) => { fallOpen = Number(ev.target.value); } },
    ...n.players.map((_, s) => el("option", { value: s, selected: s === seat }, playerName(s))));
  form.replaceChildren(
    el("h2", {}, t("nelly.report_fall")),
    el("label", {}, t("nelly.fall_who"), " ", who),
    el("div", { class: "fall-colours" }, ...COLOURS.map((c) => el("div", { class: `fall-colour c-${c}` },
      el("span", { class: `dome ${c} big`, "aria-hidden": "true" }),
      el("span", { class: "colour-word" }, t(`nelly.colour_${c}`)), step(c, on[c])))),
    el("div", {}, step("head", Math.min(n.nelly.on_head, total)), " ", t("nelly.fall_head")),
    el("div", { class: "buttons" },
      el("button", { type: "button", class: "big go", disabled: total === 0, onclick: () => {
        const turtles = Object.fromEntries(COLOURS.filter((c) => fall[c]).map((c) => [c, fall[c]]));
        const body = { event: "fall", player: Number(core.$("fall-who").value), turtles };
        if (fall.head) body.from_head = Math.min(fall.head, total);
        fallOpen = null;
        report(core, body);
      } }, t("nelly.fall_send")),
      el("button", { type: "button", class: "big", onclick: () => {
        fallOpen = null; form.hidden = true; report(core, { cancel: "fall" });
      } }, t("nelly.cancel"))));
}

// ---- the camera: disagreements and zones ---------------------------------------------------

function said(core, turtles) {
  const parts = COLOURS.filter((c) => turtles[c]).map((c) => `${turtles[c]} ${core.t(`nelly.colour_${c}`)}`);
  return parts.join(", ") || "0";
}

function renderCamera(n, core) {
  const { el, t, playerName } = core;
  const cam = n.camera;
  const asks = cam.disagreements.map((d) => el("div", { class: "disagree", "data-seat": d.player },
    el("p", {}, t("nelly.camera_sees", { name: playerName(d.player), seen: said(core, d.camera), counted: said(core, d.box) })),
    d.more && !n.over ? el("button", { type: "button", class: "big", onclick: () => openFall(d.player, n, core, d.more) }, t("nelly.camera_fell")) : null,
    el("button", { type: "button", class: "big", onclick: () => report(core, { camera: "dismiss", player: d.player }) }, t("nelly.camera_wrong"))));
  const status = !cam.counter ? t("nelly.no_counter") : !cam.zones ? t("nelly.zones_none") : cam.problem;
  core.$("nelly-camera").replaceChildren(...asks, ...(status ? [el("p", { class: "hint" }, status)] : []));
}

function refreshZonePic(core) {
  const img = core.$("zone-img");
  const next = new Image();
  next.onload = () => { img.src = next.src; };
  next.src = `/api/camera.jpg?t=${Date.now()}`;
}

function renderZones(n, core) {
  const { el, playerName, playerColour } = core;
  if (!zones) {
    zones = {};
    for (const z of (n.camera.zones && n.camera.zones.zones) || []) {
      const xs = z.polygon.map((p) => p[0]); const ys = z.polygon.map((p) => p[1]);
      zones[z.player] = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
    }
  }
  core.$("zone-seats").replaceChildren(...n.players.map((_, s) => el("button", {
    type: "button", class: `big${s === zoneSeat ? " active" : ""}`, colour: playerColour(s),
    onclick: () => { zoneSeat = s; renderZones(core.snap().nelly, core); } }, playerName(s))));
  const [w, h] = n.camera.frame[0] ? n.camera.frame : [1280, 720];
  core.$("zone-pic").style.aspectRatio = `${w} / ${h}`; // the picture's shape: drags map to pixels
  core.$("zone-boxes").replaceChildren(...Object.entries(zones).map(([s, b]) => {
    const box = el("div", { class: "zone-box", colour: playerColour(Number(s)), "data-seat": s },
      playerName(Number(s)));
    // the CSSOM, not a style attribute: the page's CSP allows no inline styles
    Object.assign(box.style, { left: `${(100 * b[0]) / w}%`, top: `${(100 * b[1]) / h}%`,
      width: `${(100 * (b[2] - b[0])) / w}%`, height: `${(100 * (b[3] - b[1])) / h}%` });
    return box;
  }));
}

function dragZones(core) {
  const pic = root.querySelector("#zone-pic");
  let start = null;
  const at = (ev) => {
    const r = pic.getBoundingClientRect();
    const [w, h] = frameSize(core);
    return [Math.round(((ev.clientX - r.left) / r.width) * w), Math.round(((ev.clientY - r.top) / r.height) * h)];
  };
  pic.addEventListener("pointerdown", (ev) => { start = at(ev); pic.setPointerCapture(ev.pointerId); ev.preventDefault(); });
  pic.addEventListener("pointermove", (ev) => {
    if (!start) return;
    const p = at(ev);
    zones[zoneSeat] = [Math.min(start[0], p[0]), Math.min(start[1], p[1]), Math.max(start[0], p[0]), Math.max(start[1], p[1])];
    renderZones(core.snap().nelly, core);
  });
  pic.addEventListener("pointerup", () => { start = null; });
}

function frameSize(core) {
  const n = core.snap() && core.snap().nelly;
  return n && n.camera.frame[0] ? n.camera.frame : [1280, 720];
}

function saveZones(core) {
  const list = Object.entries(zones || {}).filter(([, b]) => b[2] - b[0] > 4 && b[3] - b[1] > 4)
    .map(([s, b]) => ({ player: Number(s), polygon: [[b[0], b[1]], [b[2], b[1]], [b[2], b[3]], [b[0], b[3]]] }));
  report(core, { zones: { zones: list } });
}

export function render(n, snap, core) {
  renderDie(n, core);
  renderHippo(n, core);
  renderPrompt(n, core);
  renderPlayers(n, snap, core);
  renderCamera(n, core);
  if (fallOpen != null && fallOpen >= n.players.length) fallOpen = null;
  if (n.fall_asked !== lastAsked) { // three presses: a new question, counted from nothing
    lastAsked = n.fall_asked;
    if (n.fall_asked != null && fallOpen == null) fall = { red: 0, yellow: 0, orange: 0, head: 0 };
  }
  renderFall(n, core);
  renderZones(n, core);
}
