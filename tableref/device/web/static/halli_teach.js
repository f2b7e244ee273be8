// Teaching the box your own Halli cards from the page (the guided enrolment): each animal
// held under the camera in turn ("hold the monkey card under the camera"), taught
// (POST /api/teach {"card": "monkey"}) and read back at once; then any fruit card read
// back ({}), so you see the box reads your deck. The camera picture is live beside it.
// What each step asks to be held up is told to the box (POST /api/teaching {"asking":
// "monkey" | "fruit" | null}): on the simulated table its hand holds that card up.

import { ANIMALS, cardWords } from "./halli_cards.js";

const STEPS = [...ANIMALS.map((a) => ({ card: a })), { fruits: true }, { done: true }];
let step = 0;
let timer = null;

export function mountTeach(core) {
  const { el, t } = core;
  const dialog = el("dialog", { id: "teach-dialog", class: "teach",
    "aria-labelledby": "teach-title" },
    el("h2", { id: "teach-title", "data-t": "halli.teach_title" }, t("halli.teach_title")),
    el("div", { class: "teach-body" },
      el("img", { id: "teach-camera", class: "teach-camera", alt: t("page.camera_alt") }),
      el("div", { class: "teach-side" },
        el("p", { id: "teach-step", class: "teach-step" }),
        el("p", { id: "teach-sim", class: "teach-sim", hidden: true }),
        el("p", { id: "teach-result", class: "teach-result", role: "status" }),
        el("div", { class: "buttons" },
          el("button", { type: "button", id: "teach-go", class: "primary",
            onclick: () => go(core) }),
          el("button", { type: "button", id: "teach-next", onclick: () => next(core, 1) }),
          el("button", { type: "button", id: "teach-close", "data-t": "halli.close",
            onclick: () => close(core) }, t("halli.close"))))));
  dialog.addEventListener("close", () => {
    clearInterval(timer);
    ask(core, null);
  });
  return dialog;
}

export function openTeach(core) {
  step = 0;
  const dialog = core.$("teach-dialog");
  showStep(core);
  if (!dialog.open) dialog.showModal();
  clearInterval(timer);
  refresh(core);
  timer = setInterval(() => refresh(core), 700);
  core.$("teach-go").focus();
}

function close(core) {
  core.$("teach-dialog").close();
}

// What this step asks to be held under the camera, told to the box.
function ask(core, asking) {
  core.api("POST", "/api/teaching", { asking }).catch(() => {});
}

// On the simulated table, say that its hand holds the cards up.
function simNote(core) {
  const s = core.snap();
  const note = core.$("teach-sim");
  note.hidden = !(s && s.sim_hand);
  note.textContent = note.hidden ? "" : core.t("halli.teach_sim_hand");
}

function refresh(core) {
  simNote(core);
  const next = new Image();
  const url = `/api/camera.jpg?t=${Date.now()}`;
  next.onload = () => { core.$("teach-camera").src = url; };
  next.src = url;
}

function showStep(core) {
  const { t } = core;
  const s = STEPS[step];
  const go = core.$("teach-go");
  core.$("teach-result").textContent = "";
  core.$("teach-result").className = "teach-result";
  go.hidden = Boolean(s.done);
  core.$("teach-next").hidden = Boolean(s.done);
  if (s.card) {
    core.$("teach-step").textContent = t("halli.teach_animal", { card: t(`halli.${s.card}`) });
    go.textContent = t("halli.teach_go");
  } else if (s.fruits) {
    core.$("teach-step").textContent = t("halli.teach_fruits");
    go.textContent = t("halli.teach_read");
  } else {
    core.$("teach-step").textContent = t("halli.teach_done");
  }
  core.$("teach-next").textContent = t("halli.teach_next");
  core.$("teach-step").dataset.step = s.card || (s.fruits ? "fruits" : "done");
  ask(core, s.card || (s.fruits ? "fruit" : null));
  simNote(core);
}

function next(core, by) {
  step = Math.min(STEPS.length - 1, step + by);
  showStep(core);
  core.$(STEPS[step].done ? "teach-close" : "teach-go").focus();
}

function result(core, text, ok) {
  const box = core.$("teach-result");
  box.textContent = text;
  box.className = ok ? "teach-result ok" : "teach-result";
}

async function go(core) {
  const { t } = core;
  const s = STEPS[step];
  const go = core.$("teach-go");
  go.disabled = true;
  try {
    if (s.card) {
      const got = await core.api("POST", "/api/teach", { card: s.card });
      const name = t(`halli.${s.card}`);
      if (got.read_back === s.card) result(core, t("halli.teach_ok", { card: name }), true);
      else result(core, t("halli.teach_unsure", { card: name }), false);
    } else {
      const got = await core.api("POST", "/api/teach", {});
      result(core, got.read_back === null || got.read_back === undefined
        ? t("halli.teach_nothing")
        : t("halli.teach_reads", { card: cardWords(got.read_back, t) }), got.read_back != null);
    }
  } catch (e) {
    const name = s.card ? t(`halli.${s.card}`) : "";
    result(core, !e.phrase && (e.status === 400 || e.status === 503)
      ? t(s.card ? "halli.teach_none" : "halli.teach_nothing", { card: name }) : e.message, false);
  } finally {
    go.disabled = false;
  }
}
