// The club page: every table live, and the league (GET /api/club, live over /api/events;
// GET /api/league). Plain modern JS, no build step; the page keeps no state of its own.

const $ = (id) => document.getElementById(id);
let leagueVersion = null;
let evening = "";

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children) node.append(c);
  return node;
}

function number(v) {
  if (typeof v !== "number") return "";
  return Number.isInteger(v) ? String(v) : v.toFixed(1);
}

function tableCard(t) {
  const offline = t.online === false;
  const card = el("article", {
    class: "table-card" + (offline ? " offline" : ""), "data-table": t.name,
    "data-online": t.online === null ? "unknown" : String(t.online),
    "data-news": t.news ?? "",
  });
  card.append(el("h2", {}, el("span", { class: "name", text: t.name }),
    el("span", { class: "badge", text: offline ? "offline" : (t.online ? "live" : "…") })));
  if (t.game) {
    card.append(el("div", { class: "game-name", text: t.game_name || t.game }));
    const players = t.players || [];
    let headline = t.headline || "";
    if (t.over) {
      const w = t.leader !== null && t.leader !== undefined ? players[t.leader] : null;
      headline = w ? `${w.name} wins!` : "Game over: a draw";
    }
    card.append(el("div", { class: "headline" + (t.over ? " over" : ""), text: headline }));
    const list = el("ul", { class: "club-players" });
    players.forEach((p, seat) => {
      const row = el("li", {
        class: "club-player" + (seat === t.leader ? " leader" : "") + (p.out ? " out" : ""),
        "data-name": p.name,
      }, el("span", { class: "who", text: p.name }),
        el("span", { class: "score", text: p.score === null ? "" : `${number(p.score)} ${t.unit}` }));
      if (p.colour) row.style.setProperty("--c", p.colour);
      list.append(row);
    });
    card.append(list);
  } else {
    card.append(el("div", { class: "game-name", text: "no state yet" }));
  }
  return card;
}

function render(club) {
  const b = club.broker;
  $("broker").textContent = b.connected ? `broker ${b.address}` : `broker ${b.address}: ${b.problem}`;
  $("broker").classList.toggle("down", !b.connected);
  $("devices").textContent = b.connected ? "" : `The club's broker cannot be reached (${b.problem}).`;
  $("tables").replaceChildren(...club.tables.map(tableCard));
  $("no-tables").hidden = club.tables.length > 0;
  const d = club.dropped;
  const lost = club.league.games.lost || 0;
  $("footer").textContent = `Duplicates dropped: ${d.duplicates}. Unreadable messages: ${d.bad}.`
    + (lost ? ` Games whose result never came: ${lost}.` : "");
  if (club.league.version !== leagueVersion) {
    leagueVersion = club.league.version;
    loadLeague();
  }
}

async function loadLeague() {
  const q = evening ? `?evening=${encodeURIComponent(evening)}` : "";
  const res = await fetch(`/api/league${q}`);
  if (!res.ok) return;
  const league = await res.json();
  const select = $("evening");
  const options = [el("option", { value: "", text: "All evenings" }),
    ...league.evenings.map((e) => el("option", { value: e, text: e }))];
  select.replaceChildren(...options);
  select.value = evening;
  const tables = league.games.map((g) => {
    const unit = g.unit.charAt(0).toUpperCase() + g.unit.slice(1);
    const table = el("table", { class: "standing", "data-game": g.game },
      el("caption", { text: `${g.name}: ${g.played} game${g.played === 1 ? "" : "s"}` }),
      el("tr", {}, el("th", { text: "Player" }), el("th", { text: "Games" }),
        el("th", { text: "Wins" }), el("th", { text: unit })));
    for (const p of g.players) {
      table.append(el("tr", { "data-player": p.name },
        el("td", { class: "name", text: p.name }), el("td", { class: "games", text: String(p.games) }),
        el("td", { class: "wins", text: String(p.wins) }), el("td", { class: "score", text: number(p.score) })));
    }
    return table;
  });
  $("standings").replaceChildren(...tables);
  $("no-games").hidden = league.games.length > 0;
  $("standings").dataset.version = String(leagueVersion);
}

function connect() {
  const source = new EventSource("/api/events");
  source.onopen = () => { $("conn").textContent = "live"; $("conn").classList.remove("down"); };
  source.onerror = () => { $("conn").textContent = "reconnecting…"; $("conn").classList.add("down"); };
  source.onmessage = (e) => render(JSON.parse(e.data));
}

$("evening").addEventListener("change", () => { evening = $("evening").value; loadLeague(); });
fetch("/api/club").then((r) => r.json()).then(render).finally(connect);
