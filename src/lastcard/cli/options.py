"""The options several `lastcard` commands share, and the backend (`--backend`, `--address`)
that runs their games.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated

import typer

from lastcard.core import Rules
from lastcard.sim.fast.support import POLICIES
from lastcard.sim.parallel import (
    BACKENDS,
    Backend,
    BackendError,
    LocalBackend,
    RayBackend,
    set_default_backend,
)
from lastcard.words import PRESET_HELP

from .common import bot_choices, choices, fail

PlayersOption = Annotated[
    int, typer.Option("--players", "-p", min=2, max=10, help="Number of players, 2 to 10.")
]
RulesOption = Annotated[
    str,
    typer.Option(
        "--rules",
        "-r",
        metavar="PRESET",
        help="House rules preset. " + choices(Rules.presets(), PRESET_HELP) + ".",
    ),
]
WorkersOption = Annotated[
    int,
    typer.Option(
        "--workers",
        "-w",
        min=0,
        help="Worker processes (0: one per CPU); with --backend ray, the CPUs of the "
        "cluster started for the run (a cluster at --address uses all of its CPUs). "
        "Results do not depend on it.",
    ),
]
EngineOption = Annotated[
    str,
    typer.Option(
        "--engine",
        "-e",
        metavar="ENGINE",
        help="auto: the compiled simulator when it covers the rules and every bot ("
        + ", ".join(POLICIES[:-1])
        + f" and {POLICIES[-1]}; not the 2018 deck, Wild Downpour, elimination, teams or "
        "alternative scoring), else the reference engine; fast: the compiled one or an "
        "error; reference: the reference engine. Both play the same games for the same seed.",
    ),
]
BotOption = Annotated[
    str,
    typer.Option(
        "--bot",
        "-b",
        metavar="BOT",
        help="The bot in every seat. "
        + bot_choices()
        + ". A bot may carry options (heuristic:bluff=false, ismcts:seconds=0.5): "
        "`lastcard bots` lists them.",
    ),
]


BackendOption = Annotated[
    str,
    typer.Option(
        "--backend",
        metavar="BACKEND",
        help="Where the games run. local: processes on this machine. ray: a Ray cluster, the "
        "one at --address or else one started on this machine for the run (needs the ray "
        "extra). The results are the same on either.",
    ),
]
AddressOption = Annotated[
    str | None,
    typer.Option(
        "--address",
        metavar="ADDR",
        help="HOST:PORT of a Ray cluster's head (ray start --head prints it; port 6379 by "
        "default) to run on, with --backend ray.",
    ),
]


def connect_backend(name: str, address: str | None, workers: int) -> Backend:
    """The backend `--backend NAME --address ADDR` asks for, connected now: a missing Ray or
    an unreachable cluster is one line before any work."""
    if name not in BACKENDS:
        raise typer.BadParameter(
            f"unknown backend {name!r}; choose from {', '.join(BACKENDS)}",
            param_hint="'--backend'",
        )
    if address is not None and name != "ray":
        raise typer.BadParameter("--address needs --backend ray", param_hint="'--address'")
    if name == "local":
        return LocalBackend()
    backend = RayBackend(address, num_cpus=workers)
    try:
        backend.connect()
    except BackendError as error:
        raise fail(str(error)) from None
    return backend


@contextmanager
def running_on(backend: Backend) -> Iterator[None]:
    """Make `backend` the one every `run_tasks` uses for the command, then put the previous one
    back and release it (a Ray cluster started for the run is shut down)."""
    previous = set_default_backend(backend)
    try:
        yield
    except BackendError as error:  # the cluster failed during the run
        raise fail(str(error)) from None
    finally:
        set_default_backend(previous)
        backend.close()
