"""A throwaway PostgreSQL server made from the machine's server binaries, for the tests and for
`make cluster` (deploy/cluster.py).

    server = PostgresServer.start(binaries())  # initdb into a new directory, then `postgres`
    url = server.new_database()                # a fresh, empty database
    server.restart()                           # a fast shutdown, then `postgres` again
    server.stop()                              # the server ends and its directory is removed

The server listens on no TCP port, only on a unix socket in its own directory (a temporary one
unless given), so concurrent test sessions never meet. PostgreSQL refuses to run as root: under
root (as the tests run on CI) it runs as the `postgres` user, or `nobody` where there is none.
Durability settings are off (fsync): the tests kill lastcard's processes, never this server's
machine, and `make cluster`'s data is thrown away when it stops.

The binaries are found in `$LASTCARD_POSTGRES_BIN` (a directory), else beside the `initdb` on
PATH, else in `pg_config --bindir` (where Debian's `postgresql` package puts them).
"""

from __future__ import annotations

import contextlib
import itertools
import os
import pwd
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any
from urllib.parse import quote

import psycopg

ENV_BINARIES = "LASTCARD_POSTGRES_BIN"
USER = "lastcard"  # the server's superuser, trusted on its socket
PORT = 5432  # names the socket file only: no TCP port is opened
START_SECONDS = 60.0  # a loaded machine's initdb and start; ready is seen as soon as it is
# The superuser, trusted on the socket; UTF-8 without a locale; no waiting for the disk (as
# `fsync` below).
INITDB_OPTIONS = ("-U", USER, "-A", "trust", "-E", "UTF8", "--no-locale", "--no-sync")
SETTINGS = {
    "listen_addresses": "''",
    "fsync": "off",
    "synchronous_commit": "off",
    "full_page_writes": "off",
    "max_connections": "200",  # every live lastcard process and storage test holds one
    "shared_buffers": "16MB",  # many servers may share a small machine
}


def binaries() -> Path | None:
    """The directory holding `initdb` and `postgres`, or None when the machine has none."""
    candidates: list[Path] = []
    if os.environ.get(ENV_BINARIES):
        candidates.append(Path(os.environ[ENV_BINARIES]))
    if initdb := shutil.which("initdb"):
        candidates.append(Path(initdb).resolve().parent)
    if shutil.which("pg_config"):
        found = subprocess.run(["pg_config", "--bindir"], capture_output=True, text=True)
        if found.returncode == 0:
            candidates.append(Path(found.stdout.strip()))
    for directory in candidates:
        if (directory / "initdb").is_file() and (directory / "postgres").is_file():
            return directory
    return None


def _run_as() -> dict[str, Any]:
    """What `subprocess` needs to run a command as a user PostgreSQL accepts."""
    if os.geteuid() != 0:
        return {}
    for name in ("postgres", "nobody"):
        with contextlib.suppress(KeyError):
            user = pwd.getpwnam(name)
            return {"user": user.pw_uid, "group": user.pw_gid, "extra_groups": []}
    raise RuntimeError("running as root with no `postgres` or `nobody` user to run PostgreSQL")


def reachable(directory: Path) -> bool:
    """Whether the user PostgreSQL runs as can reach `directory` (every folder above it must
    let that user through: a root-only one, like pytest's or /root, does not)."""
    as_user = _run_as()
    if not as_user:
        return True
    for folder in directory.absolute().parents:
        mode = folder.stat()
        through = 0o001 | (0o010 if mode.st_gid == as_user["group"] else 0)
        if mode.st_uid != as_user["user"] and not mode.st_mode & through:
            return False
    return True


