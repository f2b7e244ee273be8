// The History tab: the games the box has refereed, newest first (GET /api/history), the
// ones left unfinished marked so, with each player's rings (right / wrong) for Halli.
import { $, api, el, language, nameShown, t } from "./lib.js";

function rings(g) {
  const seats = Object.keys(g.rings || {});
  if (!seats.length) return "";
  return g.players.map((name, i) => {
    const r = g.rings[String(i)] || {};
    return `${nameShown(name)} ${r.right || 0} / ${r.wrong || 0}`;
  }).join(", ");
}

export async function loadHistory() {
  const table = $("history");
  const games = await api("GET", "/api/history").catch(() => []);
  if (!games.length) { table.replaceChildren(el("caption", {}, t("page.no_history"))); return; }
  const head = el("tr", {}, ...["h_date", "h_game", "h_players", "h_scores", "h_winner", "h_rings"]
    .map((k) => el("th", { scope: "col" }, t(`page.${k}`))));
  table.replaceChildren(el("thead", {}, head), el("tbody", {}, ...games.map((g) => {
    const abandoned = g.status === "abandoned";
    return el("tr", { class: abandoned ? "abandoned" : null, "data-id": g.id,
      "data-status": g.status || "finished" },
      el("td", {}, new Date(g.ended || g.started).toLocaleString(language())),
      el("td", {}, t(`${g.game}.title`)),
      el("td", {}, g.players.map(nameShown).join(", ")),
      el("td", {}, (g.scores || []).join(" : ")),
      el("td", {}, abandoned ? t("page.abandoned")
        : g.winner == null ? t("page.draw") : nameShown(g.winner)),
      el("td", {}, rings(g)));
  })));
}
