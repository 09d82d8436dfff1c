"""CheckList behavioural suite (issue 13): invariance, directional and swap checks generated
from `suite.json` and the pack. Each property of each pair is one check; a family fails with
the first offending pairs listed."""
from __future__ import annotations

from functools import lru_cache

import pytest

import nlu
from tests.checklist.generate import fold, invariance_pairs, swap_pairs, write_cases

REF = "2026-06-10T09:30:00+08:00"
KEY_KINDS = ("identifier", "number", "amount", "time", "negation", "comparison", "action")
CHECKS: dict[str, int] = {}


# Behaviour, not speed: the lazy models are loaded first and the budget is generous, so no
# check depends on how busy the machine is.
nlu.warm_up()


@lru_cache(maxsize=None)
def understand(text: str, source: str = "typed"):
    return nlu.understand(text, source=source, reference_time=REF, budget_ms=10_000)


def top(cands) -> str | None:
    return cands[0].label if cands else None


def view(r) -> dict:
    return {
        "decision": r.decision.action,
        "template": top(r.routing.template_candidates),
        "domain": top(r.routing.domain_candidates),
        "facts": sorted({(p.kind, fold(p.text)) for p in r.protected_spans if p.kind in KEY_KINDS}),
    }


def _report(family: str, failures: list[str], total: int) -> None:
    CHECKS[family] = CHECKS.get(family, 0) + total
    assert not failures, f"{len(failures)}/{total} {family} checks failed, e.g.:\n" + "\n".join(failures[:12])


INVARIANCE = invariance_pairs()
FAMILIES = sorted({p.family for p in INVARIANCE})


@pytest.mark.parametrize("family", FAMILIES)
def test_invariance(family: str) -> None:
    failures, total = [], 0
    for pair in (p for p in INVARIANCE if p.family == family):
        source = "ocr" if family in ("width", "spacing:space_between_cjk") else "typed"
        a, b = view(understand(pair.base)), view(understand(pair.perturbed, source))
        for key in a:
            total += 1
            if a[key] != b[key]:
                failures.append(f"{key}: {pair.base!r} → {a[key]} but {pair.perturbed!r} → {b[key]}")
    _report("invariance:" + family, failures, total)


def test_swapping_an_identifier_changes_exactly_that_entity() -> None:
    failures, total = [], 0
    for pair in swap_pairs():
        old, new = pair.swap
        a, b = understand(pair.base), understand(pair.perturbed)
        want = sorted(new if e.canonical_value == old else e.canonical_value or "" for e in a.entities)
        got = sorted(e.canonical_value or "" for e in b.entities)
        for key, ok in (("entities", want == got), ("decision", a.decision.action == b.decision.action),
                        ("template", top(a.routing.template_candidates) == top(b.routing.template_candidates))):
            total += 1
            if not ok:
                failures.append(f"{key}: {pair.base!r} vs {pair.perturbed!r}")
    _report("swap", failures, total)


def test_write_verb_makes_an_operation_and_negation_is_protected() -> None:
    failures, total = [], 0
    for read, write, negated in write_cases():
        r, w, n = understand(read), understand(write), understand(negated)
        checks = {
            "read is not an operation": top(r.routing.template_candidates) != "operation",
            "write is an operation or asks": top(w.routing.template_candidates) == "operation" or w.decision.action != "continue",
            "negated write keeps a negation fact": any(p.kind == "negation" for p in n.protected_spans),
            "negated write keeps its negation text": fold(negated) in fold(n.canonical_text) or n.decision.action != "continue",
            "negated write's frame is negated or it asks": n.decision.action != "continue"
            or any(f.negated for f in n.semantic_frames if f.action_class in ("cancel", "update", "create")),
        }
        for name, ok in checks.items():
            total += 1
            if not ok:
                failures.append(f"{name}: {read!r} / {write!r} / {negated!r}")
    _report("directional", failures, total)


def test_the_suite_is_at_least_20000_checks() -> None:
    # Counted from the generated pairs, not from the runs above, so it holds under -k too.
    n = sum(4 for _ in INVARIANCE) + 3 * len(swap_pairs()) + 5 * len(write_cases())
    assert n >= 20000, n
