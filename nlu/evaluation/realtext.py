"""Properties of `understand` on real text nobody here wrote (issue 13, external `real-text/`).

The material (`shared/external/real-text/`, see its README) is real correct sentences,
spelling-check pairs (wrong → right) and dialogue turns with domain identifiers. None of it
is a goldset: it is judged by properties that must hold whatever the sentence says:

* under ``continue`` no digit, Chinese numeral, negation character, comparison word,
  ASCII identifier-like token or time phrase of the input is missing from ``canonicalText``;
* no negation is lost under any decision; the canonical text is never emptied;
* every id of a ``domain_ids`` turn comes out exactly in ``canonicalText`` and as a
  protected ``identifier`` span;
* correction precision over *every* auto-applied typo/asr/ocr edit: an edit on a correct
  sentence (or a ``right`` side) is a false correction; on a ``wrong`` side it is right only
  when it produces the ``right`` side's characters at that place;
* character error rate against the ``right`` side, before and after correction (design
  15.4): "after" is the ``wrong`` side with only the auto-applied correction edits applied,
  so cleaning and inferred words do not blur the figure.

The checks take the facts of the *input*: a loss is a fact whose count in the canonical
text is lower than in the input (both NFKC-folded, so width folding is no loss).
`eval/real_text.py` runs everything; the tests run a fixed sample.
"""
from __future__ import annotations

import difflib
import json
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

from nlu.lexicon import default_pack

# The measured classes are those the material's README names (negation 不 没 未 别 无 非);
# they are the measurement's definition, independent of what the pack protects.
NEGATION_CHARS = frozenset("不没未别无非")
CN_NUMERAL_CHARS = frozenset("零〇一二三四五六七八九十百千万亿两")
CORRECTION_TYPES = frozenset({"typo", "asr", "ocr"})
# An exact repetition of a phrase that begins with its negation (不行不行, 不工作不工作)
# keeps the negation when one copy stays (the material's README): such repeats count once.
_NEGATED_REPEAT = re.compile("([" + "".join(sorted(NEGATION_CHARS)) + "][^\\s，。,.!?！？]{1,3}?)\\1+")
_ID_TOKEN = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9]|[-_.](?=[A-Za-z0-9]))*")
REFERENCE_TIME = "2026-03-15T10:30:00+08:00"


def external_dir() -> Path | None:
    """`shared/external/real-text` next to the repository (or the worktree's shared root)."""
    here = Path(__file__).resolve()
    for root in here.parents:
        cand = root / "shared" / "external" / "real-text"
        if cand.is_dir():
            return cand
        cand = root.parent / "shared" / "external" / "real-text"
        if cand.is_dir():
            return cand
    cand = Path("/work/shared/external/real-text")
    return cand if cand.is_dir() else None


