// Halli Galli's part of the page, made to be read from across the table: the verdict in
// words and colour, each seat's card drawn as fruit (halli_cards.js), big counts, a turn
// marker in words and shape (never a colour alone), reaction times, and at the end a winner
// screen with the final counts, why the game ended and "play again".
// A game view (see app.js); its words are the `halli.*` phrases (device/phrasebook/halli.py).

import { cardPicture, cardWords } from "./halli_cards.js";
import { mountCamera, renderCamera } from "./halli_camera.js";

export { cameraZones } from "./halli_camera.js";
import { mountTeach, openTeach } from "./halli_teach.js";

let root = null;
let lastVerdictSeq = null;

export function mount(container, core) {
  const { el, t } = core;
  root = container;
  root.classList.add("fit"); // the game fits the screen (core.css)
  root.append(
    el("div", { class: "halli-top" },
      el("div", { class: "halli-verdict" },
        el("div", { id: "verdict", class: "verdict waiting", "data-seq": "0",
          "aria-live": "polite", "aria-atomic": "true" },
          el("span", { id: "verdict-mark", class: "mark", "aria-hidden": "true" }),
          el("span", { id: "verdict-text" })),
        el("div", { id: "verdict-detail", class: "verdict-detail" })),
      mountCamera(core)),
    el("p", { id: "final-round", class: "final-round", role: "status", hidden: true }),
    el("div", { id: "piles", class: "piles" }),
    el("div", { class: "table-line" },
      el("span", { class: "under-bell" },
        el("span", { "data-t": "halli.under_bell" }, t("halli.under_bell")), ": ",
        el("strong", { id: "bell-count" }, "0")),
      el("span", { id: "missed", class: "missed", hidden: true }),
      el("span", { id: "halli-message", class: "halli-message", role: "status", hidden: true }),
      el("span", { id: "teach-hint", class: "teach-hint", hidden: true }),
      el("button", { type: "button", id: "teach-open", class: "teach-open",
        onclick: () => openTeach(core) }, t("halli.teach_title")),
      el("span", { class: "hint", "data-t": "halli.keys_hint" }, t("halli.keys_hint"))),
    mountTeach(core),
    el("section", { id: "halli-end", class: "end", hidden: true, "aria-labelledby": "end-title" },
      el("h2", { id: "end-title" }),
      el("p", { id: "end-why", class: "end-why" }),
      el("p", { id: "end-ring", class: "end-ring" },
        el("span", { id: "end-ring-mark", class: "mark", "aria-hidden": "true" }),
        el("span", { id: "end-ring-text" })),
      el("table", { id: "end-table", class: "end-table" }),
      el("div", { class: "end-buttons" },
        el("button", { type: "button", id: "play-again", class: "primary",
          onclick: () => playAgain(core) }, t("halli.play_again")),
        el("button", { type: "button", id: "change-players",
          onclick: () => core.showTab("settings") }, t("halli.change_players")),
        el("p", { id: "end-msg", class: "message", role: "status" }))));
}

export function words(core) {
  core.$("play-again").textContent = core.t("halli.play_again");
  core.$("change-players").textContent = core.t("halli.change_players");
}

async function playAgain(core) {
  try {
    core.show(await core.api("POST", "/api/settings", { new_game: true }));
  } catch (e) {
    core.$("end-msg").textContent = e.message;
  }
}

// A press the box could not take, in words: the journal full (503), too many presses (429),
// the box gone (0); anything else as the box said it.
function ring(core, seat) {
  core.api("POST", `/api/bell/${seat}`).catch((e) => {
    const pid = { 503: "devices.problem_journal", 429: "page.busy" }[e.status];
    core.$("verdict-detail").textContent = pid ? core.t(pid) : e.message;
  });
}

export function key(ev, core) {
  const s = core.snap();
  if (!/^[1-6]$/.test(ev.key) || !s) return false;
  const seat = Number(ev.key) - 1;
  if (seat >= s.players.length) return false;
  ring(core, seat);
  return true;
}

