"""Corpora of the routing constructions of issue 18 (written by hand, in lexicons/corpora/):
question shapes (几/多少 count only in a how-many shape) and the uses of a write verb that
order nothing."""
import json
from pathlib import Path

import pytest

from nlu.semantics.question_shapes import question_shapes
from warm_pipeline import warm_pipeline

CORPORA = Path(__file__).resolve().parents[1] / "lexicons" / "corpora"
SHAPES = json.loads((CORPORA / "question_shapes.json").read_text("utf-8"))["cases"]
WRITES = json.loads((CORPORA / "write_constructions.json").read_text("utf-8"))
REF = "2026-06-10T09:30:00+08:00"


@pytest.mark.parametrize("case", SHAPES, ids=[c["text"] for c in SHAPES])
def test_question_shape(case):
    shapes = question_shapes(case["text"])
    assert (shapes[0].shape if shapes else None) == case["shape"], shapes


def _understand(text):
    return warm_pipeline().understand(text, reference_time=REF)


def _top(r):
    return r.routing.template_candidates[0].label if r.routing.template_candidates else None


@pytest.mark.parametrize("case", SHAPES, ids=[c["text"] for c in SHAPES])
def test_only_a_how_many_shape_makes_a_count(case):
    r = _understand(case["text"])
    counted = _top(r) == "count"
    if case["shape"] in ("which_one", "which_ones", "when", "how_long"):
        assert not counted, (case, _top(r))


@pytest.mark.parametrize("text", WRITES["positive"])
def test_a_state_use_of_a_write_verb_is_no_operation(text):
    r = _understand(text)
    assert _top(r) != "operation"
    assert not any(f.action_class in ("create", "update", "cancel") and not f.negated for f in r.semantic_frames)


@pytest.mark.parametrize("text", WRITES["negative"])
def test_an_order_stays_an_operation_or_is_asked_about(text):
    r = _understand(text)
    assert _top(r) == "operation" or r.decision.action == "clarify"


EXCEPTIONS = json.loads((CORPORA / "exceptions.json").read_text("utf-8"))


def _roles_of(r, literal):
    return {(a.role, a.comparator) for f in r.semantic_frames for a in f.arguments if a.literal_value == literal}


@pytest.mark.parametrize("text,state", EXCEPTIONS["positive"])
def test_an_excluded_state_is_an_exception(text, state):
    assert ("exception", "except") in _roles_of(_understand(text), state)


@pytest.mark.parametrize("text,state", EXCEPTIONS["negative"])
def test_a_restricting_state_is_a_condition(text, state):
    roles = _roles_of(_understand(text), state)
    assert ("condition", None) in roles and ("exception", "except") not in roles


INSTRUMENTS = json.loads((CORPORA / "instruments.json").read_text("utf-8"))


@pytest.mark.parametrize("text,instrument", INSTRUMENTS["positive"] + INSTRUMENTS["negative"])
def test_instrument_noun(text, instrument):
    got = [a.literal_value for f in _understand(text).semantic_frames for a in f.arguments if a.role == "instrument"]
    assert got == ([instrument] if instrument else [])



def test_the_anchored_state_use_agrees_with_the_plain_scan(monkeypatch):
    """write_uses.state_use tries a rule that opens with the verb only where the verb stands,
    and no rule whose needed characters the window misses; on every write verb of the corpus (real views, through the pipeline) it names the same rule
    as the plain scan over the window."""
    from nlu.semantics import constructions, write_uses

    calls, differ = [], []

    def both(view, a):  # noqa: ANN001, ANN202
        fast, plain = write_uses.state_use(view, a), write_uses.state_use_reference(view, a)
        calls.append(fast)
        if fast != plain:
            differ.append((view.text, a.text, fast, plain))
        return fast

    monkeypatch.setattr(constructions, "state_use", both)
    for text in WRITES["positive"] + WRITES["negative"]:
        _understand(text)
    assert len(calls) > 50 and any(calls) and not all(calls)
    assert differ == []


def test_implied_actions_from_the_openers_equal_the_every_character_scan(monkeypatch):
    """`implied_actions` tries only the characters a construction opens with; on the corpora of
    the implied constructions and the benchmark corpus (real views, through the pipeline) it
    finds exactly what the plain every-character scan finds."""
    from nlu.bench.corpus import generate
    from nlu.semantics import constructions
    from nlu.stages import srl

    calls, differ = [], []

    def both(view):  # noqa: ANN001, ANN202
        fast, plain = constructions.implied_actions(view), constructions.implied_actions_reference(view)
        calls.append(fast)
        if fast != plain:
            differ.append((view.text, fast, plain))
        return fast

    monkeypatch.setattr(srl, "implied_actions", both)
    texts = [u.text for u in generate(300, 7)]
    for path in sorted(CORPORA.glob("srl.*.json")) + [CORPORA / "write_constructions.json"]:
        data = json.loads(path.read_text("utf-8"))
        for key in ("positive", "negative"):
            texts += [t if isinstance(t, str) else t.get("text", "") for t in data.get(key, [])]
    for text in texts:
        _understand(text)
    assert len(calls) > 300 and any(calls)
    assert differ == []
