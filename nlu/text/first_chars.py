"""The characters a regex match can begin with, for a cheap "can it match here?" prefilter.

A pack holds dozens of patterns (injection phrases) that almost never match. Searching a
turn with each costs one pass of the regex engine per pattern; a pattern none of whose
possible first characters occurs in the turn cannot match at all, and one set test settles
it. The analysis reads the pattern's parse tree (`re._parser`, stable since 3.11) and
answers None — "could begin with anything, search it" — for whatever it does not model.
"""
from __future__ import annotations

import re

try:  # the parser module is private; without it every pattern is simply searched
    from re import _constants as _c, _parser
except ImportError:  # pragma: no cover
    _parser = None  # type: ignore[assignment]

_ZERO_WIDTH = ("AT", "ASSERT", "ASSERT_NOT")
_REPEATS = ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT")
_MAX_RANGE = 512


def first_chars(pattern: re.Pattern[str]) -> frozenset[str] | None:
    """Every character a non-empty match of `pattern` can start with, or None when unknown
    (or when the pattern can match the empty string)."""
    if _parser is None:
        return None
    try:
        chars, nullable = _seq(_parser.parse(pattern.pattern, pattern.flags))
    except Exception:  # noqa: BLE001 - any surprise in the private tree: no prefilter
        return None
    if chars is None or nullable:
        return None
    if pattern.flags & re.IGNORECASE:
        chars = chars | {c.swapcase() for c in chars} | {c.lower() for c in chars} | {c.upper() for c in chars}
    return frozenset(chars)


def _seq(items) -> tuple[set[str] | None, bool]:  # noqa: ANN001
    out: set[str] = set()
    for op, av in items:
        chars, nullable = _item(str(op), av)
        if chars is None:
            return None, False
        out |= chars
        if not nullable:
            return out, False
    return out, True


def _item(op: str, av) -> tuple[set[str] | None, bool]:  # noqa: ANN001
    if op == "LITERAL":
        return {chr(av)}, False
    if op == "IN":
        chars: set[str] = set()
        for kind, val in av:
            if str(kind) == "LITERAL":
                chars.add(chr(val))
            elif str(kind) == "RANGE" and val[1] - val[0] < _MAX_RANGE:
                chars.update(chr(c) for c in range(val[0], val[1] + 1))
            else:
                return None, False  # negation, categories (\s, \d), huge ranges
        return chars, False
    if op == "SUBPATTERN":
        return _seq(av[-1])
    if op == "ATOMIC_GROUP":
        return _seq(av)
    if op == "BRANCH":
        out: set[str] = set()
        any_nullable = False
        for branch in av[1]:
            chars, nullable = _seq(branch)
            if chars is None:
                return None, False
            out |= chars
            any_nullable = any_nullable or nullable
        return out, any_nullable
    if op in _REPEATS:
        lo, _hi, sub = av
        chars, nullable = _seq(sub)
        return chars, nullable or lo == 0
    if op in _ZERO_WIDTH:
        return set(), True  # consumes nothing: the match begins at what follows
    return None, False
