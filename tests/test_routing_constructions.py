"""The routing constructions' fast paths (issue 18) equal their plain reference scans on the
corpora's texts; the corpora themselves run in tests/test_corpora.py."""
import corpus_files
from warm_pipeline import warm_pipeline

REF = "2026-06-10T09:30:00+08:00"


def _understand(text):
    return warm_pipeline().understand(text, reference_time=REF)


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
    for text in corpus_files.texts("write_constructions", "positive", "negative"):
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
    texts += corpus_files.texts("srl.*", "positive", "negative") + corpus_files.texts("write_constructions", "positive", "negative")
    for text in texts:
        _understand(text)
    assert len(calls) > 300 and any(calls)
    assert differ == []
