// The order of the final scores and the teams, from a view's rules (narration.standings and
// Rules.team_of_seats in Python): how the end of a game is laid out, not what it says.

/** The seats that form teams under `rules` (a Rules.to_dict()), or null. */
export function teamsOf(rules, players) {
  const teams = rules ? rules.teams : null;
  if (teams === null || teams === undefined) return null;
  if (teams === "partners") {
    return players === 4
      ? [
          [0, 2],
          [1, 3],
        ]
      : null;
  }
  return Array.isArray(teams) ? teams : null;
}

/** The number of the hand after which each eliminated seat was eliminated. */
function eliminationHands(history) {
  const out = new Map();
  for (const result of history) {
    for (const seat of result.eliminated ?? []) out.set(seat, result.number);
  }
  return out;
}

/**
 * Seats best first: the winners, then the others. Under elimination the others are ranked by
 * how long they lasted; otherwise by total, low first when low is good.
 */
export function standings(totals, winners, rules, history = []) {
  const elimination = Boolean(rules && rules.elimination);
  const lowWins = elimination || (rules && rules.scoring === "alternative");
  const sign = lowWins ? 1 : -1;
  const lasted = elimination ? eliminationHands(history) : new Map();
  const never = history.length + 1;
  const key = (seat) => [
    winners.includes(seat) ? 0 : 1,
    -(lasted.has(seat) ? lasted.get(seat) : never),
    sign * totals[seat],
    seat,
  ];
  const seats = totals.map((_, seat) => seat);
  seats.sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    for (let i = 0; i < ka.length; i += 1) {
      if (ka[i] !== kb[i]) return ka[i] - kb[i];
    }
    return 0;
  });
  return seats;
}
