"""A mover named only by its class noun and sent on: 小车去 ST-05, 车到五号站 (right after
让 / 派 / 叫). Read by the constructions (a dispatch and its mover) and by the write-risk
questions (which mover is meant?), so it stands below both."""
from __future__ import annotations

import functools

from nlu.lexicon.word_classes import implied_action_words
from nlu.semantics.referring import referring_patterns


@functools.cache
def _words() -> tuple[tuple[str, ...], str]:
    """去 / 到, and what may close the turn after the destination (implied_actions.json), read on first use."""
    w = implied_action_words()
    return w.arrival_verbs, " ，,。！!？?" + "".join(w.sent_tail_particles)


def class_mover_sent(text: str, j: int, hi: int, pack=None) -> bool:  # noqa: ANN001 - a Pack, or None: the default pack
    """小车去 / 车到 right after 让/派/叫: a mover class noun (`pack`'s), then 去 or 到 and a destination."""
    up = text[j:hi].upper()
    noun = next((n for n in referring_patterns(pack).mover_nouns if up.startswith(n)), None)
    return noun is not None and sent_on(text, j + len(noun), hi)


def sent_on(text: str, end: int, hi: int) -> bool:
    """去 or 到 and a destination follow the mover ending at `end`."""
    arrival, tail = _words()
    rest = text[end:hi].lstrip()
    return rest[:1] in arrival and bool(rest[1:].strip(tail))
