"""Judge the public value cases (`shared/external/values/`) against a library's output.

A case names a phrase (code-point offsets into its text), a kind and the `canonicalValue`
the ontology gives it. The judgement follows the folder's README:

* right   -- an entity of the case's family overlapping the phrase has exactly `expected`
  (numbers compared as decimals, the unit as the same string) and none carries another value;
* wrong   -- an overlapping entity of the family carries another value, or a time is read
  where a number is expected (or the other way round);
* missing -- nothing overlapping carries a value.

A guard (`*_guard`) is right when no overlapping entity of its family carries a value
(`amount_guard`: no value ending in ` CNY`), wrong otherwise.

`judge(case, values)` takes the values as plain `(start, end, family, canonical)` tuples in
code points, so the same judge scores `nlu` and its peers (see `eval/values_peers.py`).
"""

from __future__ import annotations

import json
from collections import Counter
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Iterable, Literal, NamedTuple

__all__ = ["ValueCase", "Found", "load_cases", "judge", "nlu_values", "find_external_values", "tally"]

Verdict = Literal["right", "wrong", "missing"]
FAMILY = {
    "time": "time", "time_range": "time", "time_guard": "time",
    "number": "quantity", "quantity": "quantity", "number_guard": "quantity",
    "amount": "amount", "amount_guard": "amount",
}
# an entity type -> its family ("number" is what a peer without units reports)
_TYPE_FAMILY = {"time": "time", "time_range": "time", "quantity": "quantity", "number": "quantity", "amount": "amount"}


class ValueCase(NamedTuple):
    file: str
    line: int
    text: str
    reference_time: str
    kind: str
    expected: str | None
    start: int
    end: int
    shape: str
    origin: str

    @property
    def key(self) -> str:
        """Stable name of a case: the suite's origin (unique per phrase) and the phrase span."""
        return f"{self.origin}@{self.start}-{self.end}"


class Found(NamedTuple):
    start: int  # code points
    end: int
    family: str  # time / quantity / amount
    canonical: str | None


def find_external_values(start: Path | None = None) -> Path | None:
    """The `shared/external/values` folder beside the repository root, or the shared one."""
    here = (start or Path(__file__)).resolve()
    for parent in here.parents:
        cand = parent / ".." / "shared" / "external" / "values"
        if cand.is_dir():
            return cand.resolve()
        cand = parent / "shared" / "external" / "values"
        if cand.is_dir():
            return cand.resolve()
    fixed = Path("/work/shared/external/values")
    return fixed if fixed.is_dir() else None


def load_cases(folder: Path) -> list[ValueCase]:
    out: list[ValueCase] = []
    for name in ("number.jsonl", "money.jsonl", "time.jsonl"):
        with open(folder / name, encoding="utf-8") as fh:
            for i, line in enumerate(fh, 1):
                if not line.strip():
                    continue
                d = json.loads(line)
                out.append(ValueCase(name, i, d["text"], d["referenceTime"], d["kind"], d["expected"],
                                     d["start"], d["end"], d.get("shape", ""), d.get("origin", f"{name}#{i}")))
    return out


def _same_value(got: str, expected: str, family: str) -> bool:
    if family == "time":
        return got == expected
    g_num, _, g_unit = got.partition(" ")
    e_num, _, e_unit = expected.partition(" ")
    if g_unit != e_unit:
        return False
    try:
        return Decimal(g_num) == Decimal(e_num)
    except InvalidOperation:
        return False


def judge(case: ValueCase, values: Iterable[Found]) -> Verdict:
    family = FAMILY[case.kind]
    over = [v for v in values if v.start < case.end and case.start < v.end and v.canonical is not None]
    mine = [v for v in over if v.family == family]
    if case.kind.endswith("_guard"):
        if case.kind == "amount_guard":
            bad = [v for v in mine if v.canonical.endswith(" CNY")]  # type: ignore[union-attr]
        elif case.kind == "number_guard":
            bad = [v for v in over if v.family in ("quantity", "amount")]
        else:
            bad = mine
        return "wrong" if bad else "right"
    assert case.expected is not None
    # a time where a number is expected, or a number where a time is
    crossed = [v for v in over if (v.family == "time") != (family == "time")]
    if crossed:
        return "wrong"
    if any(not _same_value(v.canonical, case.expected, family) for v in mine):  # type: ignore[arg-type]
        return "wrong"
    return "right" if mine else "missing"


def _utf16_to_cp(text: str) -> list[int]:
    """UTF-16 offset -> code-point offset, for every offset of `text` (its length included)."""
    table = []
    for i, ch in enumerate(text):
        table.append(i)
        if ord(ch) > 0xFFFF:
            table.append(i)
    table.append(len(text))
    return table


def nlu_values(case: ValueCase, understand=None, **options) -> list[Found]:  # noqa: ANN001
    """The values `nlu.understand` reads in a case's text, through the public API.

    `options` go to `understand` as they are (a test on a loaded shared host passes a
    generous `budget_ms`, so that a slow moment is not scored as a missing value)."""
    if understand is None:
        # lazy: only this path needs it, keeps import light; breaks no cycle
        import nlu

        understand = nlu.understand
    result = understand(case.text, source="typed", reference_time=case.reference_time, **options)
    cp = _utf16_to_cp(case.text)
    out = []
    for e in result.entities:
        family = _TYPE_FAMILY.get(e.type)
        if family is None:
            continue
        out.append(Found(cp[e.source_span.start], cp[e.source_span.end], family, e.canonical_value))
    return out


def tally(verdicts: Iterable[tuple[ValueCase, Verdict]]) -> dict[str, Counter]:
    """kind -> Counter(right/wrong/missing)."""
    out: dict[str, Counter] = {}
    for case, v in verdicts:
        out.setdefault(case.kind, Counter())[v] += 1
    return out
