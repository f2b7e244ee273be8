// Questions the page asks before it does something that cannot be undone (a <dialog>:
// modal, keyboard and screen-reader friendly; Escape answers no).
import { $, el, t } from "./lib.js";

// Resolves true for yes. `text` is already in words; yes/no are phrase ids.
export function confirm(text, { yes = "page.confirm_yes", no = "page.confirm_no" } = {}) {
  const dialog = $("dialog");
  return new Promise((resolve) => {
    const answer = (value) => { dialog.close(); resolve(value); };
    const yesButton = el("button", { type: "button", id: "dialog-yes", class: "danger",
      onclick: () => answer(true) }, t(yes));
    dialog.replaceChildren(
      el("p", { id: "dialog-text" }, text),
      el("div", { class: "buttons" },
        el("button", { type: "button", id: "dialog-no", onclick: () => answer(false) }, t(no)),
        yesButton));
    dialog.oncancel = (ev) => { ev.preventDefault(); answer(false); };
    dialog.showModal();
    $("dialog-no").focus();
  });
}
