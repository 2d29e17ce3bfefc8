// The HTTP side of the server (SERVER.md §2): JSON in, JSON out, errors as ApiError.

import { pageWords } from "./page_words.js";

/** A refused request: `code` from the reply's {error: {code, message}}, else HTTP_<status>. */
export class ApiError extends Error {
  /** `words`: the server's sentence for the person (server/protocol_words.py), if any. */
  constructor(code, message, status, words = null) {
    super(message);
    this.code = code;
    this.status = status;
    this.words = words;
  }
}

async function request(method, path, body) {
  let response;
  try {
    response = await fetch(path, {
      method,
      headers:
        body === undefined
          ? { Accept: "application/json" }
          : {
              Accept: "application/json",
              "Content-Type": "application/json",
            },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(
      "NETWORK",
      pageWords("unreachable"),
      0,
    );
  }
  let data;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const error = data && data.error ? data.error : {};
    throw new ApiError(
      error.code ?? `HTTP_${response.status}`,
      error.message ??
        pageWords("server_answered", { status: response.status, text: response.statusText }),
      response.status,
      error.words ?? null,
    );
  }
  return data;
}

export const getPresets = () => request("GET", "/api/presets");
export const listTables = () => request("GET", "/api/tables");
export const createTable = (body) => request("POST", "/api/tables", body);
export const joinTable = (code, body) =>
  request("POST", `/api/tables/${encodeURIComponent(code)}/join`, body);

export function recordUrl(gameId) {
  return `/api/games/${encodeURIComponent(gameId)}/record`;
}

export function verifyUrl(gameId) {
  return `/verify/${encodeURIComponent(gameId)}`;
}

export function tableUrl(code) {
  return `/t/${encodeURIComponent(code)}`;
}
