"""Tokens that look like a key fact but are not a valid one (design 5.3, 7.1, 16.2).

They are never rewritten: the decision stage asks instead.
- identifier-shaped tokens written with confusable scripts (Cyrillic А, Greek Ο in AGV-01);
- malformed identifiers: a known prefix with the wrong digit count (ST-5, T-20260102411) or
  a bare model name where a number should follow (HXD1 的状态) — not one counted, gathered or
  followed by a class noun (多少台HXD3C, 那批HXD3C机车: a type);
- numbers with letter look-alikes among the digits (3,5OO元);
- a locomotive said by its Chinese series name and a number read out (和谐一型零零零一);
- bare numbers standing where an object should be (查 01, 查 零一, 0001 在哪).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable, Sequence

from nlu.lexicon.word_classes import alternation, char_class, number_context

# Cyrillic / Greek capitals that render like Latin ones.
_CONFUSABLE = str.maketrans({
    "А": "A", "В": "B", "Е": "E", "К": "K", "М": "M", "Н": "H", "О": "O", "Р": "P", "С": "C", "Т": "T", "Х": "X",
    "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M", "Ν": "N", "Ο": "O", "Ρ": "P",
    "Τ": "T", "Υ": "Y", "Χ": "X", "а": "a", "е": "e", "о": "o", "р": "p", "с": "c", "х": "x",
})
_CONFUSABLE_CHAR = re.compile("[" + "".join(chr(c) for c in _CONFUSABLE) + "]")
_PREFIXES = r"AGV|HXD\d?[A-Z]?|HXN\d?|DF\d{0,2}[A-Z]?|SS\d?[A-Z]?|T|WO|ST"
_NUMBER_WORDS = number_context()  # lexicons/number_context.json, compiled once at import
_JOINERS = char_class(_NUMBER_WORDS.identifier_joiners)
# a model name with no number after it (HXD1 的状态) — not a model or series (HXD1系列, DF4型),
# nor the prefix of an identifier written with spaces around its joiner (HXD1 - 0001)
_BARE_MODEL = re.compile(r"(?<![A-Za-z0-9-])(?:HXD\d[A-Z]?|HXN\d|DF\d{1,2}[A-Z]?|SS\d[A-Z]?)(?![A-Za-z0-9-])"
                         rf"(?!\s*(?:{alternation(_NUMBER_WORDS.model_class_words)}))(?!\s*[{_JOINERS}]\s*\d)")
# 多少台HXD3C, 那批SS4G, 所有HXD1: a model name counted or gathered is a type, not a key missing its number
_MODEL_COUNTERS = tuple(_NUMBER_WORDS.model_counters)
_MODEL_NAME = re.compile(r"HXD\d[A-Z]?|HXN\d|DF\d{1,2}[A-Z]?|SS\d[A-Z]?", re.I)


def is_model_name(token: str) -> bool:
    """`token` is a locomotive model name alone (HXD1, DF4B, SS4G), no number after it."""
    return _MODEL_NAME.fullmatch(token) is not None


def _counted_model(text: str, m: re.Match[str]) -> bool:
    return _MODEL_NAME.fullmatch(m.group()) is not None and text[:m.start()].rstrip().endswith(_MODEL_COUNTERS)

# a key-shaped token that is no valid key (ST-5, T-20260102411); not a model or series, nor the
# prefix of a key written with spaces around its joiner (as for a bare model name)
_ID_SHAPE = re.compile(rf"(?<![A-Za-z0-9])(?:{_PREFIXES})-?[0-9A-Za-z]*\d[0-9A-Za-z]*(?![A-Za-z0-9])"
                       rf"(?!\s*(?:{alternation(_NUMBER_WORDS.model_class_words)}))(?!\s*[{_JOINERS}]\s*\d)", re.I)
# AGV - 22: the number right after an identifier prefix and a spaced joiner belongs to it
_SPACED_PREFIX = re.compile(rf"(?<![A-Za-z0-9])(?:{_PREFIXES})\s*[{_JOINERS}]\s*$", re.I)
_PREFIX_REACH = 12  # code points before a number the spaced prefix is looked for in
_LOOKALIKE_NUMBER = re.compile(r"(?<![A-Za-z0-9])\d[\d,.]*[OolI][\d,.OolI]*"
                               rf"(?=\s*(?:{alternation(_NUMBER_WORDS.lookalike_number_units)}))")
# W0-20261201, 5T-03: a digit written for a look-alike letter in an identifier's prefix — the key
# it resembles is never taken on a guess (design 7.1: ask); the digit → letter readings are data
_DIGIT_AS_LETTER = str.maketrans({w[0]: w[1] for w in _NUMBER_WORDS.letter_lookalike_digits})
_PREFIX_WITH_DIGIT = re.compile(r"(?<![A-Za-z0-9])(?=[A-Za-z0-9]{0,4}[A-Za-z])(?=[A-Za-z]{0,4}\d)"
                                r"(?P<prefix>[A-Za-z0-9]{1,5})(?P<number>-?\d{2,12})(?![A-Za-z0-9])")
_CN_DIGITS = char_class(_NUMBER_WORDS.chinese_digits)
# 和谐一型零零零一, 东风四B 一二三四: a series said in Chinese and a number read out — a locomotive
# whose key cannot be confirmed (never HXD1-0001 on a guess); written digits (复兴号G1234) are not spoken
_SPOKEN_SERIES = re.compile(rf"(?:{alternation(_NUMBER_WORDS.spoken_series_names)})\s*(?:型)?\s*[{_CN_DIGITS}0-9]{{0,2}}"
                            rf"\s*[A-Za-z]?\s*(?:型)?\s*[{_CN_DIGITS}](?:\s?[{_CN_DIGITS}]){{2,}}")
_SPOKEN_SERIES_GATE = frozenset("".join(w[0] for w in _NUMBER_WORDS.spoken_series_names))
_ZERO = char_class(_NUMBER_WORDS.zero_digits)
_BARE_NUMBER = re.compile(rf"(?<![A-Za-z0-9\-{_CN_DIGITS}])(?:\d{{1,12}}|[{_ZERO}][{_CN_DIGITS}]{{1,6}}|[{_CN_DIGITS}]{{2,6}})(?![A-Za-z0-9\-{_CN_DIGITS}])")
# what may follow a number that makes it a quantity, a date or a rank rather than an object
_NUMBER_CONTINUATION = re.compile(rf"\s*(?:[{char_class(_NUMBER_WORDS.continuation_characters)}]"
                                  rf"|{alternation(_NUMBER_WORDS.continuation_words)})")
_QUERY_WINDOW = 64  # how far a query word or question particle is looked for around a bare number
_QUERY_BEFORE = re.compile(rf"(?:{alternation(_NUMBER_WORDS.query_words_before)})\s*$")
_QUESTION_AFTER = re.compile(rf"^\s*(?:{alternation(_NUMBER_WORDS.question_words_after)})")


def joins_identifier(text: str, start: int) -> bool:
    """The number starting at `start` follows an identifier prefix and a joiner written with
    spaces (AGV - 22, ST - 05): it is that identifier's number, not a bare one."""
    return start > 0 and text[start - 1] in _JOINERS + " " and \
        _SPACED_PREFIX.search(text, max(0, start - _PREFIX_REACH), start) is not None


