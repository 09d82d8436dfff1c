"""Words both domains share (任务, 车) read in one domain (lexicons/shared_words.json): the reading
rule on its own and a few turns beside the corpus (lexicons/corpora/route.shared_word_reading.json,
run in tests/test_corpora.py)."""

import pytest

from nlu.lexicon import default_pack
from nlu.semantics.shared_words import DEFAULT, EVIDENCE, SharedWords, shared_words
from warm_pipeline import warm_pipeline

REF = "2026-06-10T09:30:00+08:00"
def _understand(text):
    return warm_pipeline().understand(text, reference_time=REF)


def test_a_rail_identifier_or_word_beside_the_task_still_routes_rail():
    for text in ("HXD1-0001 的任务有几个", "检修任务有多少", "机车今天有几个任务"):
        r = _understand(text)
        assert r.decision.action == "continue" and r.routing.domain_candidates[0].id == "rail", text


def test_a_caller_referent_of_the_other_domain_is_a_voice():
    """A rail referent beside 任务 (its agv default) leaves it ambiguous: never agv."""
    r = warm_pipeline().understand(
        "今天失败的任务有几个", reference_time=REF,
        referents=[{"canonicalId": "HXD1-0001", "entityType": "locomotive", "domain": "rail"}])
    assert not (r.decision.action == "continue" and r.routing.domain_candidates[0].id == "agv")


# -- the rule on its own ---------------------------------------------------------------
RULE = SharedWords({"任务": "agv", "车": None}, {"任务": "任务", "车": "车"}, frozenset({"count", "list", "report"}))


@pytest.mark.parametrize("group, support, against, expected", [
    ("任务", {"agv"}, set(), ("agv", EVIDENCE)),  # 搬运了几个任务: agv's word, agv's default
    ("任务", set(), set(), ("agv", DEFAULT)),  # 列出所有任务: the ontology's default alone
    ("任务", set(), {"agv"}, ("agv", DEFAULT)),  # 失败的任务: an agv term agrees with the default
    ("任务", {"rail"}, set(), None),  # 班组的任务: rail's word against the agv default
    ("任务", set(), {"rail"}, None),  # 已完工的任务: a rail term against the agv default
    ("任务", {"agv", "rail"}, set(), None),  # words of both domains
    ("车", {"agv"}, set(), ("agv", EVIDENCE)),  # 哪台车电量最低: a weak word breaks the tie
    ("车", {"rail"}, set(), ("rail", EVIDENCE)),
    ("车", set(), set(), None),  # 帮我叫辆车: no default, no evidence
    ("车", set(), {"agv"}, None),  # 车辆自动…: a one-domain term alone never reads it
    ("车", {"agv"}, {"rail"}, None),  # a term of the other domain keeps it ambiguous
    ("车", {"agv", "rail"}, set(), None),
    ("故障", {"agv"}, set(), None),  # not listed: a state word is not read from hints
])
def test_the_reading_rule(group, support, against, expected):
    assert RULE.reading(group, ("agv", "rail"), support, against) == expected


def test_a_word_of_one_domain_only_is_no_shared_word():
    assert RULE.reading("任务", ("agv",), set()) is None


def test_a_compound_on_a_defaulted_word_reads_as_its_default():
    assert RULE.compound_default("任务耗时", "agv", set())
    assert RULE.compound_default("任务耗时", "agv", {"agv"})
    assert not RULE.compound_default("任务耗时", "agv", {"rail"})  # a rail word beside it
    assert not RULE.compound_default("检修任务", "rail", set())  # not the default's domain
    assert not RULE.compound_default("车速", "agv", set())  # 车 has no default
    assert not RULE.compound_default("任务", "agv", set())  # the word itself is no compound


def test_the_shipped_groups_are_the_packs_shared_words():
    rules = shared_words(default_pack())
    assert rules.defaults["任务"] == "agv"  # ontology.md: 任务 is a typical word of agv
    assert rules.defaults["车"] is None
    assert "故障" not in rules.defaults and "电池" not in rules.defaults  # state / attribute words
    assert rules.surfaces["任务"] == "任务" and rules.surfaces["车"] == "车"


def test_the_precomputed_compounds_answer_as_the_plain_substring_test():
    from nlu.lexicon import default_pack
    from nlu.semantics.shared_words import shared_words

    rules = shared_words(default_pack())
    assert rules.built_on, "the default pack has terms built on a shared word (任务耗时)"
    for surface in default_pack().terms_by_surface:
        for domain in (None, "agv", "rail"):
            assert rules.builds_on_default(surface, domain) == rules._builds_on_default(surface, domain), (surface, domain)
