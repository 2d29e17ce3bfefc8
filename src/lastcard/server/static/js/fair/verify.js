// Checks a finished game's proof bundle (docs/SERVER.md §6) in the browser or under node, the
// way lastcard/server/fairness.py does, but without the engine: the commitment and the seed
// with WebCrypto (or sha256.js where the page has no WebCrypto: plain http), then the deal
// transcript with the secure generator ported to rng.js (what that covers: transcript.js).
//
//   import { verifyBundle } from "./verify.js";
//   const report = await verifyBundle(textOrObject);  // {ok, checks: [{name, ok, detail}]}
//
// Give the bundle's JSON text where you can: a seed of 256 bits is no JavaScript number, and
// parsing the text here keeps it exact (an object should hold it as a BigInt).

import { fullDeck } from "./deck.js";
import { parseJson } from "./json.js";
import { secureStream } from "./rng.js";
import { hmacSha256, sha256 } from "./sha256.js";
import { FormatError, walkTranscript } from "./transcript.js";

export const ALGO = "lastcard/fair/v1 sha256-commit hmac-sha256-seed blake2b-secure-stream";
const COMMIT_PREFIX = "lastcard/commit/v1";
const SEED_PREFIX = "lastcard/seed/v1";
const PART = /^[0-9A-Za-z_-]{1,64}$/;
const HEX64 = /^[0-9a-f]{64}$/;

const encoder = new TextEncoder();

/**
 * Check a bundle: its JSON text, or the parsed object (a seed beyond 2**53 as a BigInt).
 * `options.subtle`: the WebCrypto to use (default: the global one; null: sha256.js).
 * `options.own`: what this browser kept, `{client_seed, commitment}` (either may be missing),
 * checked too.
 * Never throws: a bundle that cannot be read fails the check `format`.
 */
export async function verifyBundle(
  input,
  { subtle = globalThis.crypto?.subtle ?? null, own = null } = {},
) {
  let bundle;
  try {
    bundle = readBundle(typeof input === "string" ? parseJson(input) : input);
  } catch (error) {
    if (!(error instanceof FormatError || error instanceof SyntaxError)) throw error;
    return report([check("format", false, error.message)]);
  }
  const { record, fairness } = bundle;
  const checks = [];
  checks.push(
    fairness.algo === ALGO
      ? check("algorithm", true, `the scheme is ${ALGO}`)
      : check("algorithm", false, `unknown scheme ${JSON.stringify(fairness.algo)}; expected ${ALGO}`),
  );

  const serverSeed = fromHex(fairness.server_seed);
  const committed = toHex(await sha256Of(subtle, concat(encoder.encode(COMMIT_PREFIX), serverSeed)));
  checks.push(
    committed === fairness.commitment
      ? check("commitment", true, "the revealed server seed is the one committed to before the deal")
      : check("commitment", false, "the revealed server seed does not hash to the commitment sent before the deal"),
  );

  const parts = [fairness.code, fairness.game, ...fairness.client_seeds];
  const text = [SEED_PREFIX, ...parts].join("|") + (fairness.client_seeds.length ? "" : "|");
  const digest = await hmacOf(subtle, serverSeed, encoder.encode(text));
  const derived = littleEndian(digest);
  const seeds = `the server seed, table ${fairness.code}, game ${fairness.game} and ${fairness.client_seeds.length} client seed(s)`;
  checks.push(
    derived === record.seed
      ? check("seed", true, `${seeds} give the record's seed`)
      : check("seed", false, `${seeds} give another seed than the record's`),
  );
  checks.push(
    record.generator === "secure"
      ? check("generator", true, "dealt by the secure generator (keyed BLAKE2b)")
      : check("generator", false, `dealt by the ${record.generator} generator, not the secure one`),
  );

  // The stream of the seed the commitment fixes (not the record's, which the seed check
  // compares): a deal from any other seed fails here.
  const key = new Uint8Array(64);
  key.set(digest);
  let walk;
  try {
    walk = walkTranscript(fairness.transcript, {
      players: record.players,
      deck: fullDeck(record.rules),
      stacked: record.deck ?? [],
      stream: secureStream(key),
    });
  } catch (error) {
    if (!(error instanceof FormatError || error instanceof TypeError)) throw error;
    checks.push(check("format", false, error.message));
    return report(checks);
  }
  checks.push(
    walk.stream.ok
      ? check("stream", true, `${walk.uses} shuffles and dealer draws reproduced, stream counters 0 to ${walk.counter} with no gap`)
      : check("stream", false, walk.stream.summary()),
    walk.deck.ok
      ? check("deck", true, `each of the ${walk.hands} hands was shuffled from the rules' full deck`)
      : check("deck", false, walk.deck.summary()),
    walk.cards.ok
      ? check(
          "cards",
          true,
          `${walk.moved} cards dealt, drawn or turned, each the top of the stock; ` +
            `${walk.plays.length} plays, each from its player's hand; ` +
            (walk.reshuffles
              ? `${walk.reshuffles} reshuffle(s), each of the discard pile but its top`
              : "no reshuffle of the discards"),
        )
      : check("cards", false, walk.cards.summary()),
    comparePlays(record.actions, walk.plays),
    ...ownChecks(fairness, own ?? {}),
  );
  return report(checks);
}

