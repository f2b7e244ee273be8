// Halli Galli's cards drawn for the page: a card code ("BBL", "elephant", null) as an SVG
// picture with the project's own fruit and animal drawings (static/fruits.svg), the fruits
// laid out like a die's pips as on the real cards, and its words for a screen reader.

const NS = "http://www.w3.org/2000/svg";
const ART = "/static/fruits.svg";
export const FRUITS = ["B", "P", "S", "L"];
export const ANIMALS = ["elephant", "monkey", "pig"];
const W = 200;
const H = 300;

// dice-pip places on a 2:3 card (fractions of width, height), as vision/synth draws them
const PIPS = {
  1: [[0.5, 0.5]],
  2: [[0.3, 0.25], [0.7, 0.75]],
  3: [[0.27, 0.2], [0.5, 0.5], [0.73, 0.8]],
  4: [[0.28, 0.22], [0.72, 0.22], [0.28, 0.78], [0.72, 0.78]],
  5: [[0.28, 0.18], [0.72, 0.18], [0.5, 0.5], [0.28, 0.82], [0.72, 0.82]],
  6: [[0.28, 0.18], [0.72, 0.18], [0.28, 0.5], [0.72, 0.5], [0.28, 0.82], [0.72, 0.82]],
};
const PIP_SIZE = { 1: 130, 2: 100, 3: 82, 4: 82, 5: 70, 6: 70 };

function svg(tag, attrs = {}) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

// Where n fruits go: the die's pips up to six, then a grid of three columns.
export function places(n) {
  if (PIPS[n]) return PIPS[n].map(([x, y]) => [x, y, PIP_SIZE[n]]);
  const cols = 3;
  const rows = Math.ceil(n / cols);
  const size = Math.min(W / cols, H / rows) * 0.9;
  return Array.from({ length: n }, (_, i) => [
    (0.5 + (i % cols)) / cols, (0.5 + Math.floor(i / cols)) / rows, size]);
}

// The card in words: "2 bananas, 1 lime", "elephant", "no card".
export function cardWords(code, t) {
  if (!code) return t("halli.empty_pile");
  if (ANIMALS.includes(code)) return t(`halli.${code}`);
  if (!/^[BPSL]+$/.test(code)) return t("halli.unknown_card");
  return FRUITS.map((f) => [f, [...code].filter((c) => c === f).length])
    .filter(([, n]) => n).map(([f, n]) => t(`halli.fruit_${f}`, { n })).join(", ");
}

// The card as an <svg>; `kind` (fruit | animal | unknown | empty) in its class.
export function cardPicture(code, t) {
  const kind = !code ? "empty" : ANIMALS.includes(code) ? "animal"
    : /^[BPSL]+$/.test(code) ? "fruit" : "unknown";
  const label = cardWords(code, t);
  const pic = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: `card ${kind}`, role: "img",
    "aria-label": label, "data-code": code || "" });
  const title = svg("title");
  title.textContent = label;
  pic.append(title);
  pic.append(svg("rect", { x: 4, y: 4, width: W - 8, height: H - 8, rx: 18,
    class: "face" }));
  if (kind === "fruit") {
    const where = places(code.length);
    [...code].forEach((f, i) => {
      const [fx, fy, size] = where[i];
      pic.append(svg("use", { href: `${ART}#${f}`, class: `fruit ${f}`, width: size,
        height: size, x: fx * W - size / 2, y: fy * H - size / 2 }));
    });
  } else if (kind === "animal") {
    pic.append(svg("use", { href: `${ART}#${code}`, class: `animal ${code}`, width: 170,
      height: 170, x: (W - 170) / 2, y: 30 }));
    const name = svg("text", { x: W / 2, y: H - 36, "text-anchor": "middle", class: "name" });
    name.textContent = t(`halli.${code}`);
    pic.append(name);
  } else if (kind === "unknown") {
    const q = svg("text", { x: W / 2, y: H / 2 + 40, "text-anchor": "middle", class: "q" });
    q.textContent = "?";
    pic.append(q);
  }
  return pic;
}
