"""Stage `coreference` through the real earlier stages (design 7.6, 16.2)."""
from __future__ import annotations

import pytest




def vehicles(*ids, turn="t1", domain="agv", etype="vehicle"):
    return [{"canonicalId": i, "entityType": etype, "displayName": i, "domain": domain, "turnId": turn} for i in ids]


def mention(result, text, k=0):
    return [c for c in result.coreferences
            if result.original_text[c.mention_span.start:c.mention_span.end] == text][k]


@pytest.mark.parametrize("text,pronoun", [
    ("查 AGV-01，它现在在哪", "它"),
    ("查一下 AGV-01，它的电量多少", "它"),
    ("AGV-01 从 ST-01 到 ST-05，它现在到哪了", "它"),
    ("看看 AGV-01 吧，这台车现在怎么样", "这台车"),
    ("HXD1-0001 在哪？该机车的检修计划呢", "该机车"),
])
def test_intra_sentence_pronoun(run, text, pronoun):
    result, draft = run(text)
    link = mention(result, pronoun)
    ante = {e.id: e.text for e in result.entities}[link.antecedent_entity_id]
    assert ante in ("AGV-01", "HXD1-0001")
    assert link.confirmed and link.source_turn_id is None
    assert "ambiguous_coreference" not in draft.flags_raised and "unresolved_coreference" not in draft.flags_raised


def test_antecedent_must_precede(run):
    result, draft = run("它现在在哪，AGV-01")
    assert mention(result, "它").antecedent_entity_id is None
    assert "unresolved_coreference" in draft.flags_raised


def test_type_must_be_compatible(run):
    result, draft = run("ST-05 旁边，该机车在哪")
    assert mention(result, "该机车").antecedent_entity_id is None
    assert "unresolved_coreference" in draft.flags_raised


@pytest.mark.parametrize("text", ["AGV-01 和 AGV-02 都在 ST-05，它电量多少", "AGV-01、AGV-02 呢？这台车怎么样"])
def test_several_in_sentence_asks(run, text):
    result, draft = run(text)
    link = result.coreferences[0]
    assert link.antecedent_entity_id is None and not link.confirmed and len(link.candidates) == 2
    assert "ambiguous_coreference" in draft.flags_raised


@pytest.mark.parametrize("text", ["它呢", "它现在在哪", "这台车呢", "把它取消"])
def test_three_vehicles_in_context_clarify_never_first(run, text):
    result, draft = run(text, referents=vehicles("AGV-01", "AGV-02", "AGV-03"))
    link = result.coreferences[0]
    assert link.antecedent_entity_id is None and not link.confirmed
    assert {c.id for c in link.candidates} == {"AGV-01", "AGV-02", "AGV-03"}
    assert "ambiguous_coreference" in draft.flags_raised


@pytest.mark.parametrize("text", ["它呢", "它现在在哪", "这台车电量多少", "把它取消"])
def test_single_referent_confirms(run, text):
    result, draft = run(text, referents=vehicles("AGV-01", turn="t7"))
    link = result.coreferences[0]
    assert link.antecedent_entity_id == "ref:AGV-01" and link.confirmed
    assert [c.id for c in link.candidates] == ["AGV-01"] and [c.label for c in link.candidates] == ["AGV-01"]
    assert link.source_turn_id == "t7"
    assert not {"ambiguous_coreference", "unresolved_coreference"} & set(draft.flags_raised)
    # no entity is invented for a referent
    assert all(e.text for e in result.entities) and "AGV-01" not in {e.text for e in result.entities}


@pytest.mark.parametrize("text", ["那个东西怎么样了", "它呢", "取消那个任务", "这个任务进度如何"])
def test_no_antecedent_no_context_is_unresolved(run, text):
    result, draft = run(text)
    assert result.coreferences and result.coreferences[0].antecedent_entity_id is None
    assert "unresolved_coreference" in draft.flags_raised


def test_referents_only_when_passed(run):
    result, draft = run("它现在在哪")
    assert result.coreferences[0].candidates == []


def test_sentence_antecedent_beats_referents(run):
    result, draft = run("查 AGV-05，它在哪", referents=vehicles("AGV-01", "AGV-02"))
    assert {e.id: e.text for e in result.entities}[result.coreferences[0].antecedent_entity_id] == "AGV-05"
    assert "ambiguous_coreference" not in draft.flags_raised


def test_typed_pronoun_filters_referents(run):
    refs = vehicles("AGV-01") + vehicles("T-2026010241", etype="task")
    result, draft = run("这个任务进度如何", referents=refs)
    assert result.coreferences[0].antecedent_entity_id == "ref:T-2026010241"


@pytest.mark.parametrize("text", ["看检修工单，它呢", "查机车检修工单，它的进度", "检修工单里它在哪"])
def test_domain_switch_drops_other_domain_referents(run, text):
    result, draft = run(text, referents=vehicles("AGV-01"))
    link = result.coreferences[0]
    assert link.antecedent_entity_id is None and link.candidates == []
    assert "unresolved_coreference" in draft.flags_raised
    assert [c.id for c in result.routing.domain_candidates][:1] == ["rail"]


