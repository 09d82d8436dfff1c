"""The cyclic garbage collector paused while many long-lived objects are built at once.

Building a pipeline, warming it, or unpickling a start-up table allocates hundreds of thousands
of long-lived containers and no garbage worth collecting; the collector, triggered every few
hundred allocations, would walk the growing heap again and again. Reference counting still frees
whatever is released meanwhile. One implementation for every such place (nlu.pipeline.memory,
nlu.warm_cache).
"""
from __future__ import annotations

import contextlib
import gc
from typing import Iterator


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """The collector off inside the block and back as it was after; the young generation, which
    now holds everything allocated meanwhile, is collected at once (here, not on whichever
    allocation comes next — a caller's first call, inside its budget)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()
            gc.collect(0)


__all__ = ["collector_paused"]
