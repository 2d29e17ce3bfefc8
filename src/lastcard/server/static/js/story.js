// The story (role=log): the game told line by line in the server's words (lastcard.words), each
// hand under its heading; the oldest lines go when there are more than STORY_LIMIT.

import { byId, h } from "./dom.js";

const STORY_LIMIT = 500; // lines kept in the story log

/** One line of the story as the server told it (lastcard.words): a hand's or the game's
 * heading, a detail (indented: a hand's cards), or an ordinary line. */
function storyLine(line) {
  const text = String(line).trim();
  if (!text) return null;
  const heading = /^Hand \d+$/.test(text) || /^Game over: /.test(text);
  const indented = /^\s/.test(line);
  return { text, className: heading ? "story-heading" : indented ? "story-detail" : "" };
}

/** Add the server's story lines to the log, kept scrolled to the end when it was there. */
export function addStory(lines) {
  const story = byId("story");
  const atBottom = story.scrollHeight - story.scrollTop - story.clientHeight < 40;
  for (const raw of lines) {
    const line = storyLine(raw);
    if (!line) continue;
    const hand = /^Hand (\d+)$/.exec(line.text);
    story.append(
      h(
        "p",
        { className: line.className || null, dataset: hand ? { hand: hand[1] } : null },
        line.text,
      ),
    );
  }
  while (story.childElementCount > STORY_LIMIT) story.firstElementChild.remove();
  if (atBottom) story.scrollTop = story.scrollHeight;
}

/**
 * A server that cannot tell what this page missed (it restarted) sends the whole current hand
 * again: the story of that hand is told afresh rather than twice. True when it did.
 */
export function forgetRetoldHand(lines) {
  const numbers = lines.map((line) => /^Hand (\d+)$/.exec(String(line).trim())).filter(Boolean);
  if (!numbers.length) return false;
  const story = byId("story");
  const heading = story.querySelector(`[data-hand="${numbers[0][1]}"]`);
  if (!heading) return false;
  while (heading.nextSibling) heading.nextSibling.remove();
  heading.remove();
  return true;
}
