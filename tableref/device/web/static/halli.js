// Halli Galli's part of the page: the verdict, each seat's pile, the bells.
// A game view (see app.js); its words are the `halli.*` phrases (device/phrasebook/halli.py).

const FRUITS = ["B", "P", "S", "L"];
let root = null;
let lastVerdictSeq = null;

export function mount(container, core) {
  const { el } = core;
  root = container;
  root.append(
    el("div", { id: "verdict", class: "verdict waiting", "data-seq": "0", "aria-live": "polite" },
      el("span", { id: "verdict-text" })),
    el("div", { id: "verdict-detail", class: "verdict-detail" }),
    el("div", { id: "piles", class: "piles" }),
    el("div", { class: "under-bell" },
      el("span", { "data-t": "halli.under_bell" }, core.t("halli.under_bell")), ": ",
      el("strong", { id: "bell-count" }, "0")),
    el("p", { class: "hint", "data-t": "halli.keys_hint" }, core.t("halli.keys_hint")));
}

function ring(core, seat) {
  core.api("POST", `/api/bell/${seat}`).catch((e) => {
    core.$("verdict-detail").textContent = e.message;
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

function cardFace(core, code) {
  const { el, t } = core;
  if (!code) return el("div", { class: "card empty" }, "–");
  if (/^[BPSL]+$/.test(code)) {
    const counts = FRUITS.map((f) => [f, [...code].filter((c) => c === f).length])
      .filter(([, n]) => n);
    const label = counts.map(([f, n]) => t(`halli.fruit_${f}`, { n })).join(", ");
    return el("div", { class: "card fruit-card", title: label, "aria-label": label },
      ...[...code].map((f) => el("span", { class: `fruit ${f}` }, f)));
  }
  return el("div", { class: `card animal ${code}` }, t(`halli.${code}`));
}

function renderVerdict(h, core) {
  const { el, t, playerName } = core;
  const v = h.last_verdict;
  const box = core.$("verdict");
  const detail = core.$("verdict-detail");
  if (!v) {
    box.className = "verdict waiting";
    box.dataset.seq = "0"; // a new game: no verdict yet
    delete box.dataset.player;
    core.$("verdict-text").textContent = h.over ? t("page.over") : t("halli.waiting");
    detail.textContent = "";
  } else {
    // right is null when the ring was not judged (no camera, or a card not read): it says
    // who was first, neither right nor wrong
    const kind = v.right == null ? "first" : v.right ? "right" : "wrong";
    box.className = `verdict ${kind}`;
    if (lastVerdictSeq !== null && v.seq !== lastVerdictSeq) {
      void box.offsetWidth; // restart the flash animation
      box.classList.add("fresh");
    }
    box.dataset.seq = String(v.seq);
    box.dataset.player = String(v.player);
    core.$("verdict-text").textContent = `${playerName(v.player)}: ${t(`halli.verdict_${kind}`)}`;
    const margin = v.margin_ms == null || v.second == null
      ? t("halli.alone")
      : t("halli.first_by", { ms: Math.round(v.margin_ms), name: playerName(v.second) });
    const times = Object.entries(v.reaction_ms || {})
      .map(([seat, ms]) => `${playerName(Number(seat))} ${Math.round(ms)} ms`).join(" · ");
    detail.replaceChildren(
      el("span", {}, [v.text, margin].filter(Boolean).join(" — ")),
      (v.reasons || []).length ? el("span", { class: "times" }, v.reasons.join(" · ")) : null,
      times ? el("span", { class: "times" }, `${t("halli.reaction")}: ${times}`) : null);
  }
  lastVerdictSeq = v ? v.seq : 0;
  if (h.over) {
    detail.prepend(el("strong", {}, h.winner == null ? t("page.draw")
      : t("page.winner", { name: playerName(h.winner) }), " "));
  }
}

export function render(h, snap, core) {
  const { el, t, playerName, playerColour } = core;
  renderVerdict(h, core);
  const piles = h.piles.map((p) => {
    const info = core.player(p.seat) || {};
    const cls = ["player"];
    if (h.turn === p.seat) cls.push("turn");
    if (info.out) cls.push("out");
    return el("div", { class: cls.join(" "), colour: playerColour(p.seat), "data-seat": p.seat },
      el("h2", {}, playerName(p.seat)),
      cardFace(core, p.top),
      el("div", { class: "counts" },
        el("b", {}, p.pile), ` ${t("halli.face_up")} · `, el("b", {}, p.stack),
        ` ${t("halli.face_down")}`, info.out ? ` · ${t("halli.out_badge")}` : ""),
      el("button", { type: "button", class: "bell", "data-seat": p.seat,
        "aria-label": t("halli.ring_label", { name: playerName(p.seat), n: p.seat + 1 }),
        onclick: () => ring(core, p.seat) }, t("halli.ring_key", { n: p.seat + 1 })));
  });
  core.$("piles").replaceChildren(...piles);
  core.$("piles").style.setProperty("--n", String(Math.max(2, h.piles.length)));
  core.$("bell-count").textContent = h.bell;
}
