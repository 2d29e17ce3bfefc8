"""`Lines`: a conversation one line at a time, over any pair of text streams.

Everything said is plain text ending in a newline; a question is said without one and waits for
a line. The line is read as the terminal delivers it, edited with the terminal's own keys: not
through readline, which on a dumb terminal scrolls a long question sideways and shows only its
end (a screen reader would read "<" and half a sentence). From a pipe or a file nobody's
terminal echoes the answer, so it is written back after the question and a transcript reads
like the conversation it was. The end of input is an answer of its own (None): whoever asks
decides what it means (the game saves and leaves).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from typing import TextIO

from lastcard.words.spoken import spoken


class Lines:
    """Says lines on `output` and reads answers from `input` (default: standard streams)."""

    def __init__(self, input: TextIO | None = None, output: TextIO | None = None) -> None:
        self.input = input if input is not None else sys.stdin
        self.output = output if output is not None else sys.stdout
        self.interactive = _is_terminal(self.input)

    def say(self, *lines: str) -> None:
        """Each line, without its decoration (`spoken`)."""
        for line in lines:
            self.output.write(spoken(line) + "\n")
        self.output.flush()

    def ask(self, question: str) -> str | None:
        """The answer to `question` (without its newline), or None at the end of input."""
        self.output.write(question)
        self.output.flush()
        line = self.input.readline()
        if not line:
            self.output.write("\n")
            self.output.flush()
            return None
        answer = line.rstrip("\r\n")
        if not self.interactive:  # nobody's terminal echoed it: the transcript shows it
            self.output.write(answer + "\n")
            self.output.flush()
        return answer


def full_screen_available(
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    environ: Mapping[str, str] | None = None,
) -> bool:
    """Whether the full-screen table can be drawn here: standard input and output are both
    terminals, and `TERM` does not call the terminal dumb (as Emacs's shell, some screen-reader
    setups and serial consoles do). Otherwise `lastcard play` plays line by line."""
    stdin = stdin if stdin is not None else sys.stdin
    stdout = stdout if stdout is not None else sys.stdout
    environ = environ if environ is not None else os.environ
    if environ.get("TERM", "").strip().lower() == "dumb":
        return False
    return _is_terminal(stdin) and _is_terminal(stdout)


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # a closed or unusual stream
        return False
