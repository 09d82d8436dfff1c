"""Stage `srl` through the real earlier stages (design 6.5, 7.7, 16.2)."""
from __future__ import annotations

import pytest




def roles(result, frame):
    """role -> list of (texts or literal, comparator, negated)."""
    by_id = {e.id: e.text for e in result.entities}
    out = {}
    for a in frame.arguments:
        val = tuple(by_id[i] for i in a.entity_ids) if a.entity_ids else a.literal_value
        out.setdefault(a.role, []).append((val, a.comparator, a.negated))
    return out


def only_frame(result):
    assert len(result.semantic_frames) == 1, result.semantic_frames
    return result.semantic_frames[0]


@pytest.mark.parametrize("text", [
    "明早在一车间用检测仪检查 HXD1-0001",
    "明早在一车间使用检测仪检查 HXD1-0001",
    "明天早上在一车间用检测仪检查HXD1-0001",
    "明早在一车间拿检测仪检查一下 HXD1-0001",
])
def test_semantic_roles_time_location_instrument_action_patient(run, text):
    result, _ = run(text)
    f = only_frame(result)
    assert f.predicate.startswith("检查") and f.action_class == "query" and not f.negated
    r = roles(result, f)
    assert r["patient"] == [(("HXD1-0001",), None, None)]
    assert r["location"] == [(("一车间",), None, None)]
    assert r["instrument"] == [("检测仪", None, None)]
    assert len(r["time"]) == 1 and r["time"][0][0][0] in ("明早", "明天早上")
    time_entity = next(e for e in result.entities if e.type in ("time", "time_range"))
    assert time_entity.canonical_value == "2026-03-16T06:00:00+08:00/2026-03-16T12:00:00+08:00"


@pytest.mark.parametrize("text", ["不要取消 T-2026010241", "别取消 T-2026010241", "不用取消T-2026010241",
                                  "T-2026010241 不要取消", "千万不要再取消 T-2026010241"])
def test_negated_cancel_frame(run, text):
    result, draft = run(text)
    f = only_frame(result)
    assert f.action_class == "cancel" and f.negated
    assert roles(result, f)["patient"] == [(("T-2026010241",), None, None)]
    assert "write_without_object" not in draft.flags_raised


def test_plain_cancel_is_not_negated(run):
    result, _ = run("取消 T-2026010241")
    f = only_frame(result)
    assert f.action_class == "cancel" and not f.negated


@pytest.mark.parametrize("text,comparator", [
    ("查询不少于 3 台在线的 AGV", "gte"), ("至少 3 台 AGV 在线吗", "gte"), ("3 台及以上在线的 AGV 有哪些", "gte"),
    ("在线 AGV 不超过 3 台吗", "lte"), ("最多 3 台 AGV 在线吗", "lte"), ("超过 3 台 AGV 离线了吗", "gt"), ("少于 3 台在线吗", "lt"),
])
def test_quantity_comparator_attached_to_frame(run, text, comparator):
    result, _ = run(text)
    f = only_frame(result)
    q = roles(result, f)["quantity"]
    assert q == [(("3 台",), comparator, None)]
    assert next(e for e in result.entities if e.type == "quantity").canonical_value == "3 台"


def test_amount_comparator(run):
    result, _ = run("查询超过 35000 元的工单")
    assert roles(result, only_frame(result))["amount"] == [(("35000 元",), "gt", None)]


def test_between_is_a_range(run):
    result, _ = run("3月1日到3月10日之间的工单")
    f = only_frame(result)
    assert roles(result, f)["range"] == [(("3月1日", "3月10日"), "between", None)]


@pytest.mark.parametrize("text", ["除了 AGV-03，其他小车都在线吗", "AGV-03 除外，其他小车在线吗", "查询除了AGV-03以外的小车状态"])
def test_exception(run, text):
    result, _ = run(text)
    f = only_frame(result)
    assert roles(result, f)["exception"] == [(("AGV-03",), "except", None)]


@pytest.mark.parametrize("text,cls", [("全年检修报表", "query"), ("AGV 现在几个在线", "count"), ("HXD1-0001 现在在哪", "query"),
                                      ("本月完成了多少张工单", "count"), ("电量低于20%的小车有哪些", "query")])
def test_implicit_frame_for_data_question(run, text, cls):
    result, draft = run(text)
    f = only_frame(result)
    assert f.predicate == "查询" and f.action_class == cls and f.confidence < 0.9
    assert "missing_action" not in draft.flags_raised


def test_implicit_frame_holds_time_and_presentation(run):
    result, _ = run("全年检修报表")
    r = roles(result, only_frame(result))
    assert r["time"] == [(("全年",), None, None)] and r["presentation"] == [("报表", None, None)]


def test_count_condition(run):
    result, _ = run("AGV 现在几个在线")
    assert roles(result, only_frame(result))["condition"] == [("在线", None, None)]


