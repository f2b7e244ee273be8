// Nimalia's part of the page: the round, the objectives in play, the scores, the photos.
// A game view (see app.js); its words are the `nimalia.*` phrases.

import { mountTeachCards, openTeachCards, teachWords } from "./nimalia_teach.js";
import { shrinkPhoto } from "./photos.js";

let shownReserve = null;
let pickedSeat = null; // the seat chosen by hand in the upload form, until it is used

const COLOURS = ["blue", "green", "yellow", "red"];
let chooserFilled = null; // the language the chooser's options were written in

export function mount(root, core) {
  const { el, t } = core;
  const T = (id) => ({ "data-t": id });
  root.append(
    el("div", { class: "nimalia-head" },
      el("h2", { id: "nimalia-round" }),
      el("div", { id: "nimalia-next", class: "next" })),
    el("section", { class: "goals" },
      el("h3", T("nimalia.objectives_title"), t("nimalia.objectives_title")),
      el("div", { id: "nimalia-objectives", class: "objectives" }),
      el("table", { id: "nimalia-schedule", class: "schedule" }),
      el("details", { id: "nimalia-choose", class: "choose" },
        el("summary", T("nimalia.choose"), t("nimalia.choose")),
        el("form", { id: "choose-form" },
          ...["first_game", "random", "hand"].map((c) => el("label", { class: "choice" },
            el("input", { type: "radio", name: "choice", value: c, checked: c === "first_game" }),
            el("span", T(`nimalia.choice_${c}`), t(`nimalia.choice_${c}`)))),
          el("div", { id: "choose-hand", class: "hand" },
            ...COLOURS.map((c) => el("label", { class: `goal-${c}` },
              el("span", T(`nimalia.colour_${c}`), t(`nimalia.colour_${c}`)),
              el("select", { id: `choose-${c}`, "data-colour": c })))),
          el("button", { type: "submit", id: "choose-new", ...T("nimalia.new_with") },
            t("nimalia.new_with")),
          el("div", { id: "choose-msg", class: "message", role: "status" })))),
    el("div", { id: "nimalia-waiting", class: "waiting", role: "status" }),
    // the sheet scrolls sideways on a phone: a region the keys can reach and scroll
    el("div", { class: "sheet-wrap", tabindex: "0", role: "region", "aria-labelledby": "scores-caption" },
      el("table", { id: "scores", class: "scores sheet" })),
    el("ul", { id: "nimalia-ranked", class: "ranked" }),
    el("div", { id: "nimalia-result", class: "result" }),
    el("div", { id: "nimalia-message", class: "message", role: "status" }),
    el("div", { class: "nimalia-photo" },
      el("form", { id: "upload-form", class: "upload" },
        el("label", {}, el("span", T("nimalia.reserve_of"), t("nimalia.reserve_of")),
          el("select", { id: "upload-player", name: "player" })),
        // the browser's own file field speaks the browser's language ("Choose File"):
        // hidden behind a button and a line in the page's
        el("label", { class: "file" }, el("span", T("nimalia.photo"), t("nimalia.photo")),
          el("input", { id: "upload-file", class: "file-input", name: "photo", type: "file",
            accept: "image/jpeg,image/png", capture: "environment" }),
          el("span", { class: "file-button", "aria-hidden": "true", ...T("nimalia.pick_photo") },
            t("nimalia.pick_photo")),
          el("span", { id: "upload-file-name", class: "file-name", ...T("nimalia.no_photo_picked") },
            t("nimalia.no_photo_picked"))),
        el("button", { type: "submit", ...T("nimalia.upload") }, t("nimalia.upload")),
        el("button", { type: "button", id: "photograph", ...T("nimalia.photograph_btn") },
          t("nimalia.photograph_btn")),
        el("button", { type: "button", id: "nteach-open", ...T("nimalia.teach_title"),
          onclick: () => openTeachCards(core) }, t("nimalia.teach_title")),
        el("div", { id: "upload-msg", class: "message", role: "status" })),
      el("figure", { id: "reserve-figure", hidden: true },
        el("div", { class: "photo-wrap" },
          el("img", { id: "reserve-img" }),
          el("div", { id: "reserve-marks", class: "marks" })),
        el("figcaption", { id: "reserve-caption" })),
      el("div", { id: "settle", class: "settle", hidden: true }),
      el("div", { id: "doubt", class: "settle doubt", hidden: true }),
      el("div", { id: "nimalia-placed", class: "placed" })),
    el("details", { id: "nimalia-advise", class: "advise" },
      el("summary", T("nimalia.advise_title"), t("nimalia.advise_title")),
      el("p", { class: "hint", ...T("nimalia.advise_help") }, t("nimalia.advise_help")),
      el("label", {}, el("span", T("nimalia.reserve_of"), t("nimalia.reserve_of")), " ",
        el("select", { id: "advise-player" })),
      el("div", { id: "advise-hand", class: "hand-cards" }),
      el("p", { class: "hint", ...T("nimalia.advise_pick") }, t("nimalia.advise_pick")),
      el("div", { id: "advise-animals", class: "pick" }),
      el("div", { id: "advise-matches", class: "matches" }),
      el("button", { type: "button", id: "advise-go", ...T("nimalia.advise_go") }, t("nimalia.advise_go")),
      el("div", { id: "advise-msg", class: "message", role: "status" }),
      el("ol", { id: "advise-answer", class: "answer" })),
    el("details", { id: "nimalia-zones", class: "camera-zones" },
      el("summary", T("nimalia.zones"), t("nimalia.zones")),
      el("p", { class: "hint", ...T("nimalia.zones_help") }, t("nimalia.zones_help")),
      el("div", { id: "nzone-seats", class: "zone-seats" }),
      el("div", { id: "nzone-pic", class: "zone-pic" },
        el("img", { id: "nzone-img", alt: "" }), el("div", { id: "nzone-boxes" })),
      el("button", { type: "button", id: "nzone-save", ...T("nimalia.zones_save") },
        t("nimalia.zones_save")),
      el("div", { id: "nzone-msg", class: "message", role: "status" })),
    mountTeachCards(core));
  core.$("upload-player").addEventListener("change", (ev) => { pickedSeat = Number(ev.target.value); });
  core.$("upload-form").addEventListener("submit", (ev) => { ev.preventDefault(); upload(core); });
  core.$("upload-file").addEventListener("change", () => pickedFile(core));
  core.$("photograph").addEventListener("click", () => photograph(core));
  core.$("choose-form").addEventListener("submit", (ev) => { ev.preventDefault(); choose(core); });
  core.$("choose-form").addEventListener("change", () => {
    core.$("choose-hand").hidden = chosenKind(core) !== "hand";
  });
  core.$("choose-hand").hidden = true;
  core.$("nimalia-zones").addEventListener("toggle", (ev) => {
    clearInterval(zoneTimer);
    if (ev.target.open) {
      refreshZonePic(core);
      zoneTimer = setInterval(() => refreshZonePic(core), 1000);
    }
  });
  core.$("nzone-save").addEventListener("click", () => saveZones(core));
  core.$("advise-go").addEventListener("click", () => askAdvice(core));
  core.$("advise-player").addEventListener("change", (ev) => { adviseSeat = Number(ev.target.value); });
  dragZones(core);
}