def test_domain_switch_route_ignores_previous_domain(run):
    result, draft = run("看检修工单", referents=vehicles("AGV-01", "AGV-02"))
    assert result.coreferences == []
    assert [c.id for c in result.routing.domain_candidates] == ["rail"]
    assert result.routing.template_candidates[0].id == "workorder"


def test_same_domain_keeps_referents(run):
    result, _ = run("这台 AGV 呢", referents=vehicles("AGV-01"))
    assert result.coreferences[0].antecedent_entity_id == "ref:AGV-01"


@pytest.mark.parametrize("text", ["这个 AGV-01 电量多少", "那个 T-2026010241 取消掉", "这台 AGV-02 在哪", "这个任务 T-2026010241 的进度"])
def test_determiner_of_identifier_is_not_a_coreference(run, text):
    result, draft = run(text)
    assert result.coreferences == []
    assert "unresolved_coreference" not in draft.flags_raised


@pytest.mark.parametrize("text", ["这个报表导出一下", "这个月的检修计划", "其它小车在哪", "因此取消了吗"])
def test_non_referential_uses(run, text):
    result, draft = run(text)
    assert result.coreferences == []


def test_person_pronoun(run):
    result, _ = run("张三负责 HXD1-0001，他在哪")
    assert {e.id: e.text for e in result.entities}[result.coreferences[0].antecedent_entity_id] == "张三"


# ---------------------------------------------------------------- demonstrative phrases, plural, ordinal
@pytest.mark.parametrize("text,phrase,ante", [
    ("HXD2-0005 报了故障，这台机车今天在哪个车间", "这台机车", "HXD2-0005"),
    ("ST-08 先看一下，该站点今天有几台车", "该站点", "ST-08"),
    ("WO-20260777 已登记，这张单子的进度呢", "这张单子", "WO-20260777"),
])
def test_demonstrative_phrase_with_head_noun(run, text, phrase, ante):
    result, draft = run(text)
    k = mention(result, phrase)
    assert k.confirmed and k.antecedent_entity_id == next(e.id for e in result.entities if e.text == ante)


def test_pronoun_before_a_time_is_still_a_pronoun(run):
    result, draft = run("李四负责 HXD1-0009，他下周还管哪些机车")
    k = mention(result, "他")
    assert k.confirmed and next(e for e in result.entities if e.id == k.antecedent_entity_id).text == "李四"


def test_plural_pronoun_links_every_member(run):
    result, draft = run("AGV-04 和 AGV-09 都停在 ST-01，它们的电量是多少")
    linked = {next(e.text for e in result.entities if e.id == c.antecedent_entity_id)
              for c in result.coreferences if c.confirmed}
    assert linked == {"AGV-04", "AGV-09"}


def test_counted_plural_takes_that_many_referents(run):
    result, draft = run("这两台车昨天跑了几趟", referents=vehicles("AGV-05", "AGV-06"))
    assert sorted(c.antecedent_entity_id for c in result.coreferences) == ["ref:AGV-05", "ref:AGV-06"]
    assert "unresolved_coreference" not in draft.flags_raised


@pytest.mark.parametrize("word,ante", [("前者", "HXD1-0021"), ("后者", "HXD1-0022")])
def test_former_and_latter(run, word, ante):
    result, draft = run(f"HXD1-0021 和 HXD1-0022 里，{word}的修程是几级")
    k = mention(result, word)
    assert next(e.text for e in result.entities if e.id == k.antecedent_entity_id) == ante


def test_apposition_links_the_following_identifier(run):
    result, draft = run("请看附件里这台车：HXD3-0042，还要修多久")
    k = mention(result, "这台车")
    assert k.confirmed and next(e.text for e in result.entities if e.id == k.antecedent_entity_id) == "HXD3-0042"
    assert "unresolved_coreference" not in draft.flags_raised


@pytest.mark.parametrize("text", ["帮我查这个车号 ＤＦ４Ｂ－１２３４ 的检修计划", "这个单号 WO-20260301 的进度"])
def test_a_demonstrative_naming_the_identifier_after_it_is_not_asked(run, text):
    result, draft = run(text)
    assert "unresolved_coreference" not in draft.flags_raised


def test_a_bare_number_word_with_nothing_after_it_is_still_asked(run):
    result, draft = run("这个车号什么时候修")
    assert "unresolved_coreference" in draft.flags_raised


def test_demonstrative_after_describing_clause_is_not_asked(run):
    result, draft = run("看一下 AGV-05 从 ST-03 到 ST-07 的那个任务")
    assert "unresolved_coreference" not in draft.flags_raised


def test_classifier_before_another_noun_is_not_a_reference(run):
    result, draft = run("这张照片里的 AGV-06 现在在哪")
    assert "unresolved_coreference" not in draft.flags_raised
