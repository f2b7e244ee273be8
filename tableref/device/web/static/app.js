// tableref kiosk page: a view of the daemon's state (GET /api/state, live over /api/events).
// Plain modern JS, no build step. The page keeps no game state of its own.

const TEXT = {
  en: {
    tab_game: "Game", tab_camera: "Camera", tab_history: "History", tab_settings: "Settings",
    under_bell: "Under the bell", keys_hint: "Keys 1-6 ring the bells.",
    reserve_of: "Reserve of", photo: "Photo", upload: "Score this photo",
    game: "Game", language: "Language", players: "Players", add_player: "Add a player",
    save: "Save and start", pin_needed: "Enter the PIN shown on the table's screen.",
    halli: "Halli Galli Extreme", nimalia: "Nimalia", nelly: "Nelly",
    ring: "Ring", pile: "pile", stack: "stack", out: "out", waiting: "Ring when it's right!",
    right: "right!", wrong: "wrong!", first: "first!", first_by: "first by {ms} ms over {name}",
    alone: "nobody else rang", reaction: "reaction", round: "Round {n}",
    photograph: "Photograph the reserve of {name}", total: "Total", this_round: "Round",
    objective: "#{id}", winner: "{name} wins!", draw: "Draw", over: "Game over",
    live: "live", reconnecting: "reconnecting…", pin: "PIN", no_camera: "No camera frame.",
    h_date: "Date", h_game: "Game", h_players: "Players", h_scores: "Scores", h_winner: "Winner",
    no_history: "No finished games yet.", saved: "Saved.", uploading: "Scoring…",
    scored: "Scored.", choose_photo: "Choose a photo first.", remove: "Remove", name: "Name",
    in_play: "Objectives this round", next: "next", photograph_btn: "Use the table camera",
    new_game: "New game, same settings", started: "A new game has started.",
  },
  de: {
    tab_game: "Spiel", tab_camera: "Kamera", tab_history: "Verlauf", tab_settings: "Einstellungen",
    under_bell: "Unter der Glocke", keys_hint: "Tasten 1-6 läuten die Glocken.",
    reserve_of: "Reservat von", photo: "Foto", upload: "Foto werten",
    game: "Spiel", language: "Sprache", players: "Spieler", add_player: "Spieler hinzufügen",
    save: "Speichern und starten", pin_needed: "PIN vom Bildschirm am Tisch eingeben.",
    halli: "Halli Galli Extreme", nimalia: "Nimalia", nelly: "Nelly",
    ring: "Läuten", pile: "Stapel offen", stack: "verdeckt", out: "raus",
    waiting: "Läuten, wenn es passt!", right: "richtig!", wrong: "falsch!", first: "zuerst!",
    first_by: "{ms} ms vor {name}", alone: "sonst hat niemand geläutet", reaction: "Reaktion",
    round: "Runde {n}", photograph: "Reservat von {name} fotografieren", total: "Gesamt",
    this_round: "Runde", objective: "#{id}", winner: "{name} gewinnt!", draw: "Unentschieden",
    over: "Spiel vorbei", live: "live", reconnecting: "verbinde neu…", pin: "PIN",
    no_camera: "Kein Kamerabild.", h_date: "Datum", h_game: "Spiel", h_players: "Spieler",
    h_scores: "Punkte", h_winner: "Sieger", no_history: "Noch keine beendeten Spiele.",
    saved: "Gespeichert.", uploading: "Werte aus…", scored: "Gewertet.",
    choose_photo: "Erst ein Foto wählen.", remove: "Entfernen", name: "Name",
    in_play: "Ziele dieser Runde", next: "jetzt", photograph_btn: "Tischkamera verwenden",
    new_game: "Neues Spiel, gleiche Einstellungen", started: "Ein neues Spiel hat begonnen.",
  },
};
const FRUIT_NAMES = { B: "banana", P: "plum", S: "strawberry", L: "lime" };

const $ = (id) => document.getElementById(id);
let snap = null;
let lang = "en";
let view = "game";
let lastVerdictSeq = null;
let cameraTimer = null;

