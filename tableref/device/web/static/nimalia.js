// Nimalia's part of the page: the round, the objectives in play, the scores, the photos.
// A game view (see app.js); its words are the `nimalia.*` phrases.

let shownReserve = null;
let pickedSeat = null; // the seat chosen by hand in the upload form, until it is used

export function mount(root, core) {
  const { el, t } = core;
  const T = (id) => ({ "data-t": id });
  root.append(
    el("div", { class: "nimalia-head" },
      el("h2", { id: "nimalia-round" }),
      el("div", { id: "nimalia-next", class: "next" })),
    el("div", { id: "nimalia-objectives", class: "objectives" }),
    el("table", { id: "scores", class: "scores" }),
    el("div", { id: "nimalia-message", class: "message", role: "status" }),
    el("div", { class: "nimalia-photo" },
      el("form", { id: "upload-form", class: "upload" },
        el("label", {}, el("span", T("nimalia.reserve_of"), t("nimalia.reserve_of")),
          el("select", { id: "upload-player", name: "player" })),
        el("label", { class: "file" }, el("span", T("nimalia.photo"), t("nimalia.photo")),
          el("input", { id: "upload-file", name: "photo", type: "file",
            accept: "image/jpeg,image/png", capture: "environment" })),
        el("button", { type: "submit", ...T("nimalia.upload") }, t("nimalia.upload")),
        el("button", { type: "button", id: "photograph", ...T("nimalia.photograph_btn") },
          t("nimalia.photograph_btn")),
        el("div", { id: "upload-msg", class: "message", role: "status" })),
      el("figure", { id: "reserve-figure", hidden: true },
        el("img", { id: "reserve-img" }),
        el("figcaption", { id: "reserve-caption" }))));
  core.$("upload-player").addEventListener("change", (ev) => { pickedSeat = Number(ev.target.value); });
  core.$("upload-form").addEventListener("submit", (ev) => { ev.preventDefault(); upload(core); });
  core.$("photograph").addEventListener("click", () => photograph(core));
}

export function render(n, snap, core) {
  const { el, t, playerName, playerColour, $ } = core;
  $("nimalia-round").textContent = n.over ? t("page.over") : t("nimalia.round", { n: n.round });
  const inPlay = (n.objectives || []).map((id) => t("nimalia.objective", { id })).join("  ");
  let next = "";
  if (n.over) {
    next = n.winner == null ? t("page.draw") : t("page.winner", { name: playerName(n.winner) });
  } else if (n.to_photograph != null) {
    next = t("nimalia.photograph", { name: playerName(n.to_photograph) });
  }
  $("nimalia-next").textContent = next;
  $("nimalia-objectives").textContent = inPlay ? `${t("nimalia.in_play")}: ${inPlay}` : "";
  $("nimalia-message").textContent = n.message || "";
  // the columns are the objectives of the last round scored (the rows carry them)
  const ids = [...new Set(n.scores.flatMap((r) => Object.keys(r.objectives || {})))];
  const read = new Set(n.read || []);
  const scoredRound = n.over ? n.round : n.round - 1;
  const head = el("tr", {}, el("th", {}, ""),
    ...ids.map((id) => el("th", { scope: "col" }, t("nimalia.objective", { id }))),
    ids.length ? el("th", { scope: "col" }, scoredRound >= 1
      ? t("nimalia.round", { n: scoredRound }) : t("nimalia.this_round")) : null,
    el("th", { scope: "col" }, t("nimalia.total")),
    el("th", { scope: "col", class: "photo-col" }, t("nimalia.photo")));
  const rows = n.scores.map((r) => el("tr", { "data-seat": r.seat },
    el("td", { class: "name", colour: playerColour(r.seat) }, playerName(r.seat)),
    ...ids.map((id) => el("td", {}, r.objectives[id] ?? "–")),
    ids.length ? el("td", {}, r.round_total ?? "–") : null,
    el("td", { class: "total" }, r.total),
    el("td", { class: "photo-col" }, read.has(r.seat) ? "✓"
      : (n.to_photograph === r.seat ? t("nimalia.next") : ""))));
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
    img.alt = t("nimalia.reserve_alt", { name: playerName(seat) });
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

export async function shrinkPhoto(file) {
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

async function scoring(core, seat, send) {
  const msg = core.$("upload-msg");
  msg.className = "message";
  msg.textContent = core.t("nimalia.uploading");
  try {
    shownReserve = seat;
    pickedSeat = null;
    core.show(await send());
    msg.textContent = core.t("nimalia.scored");
    msg.className = "message ok";
  } catch (e) {
    msg.textContent = e.message;
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
