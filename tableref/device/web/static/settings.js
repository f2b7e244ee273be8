// The Settings tab: game, language, players (POST /api/settings).
import { $, api, el, has, languages, nameKept, nameShown, snap, t } from "./lib.js";

const MAX_PLAYERS = 6;

// A player's row; a default name ("Player 2") in the page's language, as everywhere else.
function playerRow(p, i) {
  const name = nameShown(p.name);
  return el("li", {},
    el("input", { class: "p-name", value: name, maxlength: "24",
      "aria-label": t("page.name_of", { n: i + 1 }) }),
    el("input", { class: "p-colour", type: "color", value: p.colour || "#888888",
      "aria-label": t("page.colour_of", { n: i + 1 }) }),
    el("button", { type: "button", class: "remove",
      "aria-label": t("page.remove_player", { name }),
      onclick: (ev) => ev.target.closest("li").remove() }, t("page.remove")));
}

// The form as the box has it now; `fresh`: also forget the last message (the tab opened).
export function fillSettings(core, fresh = true) {
  const s = snap();
  if (!s) return;
  if (s.games) { // the games the box referees (its table of games), nothing else
    $("set-game").replaceChildren(...s.games.map((g) =>
      el("option", { value: g.name }, has(`${g.name}.title`) ? t(`${g.name}.title`) : g.title)));
  }
  $("set-game").value = s.game;
  $("set-language").replaceChildren(...Object.entries(languages()).map(([code, name]) =>
    el("option", { value: code }, name)));
  $("set-language").value = s.language;
  $("set-players").replaceChildren(...s.players.map(playerRow));
  if (fresh) $("settings-msg").textContent = "";
}

// A game is running when something happened since its start and it is not over: starting
// another throws it away, so the page asks first.
export function gameRunning(s = snap()) {
  const part = s && s[s.game];
  return Boolean(part && !part.over && (s.journal || 0) > 1);
}

async function mayDiscard(core) {
  if (!gameRunning()) return true;
  return core.confirm(t("page.confirm_discard"), { yes: "page.discard_yes" });
}

// The players as people would check them, before the box is asked: the box's own checks
// stay (device/daemon/settings.py), these say it in the page's words and point at the field.
function problem(players, gameName) {
  const seen = new Map();
  for (const [i, p] of players.entries()) {
    if (!p.name) return [i, t("page.name_empty", { n: i + 1 })];
    if ([...p.name].length > 24) return [i, t("page.name_long", { n: i + 1 })];
    const folded = p.name.toLocaleLowerCase();
    if (seen.has(folded)) return [i, t("page.name_taken", { name: nameShown(p.name) })];
    seen.set(folded, i);
  }
  const entry = (snap().games || []).find((g) => g.name === gameName);
  if (entry && entry.players) {
    const [min, max] = entry.players;
    if (players.length < min || players.length > max) {
      const game = has(`${gameName}.title`) ? t(`${gameName}.title`) : entry.title;
      return [null, t("page.player_count", { game, min, max, n: players.length })];
    }
  }
  return null;
}

function message(text, ok) {
  const msg = $("settings-msg");
  msg.textContent = text;
  msg.className = ok ? "message ok" : "message";
}

export function initSettings(core, show) {
  $("add-player").addEventListener("click", () => {
    const n = $("set-players").children.length;
    if (n < MAX_PLAYERS) {
      $("set-players").append(playerRow({ name: t("common.player", { n: n + 1 }),
        colour: "#888888" }, n));
    }
  });

  $("settings-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const players = [...$("set-players").children].map((li) => ({
      name: nameKept(li.querySelector(".p-name").value.trim()),
      colour: li.querySelector(".p-colour").value,
    }));
    for (const input of $("set-players").querySelectorAll(".p-name")) {
      input.removeAttribute("aria-invalid");
    }
    const bad = problem(players, $("set-game").value);
    if (bad) {
      const [i, text] = bad;
      message(text, false);
      if (i !== null) {
        const input = $("set-players").children[i].querySelector(".p-name");
        input.setAttribute("aria-invalid", "true");
        input.focus();
      }
      return;
    }
    const s = snap();
    const restarts = s && ($("set-game").value !== s.game
      || players.map((p) => p.name).join("\n") !== s.players.map((p) => p.name).join("\n"));
    if (restarts && !(await mayDiscard(core))) return;
    try {
      show(await api("POST", "/api/settings",
        { game: $("set-game").value, language: $("set-language").value, players }));
      message(t("page.saved"), true);
    } catch (e) {
      message(e.message, false);
    }
  });

  $("new-game").addEventListener("click", async () => {
    if (!(await mayDiscard(core))) return;
    try {
      show(await api("POST", "/api/settings", { new_game: true }));
      message(t("page.started"), true);
    } catch (e) {
      message(e.message, false);
    }
  });
}
