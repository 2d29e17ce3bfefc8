// The end of the game: who won, the final scores in standing order (standings.js; a team's sum
// after its players), the game's record to download and check, and the rematch button for a
// seated player.

import { recordUrl, verifyUrl } from "./api.js";
import { app, gameSeat } from "./app.js";
import { byId, h } from "./dom.js";
import { pageWords } from "./page_words.js";
import { standings, teamsOf } from "./standings.js";

/** A player's line of the final scores: "Ana (you): 512 points, winner". */
function finalScore(name, score, won) {
  const line = pageWords("final_score", { name, score });
  return won ? pageWords("final_winner", { line }) : line;
}

/** Draw the end of the game from the latest `state`. */
export function renderOver() {
  const state = app.state;
  const view = state.view;
  const names = state.names.map((name, k) => name || pageWords("seat_number", { seat: k + 1 }));
  const gameId = state.game ?? (app.table ? app.table.game : null);
  const winners = view.winners ?? [];
  byId("winners").textContent = winners.length
    ? pageWords(winners.length > 1 ? "winners" : "winner", {
        names: winners
          .map((seat) => names[seat])
          .reduce((first, last) => pageWords("names_and", { names: first, last })),
      })
    : pageWords("no_winner");
  const order = standings(view.scores, winners, view.rules, view.history ?? []);
  const list = byId("final-scores");
  const items = order.map((seat) =>
    h(
      "li",
      { dataset: { testid: `final-${seat}` } },
      finalScore(
        seat === gameSeat() ? pageWords("seat_name_you", { name: names[seat] }) : names[seat],
        view.scores[seat],
        winners.includes(seat),
      ),
    ),
  );
  for (const team of teamsOf(view.rules, view.players) ?? []) {
    const sum = team.reduce((acc, seat) => acc + view.scores[seat], 0);
    items.push(
      h(
        "li",
        { className: "team" },
        pageWords("team_score", {
          names: team.map((seat) => names[seat]).join(pageWords("team_joiner")),
          score: sum,
        }),
      ),
    );
  }
  list.replaceChildren(...items);
  const record = byId("record-link");
  const verify = byId("verify-link");
  if (gameId) {
    record.href = recordUrl(gameId);
    record.setAttribute("download", `lastcard-${gameId}.json`);
    verify.href = verifyUrl(gameId);
  }
  record.hidden = !gameId;
  verify.hidden = !gameId;
  byId("rematch").hidden = app.you.seat === null || (app.table && app.table.status !== "over");
}
