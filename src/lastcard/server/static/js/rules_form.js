// Choosing the rules: a preset, or house-rule options one by one (from GET /api/presets).
//
// `new RulesForm(presetSelect, optionsBox, presetsData, prefix)` fills a <select> with the
// presets and a box with one labelled control per option. Picking a preset sets the options;
// changing an option makes the rules "custom" unless they equal a preset again. `value()` is
// what the server takes: a preset's name, or an object of every option shown.

import { h } from "./dom.js";
import { pageWords } from "./page_words.js";

// Options with a control of their own elsewhere in the form (the target score field), and
// options the engine does not play yet or that are no house rule to choose (tui/options.py).
// Table mode (§5.4) is played in the terminal and through the API: this table's hand offers
// only the cards that may be played, so a wrong card cannot be chosen here. (Pirate's cheats,
// §7.6.3, are on offer: the engine lists them as plays.)
const SHOWN_ELSEWHERE = new Set(["target_score"]);
const NOT_OFFERED = new Set(["mode", "turn_limit"]);
export const CUSTOM = "custom";


// The controls' own limits (the words of every option, its label, help and choices, come from
// the server: lastcard.words.options, sent with GET /api/presets). Wild Downpour is a switch
// that stands for its default card counts.
const CONTROLS = {
  hand_size: { min: 1, max: 15 },
  pirate_false_call_penalty: { min: 0 },
  elimination_threshold: { min: 1 },
  wild_downpour: { kind: "toggle" },
};