/** What this browser kept (SERVER.md §6 step 2), checked against the proof: the commitment it
 * was shown before it was ready, and its own seed among those used. fairness.py `_check_own`
 * says the same. */
function ownChecks(fairness, { client_seed: seed = null, commitment = null }) {
  const checks = [];
  if (commitment !== null) {
    const shown = `the commitment you were shown before you were ready (${commitment.slice(0, 12)}…)`;
    checks.push(
      commitment === fairness.commitment
        ? check("your_commitment", true, `${shown} is this game's`)
        : check("your_commitment", false, `${shown} is not this game's`),
    );
  }
  if (seed !== null) {
    const count = fairness.client_seeds.length;
    checks.push(
      fairness.client_seeds.includes(seed)
        ? check("your_seed", true, `your seed ${seed.slice(0, 12)}… is one of the game's ${count} client seed(s)`)
        : check("your_seed", false, `your seed was not used: ${seed.slice(0, 12)}… is not among the game's ${count} client seed(s)`),
    );
  }
  return checks;
}

function check(name, ok, detail) {
  return { name, ok, detail };
}

function report(checks) {
  return { ok: checks.length > 0 && checks.every((c) => c.ok), checks };
}

// -- reading --------------------------------------------------------------------------------

function readBundle(data) {
  const object = (value, field) => {
    if (value === null || typeof value !== "object" || Array.isArray(value)) {
      throw new FormatError(`${field}: expected an object`);
    }
    return value;
  };
  const matching = (value, pattern, field, what) => {
    if (typeof value !== "string" || !pattern.test(value)) throw new FormatError(`${field}: not ${what}`);
    return value;
  };
  const bundle = object(data, "bundle");
  const record = object(bundle.record, "record");
  const fairness = object(bundle.fairness, "fairness");
  if (typeof fairness.algo !== "string") throw new FormatError("fairness.algo: not text");
  matching(fairness.commitment, HEX64, "fairness.commitment", "64 lower-case hex digits");
  matching(fairness.server_seed, HEX64, "fairness.server_seed", "64 lower-case hex digits");
  const part = "1 to 64 characters of [0-9A-Za-z_-]";
  matching(fairness.code, PART, "fairness.code", part);
  matching(fairness.game, PART, "fairness.game", part);
  if (!Array.isArray(fairness.client_seeds)) throw new FormatError("fairness.client_seeds: not a list");
  fairness.client_seeds.forEach((seed, i) => matching(seed, PART, `fairness.client_seeds[${i}]`, part));
  if (!Array.isArray(fairness.transcript)) throw new FormatError("fairness.transcript: not a list");

  const players = record.players;
  if (!Number.isInteger(players) || players < 2 || players > 10) {
    throw new FormatError("record.players: not 2 to 10");
  }
  let seed = record.seed;
  if (typeof seed === "number" && Number.isSafeInteger(seed)) seed = BigInt(seed);
  if (typeof seed !== "bigint" || seed < 0n) {
    throw new FormatError("record.seed: not an exact whole number (give the file's text)");
  }
  const generator = record.generator ?? "fast";
  object(record.rules, "record.rules");
  const deck = record.deck ?? null;
  if (deck !== null && !(Array.isArray(deck) && deck.every((c) => typeof c === "string"))) {
    throw new FormatError("record.deck: not a list of card codes");
  }
  const actions = record.actions;
  const isAction = (a) =>
    Array.isArray(a) && a.length === 2 && Number.isInteger(a[0]) && typeof a[1] === "string";
  if (!Array.isArray(actions) || !actions.every(isAction)) {
    throw new FormatError("record.actions: not a list of [seat, code] pairs");
  }
  return { record: { ...record, seed, generator, deck }, fairness };
}

