"""Text comparison for gold expectations (independent of the system's own cleaner).

Gold ``text`` values are substrings of ``rawText`` *after width and space cleaning*
(goldset-format.md). Both sides of every comparison go through the same cleaning:

* full-width ASCII (U+FF01..U+FF5E) → half-width; ideographic space U+3000 → space;
* zero-width characters (U+200B..U+200D, U+2060, U+FEFF) removed;
* any whitespace → space, runs collapsed to one, ends stripped.

:func:`match_key` additionally drops a space that touches a non-ASCII character
(``AGV-01 从 ST-01`` ≡ ``AGV-01从ST-01``): such spaces carry no meaning in Chinese text
and systems legitimately remove them. Spaces between two ASCII characters are kept.

Every function that finds text in a raw string also maps the hit back to UTF-16 code-unit
offsets of the *raw* string, so hits can be compared with contract spans.
"""

from __future__ import annotations

ZERO_WIDTH = frozenset("\u200b\u200c\u200d\u2060\ufeff")


def _fold_char(ch: str) -> str:
    """Width-fold one code point; '' drops it, ' ' marks whitespace."""
    if ch in ZERO_WIDTH:
        return ""
    o = ord(ch)
    if 0xFF01 <= o <= 0xFF5E:
        return chr(o - 0xFEE0)
    if ch == "\u3000" or ch.isspace():
        return " "
    return ch


def _normalize(text: str, drop_cjk_spaces: bool) -> tuple[str, list[int], list[int]]:
    """Return (normalized, src_start, src_end): code-point ranges in ``text`` per output char."""
    chars: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    for i, ch in enumerate(text):
        f = _fold_char(ch)
        if not f:
            continue
        if f == " " and chars and chars[-1] == " ":
            ends[-1] = i + 1
            continue
        chars.append(f)
        starts.append(i)
        ends.append(i + 1)
    # strip
    lo, hi = 0, len(chars)
    while lo < hi and chars[lo] == " ":
        lo += 1
    while hi > lo and chars[hi - 1] == " ":
        hi -= 1
    chars, starts, ends = chars[lo:hi], starts[lo:hi], ends[lo:hi]
    if drop_cjk_spaces:
        keep = [
            not (
                c == " "
                and ((k > 0 and ord(chars[k - 1]) > 0x7F) or (k + 1 < len(chars) and ord(chars[k + 1]) > 0x7F))
            )
            for k, c in enumerate(chars)
        ]
        chars = [c for c, kp in zip(chars, keep) if kp]
        starts = [s for s, kp in zip(starts, keep) if kp]
        ends = [e for e, kp in zip(ends, keep) if kp]
    return "".join(chars), starts, ends


def clean(text: str) -> str:
    """Width/space cleaning exactly as goldset-format.md describes."""
    return _normalize(text or "", False)[0]


def match_key(text: str | None) -> str:
    """Comparison key: :func:`clean` plus removal of spaces touching non-ASCII characters."""
    return _normalize(text or "", True)[0]


def texts_equal(a: str | None, b: str | None) -> bool:
    if a is None or b is None:
        return False
    return match_key(a) == match_key(b)


def contains(haystack: str | None, needle: str | None) -> bool:
    """``needle`` occurs in ``haystack`` after cleaning both (an empty needle never matches)."""
    n = match_key(needle)
    return bool(n) and n in match_key(haystack)


# ---------------------------------------------------------------- UTF-16 offsets


def utf16_len(text: str) -> int:
    return sum(2 if ord(c) > 0xFFFF else 1 for c in text)


def cp_to_utf16(text: str) -> list[int]:
    """Prefix table: UTF-16 offset of each code-point index 0..len(text)."""
    out = [0]
    for c in text:
        out.append(out[-1] + (2 if ord(c) > 0xFFFF else 1))
    return out


def utf16_slice(text: str, start: object, end: object) -> str | None:
    """``text`` sliced by UTF-16 code units [start, end); None when the span is unusable."""
    if not isinstance(start, int) or not isinstance(end, int) or isinstance(start, bool) or isinstance(end, bool):
        return None
    units = text.encode("utf-16-le", "surrogatepass")
    if start < 0 or end < start or end * 2 > len(units):
        return None
    return units[start * 2 : end * 2].decode("utf-16-le", "replace")


def span_text(contract: dict, span: object) -> str | None:
    """Slice the contract text a ``{space, start, end}`` span points into."""
    if not isinstance(span, dict):
        return None
    space = span.get("space", "original")
    text = contract.get("canonicalText" if space == "canonical" else "originalText")
    if not isinstance(text, str):
        return None
    return utf16_slice(text, span.get("start"), span.get("end"))


def find_utf16(haystack: str, needle: str) -> list[tuple[int, int]]:
    """All (overlapping) occurrences of ``needle`` in ``haystack`` after cleaning,
    as UTF-16 [start, end) ranges of the raw ``haystack``."""
    key, starts, ends = _normalize(haystack or "", True)
    n = match_key(needle)
    if not n:
        return []
    table = cp_to_utf16(haystack)
    hits: list[tuple[int, int]] = []
    pos = key.find(n)
    while pos != -1:
        hits.append((table[starts[pos]], table[ends[pos + len(n) - 1]]))
        pos = key.find(n, pos + 1)
    return hits