// ---- the table camera: a zone per player, dragged on the camera's picture --------------------

let zoneSeat = 0;
let zones = null; // {seat: [x0, y0, x1, y1]} in the camera picture's pixels, while edited
let zoneTimer = null;

function refreshZonePic(core) {
  const img = core.$("nzone-img");
  const next = new Image();
  next.onload = () => { img.src = next.src; renderZones(core); };
  next.src = `/api/camera.jpg?t=${Date.now()}`;
}

function picSize(core) {
  const img = core.$("nzone-img");
  return img.naturalWidth ? [img.naturalWidth, img.naturalHeight] : [1280, 720];
}

function renderZones(core) {
  const { el, playerName, playerColour } = core;
  const s = core.snap();
  const n = s && s.nimalia;
  if (!n) return;
  if (!zones) {
    zones = {};
    for (const z of (n.zones && n.zones.zones) || []) {
      const xs = z.polygon.map((p) => p[0]); const ys = z.polygon.map((p) => p[1]);
      zones[z.player] = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
    }
  }
  // the seat chosen: pressed (for screen readers), ticked and framed thick in its colour
  core.$("nzone-seats").replaceChildren(...s.players.map((p) => el("button", {
    type: "button", class: `seat${p.seat === zoneSeat ? " active" : ""}`, colour: playerColour(p.seat),
    "aria-pressed": p.seat === zoneSeat ? "true" : "false",
    "data-seat": p.seat, onclick: () => { zoneSeat = p.seat; renderZones(core); } },
    p.seat === zoneSeat ? "✓ " : "", playerName(p.seat))));
  const [w, h] = picSize(core);
  core.$("nzone-pic").style.aspectRatio = `${w} / ${h}`;
  // what the camera sees in each saved zone: moving, still, a hand over it, photographing
  const states = Object.fromEntries((n.camera_zones || []).map((z) => [z.seat, z.state]));
  core.$("nzone-boxes").replaceChildren(...Object.entries(zones).map(([seat, b]) => {
    const state = states[seat];
    const label = state ? `${playerName(Number(seat))} · ${core.t(`nimalia.zone_${state}`)}`
      : playerName(Number(seat));
    const box = el("div", { class: "zone-box", colour: playerColour(Number(seat)), "data-seat": seat },
      label);
    // the CSSOM, not a style attribute: the page's CSP allows no inline styles
    Object.assign(box.style, { left: `${(100 * b[0]) / w}%`, top: `${(100 * b[1]) / h}%`,
      width: `${(100 * (b[2] - b[0])) / w}%`, height: `${(100 * (b[3] - b[1])) / h}%` });
    return box;
  }));
}

