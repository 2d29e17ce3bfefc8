"""The listed-iff-accepted property (tests/core/test_one_legality.py) at a larger scale, with
the count of what it tried: positions, listed actions applied, unlisted action numbers refused.

    python benchmarks/legality_audit.py [--scale 8] [--workers 2]

It runs that test module under pytest with `LASTCARD_LEGALITY_SCALE` (positions per game and
unlisted numbers per seat, times the scale) and sums the counts each case writes.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scale", type=int, default=8, help="multiplies states and numbers")
    parser.add_argument("--workers", type=int, default=2)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        counts = Path(folder) / "counts.jsonl"
        env = {
            **os.environ,
            "LASTCARD_LEGALITY_SCALE": str(options.scale),
            "LASTCARD_LEGALITY_COUNTS": str(counts),
        }
        started = time.monotonic()
        done = subprocess.run(
            [sys.executable, "-m", "pytest", "tests/core/test_one_legality.py", "-q"]
            + (["-n", str(options.workers)] if options.workers > 1 else [])
            + ["-k", "accepted_if_and_only_if"],
            cwd=ROOT,
            env=env,
            check=False,
        )
        lines = [json.loads(line) for line in counts.read_text().splitlines()]
    total: Counter[str] = Counter()
    for line in lines:
        total.update({k: v for k, v in line.items() if k != "case"})
    print(
        f"{len(lines)} rule sets x table sizes, {total['states']:,} positions, "
        f"{total['listed']:,} listed actions applied, {total['unlisted']:,} unlisted action "
        f"numbers refused with a reason, {time.monotonic() - started:.0f} s; pytest exit "
        f"{done.returncode}"
    )
    sys.exit(done.returncode)


if __name__ == "__main__":
    main()
