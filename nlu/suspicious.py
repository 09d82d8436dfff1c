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
import threading
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
_MODEL_NAME = re.compile(r"HXD\d[A-Z]?|HXN\d|DF\d{1,2}[A-Z]?|SS\d[A-Z]?", re.I)


def is_model_name(token: str) -> bool:
    """`token` is a locomotive model name alone (HXD1, DF4B, SS4G), no number after it."""
    return _MODEL_NAME.fullmatch(token) is not None


def _counted_model(text: str, m: re.Match[str], counters: tuple[str, ...]) -> bool:
    return _MODEL_NAME.fullmatch(m.group()) is not None and text[:m.start()].rstrip().endswith(counters)


_PREFIX_REACH = 12  # code points before a number the spaced prefix is looked for in
_PREFIX_WITH_DIGIT = re.compile(r"(?<![A-Za-z0-9])(?=[A-Za-z0-9]{0,4}[A-Za-z])(?=[A-Za-z]{0,4}\d)"
                                r"(?P<prefix>[A-Za-z0-9]{1,5})(?P<number>-?\d{2,12})(?![A-Za-z0-9])")
_NUMBER_SEPARATORS = ":：."
# the number goes on past a clock or decimal separator, or a thousands group (3,482; never 12，34: a list)
_PART_OF_A_NUMBER = re.compile(r"[:：.]\d|,\d{3}(?!\d)")
_QUERY_WINDOW = 64  # how far a query word or question particle is looked for around a bare number


class SuspiciousPatterns:
    """The patterns compiled from one pack's number words (``lexicons/number_context.json``):
    built once per pack (`suspicious_patterns`), never at import or per call."""

    __slots__ = ("joiners", "joiners_or_space", "bare_model", "model_counters", "id_shape", "spaced_prefix",
                 "lookalike_number", "digit_as_letter", "spoken_series", "spoken_series_gate", "spoken_key", "bare_number",
                 "number_continuation", "query_before", "question_after")

    def __init__(self, words) -> None:  # noqa: ANN001 - WordClasses of number_context.json
        self.joiners = joiners = char_class(words.identifier_joiners)
        self.joiners_or_space = joiners + " "
        # a model name with no number after it (HXD1 的状态) — not a model or series (HXD1系列, DF4型),
        # nor the prefix of an identifier written with spaces around its joiner (HXD1 - 0001)
        self.bare_model = re.compile(r"(?<![A-Za-z0-9-])(?:HXD\d[A-Z]?|HXN\d|DF\d{1,2}[A-Z]?|SS\d[A-Z]?)(?![A-Za-z0-9-])"
                                     rf"(?!\s*(?:{alternation(words.model_class_words)}))(?!\s*[{joiners}]\s*\d)")
        # 多少台HXD3C, 那批SS4G, 所有HXD1: a model name counted or gathered is a type, not a key missing its number
        self.model_counters = tuple(words.model_counters)
        # a key-shaped token that is no valid key (ST-5, T-20260102411); not a model or series, nor the
        # prefix of a key written with spaces around its joiner (as for a bare model name)
        self.id_shape = re.compile(rf"(?<![A-Za-z0-9])(?:{_PREFIXES})-?[0-9A-Za-z]*\d[0-9A-Za-z]*(?![A-Za-z0-9])"
                                   rf"(?!\s*(?:{alternation(words.model_class_words)}))(?!\s*[{joiners}]\s*\d)", re.I)
        # AGV - 22: the number right after an identifier prefix and a spaced joiner belongs to it
        self.spaced_prefix = re.compile(rf"(?<![A-Za-z0-9])(?:{_PREFIXES})\s*[{joiners}]\s*$", re.I)
        self.lookalike_number = re.compile(r"(?<![A-Za-z0-9])\d[\d,.]*[OolI][\d,.OolI]*"
                                           rf"(?=\s*(?:{alternation(words.lookalike_number_units)}))")
        # W0-20261201, 5T-03: a digit written for a look-alike letter in an identifier's prefix — the key
        # it resembles is never taken on a guess (design 7.1: ask); the digit → letter readings are data
        self.digit_as_letter = str.maketrans({w[0]: w[1] for w in words.letter_lookalike_digits})
        cn_digits = char_class(words.chinese_digits)
        # 和谐一型零零零一, 东风四B 一二三四: a series said in Chinese and a number read out — a locomotive
        # whose key cannot be confirmed (never HXD1-0001 on a guess); written digits (复兴号G1234) are not spoken
        self.spoken_series = re.compile(rf"(?:{alternation(words.spoken_series_names)})\s*(?:型)?\s*[{cn_digits}0-9]{{0,2}}"
                                        rf"\s*[A-Za-z]?\s*(?:型)?\s*[{cn_digits}](?:\s?[{cn_digits}]){{2,}}")
        self.spoken_series_gate = frozenset("".join(w[0] for w in words.spoken_series_names))
        # T 杠 二零二六 一二零八 三三, AGV 零七: a key prefix (a spoken joiner optional) and a number read out
        # in Chinese digits — a key said aloud, whose digits are never assembled on a guess (design 7.1: ask);
        # a count after it (AGV 十二台) is no key
        self.spoken_key = re.compile(rf"(?<![A-Za-z0-9])(?:{_PREFIXES})\s*(?:(?:{alternation(words.spoken_joiners)})\s*)?"
                                     rf"[{cn_digits}](?:\s?[{cn_digits}])+(?![{cn_digits}])"
                                     rf"(?!\s*(?:[{char_class(words.continuation_characters)}]|{alternation(words.continuation_words)}))",
                                     re.I)
        zero = char_class(words.zero_digits)
        self.bare_number = re.compile(rf"(?<![A-Za-z0-9\-{cn_digits}])(?:\d{{1,12}}|[{zero}][{cn_digits}]{{1,6}}|[{cn_digits}]{{2,6}})"
                                      rf"(?![A-Za-z0-9\-{cn_digits}])")
        # what may follow a number that makes it a quantity, a date or a rank rather than an object
        self.number_continuation = re.compile(rf"\s*(?:[{char_class(words.continuation_characters)}]"
                                              rf"|{alternation(words.continuation_words)})")
        self.query_before = re.compile(rf"(?:{alternation(words.query_words_before)})\s*$")
        self.question_after = re.compile(rf"^\s*(?:{alternation(words.question_words_after)})")

    def joins_identifier(self, text: str, start: int) -> bool:
        """The number starting at `start` follows an identifier prefix and a joiner written with
        spaces (AGV - 22, ST - 05): it is that identifier's number, not a bare one."""
        return start > 0 and text[start - 1] in self.joiners_or_space and \
            self.spaced_prefix.search(text, max(0, start - _PREFIX_REACH), start) is not None


