// The secure generator of lastcard.core.rng, number for number: a keyed BLAKE2b stream in
// counter mode, the Fisher-Yates `shuffled` and the lazy `draw_without_replacement`. Each
// 64-bit output serves two draws (its low 32 bits, then its high 32 bits), and a draw at or
// above the largest multiple of the bound below 2**32 is rejected, so every index is equally
// likely. Keep this identical to rng.py: tests/server/fairness_vectors.json checks both.

import { KeyedCounterStream } from "./blake2b.js";

const TWO32 = 0x100000000;

/** The 64-byte BLAKE2b key of a seed (a BigInt from 0 to 2**512 - 1): its little-endian bytes. */
export function seedKey(seed) {
  if (typeof seed !== "bigint" || seed < 0n || seed >= 1n << 512n) {
    throw new RangeError("a secure seed is a whole number from 0 to 2**512 - 1");
  }
  const key = new Uint8Array(64);
  let rest = seed;
  for (let i = 0; i < 64; i++) {
    key[i] = Number(rest & 0xffn);
    rest >>= 8n;
  }
  return key;
}

/** The secure stream of a seed (BigInt) or of a 64-byte key (Uint8Array). */
export function secureStream(seedOrKey) {
  return new KeyedCounterStream(seedOrKey instanceof Uint8Array ? seedOrKey : seedKey(seedOrKey));
}

/** Output number `counter` of `stream` as a BigInt (rng.py's `next_u64` value). */
export function u64(stream, counter) {
  const [lo, hi] = stream.at(counter);
  return (BigInt(hi) << 32n) | BigInt(lo);
}

// 32-bit draws as rng.py makes them: the low half of a new output, then its high half.
class Draws {
  constructor(stream, counter) {
    this.stream = stream;
    this.counter = counter;
    this.spare = -1;
  }

  next() {
    if (this.spare >= 0) {
      const value = this.spare;
      this.spare = -1;
      return value;
    }
    const [lo, hi] = this.stream.at(this.counter);
    this.counter += 1;
    this.spare = hi;
    return lo;
  }

  // A uniform index below `bound` (rejection sampling, as rng.py).
  below(bound) {
    const limit = TWO32 - (TWO32 % bound);
    let value = this.next();
    while (value >= limit) value = this.next();
    return value % bound;
  }
}

/**
 * rng.py `shuffled(items, RngState("secure", seed, counter))`: the shuffled copy and the
 * counter after it, as {output, counter}.
 */
export function shuffled(items, stream, counter) {
  const out = Array.from(items);
  const draws = new Draws(stream, counter);
  for (let i = out.length - 1; i > 0; i--) {
    const j = draws.below(i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return { output: out, counter: draws.counter };
}

/**
 * rng.py `draw_without_replacement`: the items in the order a full shuffle would put them,
 * last first, each with the counter after it, as [item, counter] pairs; lazily, so only the
 * numbers the items taken need are drawn.
 */
export function* drawWithoutReplacement(items, stream, counter) {
  const pool = Array.from(items);
  const draws = new Draws(stream, counter);
  for (let i = pool.length - 1; i >= 0; i--) {
    const j = draws.below(i + 1);
    [pool[i], pool[j]] = [pool[j], pool[i]];
    yield [pool[i], draws.counter];
  }
}
