// The page's own words for what happens outside a message: the HTTP API's refusals (the
// lobby, joining) and closed connections. An `error` on the websocket carries its own `words`,
// made by the server (lastcard.words.refusals, server/protocol_words.py).

/** Words for a refusal of the HTTP API: the server's own `words`; NETWORK when it could not
 * be reached. */
export function errorWords(code, message, words = null) {
  if (words) return words;
  if (code === "NETWORK") return "The server cannot be reached. Check the connection and try again.";
  if (message) return message;
  return `Refused (${code}).`;
}

/** Close codes after which the page reconnects on its own, with backoff. */
export const RECONNECT_CODES = new Set([1001, 1006, 1011, 1012, 1013, 4008]);

/** What a closed connection means for the person, or null for a quiet close. */
export function closeWords(code) {
  switch (code) {
    case 4001:
      return "This seat is now open in another tab.";
    case 4003:
      return "This browser's key for the table was not accepted: join again.";
    case 4004:
      return "There is no table with this code.";
    case 4400:
      return "This page is out of date: reload it.";
    case 1008:
      return "The server closed the connection: too many messages.";
    case 1009:
      return "The server closed the connection: a message was too long.";
    case 1012:
      return "The server is restarting: reconnecting…";
    case 4008:
    case 1001:
    case 1006:
    case 1011:
    case 1013:
      return "Connection lost: reconnecting…";
    default:
      return null;
  }
}
