// tableref kiosk page: the core. A view of the daemon's state (GET /api/state, then live
// over /api/events); it keeps no game state of its own. Plain modern JS modules, no build.
//
// The core does what every game shares: the connection, the snapshot, the words (lib.js:
// `t(id, fields)` from the box's one phrase table), the header and the devices' trouble,
// the tabs, the settings (settings.js), the history (history.js), the PIN prompt and the
// dialogs (dialog.js). Each game's part of the screen is a view module of its own.
//
// How a game view plugs in: for every game of the snapshot's `games` (the daemon's table
// of games), the core imports `/static/<name>.js` and links `/static/<name>.css` the first
// time that game is played, makes it a container `<section id="<name>" class="game-view">`
// in the game tab, and calls the module's exports:
//
//   export function mount(root, core)        // once: build the view's DOM inside `root`
//   export function render(part, snap, core) // at every snapshot while the game is played;
//                                            // part = snap[<name>] (hub.py's schema)
//   export function key(ev, core)            // optional: a key on the game tab; true = used
//   export function words()                  // optional: called when the language changes
//   export function cameraZones(box, part, core) // optional: mark each seat (and what was
//                                            // read there) on the Camera tab's picture
//
// A view whose root has the class "fit" is given the screen's height left under the header
// and any device problem (core.css), to lay itself out in without scrolling.
//
// `core` is lib.js: t, el, $, api, snap, player, playerName, playerColour, and confirm,
// show (a snapshot the view got as an answer), showTab (name). A view
// touches only its own container, takes its words from its phrase section (`halli.*` in
// device/phrasebook/halli.py), and keeps its CSS selectors under `#<name>`.
// A new game's page is therefore two files, static/<name>.js and static/<name>.css.

import * as lib from "./lib.js";
import { $, api, el, t } from "./lib.js";
import { renderDevices } from "./devices.js";
import { confirm } from "./dialog.js";
import { loadHistory } from "./history.js";
import { fillSettings, initSettings } from "./settings.js";

const core = { ...lib, confirm, show, showTab };
const views = new Map(); // game name -> {module, root}, once loaded
let tab = "game";
let cameraTimer = null;
let shownLang = null;

async function viewOf(name) {
  let view = views.get(name);
  if (view) return view;
  if (!/^[a-z][a-z0-9_]*$/.test(name)) return null;
  const root = el("section", { id: name, class: "game-view", hidden: true });
  $("games").append(root);
  document.head.append(el("link", { rel: "stylesheet", href: `/static/${name}.css` }));
  let module;
  try {
    module = await import(`/static/${name}.js`);
  } catch (err) {
    root.append(el("p", { class: "message" }, `${name}: ${err.message}`));
    module = {};
  }
  view = { module, root };
  views.set(name, view);
  if (module.mount) module.mount(root, core);
  return view;
}

// ---- rendering (one at a time, the latest snapshot wins) -----------------------------------

let pending = null;
let draining = null; // the render loop while it runs: settles once the latest is shown

export function show(s) {
  pending = s;
  if (!draining) draining = drain();
  return draining;
}

async function drain() {
  try {
    while (pending) {
      const s = pending;
      pending = null;
      await render(s);
    }
  } finally {
    draining = null; // at once: a snapshot shown after this starts a new loop
  }
}

async function render(s) {
  lib.setSnap(s);
  if (s.language !== shownLang) {
    await lib.loadPhrases(s.language);
    shownLang = s.language;
    translateStatic();
    renderDevices();
    for (const v of views.values()) if (v.module.words) v.module.words(core);
    if (tab === "settings") fillSettings(core, false);
  }
  const title = t(`${s.game}.title`);
  $("title").textContent = title;
  document.title = `tableref · ${title}`;
  renderAccess(s.access);
  renderDevices(s.devices);
  const view = await viewOf(s.game);
  for (const [name, v] of views) v.root.hidden = name !== s.game;
  if (view && view.module.render && s[s.game]) view.module.render(s[s.game], s, core);
  if (tab === "camera") cameraZones();
}

// The Camera tab's marks over the picture, drawn by the game's view (words, not codes).
function cameraZones() {
  const s = lib.snap();
  const view = s && views.get(s.game);
  const box = $("camera-zones");
  if (view && view.module.cameraZones && s[s.game] && !$("camera-img").hidden) {
    view.module.cameraZones(box, s[s.game], core);
  } else {
    box.replaceChildren();
  }
}