function dragZones(core) {
  const pic = core.$("nzone-pic");
  let start = null;
  const at = (ev) => {
    const r = pic.getBoundingClientRect();
    const [w, h] = picSize(core);
    return [Math.round(((ev.clientX - r.left) / r.width) * w), Math.round(((ev.clientY - r.top) / r.height) * h)];
  };
  pic.addEventListener("pointerdown", (ev) => {
    start = at(ev);
    pic.setPointerCapture(ev.pointerId);
    ev.preventDefault();
  });
  pic.addEventListener("pointermove", (ev) => {
    if (!start) return;
    const p = at(ev);
    if (!zones) zones = {};
    zones[zoneSeat] = [Math.min(start[0], p[0]), Math.min(start[1], p[1]), Math.max(start[0], p[0]), Math.max(start[1], p[1])];
    renderZones(core);
  });
  pic.addEventListener("pointerup", () => { start = null; });
}

async function saveZones(core) {
  const list = Object.entries(zones || {}).filter(([, b]) => b[2] - b[0] > 4 && b[3] - b[1] > 4)
    .map(([seat, b]) => ({ player: Number(seat), polygon: [[b[0], b[1]], [b[2], b[1]], [b[2], b[3]], [b[0], b[3]]] }));
  const msg = core.$("nzone-msg");
  try {
    core.show(await core.api("POST", "/api/report", { zones: { zones: list } }));
    msg.className = "message ok";
    msg.textContent = core.t("nimalia.zones_saved");
  } catch (e) {
    msg.className = "message";
    msg.textContent = e.message;
  }
}

export function words(core) {
  chooserFilled = null;
  teachWords(core);
}

// An objective's chip: its colour, its number, its name on hover; for screen readers its
// number, colour and name in words (the colour is never the only sign: the number names it).
function chip(core, id, n, extra = "") {
  const info = (n.catalogue || []).find((o) => o.id === Number(id)) || {};
  const said = [String(id), info.colour ? core.t(`nimalia.colour_${info.colour}`) : null,
    core.t(`nimalia.obj${id}`)].filter(Boolean).join(", ");
  return core.el("span", { class: `chip goal-${info.colour || "none"} ${extra}`, role: "img",
    "aria-label": said, title: core.t(`nimalia.obj${id}`) }, String(id));
}

function renderGoals(n, core) {
  const { el, t, $ } = core;
  const now = new Set(n.objectives || []);
  const info = new Map((n.catalogue || []).map((o) => [o.id, o]));
  $("nimalia-objectives").replaceChildren(...(n.all_objectives || []).map((id) => {
    const o = info.get(id) || {};
    return el("article", { class: `goal goal-${o.colour}${now.has(id) ? " now" : ""}`,
      "data-id": id },
      el("header", {}, el("span", { class: "id" }, String(id)),
        el("strong", {}, t(`nimalia.obj${id}`))),
      el("p", {}, t(`nimalia.obj${id}_text`)),
      el("footer", {}, `${t(`nimalia.colour_${o.colour}`)} · ${t("nimalia.leaves", { n: o.leaves })}`,
        o.ranked ? ` · ${t("nimalia.ranked")}` : ""));
  }));
  const rounds = n.schedule || [];
  $("nimalia-schedule").replaceChildren(
    el("tr", {}, el("th", { scope: "row" }, t("nimalia.schedule")),
      ...rounds.map((r) => el("th", { scope: "col", class: r.round === n.round && !n.over ? "now" : "" },
        t("nimalia.round", { n: r.round })))),
    el("tr", {}, el("td", {}, ""),
      ...rounds.map((r) => el("td", { class: r.round === n.round && !n.over ? "now" : "" },
        ...r.objectives.map((id) => chip(core, id, n))))));
  fillChooser(n, core);
}

function fillChooser(n, core) {
  const { el, t, $, language } = core;
  if (chooserFilled === language() || !n.catalogue) return;
  chooserFilled = language();
  for (const c of COLOURS) {
    const select = $(`choose-${c}`);
    const keep = select.value;
    select.replaceChildren(...n.catalogue.filter((o) => o.colour === c).map((o) =>
      el("option", { value: o.id }, `${o.id} · ${t(`nimalia.obj${o.id}`)}`)));
    const current = (n.all_objectives || []).find((id) =>
      n.catalogue.some((o) => o.id === id && o.colour === c));
    select.value = keep || String(current ?? select.value);
  }
}

function chosenKind(core) {
  const checked = core.$("choose-form").querySelector("input[name=choice]:checked");
  return checked ? checked.value : "first_game";
}

