"""Named closed word classes the rules read from the pack, not from string literals.

Three data files hold them, one concern each (``lexicons/README.md``):

* ``referring.json`` — demonstrative phrases (head nouns and classifiers with the entity types
  they restrict to, numerals, ordinals) and the pronoun classes of coreference;
* ``function_words.json`` — grammar words by what they do: negation gap fillers, coverbs,
  clause tails, joiners, question and denial words, imperative openers …;
* ``number_context.json`` — what stands around a number and tells what it is;
* ``implied_actions.json`` — the words of the constructions that carry an action without a
  pack action word (``nlu/semantics/constructions.py``: 把 + V + 成, 派 + mover + 去, 建 + 工单 …)
  and the implied query predicate;
* ``implied_templates.json`` — what tells the answer shape of a data question no trigger word
  names (``nlu/stages/route.py``: 哪 → list, a quantity in a comparison → count);
* ``time_words.json`` — the markers and guard characters of the time grammar's patterns
  (``nlu/values/times.py``; the time tables themselves are in ``values.json``).

A class is read by its name as an attribute in snake case (``function_words().coverbs`` is
``$.classes.coverbs``), so the code shows what a word class is for and never its characters.
Each file is read, checksummed and checked against its schema once per pack root (the rules
compile their patterns from it at import or at stage construction), never per call. A malformed
file raises :class:`~nlu.lexicon.PackError` with a numbered code naming the file and JSON path:
E301 (unreadable or fails its schema), E302 (a class the code reads is missing), E303 (a class of
single characters holds a longer word).
"""
from __future__ import annotations

import re
import threading
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping

from .errors import PackError

REFERRING = "referring.json"
FUNCTION_WORDS = "function_words.json"
NUMBER_CONTEXT = "number_context.json"
IMPLIED_ACTIONS = "implied_actions.json"
IMPLIED_TEMPLATES = "implied_templates.json"
TIME_WORDS = "time_words.json"

E301 = "[E301] {problem}"
E302 = "[E302] {file}: $.classes.{name}: no such word class (the code reads it by this name)"
E303 = "[E303] {file}: $.classes.{name}.words[{index}]: {word!r} is not one character (the class says `characters`)"


def _camel(snake: str) -> str:
    head, *rest = snake.split("_")
    return head + "".join(p.capitalize() for p in rest)


class WordClasses:
    """The named word classes of one data file: ``classes.coverbs`` → the words, in file order."""

    __slots__ = ("file", "_words")

    def __init__(self, file: str, classes: Mapping[str, Any]) -> None:
        self.file = file
        words: dict[str, tuple[str, ...]] = {}
        for name, entry in classes.items():
            if entry.get("characters"):
                for i, w in enumerate(entry["words"]):
                    if len(w) != 1:
                        raise PackError(E303.format(file=file, name=name, index=i, word=w),
                                        file=file, path=f"$.classes.{name}.words[{i}]")
            words[name] = tuple(entry["words"])
        self._words = MappingProxyType(words)

    def __getattr__(self, snake: str) -> tuple[str, ...]:
        if snake.startswith("_"):
            raise AttributeError(snake)
        name = _camel(snake)
        try:
            return self._words[name]
        except KeyError:
            raise PackError(E302.format(file=self.file, name=name), file=self.file,
                            path=f"$.classes.{name}") from None

    def one(self, snake: str) -> str:
        """The single word of a class that names one marker (the attributive 的)."""
        words = getattr(self, snake)
        if len(words) != 1:
            name = _camel(snake)
            raise PackError(f"[E303] {self.file}: $.classes.{name}.words: needs exactly one word, has {len(words)}",
                            file=self.file, path=f"$.classes.{name}.words")
        return words[0]


def alternation(words: tuple[str, ...] | list[str]) -> str:
    """A regex alternation of `words` in their order (the order a pattern tries them)."""
    return "|".join(map(re.escape, words))


def char_class(chars: tuple[str, ...] | str) -> str:
    """The body of a regex character class holding `chars` (without the brackets)."""
    return "".join("\\" + c if c in "\\]^-[" else c for c in chars)


def longest_first(words: list[str]) -> str:
    """A regex group of `words`, the longest tried first."""
    return "(?:" + "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)) + ")"


# Characters a gap may not cross: clause and sentence punctuation (quotes may sit inside).
_GAP = "[^，,、。！？!?；;：:\\n|]"
_GAPS = {"gap": _GAP + "{0,8}?", "gap4": _GAP + "{0,4}?", "gap12": _GAP + "{0,12}?", "gap16": _GAP + "{0,16}?",
         "gap24": _GAP + "{0,24}?"}