function t(key, vars = {}) {
  const s = (TEXT[lang] && TEXT[lang][key]) || TEXT.en[key] || key;
  return s.replace(/\{(\w+)\}/g, (_, k) => String(vars[k] ?? ""));
}

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else if (k === "colour") node.style.setProperty("--c", v);
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v);
  }
  for (const c of children) node.append(c instanceof Node ? c : String(c));
  return node;
}

function playerName(seat) {
  const p = snap && snap.players.find((x) => x.seat === seat);
  return p ? p.name : `#${seat + 1}`;
}

function playerColour(seat) {
  const p = snap && snap.players.find((x) => x.seat === seat);
  return (p && p.colour) || "#888888";
}

// ---- talking to the daemon --------------------------------------------------------------

async function api(method, path, body) {
  const opts = { method, headers: {} };
  if (body instanceof FormData) opts.body = body;
  else if (body !== undefined) {
    opts.body = JSON.stringify(body);
    opts.headers["Content-Type"] = "application/json";
  }
  const res = await fetch(path, opts);
  if (res.status === 401) showPin();
  let data = null;
  try { data = await res.json(); } catch { data = null; }
  if (!res.ok) throw new Error((data && data.error) || `${res.status} ${res.statusText}`);
  return data;
}

function ringBell(seat) {
  api("POST", `/api/bell/${seat}`).catch((e) => flashMessage(e.message));
}

function flashMessage(text) {
  const box = snap && snap.game === "nimalia" ? $("nimalia-message") : $("verdict-detail");
  box.textContent = text;
}

let source = null;
function connect() {
  if (source) source.close();
  source = new EventSource("/api/events");
  source.onmessage = (ev) => render(JSON.parse(ev.data));
  source.onopen = () => { $("conn").textContent = t("live"); $("conn").classList.remove("down"); };
  source.onerror = async () => {
    $("conn").textContent = t("reconnecting");
    $("conn").classList.add("down");
    // EventSource cannot see a 401: ask once whether the PIN is the problem.
    try { await api("GET", "/api/state"); } catch { /* shown by api() */ }
  };
}

// ---- the PIN prompt (phones on the LAN) -------------------------------------------------

function showPin() {
  if (source) { source.close(); source = null; }
  $("pin-prompt").hidden = false;
  $("pin-input").focus();
}

$("pin-form").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  try {
    await api("POST", "/api/login", { pin: $("pin-input").value.trim() });
    $("pin-prompt").hidden = true;
    $("pin-msg").textContent = "";
    start();
  } catch (e) {
    $("pin-msg").textContent = e.message;
  }
});

// ---- rendering ----------------------------------------------------------------------------

function render(s) {
  snap = s;
  if (s.language !== lang) { lang = s.language; translateStatic(); }
  $("title").textContent = t(s.game);
  document.title = `tableref · ${t(s.game)}`;
  const access = s.access;
  $("access").hidden = !(access && access.lan && access.pin);
  if (access && access.pin) {
    $("access").replaceChildren(
      ...(access.url ? [el("span", { id: "lan-url" }, access.url), " "] : []),
      `${t("pin")} `, el("strong", { id: "pin-value" }, access.pin));
  }
  $("devices").replaceChildren(
    ...s.devices.filter((d) => !d.ok).map((d) => el("div", {}, `⚠ ${d.name}: ${d.message}`)),
  );
  for (const g of ["halli", "nimalia", "nelly"]) $(g).hidden = s.game !== g;
  if (s.game === "halli" && s.halli) renderHalli(s.halli);
  if (s.game === "nimalia" && s.nimalia) renderNimalia(s.nimalia);
  if (s.game === "nelly") $("nelly-state").textContent = JSON.stringify(s.nelly, null, 2);
}

