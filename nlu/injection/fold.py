"""The judge's view of a text: disguises folded away, with a map back to the text.

Full-width forms, compatibility characters and case are folded (NFKC, case-fold), the
pack's table turns look-alike letters and variant characters into the plain ones
(Cyrillic і → i, 畧 → 略, 無 → 无), invisible format and control characters are dropped,
whitespace runs become one space, a space next to a Han character goes, and a word spelt
out letter by letter (i g n o r e) is joined. Plain characters (printable ASCII, Han, the
usual Chinese punctuation) are only lower-cased. Only the judge reads this view; the text
the user sees and the canonical text are never folded here.

`fold_view` is the plain reference, character by character; `fold_view_fast` gives the same
view (tested against it) for the usual turn — plain characters only, no table character,
no letter-by-letter spelling — with string operations and a lazy position map.
"""
from __future__ import annotations

import re
import unicodedata
from bisect import bisect_right

_PLAIN_CLASS = "\\x20-\\x7e\\u4e00-\\u9fff\\u3001\\u3002\\uff0c\\uff1a\\uff1b\\uff01\\uff1f\\u201c\\u201d\\u2018\\u2019\\u3010\\u3011\\uff08\\uff09\\u300a\\u300b\\n"
_PLAIN = re.compile(f"[{_PLAIN_CLASS}]*")
_PLAIN_CHARS = re.compile(f"[{_PLAIN_CLASS}]")
_SPACED_LETTERS = re.compile(r"(?:^|[^A-Za-z0-9])[A-Za-z] +[A-Za-z](?:$|[^A-Za-z0-9])")
_SPACE_RUN = re.compile(" +")
# The full-width forms NFKC maps to one printable ASCII character (U+FF01–U+FF5E), except the
# usual Chinese punctuation among them, which is plain and kept; and the ideographic space.
_FULL_WIDTH = {chr(c): chr(c - 0xFEE0) for c in range(0xFF01, 0xFF5F) if not _PLAIN_CHARS.fullmatch(chr(c))}
_FULL_WIDTH["\u3000"] = " "
_FULL_WIDTH_RUN = re.compile("[" + "".join(re.escape(c) for c in sorted(_FULL_WIDTH)) + "]+")
_TO_ASCII = str.maketrans(_FULL_WIDTH)


def _to_ascii(m: re.Match[str]) -> str:
    return m.group().translate(_TO_ASCII)


class FoldedView:
    """The folded text and a map from its positions back to the text's."""

    __slots__ = ("text", "_index", "_fpos", "_cum")

    def __init__(self, text: str, index: list[int] | None = None,
                 removals: tuple[list[int], list[int]] | None = None) -> None:
        self.text = text
        self._index = index  # folded position -> text position (reference form)
        # or: folded positions where text was removed, and the removed length up to each
        self._fpos, self._cum = removals or ([], [])

    def pos(self, p: int) -> int:
        if self._index is not None:
            return self._index[p] if p < len(self._index) else (self._index[-1] + 1 if self._index else 0)
        k = bisect_right(self._fpos, p)
        return p + (self._cum[k - 1] if k else 0)

    def span(self, start: int, end: int) -> tuple[int, int]:
        """The text span of folded [start, end)."""
        if start >= end:
            p = self.pos(start)
            return p, p
        return self.pos(start), self.pos(end - 1) + 1


_CHAR_MEMO: dict[tuple[str, int], str] = {}


def _fold_char(ch: str, table: dict[str, str]) -> str:
    out = table.get(ch)
    if out is not None:
        return out
    key = (ch, id(table))
    out = _CHAR_MEMO.get(key)
    if out is None:
        if _PLAIN_CHARS.fullmatch(ch):
            out = ch.lower()
        else:
            cat = unicodedata.category(ch)
            if cat in ("Cf", "Cc") and ch != "\n":
                out = ""
            elif ch.isspace() and ch != "\n":
                out = " "
            else:
                out = "".join(table.get(c, c) for c in unicodedata.normalize("NFKC", ch).casefold())
        if len(_CHAR_MEMO) < 65536:
            _CHAR_MEMO[key] = out
    return out


def _is_han(ch: str) -> bool:
    return "\u3400" <= ch <= "\u9fff"


def fold_view(text: str, table: dict[str, str]) -> FoldedView:
    """The reference form: one character at a time."""
    chars: list[str] = []
    index: list[int] = []
    for i, ch in enumerate(text):
        for c in _fold_char(ch, table):
            if c == " " and (not chars or chars[-1] == " "):
                continue
            chars.append(c)
            index.append(i)
    # a space goes next to a Han character, at either end, and between single letters (i g n o r e)
    keep_c: list[str] = []
    keep_i: list[int] = []
    n = len(chars)
    for j, c in enumerate(chars):
        if c == " ":
            prev = keep_c[-1] if keep_c else ""
            nxt = chars[j + 1] if j + 1 < n else ""
            if not prev or not nxt or _is_han(prev) or _is_han(nxt):
                continue
            single_prev = chars[j - 1].isalpha() and (j < 2 or not chars[j - 2].isalnum())
            single_next = nxt.isalpha() and (j + 2 >= n or not chars[j + 2].isalnum())
            if single_prev and single_next:
                continue
        keep_c.append(c)
        keep_i.append(index[j])
    return FoldedView("".join(keep_c), keep_i)


def table_chars(table: dict[str, str]) -> re.Pattern[str] | None:
    """One character class of the table's keys (built once, beside the table)."""
    return re.compile("[" + "".join(re.escape(k) for k in sorted(table)) + "]") if table else None


def fold_view_fast(text: str, table: dict[str, str], table_re: re.Pattern[str] | None = None) -> FoldedView:
    """Same view as `fold_view`, by string operations when the text allows it."""
    if table_re is None:
        table_re = table_chars(table)
    if table_re is not None and table_re.search(text):
        return fold_view(text, table)
    if not _PLAIN.fullmatch(text):
        # full-width letters, digits and signs (ＡＧＶ－０１, an OCR habit) and the ideographic
        # space fold one to one to their ASCII forms: put them in place first (the offsets do
        # not move), and the rest of the turn may still take the string path
        text_ascii = _FULL_WIDTH_RUN.sub(_to_ascii, text)
        if not _PLAIN.fullmatch(text_ascii) or (table_re is not None and table_re.search(text_ascii)):
            return fold_view(text, table)
        text = text_ascii
    if _SPACED_LETTERS.search(text):
        return fold_view(text, table)
    low = text.lower()  # length-preserving on plain characters
    if " " not in low:
        return FoldedView(low)
    pieces: list[str] = []
    fpos: list[int] = []
    cum: list[int] = []
    removed = 0
    last = 0
    n = len(low)
    for m in _SPACE_RUN.finditer(low):
        s, e = m.span()
        prev = low[s - 1] if s > 0 else ""
        nxt = low[e] if e < n else ""
        # after collapsing the run to one space, the reference drops it next to Han or at an end
        drop_from = s if (not prev or not nxt or _is_han(prev) or _is_han(nxt)) else s + 1
        if drop_from >= e:
            continue
        pieces.append(low[last:drop_from])
        fpos.append(drop_from - removed)
        removed += e - drop_from
        cum.append(removed)
        last = e
    if not fpos:
        return FoldedView(low)
    pieces.append(low[last:])
    return FoldedView("".join(pieces), None, (fpos, cum))
