"""Keeping a warmed process's long-lived objects out of the cyclic garbage collector's walk.

Warm-up leaves a few hundred thousand objects that live as long as the process: jieba's
dictionary, the pack's indexes, the compiled rules. Every full (generation-2) collection walks
all of them — 60–110 ms on the 2-core machines here, a pause that lands on whichever call is
running and can exhaust its budget, so that call degrades to `use_original` for no reason of
its own. `gc.freeze()` moves what is alive to a permanent generation the collector no longer
walks; those objects are still freed by reference counting when released.
"""
from __future__ import annotations

import gc

from nlu.collector import collector_paused


def freeze_long_lived() -> int:
    """Collect what is garbage now, then freeze every object still alive; returns how many
    objects the permanent generation holds."""
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()


__all__ = ["collector_paused", "freeze_long_lived"]
