// The page /verify/{id} (verify.html): loads the finished game's proof from the server, or a
// file the player downloaded or pasted, runs verify.js on it and shows every check in words.
// Without a document (under node) importing this module does nothing: the page's words
// (lastcard.words.page, served as /static/js/words.js) are imported only in a browser, since
// no such file exists on disk for node.

import { keptForGame } from "./seeds.js";
import { verifyBundle } from "./verify.js";

/** The page's words, once loaded: `pageWords` of ../page_words.js. */
let pageWords = null;

// The words of each check's title, by the check's name (fair/verify.js, fairness/verify.py).
const CHECK_WORDS = {
  format: "check_format",
  algorithm: "check_algorithm",
  commitment: "check_commitment",
  seed: "check_seed",
  generator: "check_generator",
  stream: "check_stream",
  deck: "check_deck",
  cards: "check_cards",
  plays: "check_plays",
  your_commitment: "check_your_commitment",
  your_seed: "check_your_seed",
};

if (typeof document !== "undefined") start();

function checkTitle(name) {
  return CHECK_WORDS[name] ? pageWords(CHECK_WORDS[name]) : name;
}

async function start() {
  ({ pageWords } = await import("../page_words.js"));
  const form = document.getElementById("check-form");
  const file = document.getElementById("file");
  const paste = document.getElementById("paste");
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const chosen = file.files && file.files[0];
    if (chosen) {
      const source = pageWords("verify_source_file", { name: chosen.name });
      await check(await chosen.text(), source, null);
    } else if (paste.value.trim()) {
      await check(paste.value, pageWords("verify_source_pasted"), null);
    } else say(pageWords("verify_choose_first"), "idle");
  });
  file.addEventListener("change", () => {
    if (file.files && file.files[0]) form.requestSubmit();
  });
  const id = gameId(location.pathname);
  if (id !== null) loadGame(id);
  else say(pageWords("verify_choose"), "idle");
}

/** The game id of a page at /verify/{id}: the last segment of the path; null elsewhere. */
export function gameId(pathname) {
  const parts = pathname.split("/").filter(Boolean);
  if (parts.length < 2 || parts[parts.length - 2] !== "verify") return null;
  try {
    return decodeURIComponent(parts[parts.length - 1]);
  } catch {
    return null;
  }
}

async function loadGame(id) {
  say(pageWords("verify_loading", { id }), "busy");
  let response;
  try {
    response = await fetch(`/api/games/${encodeURIComponent(id)}/record`, {
      headers: { Accept: "application/json" },
    });
  } catch {
    say(pageWords("verify_unreachable"), "idle");
    return;
  }
  const text = await response.text();
  if (!response.ok) {
    say(loadProblem(id, response.status, text), "idle");
    return;
  }
  const source = pageWords("verify_source_game", { id });
  await check(text, source, `lastcard-game-${id}.json`, keptForGame(id));
}

function loadProblem(id, status, text) {
  let code = "";
  try {
    code = JSON.parse(text).error.code;
  } catch {
    // not the server's error shape: the status says enough
  }
  if (code === "GAME_NOT_OVER" || status === 403) {
    return pageWords("verify_not_over", { id });
  }
  if (status === 404) return pageWords("verify_unknown_game", { id });
  return pageWords("verify_load_failed", { id, status });
}

/** Check `text`; `kept` is what this browser gave to the game (seeds.js), or null. */
async function check(text, source, downloadName, kept = null) {
  say(pageWords("verify_checking"), "busy");
  let report;
  try {
    report = await verifyBundle(text, { own: kept });
  } catch (error) {
    say(pageWords("verify_could_not_check", { source, why: error.message }), "idle");
    return;
  }
  show(report, source, text, downloadName, kept);
}

function say(message, state) {
  const verdict = document.getElementById("verdict");
  verdict.className = `verdict ${state}`;
  verdict.replaceChildren(Object.assign(document.createElement("p"), { textContent: message }));
  document.getElementById("result").setAttribute("aria-busy", String(state === "busy"));
  document.getElementById("checks").replaceChildren();
  document.getElementById("download")?.remove();
}

function show(report, source, text, downloadName, kept) {
  const failed = report.checks.filter((c) => !c.ok);
  const unreadable = report.checks.some((c) => c.name === "format");
  const seedUnused = failed.some((c) => c.name === "your_seed");
  const verdict = document.getElementById("verdict");
  const title = document.createElement("p");
  title.className = "verdict-word";
  const summary = document.createElement("p");
  if (report.ok) {
    // Say plainly which of the browser's own checks could be made (SERVER.md §6 step 4).
    title.textContent = pageWords(kept ? "verify_verified_own" : "verify_verified");
    summary.textContent =
      pageWords("verify_all_passed", { count: report.checks.length, source }) +
      pageWords(kept ? "verify_own_checked" : "verify_own_unchecked");
  } else if (seedUnused) {
    title.textContent = pageWords("verify_seed_unused");
    summary.textContent = pageWords("verify_seed_unused_why");
  } else if (unreadable) {
    title.textContent = pageWords("verify_mismatch");
    summary.textContent = pageWords("verify_unreadable", {
      source: `${source[0].toUpperCase()}${source.slice(1)}`,
    });
  } else {
    title.textContent = pageWords("verify_mismatch");
    summary.textContent = pageWords("verify_some_failed", {
      failed: failed.length,
      count: report.checks.length,
      source,
      titles: failed.map((c) => checkTitle(c.name)).join(pageWords("verify_titles_separator")),
    });
  }
  verdict.className = `verdict done ${report.ok ? "verified" : "mismatch"}`;
  verdict.replaceChildren(title, summary);
  document.getElementById("result").setAttribute("aria-busy", "false");

  const list = document.getElementById("checks");
  list.replaceChildren(...report.checks.map(checkItem));
  if (downloadName) list.after(downloadLink(text, downloadName));
}

function checkItem(check) {
  const item = document.createElement("li");
  item.className = `check ${check.ok ? "passed" : "failed"}`;
  const mark = document.createElement("span");
  mark.className = "mark";
  mark.setAttribute("aria-hidden", "true");
  mark.textContent = check.ok ? "✓" : "✗";
  const word = document.createElement("strong");
  word.textContent = pageWords(check.ok ? "verify_passed" : "verify_failed");
  const title = document.createElement("span");
  title.textContent = checkTitle(check.name);
  const detail = document.createElement("p");
  detail.className = "detail";
  detail.textContent = check.detail;
  const head = document.createElement("p");
  head.className = "check-title";
  head.append(mark, " ", word, title);
  item.append(head, detail);
  return item;
}

function downloadLink(text, name) {
  const paragraph = document.createElement("p");
  paragraph.id = "download";
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  link.download = name;
  link.textContent = pageWords("verify_download");
  // The command sits inside the sentence as code: the words either side of it.
  const [before, after] = pageWords("verify_keep", { command: "{command}" }).split("{command}");
  paragraph.append(link, before, code("lastcard verify FILE"), after);
  return paragraph;
}

function code(text) {
  return Object.assign(document.createElement("code"), { textContent: text });
}
