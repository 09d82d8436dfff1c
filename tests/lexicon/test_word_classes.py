"""The closed word classes the rules read by name (referring.json, function_words.json,
number_context.json, implied_actions.json, implied_templates.json, time_words.json) and the empty-input question of clarifications.json."""
from __future__ import annotations

from pathlib import Path

import pytest

import nlu
from nlu.lexicon import PackError, load_pack, write_manifest
from nlu.lexicon.word_classes import (
    FUNCTION_WORDS,
    IMPLIED_ACTIONS,
    IMPLIED_TEMPLATES,
    NUMBER_CONTEXT,
    REFERRING,
    TIME_WORDS,
    alternation,
    char_class,
    function_words,
    implied_action_words,
    implied_template_words,
    number_context,
    referring_words,
    time_words,
)
from nlu.telemetry import ENTITY_TYPES


def test_a_class_is_read_by_its_name_in_file_order(pack_copy: Path, edit_json):
    edit_json(pack_copy / FUNCTION_WORDS, lambda d: d["classes"]["coverbs"]["words"].insert(0, "将"))
    write_manifest(pack_copy)
    words = function_words(pack_copy)
    assert words.coverbs[0] == "将" and "给" in words.coverbs
    assert function_words(pack_copy) is words  # read once per pack root, not per call


def test_the_shipped_classes_hold_what_their_rules_need(shipped_root: Path):
    ref = referring_words(shipped_root)
    assert {t for types in (*ref.head_nouns.values(), *ref.classifier_types.values()) for t in types} <= ENTITY_TYPES
    assert set(ref.ordinals.values()) == {"first", "last"}
    assert all(n >= 1 for n in ref.numerals.values())
    assert set(ref.classes.bound_demonstratives) <= set(ref.classes.demonstratives)
    assert set(ref.classes.counting_classifiers) | set(ref.classes.plural_classifiers) <= set(ref.classes.classifiers)
    assert len(number_context(shipped_root).number_suffix) == 1


@pytest.mark.parametrize("file,change,path", [
    (FUNCTION_WORDS, lambda d: d["classes"].pop("coverbs"), "$.classes"),  # a class the code reads, gone
    (FUNCTION_WORDS, lambda d: d["classes"]["coverbs"].update(words=[]), "$.classes.coverbs.words"),
    (REFERRING, lambda d: d["headNouns"]["types"].update({"车": []}), "$.headNouns.types"),
    (NUMBER_CONTEXT, lambda d: d["classes"]["queryWordsBefore"].pop("about"), "$.classes.queryWordsBefore"),
    (IMPLIED_ACTIONS, lambda d: d["classes"].pop("changeVerbs"), "$.classes"),
    (IMPLIED_ACTIONS, lambda d: d["classes"]["recordNouns"].update(words=["工单", "工单"]), "$.classes.recordNouns.words"),
    (IMPLIED_TEMPLATES, lambda d: d["classes"]["bareParticles"].update(extra=1), "$.classes.bareParticles"),
    (TIME_WORDS, lambda d: d["classes"]["weekMarkers"].update(words="周"), "$.classes.weekMarkers.words"),
])
def test_a_malformed_file_is_rejected_naming_file_and_path(pack_copy: Path, edit_json, file, change, path):
    edit_json(pack_copy / file, change)
    write_manifest(pack_copy)
    loader = {FUNCTION_WORDS: function_words, REFERRING: referring_words, NUMBER_CONTEXT: number_context,
              IMPLIED_ACTIONS: implied_action_words, IMPLIED_TEMPLATES: implied_template_words,
              TIME_WORDS: time_words}[file]
    with pytest.raises(PackError, match=rf"^\[E301\] {file}: ") as exc:
        loader(pack_copy)
    assert exc.value.file == file and exc.value.path.startswith(path), (exc.value.path, str(exc.value))


def test_the_construction_classes_keep_what_their_patterns_assume(shipped_root: Path):
    words = implied_action_words(shipped_root)
    # 新建 is the one build verb longer than a character, and 新 alone is no build verb
    assert words.one("new_build_verb") in words.build_verbs and words.one("new_marker") not in words.build_verbs
    # a longer change verb is tried before its own prefix (改成 before 改): the file's order is the regex's
    for i, w in enumerate(words.change_verbs):
        assert not any(w.startswith(v) and w != v for v in words.change_verbs[:i]), w
    # 调 and the movement verbs 搬/运/送 open only a topic dispatch (AGV-07 从 ST-02 搬到 ST-09);
    # 派 is read by the causative-dispatch branch first
    assert set(words.topic_send_verbs) - set(words.dispatch_verbs) == {"调", "搬", "运", "送"}
    assert not (set(words.topic_send_verbs) - {"调", "派"}) & {w[0] for w in words.change_verbs + words.build_verbs}
    assert set(words.send_results) <= set(words.resultatives)


