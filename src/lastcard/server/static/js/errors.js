// Error codes and close codes in a player's words (SERVER.md §3, §5).

/** The codes a lost race gets (SERVER.md §5): shown as "too late", not as an error. */
export const TOO_LATE_CODES = new Set([
  "CATCH_INVALID",
  "CATCH_TOO_LATE",
  "JUMP_IN_NOT_ALLOWED",
  "NOT_YOUR_TURN",
]);

const WORDS = {
  NETWORK: "The server cannot be reached. Check the connection and try again.",
  NO_TABLE: "There is no table with that code.",
  SEAT_TAKEN: "That seat has just been taken. Pick another one.",
  TABLE_FULL: "The table is full.",
  TABLE_CLOSED: "This table is closed.",
  NOT_WAITING: "The game has already started.",
  GAME_NOT_RUNNING: "No game is running at this table.",
  GAME_NOT_OVER: "The record can be downloaded once the game is over.",
  NOT_HOST: "Only the host can do that.",
  NOT_SEATED: "Take a seat first.",
  BAD_TOKEN: "This browser's key for the table was not accepted.",
  RATE_LIMITED: "Too many messages at once: wait a moment.",
  SHUTTING_DOWN: "The server is restarting: try again in a moment.",
  STALE: "The table moved on before your move arrived.",
  VERSION: "This page is out of date: reload it.",
  TOO_BIG: "That message is too long.",
  BAD_COMMITMENT: "The next deal's seal changed before you were ready: press ready again.",
};

/** Words for an error reply; the server's own message when it is a rule of the game. */
export function errorWords(code, message) {
  if (WORDS[code]) return WORDS[code];
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

// Codes whose words above say more to a player than the server's message.
const CANNED_FOR_TABLE = new Set([
  "BAD_TOKEN",
  "RATE_LIMITED",
  "SHUTTING_DOWN",
  "STALE",
  "VERSION",
  "TOO_BIG",
  "NOT_HOST",
  "NOT_SEATED",
  "TABLE_CLOSED",
  "GAME_NOT_RUNNING",
]);

/**
 * Words for an error answering a message at the table: the server's own message when it is
 * specific (who is not ready yet, which rule refused a card), as a sentence.
 */
export function refusalWords(code, message) {
  if (CANNED_FOR_TABLE.has(code) || !message) return errorWords(code, message);
  const text = String(message).trim();
  const sentence = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}
