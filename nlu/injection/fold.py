"""The judge's view of a text: disguises folded away, with a map back to the text.

Full-width forms, compatibility characters and case are folded (NFKC, case-fold), the
pack's table turns look-alike letters and variant characters into the plain ones
(Cyrillic і → i, 畧 → 略, 無 → 无), invisible format and control characters are dropped,
whitespace runs become one space, a space next to a Han character goes, and a word spelt
out letter by letter (i g n o r e) is joined. Only the judge reads this view; the text the
user sees and the canonical text are never folded here.
"""
from __future__ import annotations

import re
import unicodedata
from typing import NamedTuple

# Text the fast path may read as it stands (lower-cased): printable ASCII, Han and the
# usual Chinese punctuation, single spaces between tokens.
_PLAIN = re.compile(r"[\x20-\x7e\u4e00-\u9fff\u3001\u3002\uff0c\uff1a\uff1b\uff01\uff1f\u201c\u201d\u2018\u2019\u3010\u3011\uff08\uff09\u300a\u300b\n]*")
_NEEDS_SLOW = re.compile(r"  |(?:^|[^A-Za-z0-9])[A-Za-z] [A-Za-z](?:$|[^A-Za-z0-9])| (?=[\u4e00-\u9fff])|(?<=[\u4e00-\u9fff]) ")


class FoldedView(NamedTuple):
    text: str
    index: list[int] | None  # folded position -> text position; None when they coincide

    def span(self, start: int, end: int) -> tuple[int, int]:
        """The text span of folded [start, end)."""
        if self.index is None:
            return start, end
        if start >= end:
            pos = self.index[start] if start < len(self.index) else (self.index[-1] + 1 if self.index else 0)
            return pos, pos
        return self.index[start], self.index[end - 1] + 1


_CHAR_MEMO: dict[str, str] = {}


def _fold_char(ch: str, table: dict[str, str]) -> str:
    out = table.get(ch)
    if out is not None:
        return out
    out = _CHAR_MEMO.get(ch)
    if out is None:
        cat = unicodedata.category(ch)
        if cat in ("Cf", "Cc") and ch != "\n":
            out = ""
        elif ch.isspace() and ch != "\n":
            out = " "
        else:
            out = unicodedata.normalize("NFKC", ch).casefold()
            out = "".join(table.get(c, c) for c in out)
        if len(_CHAR_MEMO) < 65536:
            _CHAR_MEMO[ch] = out
    return out


def _is_han(ch: str) -> bool:
    return "\u3400" <= ch <= "\u9fff"


def fold_view(text: str, table: dict[str, str]) -> FoldedView:
    if _PLAIN.fullmatch(text) and not _NEEDS_SLOW.search(text) and not any(ch in table for ch in text if ch > "\x7f"):
        return FoldedView(text.lower(), None)
    chars: list[str] = []
    index: list[int] = []
    for i, ch in enumerate(text):
        for c in _fold_char(ch, table):
            if c == " " and (not chars or chars[-1] == " "):
                continue
            chars.append(c)
            index.append(i)
    # a space goes next to a Han character, and between single letters (i g n o r e)
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
