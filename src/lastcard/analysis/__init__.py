"""What the runs of `lastcard.sim` measured, as figures, reports and plots.

- `statistics`: intervals, tests and streaming summaries, on the standard library alone. The
  runs tally with it, so it is the one part of `analysis` that `sim` may import.
- `tournament`: a tournament's files: `results.json`, `results.csv`, `report.md` and its plots.
- `study`: `lastcard study`: the study's cells played by `lastcard.sim.study`, its figures,
  `study.md`, `study.json` and its plots.

`analysis` imports `core`, `bots`, `table` and `sim` (DESIGN.md §1). This file imports nothing:
`sim` importing `analysis.statistics` runs it, and nothing here may import `sim` back.
"""