async function choose(core) {
  const { $, t } = core;
  const kind = chosenKind(core);
  const objectives = kind === "hand" ? COLOURS.map((c) => Number($(`choose-${c}`).value)) : kind;
  const n = core.snap() && core.snap().nimalia;
  const begun = n && ((n.read || []).length || (n.sheet || []).length) && !n.over;
  if (begun && !(await core.confirm(t("nimalia.confirm_new")))) return;
  const msg = $("choose-msg");
  try {
    core.show(await core.api("POST", "/api/settings", { nimalia: { objectives }, new_game: true }));
    msg.className = "message ok";
    msg.textContent = t("nimalia.started");
  } catch (e) {
    msg.className = "message";
    msg.textContent = e.message;
  }
}

function renderSheet(n, core) {
  const { el, t, $, playerName, playerColour } = core;
  const rounds = n.schedule || [];
  const scored = new Map((n.sheet || []).map((r) => [r.round, r]));
  const soFar = new Map((n.so_far || []).map((r) => [r.seat, r]));
  const read = new Set(n.read || []);
  const seats = (core.snap().players || []).map((p) => p.seat);
  const head1 = el("tr", {}, el("td", {}, el("span", { id: "scores-caption", class: "sr-only" },
    t("nimalia.sheet"))),
    ...rounds.map((r) => el("th", { scope: "colgroup", colspan: r.objectives.length + 1,
      class: r.round === n.round && !n.over ? "now" : "" }, t("nimalia.round", { n: r.round }))),
    el("th", { scope: "col", rowspan: 2, class: "total" }, t("nimalia.total")),
    el("th", { scope: "col", rowspan: 2, class: "photo-col" }, t("nimalia.photo")));
  const head2 = el("tr", {}, el("th", { scope: "col" }, t("page.h_player")),
    ...rounds.flatMap((r) => [...r.objectives.map((id) => el("th", { scope: "col" },
      chip(core, id, n))), el("th", { scope: "col", class: "sum" }, t("nimalia.sum"))]));
  const rows = seats.map((seat) => {
    const cells = rounds.flatMap((r) => {
      const done = scored.get(r.round);
      if (done) {
        const row = done.rows[seat];
        return [...r.objectives.map((id) => el("td", {}, row.points[id] ?? "")),
          el("td", { class: "sum" }, row.round_total)];
      }
      const part = r.round === n.round && !n.over ? soFar.get(seat) : null;
      if (part) {
        return [...r.objectives.map((id) => (id in part.points || String(id) in part.points)
          ? el("td", { class: "so-far", title: t("nimalia.so_far") }, part.points[id])
          : el("td", { class: "so-far", title: t("nimalia.waits_all") }, "…")),
        el("td", { class: "sum so-far" }, "")];
      }
      return [...r.objectives.map(() => el("td", {}, "")), el("td", { class: "sum" }, "")];
    });
    const last = (n.sheet || [])[(n.sheet || []).length - 1];
    const total = last ? last.rows[seat].total : 0;
    const winner = n.result && n.result.winners.includes(seat);
    return el("tr", { "data-seat": seat, class: winner ? "winner" : "" },
      el("td", { class: "name", colour: playerColour(seat) }, winner ? `★ ${playerName(seat)}` : playerName(seat)),
      ...cells,
      el("td", { class: "total" }, total),
      el("td", { class: "photo-col" }, read.has(seat) ? "✓"
        : (n.to_photograph === seat ? t("nimalia.next") : "")));
  });
  $("scores").replaceChildren(el("thead", {}, head1, head2), el("tbody", {}, ...rows));
  const waiting = n.waiting || [];
  $("nimalia-waiting").textContent = waiting.length && !n.over
    ? t("nimalia.waiting", { names: joinNames(core, waiting.map(playerName)) }) : "";
  renderRanked(n, core);
  renderResult(n, core);
}

