// The seed a person adds to the deal when ready (SERVER.md §6): 16 random bytes from the
// browser's cryptographic generator, as 32 lower-case hex digits. The server mixes every
// person's seed into the game's seed after committing to its own, so no one side picks the deal.

export function clientSeed() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}
