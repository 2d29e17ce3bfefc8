// The seed a person adds to the deal (SERVER.md §6), and what the browser keeps to check it.
//
// The order is the proof: the server shows the next game's commitment in the waiting room, and
// only then does this browser draw its seed (16 random bytes from the cryptographic generator,
// as 32 lower-case hex digits) and send it with `ready`, quoting the commitment. It keeps both,
// first under the table code and, once the game starts from that commitment, under the game id,
// so the verify page can check, from this browser's own memory and not from what the server
// says, that the server kept its word and used this seed.

const TABLE_PREFIX = "lastcard:seed:table:";
const GAME_PREFIX = "lastcard:seed:game:";

export function clientSeed() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

function store() {
  try {
    return window.localStorage;
  } catch {
    return null; // storage refused: the seed is still sent, but this browser cannot check it
  }
}

function read(key) {
  try {
    const kept = JSON.parse(store()?.getItem(key) ?? "null");
    return kept && typeof kept.commitment === "string" && typeof kept.client_seed === "string"
      ? kept
      : null;
  } catch {
    return null;
  }
}

/** The seed to send with `ready` at table `code` whose next game is sealed by `commitment`:
 * the one kept for that commitment, else a new one drawn now (after the commitment was shown)
 * and kept. */
export function seedFor(code, commitment) {
  const kept = read(TABLE_PREFIX + code);
  if (kept && kept.commitment === commitment) return kept.client_seed;
  const seed = clientSeed();
  store()?.setItem(TABLE_PREFIX + code, JSON.stringify({ code, commitment, client_seed: seed }));
  return seed;
}

/** A game started from `commitment` at table `code` (its `commit` push): the seed this browser
 * gave for that commitment, if any, is kept under the game id too. */
export function keepForGame(code, game, commitment) {
  const kept = read(TABLE_PREFIX + code);
  if (!kept || kept.commitment !== commitment || read(GAME_PREFIX + game)) return;
  store()?.setItem(GAME_PREFIX + game, JSON.stringify({ ...kept, game }));
}

/** What this browser gave to game `game`: {code, game, commitment, client_seed}, or null. */
export function keptForGame(game) {
  return read(GAME_PREFIX + game);
}
