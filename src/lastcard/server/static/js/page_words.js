// The page's own words (lastcard.words.page: the waiting room, the connection, fair dealing),
// served by the server as ./words.js. The page writes none of these sentences itself: it fills
// in the templates the server sent.

import { WORDS } from "./words.js";

/** The sentence `key` names, its `{field}`s filled in from `values`. */
export function pageWords(key, values = {}) {
  const template = WORDS.page[key];
  if (template === undefined) throw new Error(`no page words named ${key}`);
  return template.replace(/\{(\w+)\}/g, (_, field) => String(values[field]));
}

/** What a closed connection means for the person, or null for a quiet close. */
export function closeWords(code) {
  return WORDS.close[String(code)] ?? null;
}