_BY_PACK: dict[int, tuple[object, SuspiciousPatterns]] = {}  # id(pack) -> (pack, its patterns)
_LOCK = threading.Lock()


def suspicious_patterns(pack=None) -> SuspiciousPatterns:  # noqa: ANN001 - a Pack, or None: the default pack
    """The patterns of `pack`'s number words (default: the default pack), built once per pack object."""
    if pack is None:
        # lazy: only this path needs it (a caller without a pipeline), keeps import light; breaks no cycle
        from nlu.lexicon import default_pack

        pack = default_pack()
    got = _BY_PACK.get(id(pack))
    if got is not None and got[0] is pack:
        return got[1]
    with _LOCK:
        got = _BY_PACK.get(id(pack))
        if got is None or got[0] is not pack:
            got = _BY_PACK[id(pack)] = (pack, SuspiciousPatterns(number_context(pack.root)))
        return got[1]


def joins_identifier(text: str, start: int, pack=None) -> bool:  # noqa: ANN001
    """The number starting at `start` follows an identifier prefix and a joiner written with
    spaces (AGV - 22, ST - 05): it is that identifier's number, not a bare one (`pack`'s
    joiners; the default pack's when None)."""
    return suspicious_patterns(pack).joins_identifier(text, start)


@dataclass(frozen=True, slots=True)
class Suspicious:
    start: int
    end: int
    reason: str  # confusable_script / malformed_identifier / lookalike_prefix / lookalike_number / bare_reference / spoken_identifier


def find_suspicious(text: str, valid: Iterable[tuple[int, int]], patterns: Sequence[re.Pattern[str]],
                    pack=None) -> list[Suspicious]:  # noqa: ANN001
    """Suspicious tokens of `text` outside the `valid` identifier spans (by `pack`'s number
    words: the default pack's when None)."""
    sp = suspicious_patterns(pack)
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
    for m in sp.id_shape.finditer(text):
        if free(*m.span()) and not any(p.fullmatch(m.group()) for p in patterns) and not _counted_model(text, m, sp.model_counters):
            found(m.start(), m.end(), "malformed_identifier")
    for m in sp.bare_model.finditer(text):
        if free(*m.span()) and not _counted_model(text, m, sp.model_counters):
            found(m.start(), m.end(), "malformed_identifier")
    if not sp.spoken_series_gate.isdisjoint(text):  # (a series name's first character: rare)
        for m in sp.spoken_series.finditer(text):
            if free(*m.span()):
                found(m.start(), m.end(), "spoken_identifier")
    for m in sp.spoken_key.finditer(text):
        if free(*m.span()):
            found(m.start(), m.end(), "spoken_identifier")
    for m in _PREFIX_WITH_DIGIT.finditer(text):
        if not free(*m.span()):
            continue
        read = m.group("prefix").translate(sp.digit_as_letter) + m.group("number")
        if read != m.group() and any(p.fullmatch(read.upper()) for p in patterns):
            found(m.start(), m.end(), "lookalike_prefix")
    for m in sp.lookalike_number.finditer(text):
        if free(*m.span()):
            found(m.start(), m.end(), "lookalike_number")
    lead = len(text) - len(text.lstrip())
    for m in sp.bare_number.finditer(text):
        s, e = m.span()
        if not free(s, e) or sp.number_continuation.match(text, e) or _PART_OF_A_NUMBER.match(text, e) \
                or (s >= 2 and text[s - 2].isdigit() and (text[s - 1] in _NUMBER_SEPARATORS or text[s - 1] == "," and e - s == 3)):
            continue  # 07:40, 3.5万, 3,482: a piece of a clock, a decimal or a grouped number — a value
        if sp.joins_identifier(text, s):
            continue  # 查 AGV - 22 的位置: an identifier written with spaces, not a bare number
        # (bounded: a query word right before it, a question right after, or nothing before it)
        if sp.query_before.search(text, max(0, s - _QUERY_WINDOW), s) or sp.question_after.match(text[e:e + _QUERY_WINDOW]) \
                or s <= lead:
            found(s, e, "bare_reference")
    out.sort(key=lambda x: x.start)
    return out
