"""clarifications.json (the decision's question texts) and grammar_cues.json (closed-class
grammar words): read by the pack loader, held to their schemas."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from nlu.lexicon import PackError, check_pack, load_pack, write_manifest
from nlu.semantics import cues


def test_question_texts_fill_their_placeholders_with_the_users_words(shipped_root: Path):
    q = load_pack(shipped_root, use_cache=False).questions
    assert q.question("lookalike_identifier", shown="AGV-O1").startswith("编号“AGV-O1”")
    assert q.question("correction_choice", wrong="全员", right="全年") == "您说的是“全员”还是“全年”？"
    # a user's brace is text, never a placeholder
    assert q.question("coreference_open", mention="{x}") == "“{x}”指的是哪个对象？请说出完整编号或名称。"
    assert q.option("domain_fill", text="本月的报表", domain="AGV") == "本月的报表（只看AGV）"
    assert q.domain_choices == ("AGV", "机车检修") and q.choice_joiner == "还是"


@pytest.mark.parametrize("change,where", [
    (lambda d: d["questions"].update(no_template="请说明{what}。"), "$.questions.no_template"),  # a placeholder the code never fills
    (lambda d: d["questions"].update(lookalike_identifier="编号{shown"), "$.questions.lookalike_identifier"),  # a stray brace
    (lambda d: d["questions"].pop("missing_action"), "$.questions"),  # a question the policy asks, gone
    (lambda d: d["options"].update(extra="x"), "$.options"),
])
def test_a_question_text_that_could_not_be_filled_is_rejected(pack_copy: Path, edit_json, change, where):
    edit_json(pack_copy / "clarifications.json", change)
    write_manifest(pack_copy)
    assert any(p.startswith(f"clarifications.json: {where}") for p in check_pack(pack_copy)), check_pack(pack_copy)
    with pytest.raises(PackError):
        load_pack(pack_copy, use_cache=False)


def test_grammar_cue_kinds_are_the_ones_the_code_reads(shipped_root: Path):
    schema = json.loads((shipped_root / "schemas" / "grammar_cues.schema.json").read_text(encoding="utf-8"))
    assert schema["properties"]["kinds"]["items"]["properties"]["kind"]["enum"] == list(cues.KINDS)


def test_grammar_cues_one_kind_a_word(shipped_root: Path):
    kinds = dict(load_pack(shipped_root, use_cache=False).grammar_cues)
    assert kinds["从"] == cues.ORIGIN and kinds["送到"] == cues.DEST and kinds["在"] == cues.AT
    assert kinds["现在"] == cues.NONE and kinds["自动"] == cues.NONE  # compounds that are no cue
    assert kinds["是否"] == cues.QUESTION  # listed under none too: the first kind and the override agree
    assert kinds["能不能"] == cues.MODAL_MAY and kinds["必须"] == cues.MODAL_MUST


def test_an_unknown_cue_kind_is_rejected(pack_copy: Path, edit_json):
    edit_json(pack_copy / "grammar_cues.json", lambda d: d["kinds"].append({"kind": "tense", "words": ["了"]}))
    write_manifest(pack_copy)
    assert any(p.startswith("grammar_cues.json: $.kinds[") for p in check_pack(pack_copy))


def test_an_override_settles_a_word_listed_under_another_kind(pack_copy: Path, edit_json):
    edit_json(pack_copy / "grammar_cues.json", lambda d: d["override"].update({"现在": cues.AT}))
    write_manifest(pack_copy)
    assert dict(load_pack(pack_copy, use_cache=False).grammar_cues)["现在"] == cues.AT
