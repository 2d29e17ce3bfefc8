// The words of the HTTP API's refusals (the lobby, joining). An `error` on the websocket carries
// its own `words`, made by the server (lastcard.words.refusals, server/protocol_words.py), as a
// refusal of the HTTP API does; the page's own words are lastcard.words.page's (page_words.js).

import { pageWords } from "./page_words.js";

/** Words for a refusal of the HTTP API: the server's own `words`; NETWORK when it could not
 * be reached. */
export function errorWords(code, message, words = null) {
  if (words) return words;
  if (code === "NETWORK") return pageWords("unreachable");
  if (message) return message;
  return pageWords("refused", { code });
}

/** Close codes after which the page reconnects on its own, with backoff. */
export const RECONNECT_CODES = new Set([1001, 1006, 1011, 1012, 1013, 4008]);
