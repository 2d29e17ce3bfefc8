// One modal question with a radio group: the colour of a wild, the seat a Seven-O 7 names.
//
// The page holds one <dialog id="choice-dialog"> (see table.html); `choose` fills it and
// resolves with the value picked, or null when it is cancelled (Escape, Cancel, or a new
// position that makes the question moot: `dismissChoice()`).

import { byId, h } from "./dom.js";

let pending = null; // the resolve function of the open question

function parts() {
  return {
    dialog: byId("choice-dialog"),
    form: byId("choice-form"),
    title: byId("choice-title"),
    legend: byId("choice-legend"),
    options: byId("choice-options"),
  };
}

/**
 * Ask one question. `options`: [{value, label, testid, className?}]; `initial`: the value
 * checked first (default: the first option).
 */
export function choose({ title, legend, options, initial = null }) {
  const { dialog, title: heading, legend: legendElement, options: box } = parts();
  dismissChoice();
  heading.textContent = title;
  legendElement.textContent = legend;
  const checkedValue = options.some((o) => o.value === initial) ? initial : options[0]?.value;
  box.replaceChildren(
    ...options.map((option) => {
      const id = `choice-${option.testid}`;
      return h(
        "div",
        { className: `choice ${option.className ?? ""}` },
        h("input", {
          type: "radio",
          name: "choice",
          id,
          value: String(option.value),
          checked: option.value === checkedValue,
          dataset: { testid: option.testid },
        }),
        h("label", { for: id }, option.label),
      );
    }),
  );
  return new Promise((resolve) => {
    pending = resolve;
    dialog.returnValue = "";
    dialog.showModal();
    const checked = box.querySelector("input:checked");
    if (checked) checked.focus();
  });
}

/** Close the open question, if any, as cancelled. */
export function dismissChoice() {
  const { dialog } = parts();
  if (dialog.open) dialog.close("cancel");
}

/** Wire the dialog once: its close gives the answer to whoever asked. */
export function setUpChoiceDialog() {
  const { dialog, form } = parts();
  dialog.addEventListener("close", () => {
    const resolve = pending;
    pending = null;
    if (!resolve) return;
    if (dialog.returnValue !== "ok") {
      resolve(null);
      return;
    }
    const checked = form.querySelector("input[name=choice]:checked");
    resolve(checked ? checked.value : null);
  });
}
