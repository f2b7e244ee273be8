// The box's devices on the screen: a device that does not work is said once, plainly, with
// what to do (devices.problem_* / devices.todo_* of the phrase table; the box's own message
// folded away under "Details" for whoever looks after it). "OK, got it" puts it away to a
// small chip in the header (tap it to see it again); when the device works again, both go
// and "works again" shows for a few seconds. A problem whose message changes is new.
import { $, el, has, snap, t } from "./lib.js";

const BACK_MS = 6000;
const dismissed = new Set(); // name + message of the problems put away
let shown = new Map(); // name -> message of the problems shown now
let backTimer = null;

const key = (d) => `${d.name}\n${d.message}`;
const id = (name) => name.replace(/[^a-z0-9]+/gi, "_");

// The phrase for the device's trouble first (its hint: devices.todo_journal_unopened_busy),
// then the game's own (devices.todo_camera_nelly), then the device's, then the general one.
function phrase(kind, name, hint) {
  const s = snap();
  const pid = `devices.${kind}_${id(name)}`;
  const cause = hint ? `${pid}_${id(hint)}` : null;
  if (cause && has(cause)) return t(cause);
  const own = s && s.game ? `${pid}_${id(s.game)}` : null;
  if (own && has(own)) return t(own);
  return has(pid) ? t(pid) : t(`devices.${kind}_other`);
}

function what(name) {
  const pid = `devices.${id(name)}`;
  return has(pid) ? t(pid) : name;
}

function card(d) {
  return el("div", { class: "device-problem", role: "alert", "data-device": d.name },
    el("strong", { class: "problem" }, "⚠ ", phrase("problem", d.name, d.hint)),
    el("span", { class: "todo" }, phrase("todo", d.name, d.hint)),
    d.message ? el("details", {}, el("summary", {}, t("devices.details")),
      el("code", {}, d.message)) : null,
    el("button", { type: "button", class: "got-it", onclick: () => {
      dismissed.add(key(d));
      renderDevices();
    } }, t("devices.got_it")));
}

let last = [];

export function renderDevices(devices = last) {
  last = devices;
  const down = devices.filter((d) => !d.ok);
  const now = new Map(down.map((d) => [d.name, d.message]));
  // back: shown before, fine now
  const back = [...shown.keys()].filter((name) => !now.has(name)
    && devices.some((d) => d.name === name && d.ok));
  for (const d of devices) if (d.ok) for (const k of [...dismissed]) {
    if (k.startsWith(`${d.name}\n`)) dismissed.delete(k);
  }
  shown = now;
  $("devices").replaceChildren(...down.filter((d) => !dismissed.has(key(d))).map(card));
  $("device-chips").replaceChildren(...down.filter((d) => dismissed.has(key(d))).map((d) =>
    el("button", { type: "button", class: "device-chip", "data-device": d.name,
      "aria-label": t("devices.chip", { what: what(d.name) }),
      onclick: () => { dismissed.delete(key(d)); renderDevices(); } }, `⚠ ${what(d.name)}`)));
  if (back.length) {
    const note = $("devices-back");
    note.textContent = back.map((name) => phrase("back", name)).join(" ");
    note.hidden = false;
    clearTimeout(backTimer);
    backTimer = setTimeout(() => { note.hidden = true; }, BACK_MS);
  }
}
