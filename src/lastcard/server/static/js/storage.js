// What the browser keeps between visits: each table's seat token and the last name used.
// SERVER.md §2: the token is the seat's secret, kept in localStorage under the table code.

const TOKEN_PREFIX = "lastcard:token:";
const NAME_KEY = "lastcard:name";
const AUTO_UNO_KEY = "lastcard:auto-uno";

function store() {
  try {
    return window.localStorage;
  } catch {
    return null; // storage refused (private mode settings): the page still works for one visit
  }
}

/** A table code as typed, made canonical: upper case, spaces and dashes dropped. */
export function normaliseCode(text) {
  return String(text ?? "")
    .toUpperCase()
    .replace(/[\s-]+/g, "");
}

export function tokenKey(code) {
  return `${TOKEN_PREFIX}${normaliseCode(code)}`;
}

export function loadToken(code) {
  return store()?.getItem(tokenKey(code)) ?? null;
}

export function saveToken(code, token) {
  store()?.setItem(tokenKey(code), token);
}

export function forgetToken(code) {
  store()?.removeItem(tokenKey(code));
}

export function loadName() {
  return store()?.getItem(NAME_KEY) ?? "";
}

export function saveName(name) {
  if (name) store()?.setItem(NAME_KEY, name);
}

/** Whether a play that leaves one card calls Uno by itself (SERVER.md §5: on by default). */
export function loadAutoUno() {
  return store()?.getItem(AUTO_UNO_KEY) !== "off";
}

export function saveAutoUno(on) {
  store()?.setItem(AUTO_UNO_KEY, on ? "on" : "off");
}
