// The page /verify/{id} (verify.html): loads the finished game's proof from the server, or a
// file the player downloaded or pasted, runs verify.js on it and shows every check in words.
// Without a document (under node) importing this module does nothing.

import { keptForGame } from "./seeds.js";
import { CHECK_TITLES, verifyBundle } from "./verify.js";

if (typeof document !== "undefined") start();

function start() {
  const form = document.getElementById("check-form");
  const file = document.getElementById("file");
  const paste = document.getElementById("paste");
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const chosen = file.files && file.files[0];
    if (chosen) await check(await chosen.text(), `the file ${chosen.name}`, null);
    else if (paste.value.trim()) await check(paste.value, "the pasted text", null);
    else say("Choose a file or paste its text first.", "idle");
  });
  file.addEventListener("change", () => {
    if (file.files && file.files[0]) form.requestSubmit();
  });
  const id = gameId(location.pathname);
  if (id !== null) loadGame(id);
  else say("Choose or paste a game's record below to check it.", "idle");
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
  say(`Loading game ${id}…`, "busy");
  let response;
  try {
    response = await fetch(`/api/games/${encodeURIComponent(id)}/record`, {
      headers: { Accept: "application/json" },
    });
  } catch {
    say("Could not reach the server. You can still check a downloaded record below.", "idle");
    return;
  }
  const text = await response.text();
  if (!response.ok) {
    say(loadProblem(id, response.status, text), "idle");
    return;
  }
  await check(text, `game ${id} from this server`, `lastcard-game-${id}.json`, keptForGame(id));
}

function loadProblem(id, status, text) {
  let code = "";
  try {
    code = JSON.parse(text).error.code;
  } catch {
    // not the server's error shape: the status says enough
  }
  if (code === "GAME_NOT_OVER" || status === 403) {
    return `Game ${id} is not over yet. The server reveals its seed when the game ends: come back then.`;
  }
  if (status === 404) return `This server knows no game ${id}. Check the address, or choose a downloaded record below.`;
  return `Could not load game ${id} (the server answered ${status}). You can check a downloaded record below.`;
}

/** Check `text`; `kept` is what this browser gave to the game (seeds.js), or null. */
async function check(text, source, downloadName, kept = null) {
  say("Checking…", "busy");
  let report;
  try {
    report = await verifyBundle(text, { own: kept });
  } catch (error) {
    say(`Could not check ${source}: ${error.message}`, "idle");
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
    title.textContent = kept ? "Verified, with your seed" : "Verified";
    summary.textContent =
      `All ${report.checks.length} checks of ${source} passed.` +
      (kept
        ? " The seed this browser gave and the commitment it was shown before it was ready are this game's."
        : " This browser gave no seed to this game (or does not remember it), so it could not check that its own seed was used.");
  } else if (seedUnused) {
    title.textContent = "Mismatch: your seed was not used";
    summary.textContent =
      "The seed this browser gave when it was ready is not among the seeds of this game: the " +
      "server did not deal the game it promised you.";
  } else if (unreadable) {
    title.textContent = "Mismatch";
    summary.textContent = `${source[0].toUpperCase()}${source.slice(1)} is not a game's proof this page can read.`;
  } else {
    title.textContent = "Mismatch";
    summary.textContent = `${failed.length} of ${report.checks.length} checks of ${source} failed: ${failed
      .map((c) => CHECK_TITLES[c.name] ?? c.name)
      .join("; ")}.`;
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
  word.textContent = check.ok ? "Passed: " : "Failed: ";
  const title = document.createElement("span");
  title.textContent = CHECK_TITLES[check.name] ?? check.name;
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
  link.textContent = "Download this record";
  paragraph.append(link, " to keep it, or to check it again with ", code("lastcard verify FILE"), ".");
  return paragraph;
}

function code(text) {
  return Object.assign(document.createElement("code"), { textContent: text });
}
