// The History tab: the games the box has referred, newest first (GET /api/history).
import { $, api, el, language, t } from "./lib.js";

export async function loadHistory() {
  const table = $("history");
  const games = await api("GET", "/api/history").catch(() => []);
  if (!games.length) { table.replaceChildren(el("caption", {}, t("page.no_history"))); return; }
  const head = el("tr", {}, ...["h_date", "h_game", "h_players", "h_scores", "h_winner"]
    .map((k) => el("th", { scope: "col" }, t(`page.${k}`))));
  table.replaceChildren(el("thead", {}, head), el("tbody", {}, ...games.map((g) => el("tr", {},
    el("td", {}, new Date(g.ended || g.started).toLocaleString(language())),
    el("td", {}, t(`${g.game}.title`)),
    el("td", {}, g.players.join(", ")),
    el("td", {}, (g.scores || []).join(" : ")),
    el("td", {}, g.winner ?? t("page.draw"))))));
}