function translateStatic() {
  document.documentElement.lang = lang;
  for (const node of document.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
}

function cardFace(code) {
  if (!code) return el("div", { class: "card empty" }, "–");
  if (/^[BPSL]+$/.test(code)) {
    return el("div", { class: "card fruit-card", title: code },
      ...[...code].map((f) => el("span", { class: `fruit ${f}`, title: FRUIT_NAMES[f] }, f)));
  }
  return el("div", { class: `card animal ${code}` }, code);
}

function renderHalli(h) {
  const v = h.last_verdict;
  const box = $("verdict");
  if (!v) {
    box.className = "verdict waiting";
    box.dataset.seq = "0"; // a new game: no verdict yet
    delete box.dataset.player;
    $("verdict-text").textContent = h.over ? t("over") : t("waiting");
    $("verdict-detail").textContent = "";
  } else {
    // right is null when the ring was not judged (no camera: who was first only; or wait
    // for the next card): neither right nor wrong
    const kind = v.right == null ? "first" : v.right ? "right" : "wrong";
    box.className = `verdict ${kind}`;
    if (lastVerdictSeq !== null && v.seq !== lastVerdictSeq) {
      void box.offsetWidth; // restart the flash animation
      box.classList.add("fresh");
    }
    box.dataset.seq = String(v.seq);
    box.dataset.player = String(v.player);
    $("verdict-text").textContent = `${playerName(v.player)}: ${t(kind)}`;
    const margin = v.margin_ms == null || v.second == null
      ? t("alone")
      : t("first_by", { ms: Math.round(v.margin_ms), name: playerName(v.second) });
    const times = Object.entries(v.reaction_ms || {})
      .map(([seat, ms]) => `${playerName(Number(seat))} ${Math.round(ms)} ms`).join(" · ");
    $("verdict-detail").replaceChildren(
      el("span", {}, [v.text, margin].filter(Boolean).join(" — ")),
      ...((v.reasons || []).length ? [el("span", { class: "times" }, v.reasons.join(" · "))] : []),
      ...(times ? [el("span", { class: "times" }, `${t("reaction")}: ${times}`)] : []),
    );
  }
  lastVerdictSeq = v ? v.seq : 0;
  if (h.over) {
    $("verdict-detail").prepend(el("strong", {},
      h.winner == null ? t("draw") : t("winner", { name: playerName(h.winner) }), " "));
  }
  const cards = h.piles.map((p) => {
    const info = snap.players.find((x) => x.seat === p.seat) || {};
    const cls = ["player"];
    if (h.turn === p.seat) cls.push("turn");
    if (info.out) cls.push("out");
    return el("div", { class: cls.join(" "), colour: playerColour(p.seat), "data-seat": p.seat },
      el("h2", {}, playerName(p.seat)),
      cardFace(p.top),
      el("div", { class: "counts" },
        el("b", {}, p.pile), ` ${t("pile")} · `, el("b", {}, p.stack), ` ${t("stack")}`,
        info.out ? ` · ${t("out")}` : ""),
      el("button", { type: "button", class: "bell", "data-seat": p.seat,
        onclick: () => ringBell(p.seat) }, `${t("ring")} (${p.seat + 1})`));
  });
  $("piles").replaceChildren(...cards);
  $("piles").style.setProperty("--n", String(Math.max(2, h.piles.length)));
  $("bell-count").textContent = h.bell;
}

let shownReserve = null;
let pickedSeat = null; // the seat chosen by hand in the upload form, until it is used
function renderNimalia(n) {
  $("nimalia-round").textContent = n.over ? t("over") : t("round", { n: n.round });
  const inPlay = (n.objectives || []).map((id) => t("objective", { id })).join("  ");
  let next = "";
  if (n.over) {
    next = n.winner == null ? t("draw") : t("winner", { name: playerName(n.winner) });
  } else if (n.to_photograph != null) {
    next = t("photograph", { name: playerName(n.to_photograph) });
  }
  $("nimalia-next").textContent = next;
  $("nimalia-objectives").textContent = inPlay ? `${t("in_play")}: ${inPlay}` : "";
  $("nimalia-message").textContent = n.message || "";
  // the columns are the objectives of the last round scored (the rows carry them)
  const ids = [...new Set(n.scores.flatMap((r) => Object.keys(r.objectives || {})))];
  const read = new Set(n.read || []);
  const scoredRound = n.over ? n.round : n.round - 1;
  const head = el("tr", {}, el("th", {}, ""),
    ...ids.map((id) => el("th", {}, t("objective", { id }))),
    ...(ids.length ? [el("th", {}, scoredRound >= 1 ? t("round", { n: scoredRound }) : t("this_round"))] : []),
    el("th", {}, t("total")), el("th", { class: "photo-col" }, t("photo")));
  const rows = n.scores.map((r) => el("tr", { "data-seat": r.seat },
    el("td", { class: "name", colour: playerColour(r.seat) }, playerName(r.seat)),
    ...ids.map((id) => el("td", {}, r.objectives[id] ?? "–")),
    ...(ids.length ? [el("td", {}, r.round_total ?? "–")] : []),
    el("td", { class: "total" }, r.total),
    el("td", { class: "photo-col" }, read.has(r.seat) ? "✓" : (n.to_photograph === r.seat ? t("next") : ""))));
  $("scores").replaceChildren(el("thead", {}, head), el("tbody", {}, ...rows));
  const select = $("upload-player");
  select.replaceChildren(...snap.players.map((p) => el("option", { value: p.seat }, p.name)));
  select.value = String(pickedSeat ?? n.to_photograph ?? snap.players[0]?.seat ?? 0);
  const withPhoto = n.scores.filter((r) => r.photo || read.has(r.seat)).map((r) => r.seat);
  const seat = shownReserve ?? withPhoto[withPhoto.length - 1];
  if (seat != null) {
    const img = $("reserve-img");
    img.onerror = () => { $("reserve-figure").hidden = true; };
    img.onload = () => { $("reserve-figure").hidden = false; };
    img.src = `/api/nimalia/reserve/${seat}.jpg?v=${snap.seq}`;
    $("reserve-caption").textContent = playerName(seat);
  } else {
    $("reserve-figure").hidden = true;
  }
}

// Phone cameras take photos bigger than the box accepts (5 MB) or needs: shrink big ones
// in the browser to at most MAX_SIDE pixels on their long side before sending them.
const SHRINK_ABOVE_BYTES = 3 * 1024 * 1024;
const MAX_SIDE = 2400;

async function shrinkPhoto(file) {
  if (file.size <= SHRINK_ABOVE_BYTES) return file;
  let bitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    return file; // not an image the browser can read: the box will say what is wrong
  }
  const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext("2d").drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const blob = await new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.92));
  return blob ? new File([blob], "reserve.jpg", { type: "image/jpeg" }) : file;
}

