"""A mover named only by its class noun and sent on: 小车去 ST-05, 车到五号站 (right after
让 / 派 / 叫). Read by the constructions (a dispatch and its mover) and by the write-risk
questions (which mover is meant?), so it stands below both."""
from __future__ import annotations

import functools
import re

from nlu.lexicon.word_classes import implied_action_words
from nlu.semantics.referring import referring_patterns


@functools.cache
def _words() -> tuple[tuple[str, ...], str]:
    """去 / 到, and what may close the turn after the destination (implied_actions.json), read on first use."""
    w = implied_action_words()
    return w.arrival_verbs, " ，,。！!？?" + "".join(w.sent_tail_particles)


def class_mover_sent(text: str, j: int, hi: int, pack=None, counted: bool = False) -> bool:  # noqa: ANN001 - a Pack, or None: the default pack
    """小车去 / 车到 right after 让/派/叫: a mover class noun (`pack`'s), then 去 or 到 and a destination.
    `counted`: a count before the class noun is read too (调3台空车过来, 调两辆小车到 ST-02: movers
    counted, none named) — only where no write frame was built (a framed 派两台 AGV 去 ST-03 is a
    clear dispatch: write_safety corpora)."""
    count = _COUNT.match(text, j, hi) if counted else None
    k = count.end() if count else j
    up = text[k:hi].upper()
    noun = next((n for n in referring_patterns(pack).mover_nouns if up.startswith(n)), None)
    if noun is None:
        return False
    if count is not None and not text[k + len(noun):hi].strip(_words()[1] + "过来去"):
        return True  # 给 ST-03 派两台车 / 调3台空车过来: how many, not which ones
    return sent_on(text, k + len(noun), hi)


#: a count of movers before their class noun (两台, 3 辆, 几台): how many, not which ones
_COUNT = re.compile(r"\s*(?:[一两二三四五六七八九十几]{1,3}|\d{1,2})\s*[台辆部个]\s*(?:空闲的|空闲|空的|空)?")


def sent_on(text: str, end: int, hi: int) -> bool:
    """去 or 到 and a destination follow the mover ending at `end`."""
    arrival, tail = _words()
    rest = text[end:hi].lstrip()
    return rest[:1] in arrival and bool(rest[1:].strip(tail))