/** "hand_size" → "Hand size". */
export function humanise(name) {
  const text = String(name).replace(/_/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * How a value that the server sent no words for reads: null is "none", a name without its
 * underscores. Every choice on offer has the server's words (lastcard.words.options, sent as
 * `choice_labels`): this is only for a value outside them, so the page writes no option's words.
 */
export function choiceLabel(value) {
  if (value === null || value === undefined) return "none";
  if (typeof value === "string") return value.replace(/_/g, " ");
  if (typeof value === "boolean") return value ? "on" : "off";
  return JSON.stringify(value);
}

function kindOf(spec) {
  if (spec.kind) return spec.kind;
  const type = String(spec.type ?? "").toLowerCase();
  if (Array.isArray(spec.choices) && spec.choices.length) return "choice";
  if (type.startsWith("bool")) return "bool";
  if (type === "optional_int" || type.includes("optional") || type.includes("null")) {
    return type.includes("int") || type.includes("number") ? "optional_int" : "json";
  }
  if (type.startsWith("int") || type === "number") return "int";
  return "json";
}

/** An option's value as its control holds it (Wild Downpour's card counts read as "on"). */
function asControlValue(kind, value) {
  switch (kind) {
    case "bool":
    case "toggle":
      return Boolean(value);
    case "choice":
      return JSON.stringify(value ?? null);
    case "int":
    case "optional_int":
      return value === null || value === undefined ? "" : String(value);
    case "set":
      return JSON.stringify(Array.isArray(value) ? [...value].sort() : []);
    default:
      return JSON.stringify(value ?? null);
  }
}

/** The names a set option offers, each with its words (the server's). */
function setChoices(spec) {
  if (Array.isArray(spec.members)) return spec.members;
  const names = Array.isArray(spec.choices) ? spec.choices : [];
  return names.map((name) => ({ name, label: humanise(name), help: "" }));
}

/** A set of names as one checkbox each, in a fieldset named by the option (theme cards). */
function setControl(id, name, spec, helpId) {
  const boxes = setChoices(spec).map((choice) => {
    const boxId = `${id}-${choice.name}`;
    const hintId = `${boxId}-help`;
    return h(
      "div",
      { className: "option option-bool" },
      h("input", {
        type: "checkbox",
        id: boxId,
        value: choice.name,
        "aria-describedby": choice.help ? hintId : null,
        dataset: { testid: `option-${name}-${choice.name}` },
      }),
      h("label", { for: boxId }, choice.label),
      choice.help ? h("span", { id: hintId, className: "hint" }, choice.help) : null,
    );
  });
  return h(
    "fieldset",
    {
      id,
      className: "option-set",
      "aria-describedby": helpId,
      dataset: { testid: `option-${name}` },
    },
    h("legend", {}, spec.label ?? humanise(name)),
    ...boxes,
  );
}

/** [name, spec] of every option offered, in the order of the server's words (then any other it
 * lists); each spec is the server's (default, type, choices and words) with the limits above. */
function offeredOptions(serverOptions) {
  const order = (name) => serverOptions[name].order ?? Number.MAX_SAFE_INTEGER;
  const names = Object.keys(serverOptions).sort((a, b) => order(a) - order(b));
  return names
    .filter((name) => !SHOWN_ELSEWHERE.has(name) && !NOT_OFFERED.has(name))
    .map((name) => [name, { ...serverOptions[name], ...(CONTROLS[name] ?? {}) }]);
}

/** How a choice of option `spec` reads: the server's words for it, else the value itself. */
function choiceWords(spec, value) {
  const index = (spec.choices ?? []).findIndex((c) => JSON.stringify(c) === JSON.stringify(value));
  const labels = spec.choice_labels ?? [];
  return index >= 0 && index < labels.length ? labels[index] : choiceLabel(value);
}

export class RulesForm {
  constructor(presetSelect, optionsBox, data, prefix) {
    this.select = presetSelect;
    this.box = optionsBox;
    this.presets = Array.isArray(data?.presets) ? data.presets : [];
    this.options = offeredOptions(data?.options ?? {});
    this.prefix = prefix;
    this.controls = new Map(); // option name -> {kind, input}
    this.buildPresets();
    this.buildOptions();
    this.select.addEventListener("change", () => {
      if (this.select.value !== CUSTOM) this.applyPreset(this.select.value);
    });
    const first = this.presets.find((p) => p.name === "official") ?? this.presets[0];
    if (first) {
      this.select.value = first.name;
      this.applyPreset(first.name);
    }
  }

  buildPresets() {
    this.select.replaceChildren(
      ...this.presets.map((preset) =>
        h(
          "option",
          { value: preset.name },
          preset.description ? `${preset.name}: ${preset.description}` : preset.name,
        ),
      ),
      h("option", { value: CUSTOM }, pageWords("preset_custom")),
    );
  }

  buildOptions() {
    const rows = this.options.map(([name, spec]) => {
      const kind = kindOf(spec);
      const id = `${this.prefix}-option-${name}`;
      const helpId = `${id}-help`;
      const label = spec.label ?? humanise(name);
      const help = spec.help ?? spec.description ?? null;
      let input;
      if (kind === "set") {
        input = setControl(id, name, spec, helpId);
      } else if (kind === "bool" || kind === "toggle") {
        input = h("input", { type: "checkbox", id, dataset: { testid: `option-${name}` } });
      } else if (kind === "choice") {
        input = h(
          "select",
          { id, dataset: { testid: `option-${name}` } },
          spec.choices.map((choice) =>
            h("option", { value: JSON.stringify(choice) }, choiceWords(spec, choice)),
          ),
        );
      } else if (kind === "int" || kind === "optional_int") {
        input = h("input", {
          type: "number",
          id,
          inputmode: "numeric",
          min: spec.min ?? 1,
          max: spec.max ?? null,
          step: 1,
          placeholder: kind === "optional_int" ? "none" : null,
          dataset: { testid: `option-${name}` },
        });
      } else {
        input = h("input", {
          type: "text",
          id,
          spellcheck: "false",
          dataset: { testid: `option-${name}` },
        });
      }
      if (help && kind !== "set") input.setAttribute("aria-describedby", helpId);
      input.addEventListener("change", () => {
        // Pirate implies Seven-O (RULES.md §7.6.6): show it, as the engine will play it.
        if (name === "pirate" && input.checked) this.setControl("seven_o", true);
        this.optionChanged();
      });
      this.controls.set(name, { kind, input, spec });
      const helpElement = help ? h("span", { id: helpId, className: "hint" }, help) : null;
      if (kind === "set") return h("div", { className: "option" }, input, helpElement);
      const labelElement = h("label", { for: id }, label);
      return kind === "bool" || kind === "toggle"
        ? h("div", { className: "option option-bool" }, input, labelElement, helpElement)
        : h("div", { className: "option" }, labelElement, input, helpElement);
    });
    this.box.replaceChildren(...rows);
  }

  setControl(name, value) {
    const control = this.controls.get(name);
    if (!control) return;
    const shown = asControlValue(control.kind, value);
    if (control.kind === "set") {
      const names = new Set(JSON.parse(shown));
      for (const box of control.input.querySelectorAll("input[type=checkbox]")) {
        box.checked = names.has(box.value);
      }
    } else if (control.kind === "bool") {
      control.input.checked = shown;
    } else if (control.kind === "choice") {
      if (![...control.input.options].some((o) => o.value === shown)) {
        control.input.append(h("option", { value: shown }, choiceLabel(value)));
      }
      control.input.value = shown;
    } else {
      control.input.value = shown;
    }
  }

  readControl(name) {
    const { kind, input } = this.controls.get(name);
    switch (kind) {
      case "bool":
        return input.checked;
      case "toggle":
        return input.checked ? true : null; // the engine gives a switched-on option its defaults
      case "set":
        return [...input.querySelectorAll("input[type=checkbox]:checked")]
          .map((box) => box.value)
          .sort();
      case "choice":
        return JSON.parse(input.value);
      case "int":
        return input.value === "" ? null : Number(input.value);
      case "optional_int":
        return input.value.trim() === "" ? null : Number(input.value);
      default:
        try {
          return JSON.parse(input.value);
        } catch {
          return input.value;
        }
    }
  }

  presetRules(name) {
    const preset = this.presets.find((p) => p.name === name);
    return preset ? (preset.rules ?? {}) : null;
  }

  applyPreset(name) {
    const rules = this.presetRules(name);
    if (!rules) return;
    for (const [option, spec] of this.options) {
      this.setControl(option, option in rules ? rules[option] : spec.default);
    }
  }

  /** The preset whose options all read as the controls do now, or null. */
  matchingPreset() {
    for (const preset of this.presets) {
      const rules = preset.rules ?? {};
      const same = this.options.every(([name, spec]) => {
        const { kind } = this.controls.get(name);
        const wanted = asControlValue(kind, name in rules ? rules[name] : spec.default);
        const shown = asControlValue(kind, this.readControl(name));
        return wanted === shown;
      });
      if (same) return preset.name;
    }
    return null;
  }

  optionChanged() {
    this.select.value = this.matchingPreset() ?? CUSTOM;
  }

  /** A preset's name, or every option shown as an object. */
  value() {
    if (this.select.value !== CUSTOM) return this.select.value;
    const options = {};
    for (const [name] of this.options) options[name] = this.readControl(name);
    return options;
  }

  /** Show `rules` (a preset name or an options object) as the current choice. */
  set(rules) {
    if (typeof rules === "string") {
      if (this.presets.some((p) => p.name === rules)) {
        this.select.value = rules;
        this.applyPreset(rules);
      }
      return;
    }
    if (rules && typeof rules === "object") {
      for (const [name, spec] of this.options) {
        this.setControl(name, name in rules ? rules[name] : spec.default);
      }
      this.optionChanged();
    }
  }
}

/** The rules of a table in a few words: "party" or "custom: stacking same, seven o on". */
export function rulesSummary(rules, data) {
  if (typeof rules === "string") return rules;
  if (!rules || typeof rules !== "object") return "official";
  const defaults = Object.fromEntries(
    Object.entries(data?.options ?? {}).map(([name, spec]) => [name, spec.default]),
  );
  const changes = Object.entries(rules)
    .filter(
      ([name, value]) =>
        name in defaults && JSON.stringify(value) !== JSON.stringify(defaults[name]),
    )
    .map(([name, value]) => {
      const spec = data.options[name];
      const label = spec.label ?? humanise(name);
      if (name === "theme_cards" && Array.isArray(value)) {
        return `${label}: ${themeWords(value, spec)}`;
      }
      const shown =
        value !== null && typeof value === "object" && !Array.isArray(value)
          ? "on"
          : choiceWords(spec, value);
      return `${label} ${shown}`;
    });
  return changes.length
    ? pageWords("rules_custom", { changes: changes.join(", ") })
    : pageWords("rules_custom_official");
}

/**
 * Theme cards in words, in the form's order, as lastcard.words.options.set_label writes them:
 * "Draw Three, Howler, Joker".
 */
export function themeWords(names, spec) {
  const members = spec?.members ?? [];
  const known = members.filter((card) => names.includes(card.name)).map((card) => card.label);
  const others = names.filter((name) => !members.some((card) => card.name === name));
  return [...known, ...others.map(humanise)].join(", ");
}