$("upload-player").addEventListener("change", (ev) => { pickedSeat = Number(ev.target.value); });

$("upload-form").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const file = $("upload-file").files[0];
  const msg = $("upload-msg");
  msg.className = "message";
  if (!file) { msg.textContent = t("choose_photo"); return; }
  const form = new FormData();
  const seat = Number($("upload-player").value);
  form.append("player", String(seat));
  msg.textContent = t("uploading");
  try {
    const photo = await shrinkPhoto(file);
    form.append("photo", photo, photo.name);
    shownReserve = seat;
    pickedSeat = null;
    render(await api("POST", "/api/nimalia/upload", form));
    msg.textContent = t("scored");
    msg.className = "message ok";
  } catch (e) {
    msg.textContent = e.message;
  }
});

$("photograph").addEventListener("click", async () => {
  const seat = Number($("upload-player").value);
  const msg = $("upload-msg");
  msg.className = "message";
  msg.textContent = t("uploading");
  try {
    shownReserve = seat;
    pickedSeat = null;
    render(await api("POST", `/api/nimalia/photograph/${seat}`));
    msg.textContent = t("scored");
    msg.className = "message ok";
  } catch (e) {
    msg.textContent = e.message;
  }
});

// ---- camera, history, settings ------------------------------------------------------------

function showView(name) {
  view = name;
  for (const b of document.querySelectorAll("#tabs button")) {
    b.classList.toggle("active", b.dataset.view === name);
  }
  for (const v of ["game", "camera", "history", "settings"]) $(`view-${v}`).hidden = v !== name;
  clearInterval(cameraTimer);
  if (name === "camera") { refreshCamera(); cameraTimer = setInterval(refreshCamera, 500); }
  if (name === "history") loadHistory();
  if (name === "settings") fillSettings();
}