function joinNames(core, names) {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} ${core.t("common.and")} ${names[names.length - 1]}`;
}

// "Round 3 · The longest river: Longest river: Ann 4, Ben 2 · 1st Ann: 5 · no 2nd place…"
function renderRanked(n, core) {
  const { el, t, $, playerName } = core;
  const items = [];
  for (const r of n.sheet || []) {
    for (const [id, parts] of Object.entries(r.ranked || {})) {
      const lines = parts.map((p) => {
        const what = p.what === "river" ? t("nimalia.rank_river")
          : t(p.most ? "nimalia.rank_most" : "nimalia.rank_fewest", { what: t(`nimalia.animals_${p.what}`) });
        const values = p.values.map((v, seat) => `${playerName(seat)} ${v}`).join(", ");
        const bits = [`${what}: ${values}`,
          t("nimalia.rank_first", { names: joinNames(core, p.first.map(playerName)), points: signed(p.pays[0]) })];
        if (p.second.length) {
          bits.push(t("nimalia.rank_second", { names: joinNames(core, p.second.map(playerName)), points: signed(p.pays[1]) }));
        } else if (p.no_second === "tied" || p.no_second === "players") {
          bits.push(t(p.no_second === "tied" ? "nimalia.no_second_tied" : "nimalia.no_second_players"));
        }
        if (p.pays[2]) bits.push(t("nimalia.rank_others", { points: signed(p.pays[2]) }));
        return bits.join(" · ");
      });
      items.push(el("li", { "data-round": r.round, "data-id": id },
        el("strong", {}, `${t("nimalia.round", { n: r.round })} · ${t(`nimalia.obj${id}`)}: `),
        lines.join(" | ")));
    }
  }
  $("nimalia-ranked").replaceChildren(...items);
}

function signed(points) { return points > 0 ? `+${points}` : String(points); }

function renderResult(n, core) {
  const { t, $, playerName } = core;
  const r = n.result;
  if (!r) { $("nimalia-result").textContent = ""; return; }
  const parts = [];
  if (r.tied.length > 1) {
    parts.push(t("nimalia.tie_on", { names: joinNames(core, r.tied.map(playerName)), total: r.best }));
    parts.push(t("nimalia.tie_most", { each: r.tied.map((s, i) => `${playerName(s)} ${r.most_of_one[i]}`).join(", ") }));
  }
  parts.push(r.winners.length === 1
    ? t("nimalia.wins_with", { name: playerName(r.winners[0]), total: r.best })
    : t("nimalia.shared", { names: joinNames(core, r.winners.map(playerName)) }));
  $("nimalia-result").textContent = parts.join(" · ");
}

// ---- settling a photo's unsure spaces: animal, then (an otter's) terrain and river ----------

const ANIMALS = ["lion", "giraffe", "crocodile", "flamingo", "polar_bear", "penguin", "panda",
  "gorilla", "otter"];
const HOME = { lion: "savanna", giraffe: "savanna", crocodile: "lake", flamingo: "lake",
  polar_bear: "ice_floe", penguin: "ice_floe", panda: "rain_forest", gorilla: "rain_forest" };
const OTTER_TERRAINS = ["savanna", "rain_forest", "ice_floe"];
const RIVERS = ["/", "\\"];
let settling = null; // {seat, key, told: {"r,c": {...}}, at: "r,c" | null, sent}

function keyOf(u) { return `${u.row},${u.col}`; }

function told(u) { return settling && settling.told[keyOf(u)]; }

function isDone(entry) {
  return entry && (entry.empty || (entry.animal && entry.terrain && (entry.animal !== "otter" || entry.river)));
}

function describeSpace(core, entry) {
  const { t } = core;
  if (!entry) return "";
  if (entry.empty) return t("nimalia.no_card");
  const bits = [t(`nimalia.animal_${entry.animal}`)];
  if (entry.terrain) bits.push(t(`nimalia.terrain_${entry.terrain}`));
  if (entry.river) bits.push(entry.river);
  return bits.join(" · ");
}

function renderSettle(n, core) {
  const { el, t, $, playerName } = core;
  const box = $("settle");
  const pending = (n.pending || []);
  const mine = pending.find((p) => settling && p.seat === settling.seat) || pending[0];
  if (!mine) {
    settling = null;
    box.hidden = true;
    $("reserve-marks").replaceChildren();
    return null;
  }
  const key = JSON.stringify(mine.unsure.map(keyOf));
  if (!settling || settling.seat !== mine.seat || settling.key !== key) {
    settling = { seat: mine.seat, key, told: {}, at: null };
  }
  const open = mine.unsure.filter((u) => !isDone(told(u)));
  if (!settling.at || isDone(settling.told[settling.at])) settling.at = open.length ? keyOf(open[0]) : null;
  const redraw = () => renderSettle(core.snap().nimalia, core);
  const pick = (entry) => { settling.told[settling.at] = entry; redraw(); };
  // the marks on the photo: one button per unsure space, where it is
  $("reserve-marks").replaceChildren(...mine.unsure.map((u) => {
    const mark = el("button", {
      type: "button", class: `mark${keyOf(u) === settling.at ? " at" : ""}${isDone(told(u)) ? " done" : ""}`,
      "data-n": u.n, "aria-label": t("nimalia.space_n", { n: u.n }),
      onclick: () => { settling.at = keyOf(u); redraw(); },
    }, String(u.n));
    // placed through the CSSOM: the page's Content-Security-Policy forbids style attributes
    const [x, y, w, h] = u.box.map((v) => `${v * 100}%`);
    Object.assign(mark.style, { left: x, top: y, width: w, height: h });
    return mark;
  }));
  const current = mine.unsure.find((u) => keyOf(u) === settling.at);
  const rows = [el("p", { class: "who" }, t("nimalia.unsure", { name: playerName(mine.seat), n: mine.unsure.length }))];
  rows.push(el("ol", { class: "spaces" }, ...mine.unsure.map((u) => el("li", {
    class: keyOf(u) === settling.at ? "at" : "", "data-n": u.n },
  el("button", { type: "button", class: "space-btn", onclick: () => { settling.at = keyOf(u); redraw(); } },
    t("nimalia.space_n", { n: u.n })), " ",
  isDone(told(u)) ? t("nimalia.told", { what: describeSpace(core, told(u)) })
    : (u.guess ? t("nimalia.guess", { what: describeSpace(core, u.guess) }) : "")))));
  if (current) {
    const entry = settling.told[settling.at] || {};
    const choice = (cls, label, on, chosen) => el("button", { type: "button",
      class: `${cls}${chosen ? " chosen" : ""}`, onclick: on }, label);
    rows.push(el("div", { class: "pick", "data-step": "animal" },
      el("span", {}, `${t("nimalia.space_n", { n: current.n })}: ${t("nimalia.pick_animal")}`),
      ...ANIMALS.map((a) => choice(`animal a-${a}`, t(`nimalia.animal_${a}`),
        () => pick(a === "otter" ? { animal: a } : { animal: a, terrain: HOME[a] }), entry.animal === a)),
      choice("empty", t("nimalia.no_card"), () => pick({ empty: true }), entry.empty)));
    if (entry.animal === "otter") {
      rows.push(el("div", { class: "pick", "data-step": "terrain" },
        el("span", {}, t("nimalia.pick_terrain")),
        ...OTTER_TERRAINS.map((x) => choice(`terrain t-${x}`, t(`nimalia.terrain_${x}`),
          () => pick({ ...entry, terrain: x }), entry.terrain === x))));
      if (entry.terrain) {
        rows.push(el("div", { class: "pick", "data-step": "river" },
          el("span", {}, t("nimalia.pick_river")),
          ...RIVERS.map((r) => choice("river", r, () => pick({ ...entry, river: r }), entry.river === r))));
      }
    }
  }
  const left = open.length;
  rows.push(el("div", { class: "actions" },
    el("button", { type: "button", id: "settle-send", disabled: left > 0, onclick: () => sendSettle(core, mine) },
      left ? t("nimalia.still_unsure", { n: left }) : t("nimalia.settle")),
    el("button", { type: "button", id: "settle-retake", onclick: () => retake(core, mine.seat) },
      t("nimalia.retake")),
    el("div", { id: "settle-msg", class: "message", role: "status" })));
  box.replaceChildren(...rows);
  box.hidden = false;
  return mine.seat;
}

async function sendSettle(core, mine) {
  const spaces = mine.unsure.map((u) => ({ row: u.row, col: u.col, ...told(u) }));
  try {
    core.show(await core.api("POST", "/api/report", { action: "settle", player: mine.seat, spaces }));
    const msg = core.$("upload-msg");
    msg.textContent = core.t("nimalia.scored");
    msg.className = "message ok";
  } catch (e) {
    const msg = core.$("settle-msg");
    if (msg) msg.textContent = e.message;
  }
}

async function retake(core, seat) {
  try {
    core.show(await core.api("POST", "/api/report", { action: "retake", player: seat }));
    pickedSeat = seat;
  } catch (e) {
    const msg = core.$("settle-msg") || core.$("doubt-msg");
    if (msg) msg.textContent = e.message;
  }
}

// ---- a reserve that does not follow from the round before: kept as it is, or retaken -------

function which(core, card) {
  return card == null ? core.t("nimalia.card_hidden") : core.t("nimalia.card_n", { n: card });
}

function renderDoubt(n, core) {
  const { el, t, $ } = core;
  const box = $("doubt");
  const doubt = (n.doubts || [])[0];
  if (!doubt) {
    box.hidden = true;
    box.replaceChildren();
    return null;
  }
  const why = doubt.problems.map((p) => t(`nimalia.rule_${p.rule}`, { which: which(core, p.card) }));
  box.replaceChildren(
    el("p", { class: "who" }, t("nimalia.doubt", { name: core.playerName(doubt.seat), why: joinNames(core, why) })),
    el("div", { class: "actions" },
      el("button", { type: "button", id: "doubt-keep", onclick: () => keep(core, doubt.seat) },
        t("nimalia.keep")),
      el("button", { type: "button", id: "doubt-retake", onclick: () => retake(core, doubt.seat) },
        t("nimalia.retake")),
      el("div", { id: "doubt-msg", class: "message", role: "status" })));
  box.hidden = false;
  return doubt.seat;
}

async function keep(core, seat) {
  try {
    core.show(await core.api("POST", "/api/report", { action: "accept", player: seat }));
  } catch (e) {
    const msg = core.$("doubt-msg");
    if (msg) msg.textContent = e.message;
  }
}

function renderPlaced(n, seat, core) {
  const { el, t, $, playerName } = core;
  // the cards found placed: in a reserve read, or in one asked about (its faulty cards marked)
  const found = (n.placed || []).find((p) => p.seat === seat)
    || (n.doubts || []).find((p) => p.seat === seat);
  const kept = (n.kept || []).find((p) => p.seat === seat);
  const box = $("nimalia-placed");
  if (!found && !kept) {
    box.replaceChildren();
    return;
  }
  const faulty = new Set((found?.problems || []).map((p) => p.card).filter((c) => c != null));
  const items = found ? found.placed.map((p) => el("li", { class: faulty.has(p.card) ? "kept" : "" },
    t(p.card == null ? "nimalia.placed_hidden" : "nimalia.placed_one",
      { which: which(core, p.card), row: p.row, col: p.col, turn: p.turn }))) : [];
  if (kept) {
    items.push(el("li", { class: "kept" }, `${t("nimalia.kept_against")}: `
      + kept.broken.map((p) => t(`nimalia.rule_${p.rule}`, { which: which(core, p.card) })).join("; ")));
  }
  box.replaceChildren(el("h4", {}, `${t("nimalia.placed")} (${playerName(seat)})`),
    el("ul", {}, ...items));
}

// ---- the placement adviser: the cards in hand picked by their animals, the best places ------

const TOKENS = { li: ["savanna", "lion"], gi: ["savanna", "giraffe"], cr: ["lake", "crocodile"],
  fl: ["lake", "flamingo"], pb: ["ice_floe", "polar_bear"], pe: ["ice_floe", "penguin"],
  pa: ["rain_forest", "panda"], go: ["rain_forest", "gorilla"] };
const OTTER_ON = { s: "savanna", r: "rain_forest", i: "ice_floe" };
let hand = []; // card ids picked for the adviser
let animalsPicked = []; // the animals tapped: cards showing all of them are offered
let adviseSeat = null;

function space(token) {
  if (token[0] === "o" && token.length === 3) return { terrain: OTTER_ON[token[1]], animal: "otter", river: token[2] };
  const [terrain, animal] = TOKENS[token];
  return { terrain, animal, river: null };
}

function cell(core, token, n = 0) {
  const s = space(token);
  const name = core.t(`nimalia.animal_${s.animal}`);
  return core.el("span", { class: `cell t-${s.terrain}${n ? " new" : ""}`, title: name },
    n ? String(n) : "", cellLabel(core, s));
}

function cellLabel(core, s) {
  return core.el("span", { class: "who" }, s.animal === "otter" ? `${s.river}` : core.t(`nimalia.animal_${s.animal}`).slice(0, 3));
}

function miniCard(core, n, id, onclick) {
  const tokens = n.deck[id - 1].split(" ");
  return core.el("button", { type: "button", class: "mini", "data-card": id, onclick },
    core.el("span", { class: "grid2" }, ...tokens.map((tok) => cell(core, tok))),
    core.el("span", { class: "id" }, `#${id}`));
}

