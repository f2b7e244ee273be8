// The camera picture beside Halli's game: small, tap to enlarge; each seat's zone marked
// with the seat's name and the card the referee counts there (labels beside the pile, not
// on its fruit); and the instant replay: with every verdict, the frame of the first press
// with the cards it was judged on (GET /api/replay.jpg, the verdict's `seen`).

import { cardWords } from "./halli_cards.js";

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

// Each seat's zone as a ring, and a label beside the ring (never over the pile inside it:
// to its right, or to its left for a seat on the right half) with the seat's name and,
// `withCards`, the card read there.
function zones(core, box, h, tops, withCards) {
  const { el, t, playerName } = core;
  box.replaceChildren(...(h.zones || []).map((z) => {
    const left = z.x > 0.6; // the label on the ring's left
    const lx = left ? z.x - 0.1 : z.x + 0.1;
    const ring = el("span", { class: "zone", "data-seat": z.seat, colour: core.playerColour(z.seat) });
    ring.style.setProperty("left", `${z.x * 100}%`);
    ring.style.setProperty("top", `${z.y * 100}%`);
    const top = tops ? tops[z.seat] : undefined;
    const label = el("span", { class: left ? "zone-label left" : "zone-label",
      "data-seat": z.seat,
      colour: core.playerColour(z.seat) },
      el("b", {}, `${z.seat + 1} ${playerName(z.seat)}`),
      withCards && top !== undefined ? el("span", {}, cardWords(top, t)) : null);
    label.style.setProperty("left", `${lx * 100}%`);
    label.style.setProperty("top", `${z.y * 100}%`);
    return [ring, label];
  }).flat());
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
