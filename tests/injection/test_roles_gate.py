"""The roles gate's fast path (`roles.gate_search`: branches indexed by the characters they
need, each searched alone) answers as the plain reference, one alternation searched whole
(`rules.gate.search`), on the role corpus composed into its carriers, the attack and benign
corpora, and the shared real text."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from nlu.injection.roles import gate_search, load_roles
from nlu.lexicon import default_pack, load_data_file
from tests.injection import generators as gen


@pytest.fixture(scope="module")
def rules():
    return load_roles(default_pack().root)


def _texts() -> list[str]:
    texts = [c["text"] for c in gen.attack_cases()] + [c["text"] for c in gen.benign_cases()]
    texts += [c["text"] for c in load_data_file("injection_attacks.json")["cases"]]
    texts += [c["text"] for c in load_data_file("injection_benign.json")["cases"]]
    real = Path("/work/shared/external/real-text/correct.jsonl")
    for base in (Path(__file__).resolve().parents[3] / "shared" / "external" / "real-text", real.parent):
        if (base / "correct.jsonl").exists():
            texts += [json.loads(x)["text"] for x in (base / "correct.jsonl").read_text(encoding="utf-8").splitlines() if x]
            break
    return texts


def test_the_fast_gate_equals_the_reference(rules):
    texts = _texts()
    assert len(texts) > 1000
    differ = [t for t in texts if gate_search(rules, t) != (rules.gate.search(t) is not None)]
    assert not differ, differ[:5]
    assert sum(gate_search(rules, t) for t in texts) > 300  # the attacks open it: not a gate that is always shut