function renderAdvise(n, snap, core) {
  const { el, t, $, playerName } = core;
  if (!n.deck) return;
  const select = $("advise-player");
  select.replaceChildren(...snap.players.map((p) => el("option", { value: p.seat }, p.name)));
  select.value = String(adviseSeat ?? snap.players[0]?.seat ?? 0);
  const redraw = () => renderAdvise(core.snap().nimalia, core.snap(), core);
  $("advise-hand").replaceChildren(...hand.map((id) => miniCard(core, n, id, () => {
    hand = hand.filter((h) => h !== id); redraw();
  })));
  $("advise-animals").replaceChildren(...ANIMALS.map((a) => el("button", {
    type: "button", class: `animal a-${a}${animalsPicked.includes(a) ? " chosen" : ""}`,
    onclick: () => { animalsPicked = animalsPicked.includes(a) ? animalsPicked.filter((x) => x !== a) : [...animalsPicked, a]; redraw(); },
  }, t(`nimalia.animal_${a}`))));
  const matches = animalsPicked.length === 0 ? [] : n.deck.map((d, i) => [i + 1, d.split(" ").map((tok) => space(tok).animal)])
    .filter(([id, animals]) => !hand.includes(id) && animalsPicked.every((a) => animals.includes(a)))
    .map(([id]) => id);
  $("advise-matches").replaceChildren(...(matches.length > 12 ? [el("span", {}, t("nimalia.advise_more", { n: matches.length }))]
    : matches.map((id) => miniCard(core, n, id, () => {
      if (hand.length < 3) hand = [...hand, id];
      animalsPicked = [];
      redraw();
    }))));
  $("advise-go").disabled = hand.length === 0;
  const seat = Number(select.value);
  const asked = (n.advice || []).find((a) => a.seat === seat);
  const answer = $("advise-answer");
  if (!asked) { answer.replaceChildren(); $("advise-msg").textContent = ""; return; }
  $("advise-msg").textContent = asked.state === "thinking" ? t("nimalia.advise_thinking")
    : asked.state === "failed" ? t("nimalia.advise_failed", { why: asked.error }) : "";
  answer.replaceChildren(...asked.advice.map((a) => el("li", { class: "advice" },
    el("strong", {}, t("nimalia.advise_points", { points: a.points })),
    a.later ? el("span", { class: "later" }, ` · ${t("nimalia.advise_later", { n: a.later })}`) : "",
    el("ol", { class: "steps" }, ...a.plan.map((p) => el("li", {},
      t("nimalia.placed_one", { which: t("nimalia.card_n", { n: p.card }), row: p.row, col: p.col, turn: p.turn })))),
    el("ul", { class: "why" }, ...a.objectives.map((o) => el("li", {},
      `${t(`nimalia.obj${o.id}`)}: ${o.points}${o.gain ? ` (${signed(o.gain)})` : ""}`))),
    grid(core, a.cells))));
}

