"""`python -m lastcard`: the same as the `lastcard` command."""

from lastcard.cli import main

main()
