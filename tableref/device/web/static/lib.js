// What the core and every game view share: words, DOM building, talking to the box.
// The words come from the box's one phrase table (GET /api/phrases, device/phrasebook).

let phrases = {};
let lang = "en";
let plurals = new Intl.PluralRules("en");
let languageNames = {};
let current = null; // the latest snapshot

export const $ = (id) => document.getElementById(id);

export async function loadPhrases(language) {
  const body = await api("GET", `/api/phrases${language ? `?lang=${language}` : ""}`);
  phrases = body.phrases;
  languageNames = body.languages;
  lang = body.lang;
  plurals = new Intl.PluralRules(lang);
  document.documentElement.lang = lang;
  return body;
}

export const language = () => lang;
export const languages = () => languageNames; // code -> the language's name in itself
export const has = (id) => id in phrases;

// Phrase `id` with its {fields} filled; a counted phrase ({one, other}) is chosen by `n`,
// by the same rule as the box (Intl.PluralRules). An unknown id shows as itself.
export function t(id, fields = {}) {
  let text = phrases[id];
  if (text === undefined) return id;
  if (typeof text === "object") {
    const form = plurals.select(Number(fields.n ?? 0));
    text = text[form] ?? text.other;
  }
  return text.replace(/\{(\w+)\}/g, (_, k) => String(fields[k] ?? ""));
}

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "colour") node.style.setProperty("--c", v);
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c !== null && c !== undefined && c !== false) node.append(c instanceof Node ? c : String(c));
  }
  return node;
}

// ---- the snapshot ---------------------------------------------------------------------------

export const snap = () => current;
export function setSnap(s) { current = s; }

export function player(seat) {
  return (current && current.players.find((p) => p.seat === seat)) || null;
}

// The config's default names ("Player 3") are shown in the page's language, as the voice
// says them (device/voice/phrases.py); a name the players chose is shown as it is.
const DEFAULT_NAME = /^\s*Player (\d+)\s*$/;

// A name as the box keeps it, as people read it: "Player 3" in the page's language.
export function nameShown(name) {
  const m = DEFAULT_NAME.exec(name);
  return m ? t("common.player", { n: Number(m[1]) }) : name;
}

// A name as typed on the page, as the box keeps it: the page's own default name
// ("Spieler 3" on a German page) is the default name again ("Player 3"), so it keeps
// following the language; any other name is the players' choice.
export function nameKept(name) {
  const n = Number((/\d+/.exec(name) || [])[0]);
  return n && name.trim() === t("common.player", { n }) ? `Player ${n}` : name;
}

export function playerName(seat) {
  const p = player(seat);
  return p ? nameShown(p.name) : t("common.player", { n: seat + 1 });
}

export function playerColour(seat) {
  const p = player(seat);
  return (p && p.colour) || "#888888";
}

// ---- talking to the daemon ------------------------------------------------------------------

// `phrase`: the box said it with a phrase of the table, and `message` is that phrase in the
// page's language; without one, `message` is the box's own words.
export class ApiError extends Error {
  constructor(message, status, phrase = null) {
    super(message);
    this.status = status;
    this.phrase = phrase;
  }
}

let onUnauthorised = () => {};
export function whenUnauthorised(fn) { onUnauthorised = fn; }

export async function api(method, path, body) {
  const opts = { method, headers: {} };
  if (body instanceof FormData) opts.body = body;
  else if (body instanceof Blob) { // a photo as the whole body
    opts.body = body;
    opts.headers["Content-Type"] = body.type || "application/octet-stream";
  } else if (body !== undefined) {
    opts.body = JSON.stringify(body);
    opts.headers["Content-Type"] = "application/json";
  }
  let res;
  try {
    res = await fetch(path, opts);
  } catch {
    throw new ApiError(t("page.offline"), 0);
  }
  if (res.status === 401 && path !== "/api/login") onUnauthorised();
  let data = null;
  try { data = await res.json(); } catch { data = null; }
  if (!res.ok) {
    if (data && data.phrase && has(data.phrase)) {
      throw new ApiError(t(data.phrase, data.fields || {}), res.status, data.phrase);
    }
    throw new ApiError((data && data.error) || `${res.status} ${res.statusText}`, res.status);
  }
  return data;
}