function translateStatic() {
  for (const node of document.querySelectorAll("[data-t]")) node.textContent = t(node.dataset.t);
  for (const node of document.querySelectorAll("[data-t-label]")) {
    node.setAttribute("aria-label", t(node.dataset.tLabel));
  }
  if ($("conn").dataset.state) $("conn").textContent = t(`page.${$("conn").dataset.state}`);
}

function renderAccess(access) {
  const box = $("access");
  box.hidden = !(access && access.lan && access.pin);
  if (access && access.pin) {
    box.replaceChildren(
      ...(access.url ? [el("span", { id: "lan-url" }, access.url), " "] : []),
      `${t("page.pin")} `, el("strong", { id: "pin-value" }, access.pin));
  }
}


// ---- the connection -------------------------------------------------------------------------

let source = null;

function setConn(state) {
  const conn = $("conn");
  conn.dataset.state = state;
  conn.textContent = t(`page.${state}`);
  conn.classList.toggle("down", state !== "live");
}

function connect() {
  if (source) source.close();
  source = new EventSource("/api/events");
  source.onmessage = (ev) => show(JSON.parse(ev.data));
  source.onopen = () => setConn("live");
  source.onerror = async () => {
    setConn("reconnecting");
    // EventSource cannot see a 401: ask once whether the PIN is the problem.
    try { await api("GET", "/api/state"); } catch { /* a 401 opens the PIN prompt */ }
  };
}

// ---- the PIN prompt (phones on the LAN) -----------------------------------------------------

function showPin() {
  if (source) { source.close(); source = null; }
  $("pin-prompt").hidden = false;
  $("pin-input").focus();
}
lib.whenUnauthorised(showPin);

$("pin-form").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  try {
    await api("POST", "/api/login", { pin: $("pin-input").value.trim() });
    $("pin-prompt").hidden = true;
    $("pin-msg").textContent = "";
    start();
  } catch (e) {
    const key = { 401: "page.wrong_pin", 429: "page.pin_locked", 403: "page.pin_local" }[e.status];
    $("pin-msg").textContent = key ? t(key) : e.message;
  }
});

// ---- tabs: game, camera, history, settings --------------------------------------------------

function showTab(name) {
  tab = name;
  for (const b of document.querySelectorAll("#tabs button")) {
    b.classList.toggle("active", b.dataset.view === name);
    b.setAttribute("aria-selected", String(b.dataset.view === name));
  }
  for (const v of ["game", "camera", "history", "settings"]) $(`view-${v}`).hidden = v !== name;
  clearInterval(cameraTimer);
  if (name === "camera") { refreshCamera(); cameraTimer = setInterval(refreshCamera, 500); }
  if (name === "history") loadHistory(core);
  if (name === "settings") fillSettings(core);
}

function refreshCamera() {
  const img = $("camera-img");
  const next = new Image();
  next.onload = () => {
    const first = img.hidden;
    img.src = next.src;
    img.hidden = false;
    $("camera-msg").textContent = "";
    if (first) cameraZones();
  };
  next.onerror = () => {
    img.hidden = true;
    $("camera-msg").textContent = t("page.no_camera");
    cameraZones();
  };
  next.src = `/api/camera.jpg?t=${Date.now()}`;
}

for (const b of document.querySelectorAll("#tabs button")) {
  b.addEventListener("click", () => showTab(b.dataset.view));
}

document.addEventListener("keydown", (ev) => {
  if (ev.repeat || ev.ctrlKey || ev.altKey || ev.metaKey) return;
  if (ev.target.closest && ev.target.closest("input, select, textarea, dialog")) return;
  if (tab !== "game" && tab !== "camera") return;
  const s = lib.snap();
  const view = s && views.get(s.game);
  if (view && view.module.key && view.module.key(ev, core)) ev.preventDefault();
});

initSettings(core, show);

async function start() {
  try {
    if (!shownLang) {
      await lib.loadPhrases(""); // the box's language, also before the PIN is given
      shownLang = lib.language();
      translateStatic();
    }
    // the game's view is loaded and drawn before the page says "live": a key pressed
    // once it does is a bell (the view's module handles the keys)
    await show(await api("GET", "/api/state"));
    connect();
  } catch (e) {
    $("conn").textContent = e.message;
  }
}

start();
