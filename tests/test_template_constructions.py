"""Template and frame constructions (issue 18): cases beside the corpora (which run in
tests/test_corpora.py) and the fast construction search equal to the plain one on their texts."""
import corpus_files
from nlu.lexicon import default_pack
from nlu.semantics.templates import template_rules
from warm_pipeline import warm_pipeline

REF = "2026-03-15T10:30:00+08:00"
WRITE_CLASSES = ("create", "update", "cancel")


def _understand(text):
    return warm_pipeline().understand(text, reference_time=REF)


def test_a_negated_write_keeps_its_negation():
    r = _understand("别删WO-20260320，删WO-20260321就行")
    assert sorted((f.action_class, f.negated) for f in r.semantic_frames) == [("cancel", False), ("cancel", True)]


def test_a_how_many_read_of_a_measured_value_is_no_count_frame():
    for text in ("别算AGV-06，其余小车的平均电量是多少", "AGV-12 电量还剩多少"):
        r = _understand(text)
        assert {f.action_class for f in r.semantic_frames} == {"query"}, text


def test_constructions_skipped_by_their_needed_characters_are_those_that_cannot_match():
    """`constructions_in` searches no construction whose needed characters the text misses; on
    every corpus sentence of the route and srl rules and the benchmark corpus it finds exactly
    the constructions the plain search of every pattern finds."""
    from nlu.bench.corpus import generate

    rules = template_rules(default_pack())
    texts = [u.text for u in generate(400, 3)]
    texts += corpus_files.texts("route.*", "positive", "negative") + corpus_files.texts("srl.*", "positive", "negative")
    kinds = [frozenset(), frozenset({"time"}), frozenset({"time", "time_range", "vehicle"})]
    found = 0
    for text in texts:
        for kind in kinds:
            fast = rules.constructions_in(text, kind)
            assert fast == rules.constructions_in_reference(text, kind), text
            found += bool(fast)
    assert found > 50
