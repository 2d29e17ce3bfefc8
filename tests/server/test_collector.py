"""The server's cycle collection by the clock (lastcard.server.collector), in a process of its
own: it turns Python's automatic collection off, which no test process should live with."""

from __future__ import annotations

import subprocess
import sys
import textwrap

PROGRAM = textwrap.dedent(
    """
    import gc, time, weakref
    from lastcard.server.collector import Collector

    class Node:
        pass

    def cycle():
        a, b = Node(), Node()
        a.other, b.other = b, a
        return a

    def wait_for(condition, what):
        deadline = time.monotonic() + 60
        while not condition():
            assert time.monotonic() < deadline, what
            time.sleep(0.005)

    collector = Collector(young_every=0.005, full_every=0.5)
    collector.start()
    assert not gc.isenabled(), "the collector decides, not the allocation count"

    # A cycle that is garbage at once goes with the next young collection.
    young = weakref.ref(cycle())
    wait_for(lambda: young() is None, "young cycle collected")

    # A survivor is frozen, and the young collections walk it no more. Frozen objects are
    # the ones the collector no longer lists (a rise of the frozen count alone could be a
    # collection that came before the survivor was made).
    def frozen(thing):
        return all(tracked is not thing for tracked in gc.get_objects())

    kept = cycle()
    wait_for(lambda: frozen(kept), "kept frozen")
    survivor = cycle()
    wait_for(lambda: frozen(survivor), "survivor frozen")

    # Garbage among the frozen waits for the full collection, which finds it.
    old = weakref.ref(survivor)
    del survivor
    # Only a full collection walks the frozen; its count goes up just after it has collected.
    wait_for(
        lambda: old() is None and collector.full_collections >= 1,
        "old cycle collected by the full collection",
    )

    # Reference counting still frees frozen objects that are not in a cycle.
    plain = Node()
    gone = weakref.ref(plain)
    wait_for(lambda: gc.get_freeze_count() > 0, "frozen")
    del plain
    assert gone() is None

    collector.stop()
    assert gc.isenabled(), "stopping gives the process its own collector back"
    print("ok", collector.full_collections, kept is not None)
    """
)


def test_s8_the_collector_collects_young_and_old_cycles_by_the_clock() -> None:
    done = subprocess.run(
        [sys.executable, "-c", PROGRAM], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("ok "), done.stdout
