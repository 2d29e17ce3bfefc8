"""One transaction for every table's writes of a moment (SERVER.md §7): `live.Writer` gathers
them while the last commit runs and stores them with `store_batch`, on its storage thread or in
the process of `batch_process`."""

from __future__ import annotations

from typing import Any

from .storage import Storage

Ops = list[tuple[str, tuple[Any, ...], dict[str, Any]]]


def store_batch(batch: list[Ops], storage: Storage) -> list[Exception | None]:
    """Every table's writes in one transaction; what each raised. A table whose writes are one
    action (nearly every step of a game) is stored with the others' by `append_each`; any other
    table's writes go in a savepoint of their own."""
    errors: list[Exception | None] = [None] * len(batch)
    actions = [i for i, ops in enumerate(batch) if _one_action(ops)]
    with storage.batch():
        if actions:
            each = [batch[i][0][1] for i in actions]
            for index, error in zip(actions, storage.append_each(each), strict=True):
                errors[index] = error
        chosen = set(actions)
        for index, ops in enumerate(batch):
            if index in chosen:
                continue
            try:
                with storage.atomic():
                    for method, args, kwargs in ops:
                        getattr(storage, method)(*args, **kwargs)
            except Exception as error:
                errors[index] = error
    return errors


def _one_action(ops: Ops) -> bool:
    return len(ops) == 1 and ops[0][0] == "append" and len(ops[0][1]) == 2 and not ops[0][2]