def test_the_implied_query_is_one_value_for_the_frame_and_the_inserted_word(shipped_root: Path):
    query = implied_action_words(shipped_root).one("implied_query_predicate")
    r = nlu.understand("全年检修报表")  # a complete data question with no action word (design 7.2)
    assert [f.predicate for f in r.semantic_frames] == [query]
    assert r.canonical_text == query + "全年检修报表"


def test_the_time_scanner_gate_holds_the_first_character_of_every_time_word(shipped_root: Path):
    from nlu.values import times

    words = time_words(shipped_root)
    gate = set(words.date_start_characters)
    # the words the date/time pattern opens with (periods and recent spans are scanned by their own patterns;
    # the weekday prefixes are the period prefixes less the excluded ones)
    weekday_prefixes = [k for k in times.PERIOD_PREFIX if k not in words.weekday_excluded_prefixes]
    vocab = [*times.DAY_WORDS, *times.SHORT_DAY_PART, *times.PARTS, *times.YEAR_WORDS, *weekday_prefixes, *words.half_years, *words.whole_year, *words.last_month_words,
             *words.first_month_words, *words.week_markers, *words.ordinal_prefix, *words.clock_numerals]
    assert not {w[0] for w in vocab if not w[0].isascii()} - gate  # a word the gate misses would never be read
    assert len(words.week_markers) == 3 and len(words.quarter_hours) == 2 and len(words.half_years) == 2


def test_an_edited_file_without_a_new_manifest_is_drift(pack_copy: Path, edit_json):
    edit_json(pack_copy / FUNCTION_WORDS, lambda d: d["classes"]["coverbs"]["words"].append("将"))
    with pytest.raises(PackError, match=r"^\[E301\] function_words.json: \$: checksum drift"):
        function_words(pack_copy)


def test_a_character_class_holding_a_longer_word_is_rejected(pack_copy: Path, edit_json):
    edit_json(pack_copy / FUNCTION_WORDS, lambda d: d["classes"]["coverbs"]["words"].append("对于"))
    write_manifest(pack_copy)
    with pytest.raises(PackError, match=r"^\[E303\] function_words.json: \$\.classes\.coverbs\.words\[7\]: '对于'"):
        function_words(pack_copy)


def test_a_name_the_file_does_not_have_is_a_numbered_error(shipped_root: Path):
    with pytest.raises(PackError, match=r"^\[E302\] function_words.json: \$\.classes\.noSuchWords: no such word class"):
        function_words(shipped_root).no_such_words


def test_a_marker_read_as_one_word_must_be_one(pack_copy: Path, edit_json):
    edit_json(pack_copy / FUNCTION_WORDS, lambda d: d["classes"]["alternativeMarker"]["words"].append("或者"))
    write_manifest(pack_copy)
    with pytest.raises(PackError, match=r"^\[E303\] .*alternativeMarker.*exactly one"):
        function_words(pack_copy).one("alternative_marker")


@pytest.mark.parametrize("words,text,hits", [
    (("查", "查询", "查一下"), "查一下", ["查"]),  # the order is the file's: the first that matches wins
    (("a.b", "c|d"), "axb a.b c|d", ["a.b", "c|d"]),  # regex characters are literal
])
def test_alternation_is_literal_and_ordered(words, text, hits):
    import re

    assert re.findall(alternation(words), text) == hits


def test_char_class_keeps_special_characters_literal():
    import re

    assert re.findall(f"[{char_class(('-', ']', '^', '的'))}]", "a-b]c^d的") == ["-", "]", "^", "的"]


def test_the_empty_input_question_comes_from_clarifications(shipped_root: Path):
    expected = load_pack(shipped_root, use_cache=False).questions.question("empty_input")
    assert "再说一遍" in expected
    r = nlu.understand(" \u200b ")
    assert r.decision.action == "clarify" and r.decision.clarification.question == expected


def test_the_empty_input_question_is_required(pack_copy: Path, edit_json):
    edit_json(pack_copy / "clarifications.json", lambda d: d["questions"].pop("empty_input"))
    write_manifest(pack_copy)
    with pytest.raises(PackError, match=r"clarifications.json: \$\.questions"):
        load_pack(pack_copy, use_cache=False)
