"""The value grammar's vocabulary, read once per pack from its ``values.json`` (the default
pack's: ``lexicons/values.json``, or ``$NLU_LEXICON_DIR``'s when it has one).

Numeral characters (simplified, financial and — through :data:`fold` — traditional), signs,
the words of fractions and percentages, money's minor units and foreign currencies, and the
time words (day words, parts of day with their hours, relative year / period / month words).
The code in ``nlu.values`` holds no Chinese word of its own: each rule names what it reads
from here. Validated against its schema by ``nlu lexicon check`` and the tests; read here
with a plain ``json.load`` so that importing the package stays cheap.
"""
from __future__ import annotations

import json
import os
import threading
from decimal import Decimal
from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple

__all__ = ["ValueVocabulary", "vocabulary", "vocabulary_path", "fold", "folder", "FILE"]

FILE = "values.json"
_ENV_LEXICON_DIR = "NLU_LEXICON_DIR"


class ValueVocabulary(NamedTuple):
    revision: str
    fold_table: dict[int, str]  # str.translate table: traditional / full-width -> the form the rules read
    digits: dict[str, int]
    zeros: frozenset[str]
    two: frozenset[str]
    small_units: dict[str, int]
    big_units: dict[str, int]
    point: str
    minus: tuple[str, ...]
    fraction: str
    mixed: str
    half: str
    percent: str
    tens: dict[str, str]  # 廿 / 卅 / 卌 -> the numeral they stand for (read by value, spans unchanged)
    per_units: dict[str, str]  # 百 / 千 before 分之 with no numeral of their own -> % / ‰
    thousands: frozenset[str]
    determiners: frozenset[str]
    not_values: tuple[str, ...]  # words written with numeral characters that are never values (万一, 三元桥)
    minor: dict[str, Decimal]  # 角 / 毛 / 分 -> part of a yuan
    minor_after: tuple[str, ...]
    minor_alone: dict[str, Decimal]  # minor-unit words that make an amount on their own (五毛, 三分钱)
    foreign: dict[str, str]  # currency name -> ISO 4217 code
    foreign_uncertain: tuple[str, ...]
    time: dict[str, Any]
    counting: dict[str, Any]  # default units and currency words, what makes a count, ordinals


class PerRoot:
    """A memo of one value grammar per pack root (None: the default pack), built on first use
    under a lock — never at import. Shared by the numeral, quantity and time grammars."""

    def __init__(self) -> None:
        self.by_root: dict[object, Any] = {}
        self._lock = threading.RLock()

    def get(self, root: object, build) -> Any:  # noqa: ANN001 - build: root -> grammar
        g = self.by_root.get(root)
        if g is None:
            with self._lock:
                g = self.by_root.get(root)
                if g is None:
                    g = self.by_root[root] = build(root)
        return g


def vocabulary_path(root: Path | str | None = None) -> Path:
    """The ``values.json`` read for the pack at `root`: ``$NLU_LEXICON_DIR``'s (when it has
    one) or the shipped pack's when `root` is None."""
    if root is not None:
        return Path(root) / FILE
    env = os.environ.get(_ENV_LEXICON_DIR)
    if env and (Path(env) / FILE).is_file():
        return Path(env) / FILE
    from nlu.lexicon.loader import shipped_root  # a clone's lexicons/ or the wheel's nlu/default_pack

    return shipped_root() / FILE


def vocabulary(root: Path | str | None = None) -> ValueVocabulary:
    """The value vocabulary of the pack at `root` (the default pack's when None), read once per file."""
    if root is None:
        return _default_vocabulary()
    return _vocabulary_at(vocabulary_path(root))


@lru_cache(maxsize=1)
def _default_vocabulary() -> ValueVocabulary:
    return _vocabulary_at(vocabulary_path())


@lru_cache(maxsize=None)  # one per pack file (never emptied by the bench's memo reset)
def _vocabulary_at(path: Path) -> ValueVocabulary:
    with open(path, encoding="utf-8") as fh:
        d = json.load(fh)
    n, money = d["numerals"], d["money"]
    table = {ord(k): v for k, v in d["traditional"].items()}
    table.update({ord(k): v for k, v in d["fullWidth"].items()})
    return ValueVocabulary(
        revision=d["revision"],
        fold_table=table,
        digits=dict(n["digits"]),
        zeros=frozenset(n["zeros"]),
        two=frozenset(n["two"]),
        small_units=dict(n["smallUnits"]),
        big_units=dict(n["bigUnits"]),
        point=n["decimalPoint"],
        minus=tuple(n["minus"]),
        fraction=n["fraction"],
        mixed=n["mixedFraction"],
        half=n["half"],
        percent=n["percent"],
        tens=dict(n["tens"]),
        per_units=dict(n["perUnits"]),
        thousands=frozenset(n["thousandsSeparators"]),
        determiners=frozenset(n["determiners"]),
        not_values=tuple(n["notValues"]),
        minor={k: Decimal(v) for k, v in money["minor"].items()},
        minor_after=tuple(money["minorAfter"]),
        minor_alone={k: Decimal(v) for k, v in money["minorAlone"].items()},
        foreign=dict(money["foreign"]),
        foreign_uncertain=tuple(money["foreignUncertain"]),
        time=d["time"],
        counting=d["counting"],
    )


def folder(v: ValueVocabulary):  # noqa: ANN201 - str -> str
    """`fold` by the tables of the vocabulary `v` (one search in C first, as `fold`)."""
    # lazy: only this path needs it
    import re

    table = v.fold_table
    search = re.compile("[" + re.escape("".join(chr(c) for c in table)) + "]").search

    def fold_by(text: str) -> str:
        if search(text) is None:
            return text
        return text.translate(table)

    return fold_by


def fold(text: str) -> str:
    """One character for one: traditional and full-width forms -> the forms the rules read.
    Offsets are unchanged, so a match on the folded text slices the same span of the input.
    (Most text holds none of them: one search in C says so before any translation.)"""
    if _needs_folding(text) is None:
        return text
    return text.translate(vocabulary().fold_table)


@lru_cache(maxsize=1)
def _fold_search():  # noqa: ANN202
    # lazy: only this path needs it
    import re

    return re.compile("[" + re.escape("".join(chr(c) for c in vocabulary().fold_table)) + "]").search


def _needs_folding(text: str):  # noqa: ANN202
    return _fold_search()(text)