def read_jsonl(path: Path) -> list[dict[str, Any]]:
    with open(path, encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def _fold(s: str) -> str:
    return unicodedata.normalize("NFKC", s)


def _nospace(s: str) -> str:
    return "".join(s.split())


class FactCounter:
    """The countable facts of a text, by class."""

    def __init__(self) -> None:
        pack = default_pack()
        self.comparisons = sorted({c.word for c in pack.comparison_words if "…" not in c.word}, key=len, reverse=True)
        self._cmp_re = re.compile("|".join(re.escape(w) for w in self.comparisons))
        self._ref = datetime.fromisoformat(REFERENCE_TIME)

    def count(self, text: str) -> dict[str, Counter]:
        t = _fold(text)
        out: dict[str, Counter] = {
            "digit": Counter(c for c in t if c.isascii() and c.isdigit()),
            "cn_numeral": Counter(c for c in t if c in CN_NUMERAL_CHARS),
            "negation": Counter(c for c in _NEGATED_REPEAT.sub(r"\1", t) if c in NEGATION_CHARS),
            "comparison": Counter(m.group() for m in self._cmp_re.finditer(t)),
            "identifier": Counter(m.group() for m in _ID_TOKEN.finditer(t)
                                  if len(m.group()) >= 2 and not m.group().isdigit()),
        }
        return out

    def times(self, text: str) -> list[str]:
        try:
            # lazy: only this path needs it, keeps import light; breaks no cycle
            from nlu.values.times import find_times

            return [_nospace(text[m.start:m.end]) for m in find_times(text, self._ref)]
        except Exception:  # noqa: BLE001 - a value parser failure is reported, not hidden
            return ["<find_times failed>"]

    def lost(self, original: str, canonical: str) -> dict[str, list[str]]:
        """Facts of `original` that `canonical` holds fewer times, by class."""
        a, b = self.count(original), self.count(canonical)
        out: dict[str, list[str]] = {}
        for cls, ca in a.items():
            cb = b[cls]
            if cls == "identifier":
                missing = [w for w in ca if _fold(canonical).count(w) < ca[w]]
            else:
                missing = [w for w in ca if cb[w] < ca[w]]
            if missing:
                out[cls] = missing
        canon = _nospace(_fold(canonical))
        missing_t = [p for p in self.times(original) if _fold(p) not in canon]
        if missing_t:
            out["time"] = missing_t
        return out


@dataclass
class Ratio:
    num: int = 0
    den: int = 0

    def add(self, ok: bool) -> None:
        self.den += 1
        self.num += int(ok)

    @property
    def value(self) -> float | None:
        return self.num / self.den if self.den else None

    def __str__(self) -> str:
        v = self.value
        return f"{self.num}/{self.den}" + (f" = {v:.2%}" if v is not None else " (no coverage)")


@dataclass
class Report:
    calls: int = 0
    continued: int = 0
    lost_under_continue: Counter = field(default_factory=Counter)
    lost_any_decision: Counter = field(default_factory=Counter)  # stricter: reported, not asserted
    negation_lost_any: int = 0
    emptied: int = 0
    id_exact: Ratio = field(default_factory=Ratio)
    id_protected: Ratio = field(default_factory=Ratio)
    precision: Ratio = field(default_factory=Ratio)
    false_on_correct: int = 0
    cer_edits_before: int = 0
    cer_edits_after: int = 0
    cer_chars: int = 0
    pairs_worse: int = 0
    examples: dict[str, list[str]] = field(default_factory=dict)

    def example(self, key: str, line: str, limit: int = 12) -> None:
        xs = self.examples.setdefault(key, [])
        if len(xs) < limit:
            xs.append(line)

    def summary(self) -> dict[str, Any]:
        return {
            "calls": self.calls,
            "continued": self.continued,
            "lost_under_continue": dict(self.lost_under_continue),
            "lost_any_decision": dict(self.lost_any_decision),
            "negation_lost_any_decision": self.negation_lost_any,
            "emptied": self.emptied,
            "domain_ids_exact_in_canonical": str(self.id_exact),
            "domain_ids_protected_identifier": str(self.id_protected),
            "auto_applied_correction_precision": str(self.precision),
            "false_corrections_on_correct_text": self.false_on_correct,
            "cer_before": _cer(self.cer_edits_before, self.cer_chars),
            "cer_after": _cer(self.cer_edits_after, self.cer_chars),
            "pairs_worse_after": self.pairs_worse,
        }


def _cer(edits: int, chars: int) -> str:
    return f"{edits}/{chars} = {edits / chars:.4%}" if chars else "no coverage"


def _cp(text: str, u16: int) -> int:
    """UTF-16 offset → code point offset in `text`."""
    if text.isascii() or max(text, default="") < "\U00010000":
        return u16
    units = 0
    for i, ch in enumerate(text):
        if units >= u16:
            return i
        units += 2 if ord(ch) > 0xFFFF else 1
    return len(text)


def corrections_of(result) -> list[tuple[int, int, str, str]]:  # noqa: ANN001
    """Auto-applied typo/asr/ocr edits as (o0, o1, original text, replacement), code points."""
    out = []
    for c in result.corrections:
        if c.auto_applied and c.type in CORRECTION_TYPES:
            t = result.original_text
            out.append((_cp(t, c.original_span.start), _cp(t, c.original_span.end), c.original_text, c.replacement))
    return out


def apply_edits(text: str, edits: list[tuple[int, int, str, str]]) -> str:
    for o0, o1, _, rep in sorted(edits, key=lambda e: -e[0]):
        text = text[:o0] + rep + text[o1:]
    return text


def _position_map(wrong: str, right: str) -> dict[int, int]:
    """wrong index → right index, for characters in equal or same-size replaced blocks."""
    if len(wrong) == len(right):
        return {i: i for i in range(len(wrong))}
    out: dict[int, int] = {}
    sm = difflib.SequenceMatcher(None, wrong, right, autojunk=False)
    for tag, i1, i2, j1, j2 in sm.get_opcodes():
        if tag == "equal" or (tag == "replace" and i2 - i1 == j2 - j1):
            for k in range(i2 - i1):
                out[i1 + k] = j1 + k
    return out


def edit_is_right(wrong: str, right: str, o0: int, o1: int, rep: str, pmap: dict[int, int] | None = None) -> bool:
    """An edit on `wrong` is right when it yields `right`'s characters at that place."""
    if o1 <= o0 or len(rep) != o1 - o0:
        return False
    pmap = pmap if pmap is not None else _position_map(wrong, right)
    js = [pmap.get(i) for i in range(o0, o1)]
    if any(j is None for j in js) or js != list(range(js[0], js[0] + len(js))):
        return False
    return right[js[0]:js[-1] + 1] == rep and wrong[o0:o1] != rep


def _levenshtein(a: str, b: str) -> int:
    # lazy: heavy, loaded on first need
    from rapidfuzz.distance import Levenshtein

    return Levenshtein.distance(a, b)


Understand = Callable[..., Any]
# Behaviour is measured here, not speed (that is `nlu bench`): a generous budget keeps a
# slow moment of a shared machine from turning a call into `use_original`.
BUDGET_MS = 5000.0


def default_understand() -> Understand:
    """`nlu.understand` with the lazy models loaded first (no `pinyin_warming` calls)."""
    # lazy: only this path needs it, keeps import light; breaks no cycle
    import nlu

    nlu.warm_up()
    return lambda text, **kw: nlu.understand(text, budget_ms=BUDGET_MS, **kw)


class RealTextEval:
    """Runs the material through `understand` and accumulates one `Report`."""

    def __init__(self, understand: Understand | None = None) -> None:
        if understand is None:
            understand = default_understand()
        self.understand = understand
        self.facts = FactCounter()
        self.report = Report()

    def _run(self, text: str, source: str):  # noqa: ANN202
        self.report.calls += 1
        return self.understand(text, source=source, reference_time=REFERENCE_TIME)

    def _meaning(self, key: str, text: str, r) -> None:  # noqa: ANN001
        rep = self.report
        canon = r.canonical_text
        if text.strip() and not canon.strip():
            rep.emptied += 1
            rep.example("emptied", f"{key}: {text!r}")
        lost = self.facts.lost(text, canon)
        for cls, words in lost.items():
            rep.lost_any_decision[cls] += 1
            rep.example(f"any_lost_{cls}", f"{key}: {text!r} -> {canon!r} lost {words} [{r.decision.action}]")
        if "negation" in lost:
            rep.negation_lost_any += 1
            rep.example("negation_lost", f"{key}: {text!r} -> {canon!r} [{r.decision.action}]")
        if r.decision.action == "continue":
            rep.continued += 1
            for cls, words in lost.items():
                rep.lost_under_continue[cls] += 1
                rep.example(f"lost_{cls}", f"{key}: {text!r} -> {canon!r} lost {words}")

    def correct_sentence(self, key: str, text: str, source: str = "typed") -> None:
        """A correct sentence: meaning kept, and every auto-applied correction is false."""
        r = self._run(text, source)
        self._meaning(key, text, r)
        for o0, o1, frm, rep in corrections_of(r):
            self.report.precision.add(False)
            self.report.false_on_correct += 1
            self.report.example("false_correction", f"{key} [{source}]: {frm}→{rep} in {text!r}", limit=40)

    def wrong_sentence(self, key: str, wrong: str, right: str, source: str = "typed") -> None:
        """A spelling-check pair's wrong side: edit precision and character error rate."""
        r = self._run(wrong, source)
        edits = corrections_of(r)
        pmap = _position_map(wrong, right)
        for o0, o1, frm, rep in edits:
            ok = edit_is_right(wrong, right, o0, o1, rep, pmap)
            self.report.precision.add(ok)
            if not ok:
                self.report.example("wrong_edit", f"{key} [{source}]: {frm}→{rep} in {wrong!r} (right {right!r})",
                                    limit=40)
        after = apply_edits(wrong, edits)
        before_d, after_d = _levenshtein(wrong, right), _levenshtein(after, right)
        self.report.cer_edits_before += before_d
        self.report.cer_edits_after += after_d
        self.report.cer_chars += len(right)
        if after_d > before_d:
            self.report.pairs_worse += 1

    def domain_turn(self, key: str, text: str, ids: list[str], source: str = "typed") -> None:
        r = self._run(text, source)
        self._meaning(key, text, r)
        protected = {p.text for p in r.protected_spans if p.kind == "identifier"}
        for i in ids:
            exact = i in r.canonical_text
            self.report.id_exact.add(exact)
            self.report.id_protected.add(i in protected)
            if not exact or i not in protected:
                self.report.example("domain_id",
                                    f"{key}: {i} in {text!r} -> {r.canonical_text!r} protected={sorted(protected)}")


def sample(rows: list[dict[str, Any]], every: int) -> list[dict[str, Any]]:
    """Every `every`-th row: a fixed, deterministic sample spread over all sources."""
    return rows[::every] if every > 1 else rows


def run_all(data: Path, *, every: int = 1, sources: Iterable[str] = ("typed", "asr"),
            progress: Callable[[Iterator], Iterator] | None = None) -> dict[str, Report]:
    """The whole evaluation (or every `every`-th row): one report per part."""
    wrap = progress or (lambda it: it)
    correct = sample(read_jsonl(data / "correct.jsonl"), every)
    pairs = sample(read_jsonl(data / "csc_pairs.jsonl"), every)
    dom = sample(read_jsonl(data / "domain_ids.jsonl"), every)
    out: dict[str, Report] = {}
    combined = RealTextEval()
    for src in sources:
        ev = RealTextEval(combined.understand)
        for row in wrap(iter(correct)):
            ev.correct_sentence(row["id"], row["text"], src)
        for row in wrap(iter(pairs)):
            ev.correct_sentence(row["id"] + ":right", row["right"], src)
            ev.wrong_sentence(row["id"], row["wrong"], row["right"], src)
        out[src] = ev.report
    ev = RealTextEval(combined.understand)
    for row in dom:
        ev.domain_turn(row["id"], row["text"], row["ids"])
    out["domain_ids"] = ev.report
    return out


def precision_over(reports: Iterable[Report]) -> Ratio:
    total = Ratio()
    for r in reports:
        total.num += r.precision.num
        total.den += r.precision.den
    return total


__all__ = ["FactCounter", "RealTextEval", "Report", "Ratio", "run_all", "precision_over", "external_dir",
           "read_jsonl", "sample", "edit_is_right", "apply_edits"]