function grid(core, cells) {
  const rows = Math.max(...cells.map((c) => c.row)) + 1;
  const cols = Math.max(...cells.map((c) => c.col)) + 1;
  const at = new Map(cells.map((c) => [`${c.row},${c.col}`, c]));
  const out = [];
  for (let r = 0; r < rows; r += 1) {
    for (let c = 0; c < cols; c += 1) {
      const x = at.get(`${r},${c}`);
      out.push(x ? cell(core, x.space, x.n) : core.el("span", { class: "cell hole" }));
    }
  }
  const g = core.el("div", { class: "reserve-grid" }, ...out);
  g.style.gridTemplateColumns = `repeat(${cols}, 2.6rem)`;
  return g;
}

async function askAdvice(core) {
  const seat = Number(core.$("advise-player").value);
  try {
    core.show(await core.api("POST", "/api/report", { action: "advise", player: seat, cards: hand }));
  } catch (e) {
    core.$("advise-msg").textContent = e.message;
  }
}

export function render(n, snap, core) {
  const { t, playerName, $, el } = core;
  $("nimalia-round").textContent = n.over ? t("page.over") : t("nimalia.round", { n: n.round });
  let next = "";
  if (n.over) {
    next = n.winner == null ? t("page.draw") : t("page.winner", { name: playerName(n.winner) });
  } else if (n.to_photograph != null) {
    next = t("nimalia.photograph", { name: playerName(n.to_photograph) });
  }
  $("nimalia-next").textContent = next;
  renderGoals(n, core);
  renderSheet(n, core);
  renderAdvise(n, snap, core);
  const read = new Set(n.read || []);
  const select = $("upload-player");
  select.replaceChildren(...snap.players.map((p) => el("option", { value: p.seat },
    core.playerName(p.seat))));
  select.value = String(pickedSeat ?? n.to_photograph ?? snap.players[0]?.seat ?? 0);
  const withPhoto = n.scores.filter((r) => r.photo || read.has(r.seat)).map((r) => r.seat);
  const settleSeat = renderSettle(n, core);
  const doubtSeat = renderDoubt(n, core);
  const unsureSeat = settleSeat ?? doubtSeat;
  // a photo's question is in the settle (or doubt) panel; any other message here
  $("nimalia-message").textContent = unsureSeat != null ? "" : (n.message || "");
  const seat = unsureSeat ?? shownReserve ?? withPhoto[withPhoto.length - 1];
  renderPlaced(n, seat, core);
  if (seat != null) {
    const img = $("reserve-img");
    img.onerror = () => { $("reserve-figure").hidden = true; };
    img.onload = () => { $("reserve-figure").hidden = false; };
    img.alt = t("nimalia.reserve_alt", { name: playerName(seat) });
    img.src = `/api/nimalia/reserve/${seat}.jpg?v=${snap.seq}`;
    $("reserve-caption").textContent = playerName(seat);
  } else {
    $("reserve-figure").hidden = true;
  }
}

