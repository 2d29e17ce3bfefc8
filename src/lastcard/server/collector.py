"""When the server collects its garbage, so that no collection stops every table for long.

Python frees most objects the moment their last reference goes; its cycle collector finds the
rest by walking objects, and while it walks, every table waits. Left to itself it starts a
young collection after a count of allocations net of deallocations, and a server replacing
each game's state with a new one frees about as much as it allocates: the count stays low
while tens of thousands of new objects pile up, and each young collection walked 55,000-60,000
of them, 40-90 ms on this kind of machine (`benchmarks/server_load.py`, issue 24), with a
collection of everything (a second and more at a thousand tables) every few minutes.

`Collector` collects by the clock instead, from a thread of its own:

- every `young_every` (25 ms) the young generation, a few thousand objects, a few ms; then
  it freezes what survived (`gc.freeze`): objects that lived that long are the tables' games,
  connections and stories, freed by reference counting when they go, and no later collection
  walks them again (collecting the survivors of each second instead took 40-77 ms a time);
- every `full_every` (an hour) everything, frozen or not: the rare cycle that outlived its
  young collection and then became garbage is found there (about 1,000 objects in 45 s at a
  thousand busy tables: an hour's worth is a few megabytes). That is the one long pause left,
  about half a second at a thousand tables (600,000 objects). A rule on the frozen objects'
  growth instead would walk everything each time the server grows by half, every few minutes
  while tables fill it.
"""

from __future__ import annotations

import gc
import threading

YOUNG_EVERY = 0.025
FULL_EVERY = 3600.0


class Collector:
    """The server's cycle collection (see the module docstring); `start` once, `stop` at exit."""

    def __init__(
        self,
        young_every: float = YOUNG_EVERY,
        full_every: float = FULL_EVERY,
    ) -> None:
        self.young_every = young_every
        self.youngs_a_full = max(1, round(full_every / young_every))
        self.full_collections = 0
        self._stopped = threading.Event()
        self._thread = threading.Thread(target=self._run, name="lastcard-gc", daemon=True)

    def start(self) -> None:
        gc.collect()
        gc.freeze()  # what start-up loaded: walked again only by the hourly collection
        gc.disable()  # from now on, this thread decides
        self._thread.start()

    def stop(self) -> None:
        self._stopped.set()
        if self._thread.is_alive() and self._thread is not threading.current_thread():
            self._thread.join()

    def _run(self) -> None:
        try:
            youngs = 0
            while not self._stopped.wait(self.young_every):
                youngs += 1
                if youngs % self.youngs_a_full == 0:
                    self.collect_everything()
                else:
                    gc.collect(0)
                    gc.freeze()
        finally:
            gc.enable()  # never leave the process without a collector

    def collect_everything(self) -> int:
        """Walk every object once (the long pause, kept rare); what it found."""
        gc.unfreeze()
        found = gc.collect()
        gc.freeze()
        self.full_collections += 1
        return found
