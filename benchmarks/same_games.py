"""Same seeds, same games: run a fixed set of `lastcard` commands and print a digest of each
output with its timings, dates and paths taken out, so that two versions of the code can be
compared (run it on each; equal digests mean identical games, figures and reports).

    python benchmarks/same_games.py --out OUT [--quick]

OUT receives each command's normalised output (`NAME.txt`) for a `diff -r` of two runs. The
commands are issue 8's (simulate under three presets, two tournaments, a study, a watched and
saved game), plus `simulate --engine reference` so that the reference engine is compared even
where the compiled simulator would otherwise play.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

# Keys whose values depend on the machine or the moment, not on the games.
_VOLATILE_KEYS = re.compile(r"second|elapsed|time|date|duration|per_s|rate_s|path|out|command")
# Words in printed text that depend on the machine or the moment.
_VOLATILE_TEXT = [
    (re.compile(r"[\d,.]+ ?(games|hands|actions)/s"), r"<rate> \1/s"),
    (re.compile(r"(games|hands|actions)/s( +)[\d,.]+"), r"\1/s\2<rate>"),
    (re.compile(r"\([\d,.]+/s\)"), "(<rate>)"),  # a tournament's header: "12.3 s (93.0/s)"
    (re.compile(r"\b\d+(\.\d+)? ?(s|ms|seconds|min)\b"), "<time>"),
    (re.compile(r"\d{4}-\d\d-\d\d[ T][\d:.]+\S*"), "<date>"),
    (re.compile(r"/\S+"), "<path>"),
]


def _commands(quick: bool) -> dict[str, list[str]]:
    scale = 10 if quick else 1
    return {
        "simulate_official": ["simulate", "-p", "4", "-n", str(300 // scale), "-s", "3"],
        "simulate_official_reference": [
            *("simulate", "-p", "4", "-n", str(100 // scale), "-s", "3"),
            *("--engine", "reference"),
        ],
        "simulate_party": [
            *("simulate", "-p", "5", "-n", str(200 // scale), "-s", "4", "-r", "party"),
        ],
        "simulate_h2o": ["simulate", "-p", "4", "-n", str(100 // scale), "-s", "5", "-r", "h2o"],
        "tournament_hands": [
            *("tournament", "--bots", "heuristic,greedy,random,eager"),
            *("--games", str(400 // scale), "--seed", "2", "--workers", "2"),
        ],
        "tournament_matches": [
            *("tournament", "--bots", "heuristic,greedy,eager", "--games", str(30 // scale)),
            *("--matches", "--rules", "party", "--seed", "9", "--workers", "2"),
        ],
        "study": [
            *("study", "--games", str(60 // scale), "--seed", "1", "--workers", "2"),
            *("--players", "2,4"),
        ],
        "watch": ["watch", "--seed", "11", "--players", "3", "--rules", "party", "--delay", "0"],
    }


def _normalise_json(value: object) -> object:
    if isinstance(value, dict):
        return {
            k: _normalise_json(v) for k, v in value.items() if not _VOLATILE_KEYS.search(str(k))
        }
    if isinstance(value, list):
        return [_normalise_json(v) for v in value]
    return value


def _normalise_text(text: str) -> str:
    for pattern, replacement in _VOLATILE_TEXT:
        text = pattern.sub(replacement, text)
    return text


def _run(name: str, args: list[str], work: Path) -> str:
    out_dir = work / name
    extra: list[str] = []
    if args[0] in ("tournament", "study"):
        extra = ["--out", str(out_dir)]
    elif args[0] == "watch":
        extra = ["--save", str(work / f"{name}.json")]
    done = subprocess.run(
        [sys.executable, "-m", "lastcard", *args, *extra],
        capture_output=True,
        text=True,
        check=True,
        # The caller's environment (its PYTHONPATH picks the code to compare), plain output.
        env={**os.environ, "NO_COLOR": "1", "COLUMNS": "120", "TERM": "dumb"},
    )
    parts = [f"$ lastcard {' '.join(args)}", _normalise_text(done.stdout)]
    for path in sorted(out_dir.rglob("*")) if out_dir.exists() else ():
        if path.suffix == ".json":
            data = _normalise_json(json.loads(path.read_text()))
            parts.append(f"== {path.name}\n{json.dumps(data, indent=1, sort_keys=True)}")
        elif path.suffix in (".csv", ".md"):
            parts.append(f"== {path.name}\n{_normalise_text(path.read_text())}")
    saved = work / f"{name}.json"
    if saved.exists():
        record = json.loads(saved.read_text())
        parts.append(f"== record digest {record.get('digest')}, {len(record['actions'])} actions")
    return "\n".join(parts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, required=True, help="folder for normalised outputs")
    parser.add_argument("--quick", action="store_true", help="a tenth of the games")
    options = parser.parse_args()
    options.out.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="same-games-"))
    try:
        for name, args in _commands(options.quick).items():
            text = _run(name, args, work)
            (options.out / f"{name}.txt").write_text(text)
            digest = hashlib.sha256(text.encode()).hexdigest()[:16]
            print(f"{name:30} {digest}", flush=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