async function scoring(core, seat, send) {
  const msg = core.$("upload-msg");
  msg.className = "message";
  msg.textContent = core.t("nimalia.uploading");
  try {
    shownReserve = seat;
    pickedSeat = null;
    const s = await send();
    core.show(s);
    const waits = s && s.nimalia && [...(s.nimalia.pending || []), ...(s.nimalia.doubts || [])]
      .some((p) => p.seat === seat);
    msg.textContent = waits ? "" : core.t("nimalia.scored");
    msg.className = waits ? "message" : "message ok";
  } catch (e) {
    msg.textContent = e.message;
  }
}

// The chosen photo's name beside the field, or that none is chosen (in the page's words).
function pickedFile(core) {
  const file = core.$("upload-file").files[0];
  const name = core.$("upload-file-name");
  if (file) {
    delete name.dataset.t;
    name.textContent = file.name;
  } else {
    name.dataset.t = "nimalia.no_photo_picked";
    name.textContent = core.t("nimalia.no_photo_picked");
  }
}

function upload(core) {
  const file = core.$("upload-file").files[0];
  const msg = core.$("upload-msg");
  if (!file) {
    msg.className = "message";
    msg.textContent = core.t("nimalia.choose_photo");
    return;
  }
  const seat = Number(core.$("upload-player").value);
  scoring(core, seat, async () => {
    const form = new FormData();
    form.append("player", String(seat));
    const photo = await shrinkPhoto(file);
    form.append("photo", photo, photo.name);
    return core.api("POST", "/api/nimalia/upload", form);
  });
}

function photograph(core) {
  const seat = Number(core.$("upload-player").value);
  scoring(core, seat, () => core.api("POST", `/api/nimalia/photograph/${seat}`));
}