// -- the record's plays -----------------------------------------------------------------------

// Actions of one word that play no card (a discard round's "discard R5" has two words; a
// Pirate window is answered with "pass" or "cheat"; an effect aimed at an Invisibility's
// holder with "allow").
const WORDS = new Set([
  "draw",
  "keep",
  "challenge",
  "accept",
  "uno",
  "next",
  "decline",
  "pass",
  "cheat",
  "allow",
]);
// A play names a seat (">2") or, a Joker (RULES.md §7.11.6), seats and a count (">1,3*2").
const PLAY = /^([A-Z0-9+]+?)(?::[A-Z]+)?(?:>[0-9]+(?:,[0-9]+)*)?(?:\*[0-9]+)?!?$/;

/** The card an action code plays (lastcard.core.actions grammar), or null for other actions.
 * A Mambo's lead ("lead W:r", RULES.md §7.11.7) plays its card, a block ("block r", §7.11.3)
 * the Invisibility card; a gift ("give R5") plays none. */
export function playedCard(code) {
  let words = code.trim().split(/\s+/);
  const first = words[0].toLowerCase();
  if (words.length === 2 && first === "block") return "WI";
  if (words.length === 2 && first === "lead") words = words.slice(1);
  const head = words[0].toLowerCase();
  if (words.length !== 1 || WORDS.has(head)) return null;
  const match = PLAY.exec(words[0].toUpperCase());
  return match ? match[1] : null;
}

function comparePlays(actions, plays) {
  const recorded = [];
  for (const [seat, code] of actions) {
    const card = playedCard(code);
    if (card !== null) recorded.push([seat, card]);
  }
  const shown = (play) => (play ? `seat ${play[0]} plays ${play[1]}` : "nothing is played");
  for (let i = 0; i < Math.max(recorded.length, plays.length); i++) {
    const [a, b] = [recorded[i], plays[i]];
    if (!a || !b || a[0] !== b[0] || a[1] !== b[1]) {
      const detail = `play ${i + 1}: in the record ${shown(a)}; in the transcript ${shown(b)}`;
      return check("plays", false, detail);
    }
  }
  return check("plays", true, `the record's ${recorded.length} plays are the transcript's, in order`);
}

// -- bytes and hashes ---------------------------------------------------------------------------

async function sha256Of(subtle, bytes) {
  if (!subtle) return sha256(bytes);
  return new Uint8Array(await subtle.digest("SHA-256", bytes));
}

async function hmacOf(subtle, key, message) {
  if (!subtle) return hmacSha256(key, message);
  const imported = await subtle.importKey("raw", key, { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  return new Uint8Array(await subtle.sign("HMAC", imported, message));
}

function littleEndian(bytes) {
  let value = 0n;
  for (let i = bytes.length - 1; i >= 0; i--) value = (value << 8n) | BigInt(bytes[i]);
  return value;
}

function fromHex(text) {
  const out = new Uint8Array(text.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(text.slice(2 * i, 2 * i + 2), 16);
  return out;
}

function toHex(bytes) {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

function concat(a, b) {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
