// BLAKE2b (RFC 7693), keyed, for the secure generator of lastcard.core.rng: output number i of a
// game's stream is BLAKE2b(key = the seed's 64 little-endian bytes, message = i as 8
// little-endian bytes, digest size 8), read as a little-endian 64-bit number. WebCrypto has no
// BLAKE2b, so it is written here. 64-bit words are pairs of 32-bit numbers, low word first, in
// Uint32Arrays (whose stores wrap modulo 2**32), which is much faster than BigInt.

const IV = new Uint32Array([
  0xf3bcc908, 0x6a09e667, 0x84caa73b, 0xbb67ae85, 0xfe94f82b, 0x3c6ef372, 0x5f1d36f1, 0xa54ff53a,
  0xade682d1, 0x510e527f, 0x2b3e6c1f, 0x9b05688c, 0xfb41bd6b, 0x1f83d9ab, 0x137e2179, 0x5be0cd19,
]);

// The message schedule, pre-doubled: word w of the block is at indices 2w (low), 2w + 1 (high).
const SIGMA = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
  [14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3],
  [11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4],
  [7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8],
  [9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13],
  [2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9],
  [12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11],
  [13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10],
  [6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5],
  [10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0],
].map((row) => row.map((w) => 2 * w));

const v = new Uint32Array(32);

// v[a] += v[b] + m[x] (64-bit, modulo 2**64).
function add3(a, b, m, x) {
  let lo = v[a] + v[b];
  let hi = v[a + 1] + v[b + 1] + (lo >= 0x100000000 ? 1 : 0);
  lo >>>= 0;
  const lo2 = lo + m[x];
  v[a] = lo2;
  v[a + 1] = hi + m[x + 1] + (lo2 >= 0x100000000 ? 1 : 0);
}

// v[a] += v[b].
function add2(a, b) {
  const lo = v[a] + v[b];
  v[a] = lo;
  v[a + 1] = v[a + 1] + v[b + 1] + (lo >= 0x100000000 ? 1 : 0);
}

// The mixing function G on words a, b, c, d (doubled indices) with message words x, y.
function mix(a, b, c, d, m, x, y) {
  add3(a, b, m, x);
  let lo = v[d] ^ v[a];
  let hi = v[d + 1] ^ v[a + 1];
  v[d] = hi; // rotate right 32
  v[d + 1] = lo;
  add2(c, d);
  lo = v[b] ^ v[c];
  hi = v[b + 1] ^ v[c + 1];
  v[b] = (lo >>> 24) | (hi << 8); // rotate right 24
  v[b + 1] = (hi >>> 24) | (lo << 8);
  add3(a, b, m, y);
  lo = v[d] ^ v[a];
  hi = v[d + 1] ^ v[a + 1];
  v[d] = (lo >>> 16) | (hi << 16); // rotate right 16
  v[d + 1] = (hi >>> 16) | (lo << 16);
  add2(c, d);
  lo = v[b] ^ v[c];
  hi = v[b + 1] ^ v[c + 1];
  v[b] = (hi >>> 31) | (lo << 1); // rotate right 63
  v[b + 1] = (lo >>> 31) | (hi << 1);
}

// Compress one 128-byte block `m` (32 words) into the state `h` (16 words). `count`: the bytes
// hashed so far, this block included (below 2**53 here); `last`: the final block.
function compress(h, m, count, last) {
  v.set(h, 0);
  v.set(IV, 16);
  v[24] ^= count % 0x100000000;
  v[25] ^= Math.floor(count / 0x100000000);
  if (last) {
    v[28] = ~v[28];
    v[29] = ~v[29];
  }
  for (let round = 0; round < 12; round++) {
    const s = SIGMA[round % 10];
    mix(0, 8, 16, 24, m, s[0], s[1]);
    mix(2, 10, 18, 26, m, s[2], s[3]);
    mix(4, 12, 20, 28, m, s[4], s[5]);
    mix(6, 14, 22, 30, m, s[6], s[7]);
    mix(0, 10, 20, 30, m, s[8], s[9]);
    mix(2, 12, 22, 24, m, s[10], s[11]);
    mix(4, 14, 16, 26, m, s[12], s[13]);
    mix(6, 8, 18, 28, m, s[14], s[15]);
  }
  for (let i = 0; i < 16; i++) h[i] ^= v[i] ^ v[i + 16];
}

// A 128-byte block of bytes[start, start + 128) as 32 little-endian words, zero padded.
function blockWords(bytes, start) {
  const m = new Uint32Array(32);
  const end = Math.min(bytes.length, start + 128);
  for (let i = start; i < end; i++) m[(i - start) >> 2] |= bytes[i] << (8 * ((i - start) & 3));
  return m;
}

function initialState(keyLength, outLength) {
  const h = new Uint32Array(IV);
  h[0] ^= 0x01010000 ^ (keyLength << 8) ^ outLength; // fan-out 1, depth 1
  return h;
}

function digestBytes(h, outLength) {
  const out = new Uint8Array(outLength);
  for (let i = 0; i < outLength; i++) out[i] = h[i >> 2] >>> (8 * (i & 3));
  return out;
}

/** BLAKE2b of `message` (Uint8Array) with an optional `key` (0 to 64 bytes), `outLength` bytes. */
export function blake2b(message, key = new Uint8Array(0), outLength = 64) {
  if (key.length > 64 || outLength < 1 || outLength > 64) throw new RangeError("bad BLAKE2b size");
  const h = initialState(key.length, outLength);
  const input = key.length ? concat(padded(key), message) : message;
  const blocks = Math.max(1, Math.ceil(input.length / 128));
  for (let b = 0; b < blocks; b++) {
    const last = b === blocks - 1;
    compress(h, blockWords(input, 128 * b), last ? input.length : 128 * (b + 1), last);
  }
  return digestBytes(h, outLength);
}

function padded(key) {
  const block = new Uint8Array(128);
  block.set(key);
  return block;
}

function concat(a, b) {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/**
 * The secure generator's outputs for one 64-byte key: `at(i)` is output number i as
 * [low 32 bits, high 32 bits]. The key block is compressed once, so each output costs one
 * compression.
 */
export class KeyedCounterStream {
  constructor(key) {
    if (key.length !== 64) throw new RangeError("the secure generator's key is 64 bytes");
    this.keyed = initialState(64, 8);
    compress(this.keyed, blockWords(key, 0), 128, false);
    this.h = new Uint32Array(16);
    this.m = new Uint32Array(32);
  }

  at(counter) {
    if (!Number.isSafeInteger(counter) || counter < 0) throw new RangeError("bad counter");
    this.h.set(this.keyed);
    this.m[0] = counter % 0x100000000;
    this.m[1] = Math.floor(counter / 0x100000000);
    compress(this.h, this.m, 136, true);
    return [this.h[0], this.h[1]];
  }
}
