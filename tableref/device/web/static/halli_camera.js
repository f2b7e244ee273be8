// The camera picture beside Halli's game: small, tap to enlarge; each seat's zone marked
// with the seat's name and the card the referee counts there (labels beside the pile, not
// on its fruit, never over each other); and the instant replay: with every verdict, the frame of the first press
// with the cards it was judged on (GET /api/replay.jpg, the verdict's `seen`).

import { cardPicture, cardWords } from "./halli_cards.js";

const REFRESH_MS = 1000;
let timer = null;
let last = null; // {h, snap}: what the overlays were drawn from
let replaySeq = null;
let lastCameraUrl = null;

export function mountCamera(core) {
  const { el, t } = core;
  const thumb = el("button", { type: "button", id: "halli-camera", class: "cam-thumb",
    "aria-label": t("halli.camera_open"), "data-t-label": "halli.camera_open", hidden: true,
    onclick: () => enlarge(core, "live") },
    el("div", { class: "cam" },
      el("img", { id: "halli-camera-img", alt: t("page.camera_alt") }),
      el("div", { class: "zones", id: "halli-camera-zones" })));
  const replay = el("button", { type: "button", id: "replay", class: "replay", hidden: true,
    onclick: () => enlarge(core, "replay") }, t("halli.replay"));
  clearInterval(timer);
  timer = setInterval(() => refresh(core), REFRESH_MS);
  refresh(core);
  return el("div", { class: "cam-side" }, thumb, replay);
}

function visible(core) {
  const view = core.$("view-game");
  return document.visibilityState === "visible" && view && !view.hidden
    && !core.$("halli").hidden;
}

function refresh(core) {
  if (!visible(core)) return;
  const next = new Image();
  const url = `/api/camera.jpg?t=${Date.now()}`;
  next.onload = () => {
    lastCameraUrl = url;
    core.$("halli-camera-img").src = url;
    core.$("halli-camera").hidden = false;
    const big = core.$("cam-big-img");
    if (big && big.dataset.mode === "live") big.src = url;
  };
  next.onerror = () => { core.$("halli-camera").hidden = true; };
  next.src = url;
}

// Each seat's zone as a ring, and a label beside the ring naming the seat (its number, as
// on its panel, and the player's name) and, `withCards`, the card read there, drawn.
function zones(core, box, h, tops, withCards) {
  const { el, t, playerName } = core;
  box.replaceChildren(...(h.zones || []).map((z) => {
    const ring = el("span", { class: "zone", "data-seat": z.seat, colour: core.playerColour(z.seat) });
    ring.style.setProperty("left", `${z.x * 100}%`);
    ring.style.setProperty("top", `${z.y * 100}%`);
    const top = tops ? tops[z.seat] : undefined;
    const name = playerName(z.seat);
    const label = el("span", { class: "zone-label", "data-seat": z.seat,
      title: `${z.seat + 1} ${name}`, colour: core.playerColour(z.seat) },
      el("b", { class: "zl-who" }, el("span", { class: "seat-no" }, String(z.seat + 1)), " ",
        el("span", { class: "pname" }, name)),
      withCards && top !== undefined ? el("span", { class: "read" },
        cardPicture(top, t), el("span", { class: "words" }, cardWords(top, t))) : null);
    label.dataset.x = String(z.x);
    label.dataset.y = String(z.y);
    return [ring, label];
  }).flat());
  place(box);
  watch(box);
}

const RING = 0.18; // a zone ring's diameter, a share of the picture's width (halli.css)
const GAP = 3; // px between a ring and its label

// Where each label goes, measured: beside its ring (right, left, below, above or at a
// corner), inside the picture, clear of every ring and every other label. A label may be
// made smaller (the card's words left to its picture, the name cut shorter with "…", down
// to the seat's number alone); of the layouts that fit, the one with the least made
// smaller wins (a small search: six labels at most). When none fits, each label goes where
// it covers least. Run again whenever the picture's size changes.
const STAGES = [
  { words: true, width: null }, { words: false, width: null }, { words: false, width: 0.42 },
  { words: false, width: 0.3 }, { words: false, width: 0 },
];
const SEARCH_LIMIT = 20000;

function stage(label, s, W) {
  label.classList.toggle("no-words", !STAGES[s].words);
  label.classList.toggle("number-only", STAGES[s].width === 0);
  label.style.maxWidth = STAGES[s].width ? `${Math.round(STAGES[s].width * W)}px` : "";
}

