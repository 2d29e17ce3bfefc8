// Runs the browser's port of the fair-dealing checks (src/lastcard/server/static/js/fair) on the
// shared vector file and prints what it computes as JSON, for test_fairness_js.py to compare
// with the vectors: node fairness_runner.mjs VECTORS_JSON JS_DIR
//
// Big integers are printed as decimal strings (JSON has no BigInt); the test reads them back.

import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { join } from "node:path";

const [vectorsPath, jsDir] = process.argv.slice(2);
const load = (name) => import(pathToFileURL(join(jsDir, name)).href);

const { blake2b } = await load("blake2b.js");
const { secureStream, u64, shuffled, drawWithoutReplacement } = await load("rng.js");
const { sha256, hmacSha256 } = await load("sha256.js");
const { parseJson } = await load("json.js");
const { fullDeck } = await load("deck.js");
const { verifyBundle, playedCard, ALGO } = await load("verify.js");
await load("verify-page.js"); // the page's module loads (and does nothing) without a document

const vectors = parseJson(readFileSync(vectorsPath, "utf8"));
const big = (value) => BigInt(value);
const hex = (bytes) => Buffer.from(bytes).toString("hex");
const encoder = new TextEncoder();

// The HMAC text of lastcard/server/fairness.py `game_seed`.
function seedText({ code, game, client_seeds: seeds }) {
  return ["lastcard/seed/v1", code, game, ...seeds].join("|") + (seeds.length ? "" : "|");
}

function littleEndian(bytes) {
  let value = 0n;
  for (let i = bytes.length - 1; i >= 0; i--) value = (value << 8n) | BigInt(bytes[i]);
  return value;
}

function applyPatch(bundle, patch) {
  const data = structuredClone(bundle);
  for (const change of patch) {
    const path = change.path.slice();
    const last = path.pop();
    let node = data;
    for (const key of path) node = node[key];
    if ("set" in change) node[last] = change.set;
    else if ("add" in change) node[last] = typeof node[last] === "bigint" ? node[last] + BigInt(change.add) : node[last] + change.add;
    else if (Array.isArray(node)) node.splice(last, 1);
    else delete node[last];
  }
  return data;
}

const verdict = (report) => ({ ok: report.ok, failed: report.checks.filter((c) => !c.ok).map((c) => c.name) });

const out = { algo: ALGO };

out.blake2b = vectors.blake2b.map(({ seed, counter }) => String(u64(secureStream(big(seed)), counter)));

// An independent use of the generic BLAKE2b: the secure generator's definition, spelled out.
out.blake2b_generic = vectors.blake2b.map(({ seed, counter }) => {
  const key = new Uint8Array(64);
  let rest = big(seed);
  for (let i = 0; i < 64; i++, rest >>= 8n) key[i] = Number(rest & 0xffn);
  const message = new Uint8Array(8);
  new DataView(message.buffer).setBigUint64(0, BigInt(counter), true);
  return String(littleEndian(blake2b(message, key, 8)));
});

out.shuffles = vectors.shuffles.map(({ seed, counter, items }) => {
  const { output, counter: next } = shuffled(items, secureStream(big(seed)), counter);
  return { output, next };
});

out.draws = vectors.draws.map(({ seed, counter, items, output }) => {
  const drawn = [];
  const counters = [];
  for (const [item, after] of drawWithoutReplacement(items, secureStream(big(seed)), counter)) {
    if (drawn.length === output.length) break;
    drawn.push(item);
    counters.push(after);
  }
  return { output: drawn, counters };
});

const prefix = encoder.encode("lastcard/commit/v1");
const withPrefix = (seed) => new Uint8Array([...prefix, ...Buffer.from(seed, "hex")]);
out.commitments = vectors.commitments.map(({ server_seed }) => hex(sha256(withPrefix(server_seed))));
out.commitments_webcrypto = await Promise.all(
  vectors.commitments.map(async ({ server_seed }) =>
    hex(new Uint8Array(await crypto.subtle.digest("SHA-256", withPrefix(server_seed)))),
  ),
);

out.game_seeds = vectors.game_seeds.map((v) =>
  String(littleEndian(hmacSha256(Buffer.from(v.server_seed, "hex"), encoder.encode(seedText(v))))),
);

out.decks = vectors.decks.map(({ rules }) => fullDeck(rules));
out.plays = vectors.plays.map(({ code }) => playedCard(code));

out.tampered = {};
out.tampered_without_webcrypto = {};
out.details = {};
for (const vector of vectors.tampered) {
  const data = applyPatch(vectors.bundles[vector.bundle], vector.patch);
  const report = await verifyBundle(data);
  out.tampered[vector.name] = verdict(report);
  out.tampered_without_webcrypto[vector.name] = verdict(await verifyBundle(data, { subtle: null }));
  out.details[vector.name] = report.checks;
}

// What a browser kept (its seed, the commitment it was shown), checked against the official game.
out.own = {};
for (const vector of vectors.own) {
  const own = { client_seed: vector.client_seed, commitment: vector.commitment };
  out.own[vector.name] = verdict(await verifyBundle(vectors.bundles.official, { own }));
}

// The text path: a bundle as the page gets it, the seed kept exact by parseJson.
const officialText = JSON.stringify(vectors.bundles.official, (_, v) => (typeof v === "bigint" ? `#${v}` : v))
  .replace(/"#([0-9]+)"/g, "$1");
out.from_text = verdict(await verifyBundle(officialText));
out.from_bad_text = verdict(await verifyBundle("{not json"));

process.stdout.write(JSON.stringify(out));