function renderVerdict(h, core) {
  const { el, t, playerName } = core;
  const v = h.last_verdict;
  const box = core.$("verdict");
  const detail = core.$("verdict-detail");
  if (h.over || !v) core.$("verdict-mark").textContent = "";
  if (h.over) {
    box.className = "verdict over";
    core.$("verdict-text").textContent = t("page.over");
  }
  if (!v) {
    if (!h.over) {
      box.className = h.locked ? "verdict waiting locked" : "verdict waiting";
      core.$("verdict-text").textContent = h.locked ? t("halli.locked") : t("halli.waiting");
    }
    box.dataset.seq = "0"; // a new game: no verdict yet
    delete box.dataset.player;
    detail.replaceChildren();
    lastVerdictSeq = 0;
    return;
  }
  // right is null when the ring was not judged (no camera, or a card not read): it says
  // who was first, neither right nor wrong
  const kind = v.right == null ? "first" : v.right ? "right" : "wrong";
  if (!h.over) {
    box.className = `verdict ${kind}`;
    // the verdict in a sign as well as in colour and words
    core.$("verdict-mark").textContent = { right: "✔ ", wrong: "✘ ", first: "" }[kind];
    core.$("verdict-text").textContent = `${playerName(v.player)}: ${t(`halli.verdict_${kind}`)}`;
    if (lastVerdictSeq !== null && v.seq !== lastVerdictSeq) {
      void box.offsetWidth; // restart the flash animation
      box.classList.add("fresh");
    }
  }
  box.dataset.seq = String(v.seq);
  box.dataset.player = String(v.player);
  box.dataset.kind = kind;
  const margin = v.margin_ms == null || v.second == null
    ? t("halli.alone")
    : t("halli.first_by", { ms: Math.round(v.margin_ms), name: playerName(v.second) });
  detail.replaceChildren(
    el("span", { class: "why" }, (v.reasons || []).join(" · ")),
    el("span", { class: "margin" }, margin),
    // the taker: the ringer, or after a wrong ring in the final round the other player
    v.taken ? el("span", { class: "taken" },
      t("halli.takes", { name: playerName(v.taker ?? v.player), n: v.taken })) : "",
    ...(h.settle != null ? settleAsk(core, h.settle, h.settle_wrong) : []));
  lastVerdictSeq = v.seq;
}

// The ring the box could not judge: the players say whether it was right (POST
// /api/report {"settle": "right" | "wrong"}), and the box applies it as judged so.
function settleAsk(core, seat, wrongDoes) {
  const { el, t, playerName } = core;
  const error = el("span", { class: "settle-error", role: "alert" });
  // what "wrong" would do beyond the usual: put the ringer out, or end the game
  const note = wrongDoes ? el("span", { class: "settle-note" },
    t(`halli.settle_wrong_${wrongDoes}`, { name: playerName(seat) })) : "";
  const answer = (settle) => () => core.api("POST", "/api/report", { settle })
    .then(core.show).catch((e) => { error.textContent = e.message; });
  return [el("span", { class: "settle", role: "group",
    "aria-label": t("halli.settle_ask", { name: playerName(seat) }) },
  el("span", { class: "settle-ask" }, t("halli.settle_ask", { name: playerName(seat) })),
  el("button", { type: "button", class: "settle-right", onclick: answer("right") },
    "✔ ", t("halli.settle_right")),
  el("button", { type: "button", class: "settle-wrong", onclick: answer("wrong") },
    "✘ ", t("halli.settle_wrong"))), note, error];
}