function area(a, b) {
  const w = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

// The places beside a ring (centre cx, cy, radius r) for a label w x h, inside W x H.
function besides(cx, cy, r, w, h, W, H) {
  const inX = (x) => Math.min(Math.max(x, 0), W - w);
  const inY = (y) => Math.min(Math.max(y, 0), H - h);
  const d = r * 0.72 + GAP;
  return [
    [cx + r + GAP, cy - h / 2], [cx - r - GAP - w, cy - h / 2],
    [cx - w / 2, cy + r + GAP], [cx - w / 2, cy - r - GAP - h],
    [cx + d, cy + d], [cx - d - w, cy + d], [cx + d, cy - d - h], [cx - d - w, cy - d - h],
  ].map(([x, y]) => ({ x: inX(x), y: inY(y), w, h }));
}

function place(box) {
  const W = box.clientWidth;
  const H = box.clientHeight;
  if (!W || !H) return;
  const labels = [...box.querySelectorAll(".zone-label")];
  const n = labels.length;
  const r = (RING * W) / 2;
  const rings = labels.map((l) => ({ x: Number(l.dataset.x) * W - r,
    y: Number(l.dataset.y) * H - r, w: 2 * r, h: 2 * r }));
  // every label's places at every stage, those clear of all rings apart
  const options = labels.map((label, i) => STAGES.map((_, s) => {
    stage(label, s, W);
    const all = besides(rings[i].x + r, rings[i].y + r, r, label.offsetWidth,
      label.offsetHeight, W, H);
    return { all, clear: all.filter((p) => !rings.some((o) => area(p, o) > 0)) };
  }));
  let nodes = 0;
  const search = (i, budget, placed) => {
    if (i === n) return [];
    for (let s = 0; s <= Math.min(STAGES.length - 1, budget); s += 1) {
      for (const p of options[i][s].clear) {
        if (++nodes > SEARCH_LIMIT) return null;
        if (placed.some((o) => area(p, o) > 0)) continue;
        const rest = search(i + 1, budget - s, [...placed, p]);
        if (rest) return [{ ...p, s }, ...rest];
      }
    }
    return null;
  };
  let found = null;
  for (let budget = 0; !found && budget <= (STAGES.length - 1) * n; budget += 1) {
    nodes = 0;
    found = search(0, budget, []);
  }
  if (!found) { // nowhere clear: the seat's number, where it covers least
    const last = STAGES.length - 1;
    found = [];
    options.forEach((o) => {
      const cover = (p) => [...rings, ...found].reduce((sum, q) => sum + area(p, q), 0);
      found.push({ ...o[last].all.reduce((a, b) => (cover(b) < cover(a) ? b : a)), s: last });
    });
  }
  labels.forEach((label, i) => {
    stage(label, found[i].s, W);
    label.style.left = `${found[i].x}px`;
    label.style.top = `${found[i].y}px`;
  });
}

const watched = new WeakSet();
function watch(box) {
  if (watched.has(box)) return;
  watched.add(box);
  new ResizeObserver(() => place(box)).observe(box);
}

function enlarge(core, mode) {
  const { el, t } = core;
  if (!last) return;
  const { h } = last;
  const v = h.last_verdict;
  const dialog = core.$("dialog");
  const img = el("img", { id: "cam-big-img", "data-mode": mode,
    alt: mode === "replay" ? t("halli.replay_alt") : t("page.camera_alt") });
  const box = el("div", { class: "zones" });
  img.onload = () => { img.dataset.loaded = "1"; };
  img.onerror = () => { img.replaceWith(el("p", { class: "message" }, t("halli.no_replay"))); };
  img.src = mode === "replay" ? `/api/replay.jpg?v=${v ? v.seq : 0}` : lastCameraUrl || "";
  const tops = mode === "replay" ? v && v.seen : h.piles.map((p) => p.top);
  zones(core, box, h, tops, true);
  const caption = mode === "replay" && v
    ? `${t("halli.replay_of", { name: core.playerName(v.player) })}: `
      + `${core.$("verdict-text").textContent}` : t("page.camera_alt");
  dialog.replaceChildren(
    el("figure", { class: "cam-big" }, el("div", { class: "cam" }, img, box),
      el("figcaption", {}, caption)),
    el("div", { class: "buttons" },
      el("button", { type: "button", id: "dialog-close", onclick: () => dialog.close() },
        t("halli.close"))));
  dialog.oncancel = null;
  dialog.showModal();
  core.$("dialog-close").focus();
}

// The Camera tab's picture: each seat's zone, named, with the card read there drawn.
export function cameraZones(box, h, core) {
  zones(core, box, h, h.piles.map((p) => p.top), true);
}

export function renderCamera(h, snap, core) {
  last = { h, snap };
  const camera = (snap.devices || []).find((d) => d.name === "camera");
  if (camera && !camera.ok) core.$("halli-camera").hidden = true;
  zones(core, core.$("halli-camera-zones"), h, h.piles.map((p) => p.top), false);
  const v = h.last_verdict;
  const replay = core.$("replay");
  replay.hidden = !v || !v.seen || h.over || (camera && !camera.ok);
  if (v && v.seq !== replaySeq) replaySeq = v.seq;
  replay.textContent = core.t("halli.replay");
}
