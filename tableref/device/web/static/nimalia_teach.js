// Teaching the box your own Nimalia cards from phone photos (the guided enrolment): the
// dialog draws a card of the game to find in the deck ("card 2 of 8: find this card"), the
// player photographs it alone on the table (POST /api/nimalia/teach?card=N, the photo the
// body), the box says whether it saw that card; when every card asked for is in, the box
// knows the cards and reads any card photographed back (POST without a card).
// Words: the `nimalia.teach_*` phrases (device/phrasebook/nimalia.py).

import { shrinkPhoto } from "./photos.js";

let state = null; // GET /api/nimalia/teach: wanted, taught, next, cards, enrolled
let checking = false; // the step that reads any card back

export function mountTeachCards(core) {
  const { el, t } = core;
  const T = (id) => ({ "data-t": id });
  return el("dialog", { id: "nteach", class: "nteach", "aria-labelledby": "nteach-title" },
    el("h2", { id: "nteach-title", ...T("nimalia.teach_title") }, t("nimalia.teach_title")),
    el("p", { class: "nteach-intro", ...T("nimalia.teach_intro") }, t("nimalia.teach_intro")),
    el("p", { id: "nteach-run-only", class: "nteach-intro", hidden: true }),
    el("p", { id: "nteach-progress", class: "nteach-progress" }),
    el("div", { class: "nteach-body" },
      el("figure", { id: "nteach-figure", class: "nteach-figure" },
        el("div", { id: "nteach-card", class: "ncard", role: "img" }),
        el("figcaption", { id: "nteach-where" })),
      el("div", { class: "nteach-side" },
        el("p", { id: "nteach-step", class: "nteach-step" }),
        el("label", { class: "nteach-shoot" },
          el("input", { id: "nteach-file", class: "file-input", type: "file",
            accept: "image/jpeg,image/png", capture: "environment",
            onchange: () => send(core) }),
          el("span", { id: "nteach-shoot", class: "file-button" })),
        el("p", { id: "nteach-result", class: "nteach-result", role: "status" }),
        el("div", { class: "buttons" },
          el("button", { type: "button", id: "nteach-close", ...T("halli.close"),
            onclick: () => core.$("nteach").close() }, t("halli.close"))))));
}

export async function openTeachCards(core) {
  const dialog = core.$("nteach");
  result(core, "", null);
  try {
    state = await core.api("GET", "/api/nimalia/teach");
  } catch (e) {
    state = null;
    result(core, e.message, false);
  }
  checking = Boolean(state && state.next == null);
  show(core);
  if (!dialog.open) dialog.showModal();
  core.$("nteach-file").focus();
}

// The language changed: the dialog's words of the moment again.
export function teachWords(core) {
  if (state) show(core);
}

// A space in words: "crocodile (lake)".
function spaceWords(core, s) {
  const { t } = core;
  return t("nimalia.teach_space", { animal: t(`nimalia.animal_${s.animal}`),
    terrain: t(`nimalia.terrain_${s.terrain}`) });
}

function whereWords(core, spaces) {
  const [[tl, tr], [bl, br]] = spaces.map((row) => row.map((s) => spaceWords(core, s)));
  return core.t("nimalia.teach_where", { tl, tr, bl, br });
}

// The card drawn from its spaces: each space in its terrain's colour with its animal's
// name (and an otter's river from corner to corner), as the card lies unturned.
function drawCard(core, spaces) {
  const { el, t } = core;
  const box = core.$("nteach-card");
  box.replaceChildren(...spaces.flat().map((s) => el("div", {
    class: `nspace t-${s.terrain}${s.river ? ` river r-${s.river === "/" ? "up" : "down"}` : ""}`,
    "aria-hidden": "true" }, el("span", {}, t(`nimalia.animal_${s.animal}`)))));
  box.setAttribute("aria-label", whereWords(core, spaces));
}

function show(core) {
  const { t } = core;
  const figure = core.$("nteach-figure");
  const shoot = core.$("nteach-shoot");
  if (!state) {
    figure.hidden = true;
    return;
  }
  const runOnly = core.$("nteach-run-only"); // the simulated table: taught for this run
  runOnly.hidden = !state.run_only;
  runOnly.textContent = state.run_only ? t("nimalia.teach_run_only") : "";
  const n = state.wanted.length;
  core.$("nteach-progress").textContent = t("nimalia.teach_progress",
    { k: state.taught.length, n });
  if (checking) {
    figure.hidden = true;
    core.$("nteach-step").textContent = t("nimalia.teach_known");
    shoot.textContent = t("nimalia.teach_check");
    return;
  }
  const id = state.next;
  const spaces = state.cards[String(id)];
  figure.hidden = false;
  figure.dataset.card = String(id);
  drawCard(core, spaces);
  core.$("nteach-where").textContent = whereWords(core, spaces);
  core.$("nteach-step").textContent = t("nimalia.teach_card",
    { i: state.wanted.indexOf(id) + 1, n });
  shoot.textContent = t("nimalia.teach_shoot");
}

function result(core, text, ok) {
  const box = core.$("nteach-result");
  box.textContent = text;
  box.className = ok === true ? "nteach-result ok" : "nteach-result";
}

async function send(core) {
  const { t } = core;
  const input = core.$("nteach-file");
  const file = input.files[0];
  if (!file || !state) return;
  input.disabled = true;
  result(core, t("nimalia.teach_reading"), null);
  try {
    const photo = await shrinkPhoto(file);
    if (checking) {
      const got = await core.api("POST", "/api/nimalia/teach", photo);
      if (!got.spaces) result(core, t("nimalia.teach_reads_unsure"), false);
      else if (got.read_back == null) {
        result(core, t("nimalia.teach_reads_no_card", { where: whereWords(core, got.spaces) }),
          false);
      } else {
        result(core, t("nimalia.teach_reads", { where: whereWords(core, got.spaces),
          n: got.read_back }), true);
      }
    } else {
      state = await core.api("POST", `/api/nimalia/teach?card=${state.next}`, photo);
      checking = state.next == null;
      result(core, t("nimalia.teach_learnt"), true);
      show(core);
    }
  } catch (e) {
    result(core, e.message, false);
  } finally {
    input.value = "";
    input.disabled = false;
    input.focus();
  }
}
