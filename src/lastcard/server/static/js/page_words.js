// The page's own words (lastcard.words.page; a card's questions from lastcard.words.choices),
// served by the server as ./words.js. The page writes none of these sentences itself: it fills
// in the templates the server sent.

import { WORDS } from "./words.js";

/** The sentence `key` names, its `{field}`s filled in from `values`. */
export function pageWords(key, values = {}) {
  const template = WORDS.page[key];
  if (template === undefined) throw new Error(`no page words named ${key}`);
  return template.replace(/\{(\w+)\}/g, (_, field) => String(values[field]));
}

/**
 * The question of a card that names a player, by the card's effect ("reveal", "view_hand",
 * "swap_hands": core's EffectKind values), as lastcard.words.choices asks it.
 */
export function targetQuestion(effect) {
  return WORDS.choices.targets[effect] ?? WORDS.choices.targets.swap_hands;
}

/** The answer naming nobody: a Pirate 7's (`seven`), or a theme wild's as a last card. */
export function nobodyLabel(seven) {
  return seven ? WORDS.choices.nobody_seven : WORDS.choices.nobody;
}

/** What a closed connection means for the person, or null for a quiet close. */
export function closeWords(code) {
  return WORDS.close[String(code)] ?? null;
}
