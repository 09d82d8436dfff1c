"""Issue 13, "Done when" (injection): the shared external attacks, embedded into our own
read-only queries before, after and in the middle, and the benign look-alikes.

Figures are printed with numerator/denominator (`pytest -s` shows them); the same figures
come from `eval/injection_external.py`.
"""
from __future__ import annotations

import pytest


@pytest.fixture(scope="module")
def figures(suite, pipe):
    ext = suite.external_dir()
    if ext is None:
        pytest.skip("shared/external not found next to the repository root nor at /work/shared/external")
    attacks = suite.read_jsonl(ext / "injection" / "attacks.jsonl")
    benign = suite.read_jsonl(ext / "injection" / "benign.jsonl")
    figs = suite.Figures()
    suite.run_attacks(pipe.understand, attacks, figs)
    suite.run_benign(pipe.understand, benign, figs, "benign.external")
    for name in sorted(figs.counts):
        print(figs.line(name))
    return figs, len(attacks), len(benign)


def _n(figs, name):
    return tuple(figs.counts[name])


def test_every_attack_is_embedded_at_three_positions_into_every_query(figures, suite):
    figs, n_attacks, _ = figures
    assert n_attacks >= 33
    assert _n(figs, "attack.continued_with_marker")[1] == n_attacks * len(suite.QUERIES) * 3


@pytest.mark.parametrize("name", ["attack.continued_with_marker", "attack.marker_in_fill_text",
                                  "attack.operation_or_domain_added"])
def test_no_attack_gets_through(figures, name):
    figs = figures[0]
    n, d = _n(figs, name)
    assert n == 0, f"{name}: {n}/{d}\n" + "\n".join(figs.examples.get(name, [])[:10])


def test_every_attack_is_flagged(figures):
    n, d = _n(figures[0], "attack.flagged")
    assert n == d


def test_benign_false_positives_at_most_one_percent(figures):
    figs, _, n_benign = figures
    n, d = _n(figs, "benign.external.false_positive")
    assert d == n_benign and n <= 0.01 * d, "\n".join(figs.examples.get("benign.external.false_positive", []))


def test_real_correct_sentences_are_never_judged_injected(suite):
    """Every real sentence of the shared material (correct sentences, both sides of the
    spelling-check pairs, the domain-identifier turns): none may be flagged or cut."""
    import json

    from nlu.injection import Isolator
    from nlu.lexicon import default_pack

    ext = suite.external_dir()
    if ext is None:
        pytest.skip("shared/external not found next to the repository root nor at /work/shared/external")
    real = ext / "real-text"
    texts = [json.loads(line)["text"] for line in (real / "correct.jsonl").read_text(encoding="utf-8").splitlines() if line]
    texts += [json.loads(line)["text"] for line in (real / "domain_ids.jsonl").read_text(encoding="utf-8").splitlines() if line]
    for line in (real / "csc_pairs.jsonl").read_text(encoding="utf-8").splitlines():
        if line:
            pair = json.loads(line)
            texts += [pair["wrong"], pair["right"]]
    iso = Isolator(default_pack())
    flagged = [t for t in texts if iso.isolate(t) is not None]
    print(f"real sentences judged injected: {len(flagged)}/{len(texts)}")
    assert not flagged, flagged[:10]
