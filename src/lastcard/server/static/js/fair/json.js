// JSON.parse, except that integers too large for a double (a game's seed has up to 256 bits)
// come back as exact BigInts instead of rounded numbers.

/** `text` parsed; every integer literal beyond Number.MAX_SAFE_INTEGER is a BigInt. */
export function parseJson(text) {
  if (typeof text !== "string") throw new TypeError("JSON text is a string");
  // Big integer literals outside strings are quoted with a marker no real string can hold
  // (a fresh random token), then turned into BigInts by the reviver.
  const marker = `\u0000bigint-${Math.random().toString(36).slice(2)}:`;
  let out = "";
  let copied = 0;
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (ch === '"') {
      i += 1;
      while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
      i += 1;
    } else if (ch === "-" || (ch >= "0" && ch <= "9")) {
      let end = i + 1;
      while (end < text.length && /[0-9eE.+-]/.test(text[end])) end += 1;
      const literal = text.slice(i, end);
      if (/^-?(0|[1-9][0-9]*)$/.test(literal) && !Number.isSafeInteger(Number(literal))) {
        out += text.slice(copied, i) + JSON.stringify(marker + literal);
        copied = end;
      }
      i = end;
    } else {
      i += 1;
    }
  }
  out += text.slice(copied);
  return JSON.parse(out, (_, value) =>
    typeof value === "string" && value.startsWith(marker) ? BigInt(value.slice(marker.length)) : value,
  );
}