class PostgresServer:
    def __init__(self, directory: Path, process: subprocess.Popen[bytes], bindir: Path) -> None:
        self.directory = directory
        self.process = process
        self.bindir = bindir
        self._names = itertools.count()

    @classmethod
    def start(cls, bindir: Path, directory: Path | None = None) -> PostgresServer:
        """A new server in `directory` (which must not exist: its files are the server's and go
        with it), else in a new temporary directory."""
        as_user = _run_as()
        if directory is None:
            directory = Path(tempfile.mkdtemp(prefix="lastcard-pg-"))
        else:
            directory = directory.absolute()
            directory.mkdir(parents=True)
        if as_user:
            os.chown(directory, as_user["user"], as_user["group"])
        data = directory / "data"
        try:
            subprocess.run(
                [bindir / "initdb", "-D", data, *INITDB_OPTIONS],
                check=True,
                capture_output=True,
                cwd=directory,
                **as_user,
            )
            settings = {**SETTINGS, "unix_socket_directories": f"'{directory}'", "port": PORT}
            with (data / "postgresql.conf").open("a") as conf:
                conf.writelines(f"{key} = {value}\n" for key, value in settings.items())
            process = _postgres(bindir, directory)
        except BaseException as error:
            shutil.rmtree(directory, ignore_errors=True)
            if isinstance(error, subprocess.CalledProcessError):
                raise RuntimeError(f"initdb failed: {error.stderr.decode()[-2000:]}") from None
            raise
        server = cls(directory, process, bindir)
        try:
            server._wait_ready()
        except BaseException:
            server.stop()
            raise
        return server

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{USER}@/{database}?host={quote(str(self.directory), safe='')}"

    def _wait_ready(self) -> None:
        """Until the server accepts a connection (or has exited, or the time is up)."""
        deadline = time.monotonic() + START_SECONDS
        while True:
            if self.process.poll() is not None:
                raise RuntimeError(f"PostgreSQL exited: {self.log()}")
            try:
                psycopg.connect(self.url(), connect_timeout=5).close()
                return
            except psycopg.OperationalError:
                if time.monotonic() > deadline:
                    raise RuntimeError(f"PostgreSQL did not start: {self.log()}") from None
                time.sleep(0.05)

    def log(self) -> str:
        path = self.directory / "server.log"
        return path.read_text(errors="replace")[-2000:] if path.exists() else ""

    def new_database(self, name: str | None = None) -> str:
        """A new, empty database (named `name`, else test_N); its URL."""
        name = name or f"test_{next(self._names)}"
        with psycopg.connect(self.url(), autocommit=True) as admin:
            # Copying the template's files is twice as fast as logging them (PostgreSQL 15's
            # default); older servers know only the copy.
            copy = " STRATEGY FILE_COPY" if admin.info.server_version >= 150000 else ""
            admin.execute(f"CREATE DATABASE {name}{copy}")  # type: ignore[arg-type]
        return self.url(name)

    def restart(self) -> None:
        """Stop the server (a fast shutdown: every session ends) and start it again on the same
        data: what a database's clients see when their server restarts."""
        self._end(signal.SIGINT)
        self.process = _postgres(self.bindir, self.directory)
        self._wait_ready()

    def stop(self) -> None:
        """End the server at once (an immediate shutdown) and remove its directory."""
        self._end(signal.SIGQUIT)
        shutil.rmtree(self.directory, ignore_errors=True)

    def _end(self, sig: signal.Signals) -> None:
        if self.process.poll() is None:
            self.process.send_signal(sig)
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def _postgres(bindir: Path, directory: Path) -> subprocess.Popen[bytes]:
    """`postgres` on the data in `directory`, its output appended to the log there."""
    with (directory / "server.log").open("ab") as output:
        return subprocess.Popen(
            [bindir / "postgres", "-D", directory / "data"],
            stdout=output,
            stderr=subprocess.STDOUT,
            cwd=directory,
            start_new_session=True,  # a Ctrl-C meant for its starter reaches the starter alone
            **_run_as(),
        )


if __name__ == "__main__":  # `make postgres`: are the binaries here?
    found = binaries()
    print(found or "no PostgreSQL server binaries", file=sys.stdout if found else sys.stderr)
    sys.exit(0 if found else 1)