@pytest.mark.parametrize("text", ["昨天 AGV-01", "AGV-01 昨天", "上周 HXD1-0001"])
def test_missing_action(run, text):
    result, draft = run(text)
    assert "missing_action" in draft.flags_raised
    assert result.semantic_frames == []


@pytest.mark.parametrize("text", ["取消那个任务", "把它取消", "删除", "新建一个工单"])
def test_write_without_object(run, text):
    _, draft = run(text)
    assert "write_without_object" in draft.flags_raised


def test_write_with_resolved_pronoun_has_object(run):
    refs = [{"canonicalId": "T-2026010241", "entityType": "task", "displayName": "T-2026010241", "domain": "agv", "turnId": "t1"}]
    result, draft = run("把这个任务取消", referents=refs)
    assert "write_without_object" not in draft.flags_raised
    assert roles(result, only_frame(result))["patient"] == [("T-2026010241", None, None)]


def test_write_with_intra_sentence_pronoun(run):
    result, draft = run("查一下 T-2026010241，把它取消")
    cancel = next(f for f in result.semantic_frames if f.action_class == "cancel")
    assert roles(result, cancel)["patient"] == [(("T-2026010241",), None, None)]
    assert "write_without_object" not in draft.flags_raised


@pytest.mark.parametrize("text,modality", [("必须取消 T-2026010241", "must"), ("务必在今天取消 T-2026010241", "must"),
                                           ("要取消 T-2026010241", "should"), ("应该取消 T-2026010241", "should"),
                                           ("可以取消 T-2026010241 吗", "may"), ("能不能取消 T-2026010241", "may"),
                                           ("取消 T-2026010241", None)])
def test_modality(run, text, modality):
    result, _ = run(text)
    f = only_frame(result)
    assert f.modality == modality and not f.negated


@pytest.mark.parametrize("text", ["能不能查一下 HXD1-0001", "是不是该查一下 AGV-01"])
def test_a_not_a_question_is_not_negation(run, text):
    result, _ = run(text)
    assert not any(f.negated for f in result.semantic_frames)


def test_presentation_literal(run):
    result, _ = run("用饼图显示本月 AGV 任务")
    lits = [a.literal_value for f in result.semantic_frames for a in f.arguments if a.role == "presentation"]
    assert lits == ["饼图"]


def test_two_actions_split_arguments(run):
    result, _ = run("查一下 AGV-01，然后取消 T-2026010241")
    by_class = {f.action_class: roles(result, f) for f in result.semantic_frames}
    assert by_class["query"]["patient"] == [(("AGV-01",), None, None)]
    assert by_class["cancel"]["patient"] == [(("T-2026010241",), None, None)]


def test_actor_and_target(run):
    result, _ = run("张三给 AGV-03 下发任务到 ST-05")
    f = only_frame(result)
    r = roles(result, f)
    assert f.action_class == "create" and r["actor"] == [(("张三",), None, None)]
    assert ("AGV-03",) in [v for v, _, _ in r["target"]] or ("AGV-03", "ST-05") in [v for v, _, _ in r["target"]]


@pytest.mark.parametrize("text,comparator", [
    ("今天开工时间不早于早上8点的任务有哪些", "gte"), ("不晚于周五完成的工单有哪些", "lte"),
    ("早于明天 9 点下发的任务有几个", "lt"), ("晚于今天 18 点入库的机车有哪些", "gt"), ("不迟于下周一完成的检修计划", "lte"),
])
def test_time_comparator_is_protected_and_attached(run, text, comparator):
    result, _ = run(text)
    assert "comparison" in {s.kind for s in result.protected_spans}
    assert comparator in {a.comparator for f in result.semantic_frames for a in f.arguments if a.role == "time"}
    assert not any(s.kind == "negation" for s in result.protected_spans), "不 of 不早于 is the comparison's, not a negation"


def test_every_value_is_attached_to_a_frame(run):
    for text in ["不少于 3 台 AGV 在线", "全年 AGV 任务报表", "本月超过 35000 元的工单有多少"]:
        result, _ = run(text)
        values = {e.id for e in result.entities if e.type in ("quantity", "amount", "time", "time_range")}
        attached = {i for f in result.semantic_frames for a in f.arguments for i in (a.entity_ids or [])}
        assert values <= attached, text


# ---------------------------------------------------------------- constructions and non-predicate writes
@pytest.mark.parametrize("text,cls", [
    ("把 T-2026030303 的终点改成 ST-04", "update"),
    ("把 AGV-09 从 ST-02 调到 ST-08", "update"),
    ("让 AGV-04 去 ST-06 送料", "create"),
    ("派 2 台 AGV 去 ST-01", "create"),
])
def test_construction_opens_a_write_frame(run, text, cls):
    result, draft = run(text)
    assert any(f.action_class == cls and not f.negated for f in result.semantic_frames)
    assert "missing_action" not in draft.flags_raised and "write_without_object" not in draft.flags_raised