def expand(pattern: str, classes: dict[str, list[str]]) -> str:
    """The shape language of ``injection.json``: ``{name}`` → the word class ``classes.name``
    as an alternation (longest first), ``{gap}`` / ``{gap12}`` … → a bounded in-clause gap.
    Here, below both its readers: the injection rules compile with it, the pack checker
    checks every shape with it."""
    def sub(m: re.Match[str]) -> str:
        key = m.group(1)
        if key in _GAPS:
            return _GAPS[key]
        if key in classes:
            return longest_first(classes[key])
        raise KeyError(f"unknown word class {{{key}}}")

    return re.sub(r"\{([a-z][a-z0-9]*)\}", sub, pattern)


@dataclass(frozen=True, slots=True)
class ReferringWords:
    """``referring.json``: what a demonstrative phrase is built of, and the pronoun classes."""

    head_nouns: Mapping[str, tuple[str, ...]]  # head noun -> entity types, in file order
    classifier_types: Mapping[str, tuple[str, ...]]
    numerals: Mapping[str, int]
    ordinals: Mapping[str, str]  # word -> "first" / "last"
    classes: WordClasses


_CACHE: dict[tuple[str, str], Any] = {}
_LOCK = threading.Lock()


def _load(name: str, root: Path | str | None) -> Any:
    # lazy: only this path needs it, keeps import light; breaks no cycle
    from .loader import default_root, load_data_file

    key = (name, str(Path(root) if root is not None else default_root()))
    got = _CACHE.get(key)
    if got is not None:
        return got
    with _LOCK:
        got = _CACHE.get(key)
        if got is None:
            try:
                data = load_data_file(name, key[1])
            except PackError as exc:
                raise PackError(E301.format(problem=exc), file=exc.file, path=exc.path) from None
            got = _build(name, data)
            _CACHE[key] = got
        return got


def _build(name: str, data: Mapping[str, Any]) -> Any:
    classes = WordClasses(name, data["classes"])
    if name != REFERRING:
        return classes
    return ReferringWords(
        head_nouns=MappingProxyType({k: tuple(v) for k, v in data["headNouns"]["types"].items()}),
        classifier_types=MappingProxyType({k: tuple(v) for k, v in data["classifierTypes"]["types"].items()}),
        numerals=MappingProxyType(dict(data["numerals"]["values"])),
        ordinals=MappingProxyType(dict(data["ordinals"]["picks"])),
        classes=classes,
    )


def function_words(root: Path | str | None = None) -> WordClasses:
    """The grammar word classes of the pack at `root` (default pack when None), read once."""
    return _load(FUNCTION_WORDS, root)


def number_context(root: Path | str | None = None) -> WordClasses:
    """The word classes around a number of the pack at `root`, read once."""
    return _load(NUMBER_CONTEXT, root)


def implied_action_words(root: Path | str | None = None) -> WordClasses:
    """The construction word classes of the pack at `root` (default pack when None), read once."""
    return _load(IMPLIED_ACTIONS, root)


def implied_template_words(root: Path | str | None = None) -> WordClasses:
    """The answer-shape word classes of the pack at `root` (default pack when None), read once."""
    return _load(IMPLIED_TEMPLATES, root)


def time_words(root: Path | str | None = None) -> WordClasses:
    """The time grammar's pattern word classes of the pack at `root` (default when None), read once."""
    return _load(TIME_WORDS, root)


def referring_words(root: Path | str | None = None) -> ReferringWords:
    """Demonstrative-phrase parts and pronoun classes of the pack at `root`, read once."""
    return _load(REFERRING, root)


def a_not_a_pivots(root: Path | str | None = None) -> tuple[str, ...]:
    """不 / 没 between two copies of a word (在不在): one list, the clean stage's
    (``cleaning.json`` ``repeatGuard.aNotAPivots``), so negation scope and repetition agree."""
    # lazy: only this path needs it, keeps import light; breaks no cycle
    from .loader import default_root, load_data_file

    key = ("cleaning.json#aNotAPivots", str(Path(root) if root is not None else default_root()))
    got = _CACHE.get(key)
    if got is None:
        try:
            got = tuple(load_data_file("cleaning.json", key[1])["repeatGuard"]["aNotAPivots"])
        except PackError as exc:
            raise PackError(E301.format(problem=exc), file=exc.file, path=exc.path) from None
        _CACHE[key] = got
    return got


__all__ = ["FUNCTION_WORDS", "IMPLIED_ACTIONS", "IMPLIED_TEMPLATES", "NUMBER_CONTEXT", "REFERRING", "TIME_WORDS", "ReferringWords", "WordClasses", "a_not_a_pivots",
           "alternation", "char_class", "expand", "function_words", "implied_action_words", "implied_template_words",
           "longest_first", "number_context", "referring_words", "time_words"]
