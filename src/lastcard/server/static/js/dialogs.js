// Modal questions: the colour of a wild, the seat a Seven-O 7 or a Howler names, a Joker's
// seats and count.
//
// The page holds one <dialog id="choice-dialog"> (see table.html). `ask` fills it with one
// fieldset per group of choices (a radio group, or checkboxes taking between `min` and `max`)
// and resolves with the answers, or null when it is cancelled (Escape, Cancel, or a new
// position that makes the question moot: `dismissChoice()`). `choose` asks one radio group.
// A choice that `check` refuses keeps the dialog open and says why, in words read out at once.

import { byId, h } from "./dom.js";

let pending = null; // {resolve, groups, check} of the open question

function parts() {
  return {
    dialog: byId("choice-dialog"),
    form: byId("choice-form"),
    title: byId("choice-title"),
    groups: byId("choice-groups"),
    problem: byId("choice-problem"),
  };
}

function groupFieldset(group, index) {
  const checkbox = group.kind === "checkbox";
  const values = group.options.map((o) => o.value);
  const radio = values.includes(group.initial) ? group.initial : values[0];
  const initial = new Set((checkbox ? (group.initial ?? []) : [radio]).map(String));
  const legendId = `choice-legend-${index}`;
  return h(
    "fieldset",
    { className: "choice-group", dataset: { group: group.name } },
    h("legend", { id: legendId }, group.legend),
    h(
      "div",
      { className: "choice-options" },
      group.options.map((option) => {
        const id = `choice-${option.testid}`;
        return h(
          "div",
          { className: `choice ${option.className ?? ""}` },
          h("input", {
            type: checkbox ? "checkbox" : "radio",
            name: `choice-${group.name}`,
            id,
            value: String(option.value),
            checked: initial.has(String(option.value)),
            dataset: { testid: option.testid },
          }),
          h("label", { for: id }, option.label),
        );
      }),
    ),
  );
}

/** The answers the form holds now: a radio group's value, a checkbox group's values. */
function answers(form, groups) {
  const out = {};
  for (const group of groups) {
    const inputs = [...form.querySelectorAll(`input[name="choice-${group.name}"]:checked`)];
    out[group.name] =
      group.kind === "checkbox" ? inputs.map((i) => i.value) : (inputs[0]?.value ?? null);
  }
  return out;
}

/**
 * Ask one or more questions in one dialog. `groups`: [{name, legend, options: [{value,
 * label, testid, className?}], kind?: "radio" | "checkbox", initial?}] (a radio group's
 * `initial` is a value, default the first; a checkbox group's a list). `check(answers)`:
 * null when the answers may be played, else why not. Resolves with {name: value or [values]}.
 */
export function ask({ title, groups, check = () => null }) {
  const { dialog, title: heading, groups: box, problem } = parts();
  dismissChoice();
  heading.textContent = title;
  problem.textContent = "";
  box.replaceChildren(...groups.map(groupFieldset));
  return new Promise((resolve) => {
    pending = { resolve, groups, check };
    dialog.returnValue = "";
    dialog.showModal();
    const first = box.querySelector("input:checked") ?? box.querySelector("input");
    if (first) first.focus();
  });
}

/**
 * Ask one question with a radio group. `options`: [{value, label, testid, className?}];
 * `initial`: the value checked first (default: the first option). Resolves with the value.
 */
export async function choose({ title, legend, options, initial = null }) {
  const answer = await ask({ title, groups: [{ name: "choice", legend, options, initial }] });
  return answer === null ? null : answer.choice;
}

/** Close the open question, if any, as cancelled. */
export function dismissChoice() {
  const { dialog } = parts();
  if (dialog.open) dialog.close("cancel");
}

/** Wire the dialog once: its close gives the answer to whoever asked. */
export function setUpChoiceDialog() {
  const { dialog, form, problem } = parts();
  form.addEventListener("change", () => {
    problem.textContent = ""; // a new choice: the old objection no longer stands
  });
  form.addEventListener("submit", (event) => {
    if (!pending || event.submitter?.value === "cancel") return;
    const why = pending.check(answers(form, pending.groups));
    if (why) {
      event.preventDefault(); // the dialog stays open
      problem.textContent = why;
    }
  });
  dialog.addEventListener("close", () => {
    const question = pending;
    pending = null;
    if (!question) return;
    question.resolve(dialog.returnValue === "ok" ? answers(form, question.groups) : null);
  });
}