def test_negation_through_a_coverb_phrase(run):
    result, draft = run("不要给 AGV-06 派任务")
    assert [f.negated for f in result.semantic_frames if f.action_class == "create"] == [True]


def test_disposal_without_result_lacks_an_object(run):
    result, draft = run("把 HXD1-0004 的修程改成")
    assert "write_without_object" in draft.flags_raised


@pytest.mark.parametrize("text", [
    "本月任务失败情况汇总，不包括已经撤销的",
    "工单里除了作废的，其余按班组统计",
    "AGV 调度报表",
])
def test_write_word_as_modifier_is_not_a_write(run, text):
    result, draft = run(text)
    assert "write_without_object" not in draft.flags_raised
    assert not any(f.write for f in draft.frames)


@pytest.mark.parametrize("text", ["AGV-08 上周停了几次", "下周要进二车间的机车", "HXD1-0006 修程"])
def test_object_with_attribute_is_an_implicit_query(run, text):
    result, draft = run(text)
    assert "missing_action" not in draft.flags_raised
    assert result.semantic_frames


@pytest.mark.parametrize("text", ["前天 AGV-05", "HXD1-0003 嗯"])
def test_bare_identifier_still_misses_the_action(run, text):
    result, draft = run(text)
    assert "missing_action" in draft.flags_raised


# ---------------------------------------------------------------- rules added for dev-set gaps
def classes(result):
    return [(f.action_class, f.negated) for f in result.semantic_frames]


def test_manner_presentation_goes_to_the_main_verb(run):
    result, _ = run("用折线图显示上周每台小车的电量")
    f = only_frame(result)
    assert f.action_class == "query" and ("折线图", None, None) in roles(result, f)["presentation"]


def test_count_verb_into_presentation_is_a_query(run):
    result, _ = run("机车工单按班组统计成表格")
    f = only_frame(result)
    assert f.action_class == "query" and "presentation" in roles(result, f)


def test_build_a_record_is_a_create(run):
    result, _ = run("帮 HXD1-0030 建一个小修工单")
    assert classes(result) == [("create", False)]


def test_change_verb_without_ba_is_an_update(run):
    assert classes(run("别推迟 WO-20260101 的计划")[0]) == [("update", True)]
    assert classes(run("任务 T-2026010241 不要改优先级")[0])[0] == ("update", True)


def test_degree_resultative_is_an_update(run):
    result, draft = run("把 WO-20260101 的优先级提高")
    assert classes(result) == [("update", False)]
    assert "write_without_object" not in draft.flags_raised


def test_disposal_sending_a_mover_is_a_dispatch(run):
    result, _ = run("把 AGV-08 开到 ST-02")
    f = only_frame(result)
    assert f.action_class == "create" and roles(result, f)["target"][0][0] == ("ST-02",)


def test_place_after_change_result_is_target(run):
    result, _ = run("把 T-2026010241 的终点改为 ST-04")
    r = roles(result, only_frame(result))
    assert r["target"][0][0] == ("ST-04",) and r["patient"][0][0] == ("T-2026010241",)


def test_quoted_command_is_reported_speech(run):
    result, _ = run("单子上写着“删除 T-2026010242”，这是谁写的")
    assert classes(result) == [("query", False)]


def test_perfective_question_about_state_change_is_not_an_order(run):
    result, _ = run("AGV-05 恢复了吗")
    assert classes(result) == [("query", False)]


def test_arranging_create_takes_the_embedded_action_arguments(run):
    result, _ = run("安排后天在二车间检查 HXD1-0002")
    f = only_frame(result)
    assert f.action_class == "create" and roles(result, f)["patient"][0][0] == ("HXD1-0002",)


def test_excluding_clause_is_an_exception(run):
    result, _ = run("HXD1-0002 近期的检修记录，不要大修的")
    r = roles(result, only_frame(result))
    assert r["exception"][0][1] == "except"


def test_which_is_more_between_two_objects_is_a_compare(run):
    result, _ = run("AGV-05 跟 AGV-06 哪个电量高")
    assert classes(result) == [("compare", False)]


def test_threshold_on_counted_objects_is_a_count(run):
    result, _ = run("至少 4 台小车空闲吗")
    f = only_frame(result)
    assert f.action_class == "count" and roles(result, f)["quantity"][0][1] == "gte"


def test_predicative_threshold_stays_a_query(run):
    result, _ = run("本月关闭的工单不少于 30 张吗")
    assert only_frame(result).action_class == "query"


def test_negated_destination_argument(run):
    result, _ = run("AGV-02 不是到 ST-06")
    r = roles(result, only_frame(result))
    assert r["target"][0][2] is True