@dataclass(frozen=True, slots=True)
class Suspicious:
    start: int
    end: int
    reason: str  # confusable_script / malformed_identifier / lookalike_prefix / lookalike_number / bare_reference / spoken_identifier


def find_suspicious(text: str, valid: Iterable[tuple[int, int]], patterns: Sequence[re.Pattern[str]]) -> list[Suspicious]:
    """Suspicious tokens of `text` outside the `valid` identifier spans."""
    valid = list(valid)
    out: list[Suspicious] = []
    # characters taken by a valid identifier or an earlier finding: one mask, so each test
    # reads the token's own characters instead of every span found so far (linear overall)
    taken = bytearray(len(text) + 1)
    for a, b in valid:
        taken[a:b] = b"\x01" * (b - a)

    def free(s: int, e: int) -> bool:
        if s >= e:  # an empty span: the plain definition
            return not any(s < b and a < e for a, b in valid) and not any(s < x.end and x.start < e for x in out)
        return taken.find(1, s, e) < 0

    def found(s: int, e: int, reason: str) -> None:
        out.append(Suspicious(s, e, reason))
        taken[s:e] = b"\x01" * (e - s)

    # (str.translate walks a Chinese turn through its slow non-ASCII path: only a turn holding a
    # confusable letter is translated)
    if _CONFUSABLE_CHAR.search(text):
        latin = text.translate(_CONFUSABLE)
        for pat in patterns:
            for m in pat.finditer(latin):
                if text[m.start():m.end()] != m.group() and free(*m.span()):
                    found(m.start(), m.end(), "confusable_script")
    for m in _ID_SHAPE.finditer(text):
        if free(*m.span()) and not any(p.fullmatch(m.group()) for p in patterns) and not _counted_model(text, m):
            found(m.start(), m.end(), "malformed_identifier")
    for m in _BARE_MODEL.finditer(text):
        if free(*m.span()) and not _counted_model(text, m):
            found(m.start(), m.end(), "malformed_identifier")
    if not _SPOKEN_SERIES_GATE.isdisjoint(text):  # (a series name's first character: rare)
        for m in _SPOKEN_SERIES.finditer(text):
            if free(*m.span()):
                found(m.start(), m.end(), "spoken_identifier")
    for m in _PREFIX_WITH_DIGIT.finditer(text):
        if not free(*m.span()):
            continue
        read = m.group("prefix").translate(_DIGIT_AS_LETTER) + m.group("number")
        if read != m.group() and any(p.fullmatch(read.upper()) for p in patterns):
            found(m.start(), m.end(), "lookalike_prefix")
    for m in _LOOKALIKE_NUMBER.finditer(text):
        if free(*m.span()):
            found(m.start(), m.end(), "lookalike_number")
    lead = len(text) - len(text.lstrip())
    for m in _BARE_NUMBER.finditer(text):
        s, e = m.span()
        if not free(s, e) or _NUMBER_CONTINUATION.match(text, e):
            continue
        if joins_identifier(text, s):
            continue  # 查 AGV - 22 的位置: an identifier written with spaces, not a bare number
        # (bounded: a query word right before it, a question right after, or nothing before it)
        if _QUERY_BEFORE.search(text, max(0, s - _QUERY_WINDOW), s) or _QUESTION_AFTER.match(text[e:e + _QUERY_WINDOW]) \
                or s <= lead:
            found(s, e, "bare_reference")
    out.sort(key=lambda x: x.start)
    return out
