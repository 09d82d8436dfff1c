"""Character alignment of two strings as an edit script (difflib's opcode format).

`opcodes` is the one used on the request path: rapidfuzz's Levenshtein opcodes, a
bit-parallel edit-distance alignment (about 1 ms for two 4,000-character strings) instead of
difflib's SequenceMatcher, whose matching-block search is super-linear (a 4,000-character ASR
alternative took 10–90 s with autojunk off). `reference_opcodes` is the plain form it
replaced, kept for the test that compares the two (`tests/test_diff.py`): both turn `a` into
`b`, and Levenshtein's script never costs more edits.
"""
from __future__ import annotations

Opcode = tuple[str, int, int, int, int]  # (tag, i1, i2, j1, j2): a[i1:i2] -> b[j1:j2]


def opcodes(a: str, b: str) -> list[Opcode]:
    from rapidfuzz.distance import Levenshtein  # lazily: only turns with alternatives need it

    return [(op.tag, op.src_start, op.src_end, op.dest_start, op.dest_end) for op in Levenshtein.opcodes(a, b)]


def reference_opcodes(a: str, b: str) -> list[Opcode]:
    # lazy: only this path needs it
    import difflib

    return [tuple(op) for op in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes()]  # type: ignore[misc]


def apply(a: str, b: str, ops: list[Opcode]) -> str:
    """The string the script makes of `a` (equal from `a`, everything else from `b`)."""
    return "".join(a[i1:i2] if tag == "equal" else b[j1:j2] for tag, i1, i2, j1, j2 in ops)


def cost(ops: list[Opcode]) -> int:
    """The script's edit distance: a replaced character counts once, an inserted or deleted one once."""
    return sum(max(i2 - i1, j2 - j1) if tag == "replace" else (i2 - i1) + (j2 - j1)
               for tag, i1, i2, j1, j2 in ops if tag != "equal")