// Black or white, whichever reads better on the colour `hex` (WCAG relative luminance).
function ink(hex) {
  const n = parseInt(String(hex).slice(1), 16);
  if (Number.isNaN(n)) return "#000";
  const lin = (c) => { const v = c / 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
  const lum = 0.2126 * lin((n >> 16) & 255) + 0.7152 * lin((n >> 8) & 255) + 0.0722 * lin(n & 255);
  return lum > 0.179 ? "#000" : "#fff";
}

function count(core, n, label, cls) {
  return core.el("div", { class: `count ${cls}` },
    core.el("b", {}, String(n)), core.el("span", {}, label));
}

function pileOf(core, h, p) {
  const { el, t, playerName, playerColour } = core;
  const info = core.player(p.seat) || {};
  const out = info.out || p.out;
  const turn = h.turn === p.seat && !h.over;
  const cls = ["player"];
  if (turn) cls.push("turn");
  if (out) cls.push("out");
  const v = h.last_verdict;
  const ms = v && v.reaction_ms ? v.reaction_ms[String(p.seat)] : undefined;
  const first = v && v.player === p.seat;
  const name = playerName(p.seat);
  const state = [turn ? t("halli.your_turn") : null, out ? t("halli.out_badge") : null]
    .filter(Boolean).join(", ");
  const panel = el("div", { class: cls.join(" "), colour: playerColour(p.seat),
    "data-seat": p.seat, "aria-current": turn ? "true" : null, role: "group",
    "aria-label": [name, state].filter(Boolean).join(": ") },
    el("div", { class: "who" },
      el("span", { class: "seat", "aria-hidden": "true" }, String(p.seat + 1)),
      el("h2", {}, name)),
    el("div", { class: "badges" },
      turn ? el("span", { class: "turn-badge" }, "▶ ", t("halli.your_turn")) : null,
      out ? el("span", { class: "out-badge" }, t("halli.out_badge")) : null,
      ms !== undefined ? el("span", { class: first ? "reaction first" : "reaction" },
        `${Math.round(ms)} ms`) : null),
    el("div", { class: "table" },
      cardPicture(p.top, t),
      el("div", { class: "counts" },
        count(core, p.pile, t("halli.face_up"), "up"),
        count(core, p.stack, t("halli.face_down"), "down"))),
    el("button", { type: "button", class: "bell", "data-seat": p.seat, disabled: out || h.over,
      "aria-label": t("halli.ring_label", { name, n: p.seat + 1 }),
      onclick: () => ring(core, p.seat) }, t("halli.ring_key", { n: p.seat + 1 })));
  panel.style.setProperty("--ink", ink(playerColour(p.seat)));
  return panel;
}

// The ring that ended the game, repeated: who rang, right or wrong (in words, a sign and
// colour), and who took the cards: after a wrong ring in the final round, the other player.
function renderLastRing(h, core) {
  const { t, playerName } = core;
  const v = h.last_verdict;
  const line = core.$("end-ring");
  line.hidden = !v;
  if (!v) return;
  const kind = v.right == null ? "first" : v.right ? "right" : "wrong";
  line.className = `end-ring ${kind}`;
  line.dataset.kind = kind;
  core.$("end-ring-mark").textContent = { right: "✔ ", wrong: "✘ ", first: "" }[kind];
  const said = [t(`halli.end_ring_${kind}`, { name: playerName(v.player) })];
  const taker = v.taker ?? v.player;
  if (v.taken) {
    said.push(kind === "wrong" && taker !== v.player
      ? t("halli.end_took_other", { name: playerName(taker), n: v.taken })
      : t("halli.end_took", { name: playerName(taker), n: v.taken }));
  }
  core.$("end-ring-text").textContent = said.join(" ");
}

function renderEnd(h, snap, core) {
  const { el, t, playerName } = core;
  const end = core.$("halli-end");
  end.hidden = !h.over;
  if (!h.over) return;
  const holding = (h.end && h.end.holding) || h.piles.map((p) => p.holding ?? p.pile + p.stack);
  core.$("end-title").textContent = h.winner == null ? t("page.draw")
    : t("page.winner", { name: playerName(h.winner) });
  const rule = h.end && h.end.rule === "last_player" ? "halli.end_last" : "halli.end_final";
  core.$("end-why").textContent = t(rule, { name: h.winner == null ? "" : playerName(h.winner) });
  renderLastRing(h, core);
  const rings = new Map((h.rings || []).map((r) => [r.seat, r]));
  const order = h.piles.map((p) => p.seat).sort((a, b) => holding[b] - holding[a]);
  core.$("end-table").replaceChildren(
    el("thead", {}, el("tr", {},
      ...["h_player", "h_cards", "h_right", "h_wrong"].map((k) =>
        el("th", { scope: "col" }, t(`halli.${k}`))))),
    el("tbody", {}, ...order.map((seat) => {
      const r = rings.get(seat) || {};
      return el("tr", { "data-seat": seat, class: seat === h.winner ? "winner" : null },
        el("th", { scope: "row" }, seat === h.winner ? "★ " : "", playerName(seat)),
        el("td", {}, String(holding[seat])),
        el("td", {}, String(r.right || 0)),
        el("td", {}, String(r.wrong || 0)));
    })));
  core.$("play-again").textContent = t("halli.play_again");
  core.$("change-players").textContent = t("halli.change_players");
}

export function render(h, snap, core) {
  const { t } = core;
  root.classList.toggle("is-over", Boolean(h.over));
  renderVerdict(h, core);
  core.$("piles").replaceChildren(...h.piles.map((p) => pileOf(core, h, p)));
  core.$("piles").style.setProperty("--n", String(Math.max(2, h.piles.length)));
  core.$("piles").hidden = h.over;
  core.$("bell-count").textContent = h.bell;
  const final = core.$("final-round");
  final.hidden = !h.final_round;
  final.textContent = h.final_round ? t("halli.final_round") : "";
  // what the referee tells the table (learning the empty table, a card not counted), in
  // the box's words of the moment (the view says it from the phrase table)
  const message = core.$("halli-message");
  message.hidden = !h.message;
  message.textContent = h.message || "";
  const missed = core.$("missed");
  missed.hidden = !h.missed;
  if (h.missed) {
    const last = h.last_missed;
    missed.textContent = t("halli.missed", { n: h.missed });
    missed.title = last ? `${last.cards.map((c) => cardWords(c, t)).join(" / ")}: `
      + last.reasons.join(", ") : "";
  }
  renderEnd(h, snap, core);
  renderCamera(h, snap, core);
  // animals are not read until taught: say so, next to the way to teach them
  const untaught = ["elephant", "monkey", "pig"].filter((a) => !(h.taught || []).includes(a));
  const hint = core.$("teach-hint");
  hint.hidden = !h.taught || untaught.length === 0;
  hint.textContent = hint.hidden ? "" : t("halli.teach_needed", { n: untaught.length });
  core.$("teach-open").textContent = t("halli.teach_title");
}
