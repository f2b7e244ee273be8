// Nelly's part of the page: a placeholder mount for the daemon's Nelly session (nellyd).
// See app.js for how a view plugs in; its words are the `nelly.*` phrases.

let pre = null;

export function mount(root, core) {
  root.append(core.el("p", { class: "placeholder", "data-t": "nelly.placeholder" },
    core.t("nelly.placeholder")));
  pre = core.el("pre", { id: "nelly-state" });
  root.append(pre);
}

export function render(part) {
  pre.textContent = JSON.stringify(part, null, 2);
}