function refreshCamera() {
  const img = $("camera-img");
  const next = new Image();
  next.onload = () => { img.src = next.src; img.hidden = false; $("camera-msg").textContent = ""; };
  next.onerror = () => { img.hidden = true; $("camera-msg").textContent = t("no_camera"); };
  next.src = `/api/camera.jpg?t=${Date.now()}`;
}

async function loadHistory() {
  const table = $("history");
  const games = await api("GET", "/api/history").catch(() => []);
  if (!games.length) { table.replaceChildren(el("caption", {}, t("no_history"))); return; }
  const head = el("tr", {}, ...["h_date", "h_game", "h_players", "h_scores", "h_winner"]
    .map((k) => el("th", {}, t(k))));
  table.replaceChildren(el("thead", {}, head), el("tbody", {}, ...games.map((g) => el("tr", {},
    el("td", {}, new Date(g.ended || g.started).toLocaleString(lang)),
    el("td", {}, t(g.game)),
    el("td", {}, g.players.join(", ")),
    el("td", {}, (g.scores || []).join(" : ")),
    el("td", {}, g.winner ?? t("draw"))))));
}

function playerRow(p) {
  return el("li", {},
    el("input", { class: "p-name", value: p.name, "aria-label": t("name"), maxlength: "24" }),
    el("input", { class: "p-colour", type: "color", value: p.colour || "#888888" }),
    el("button", { type: "button", onclick: (ev) => ev.target.closest("li").remove() }, t("remove")));
}

function fillSettings() {
  if (!snap) return;
  if (snap.games) { // the games the box referees (its table of games), nothing else
    $("set-game").replaceChildren(...snap.games.map((g) =>
      el("option", { value: g.name }, TEXT.en[g.name] ? t(g.name) : g.title)));
  }
  $("set-game").value = snap.game;
  $("set-language").value = snap.language;
  $("set-players").replaceChildren(...snap.players.map(playerRow));
  $("settings-msg").textContent = "";
}

$("add-player").addEventListener("click", () => {
  const n = $("set-players").children.length;
  if (n < 6) $("set-players").append(playerRow({ name: `Player ${n + 1}`, colour: "#888888" }));
});

$("settings-form").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const players = [...$("set-players").children].map((li) => ({
    name: li.querySelector(".p-name").value.trim(),
    colour: li.querySelector(".p-colour").value,
  }));
  const msg = $("settings-msg");
  msg.className = "message";
  try {
    render(await api("POST", "/api/settings",
      { game: $("set-game").value, language: $("set-language").value, players }));
    msg.textContent = t("saved");
    msg.className = "message ok";
  } catch (e) {
    msg.textContent = e.message;
  }
});

$("new-game").addEventListener("click", async () => {
  const msg = $("settings-msg");
  msg.className = "message";
  try {
    render(await api("POST", "/api/settings", { new_game: true }));
    msg.textContent = t("started");
    msg.className = "message ok";
  } catch (e) {
    msg.textContent = e.message;
  }
});

// ---- keys and start -----------------------------------------------------------------------

document.addEventListener("keydown", (ev) => {
  if (ev.repeat || ev.ctrlKey || ev.altKey || ev.metaKey) return;
  if (ev.target.closest && ev.target.closest("input, select, textarea")) return;
  if (view !== "game" && view !== "camera") return;
  if (/^[1-6]$/.test(ev.key) && snap && snap.game === "halli") {
    const seat = Number(ev.key) - 1;
    if (seat < snap.players.length) { ev.preventDefault(); ringBell(seat); }
  }
});

for (const b of document.querySelectorAll("#tabs button")) {
  b.addEventListener("click", () => showView(b.dataset.view));
}

async function start() {
  try {
    render(await api("GET", "/api/state"));
    connect();
  } catch (e) {
    $("conn").textContent = e.message;
  }
}

start();
