"""A tournament's files: `results.json`, `results.csv`, `report.md` (`report`) and PNG plots
(`plots`), written by `write_report` (`files`).
"""

from __future__ import annotations

from .files import CSV_FIELDS, write_report, write_results_csv, write_results_json
from .report import render_report

__all__ = [
    "CSV_FIELDS",
    "render_report",
    "write_report",
    "write_results_csv",
    "write_results_json",
]
