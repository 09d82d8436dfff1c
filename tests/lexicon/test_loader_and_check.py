"""Loader failure modes, the cache, and the `nlu lexicon` sub-command."""

from __future__ import annotations

import argparse
import json
import pickle
from pathlib import Path

import pytest

from nlu.lexicon import PackError, check_pack, load_pack, write_manifest
from nlu.lexicon.check import register
from nlu.lexicon.loader import _cache_file, load_catalog


def _cli(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="nlu")
    register(parser.add_subparsers(dest="command"))
    return parser.parse_args(list(argv))


# ------------------------------------------------------------ checksums

def test_one_changed_byte_is_checksum_drift(pack_copy: Path):
    path = pack_copy / "terms.json"
    raw = bytearray(path.read_bytes())
    i = raw.index(b"2026.11.30")
    raw[i + 9] = ord("1")  # "2026.11.30" -> "2026.11.31", still valid JSON
    path.write_bytes(bytes(raw))
    problems = check_pack(pack_copy)
    assert any(p.startswith("terms.json:") and "checksum drift" in p for p in problems), problems
    with pytest.raises(PackError, match=r"terms\.json.*checksum drift") as info:
        load_pack(pack_copy)
    assert info.value.file == "terms.json"


def test_drift_is_caught_even_when_a_cached_pack_exists(pack_copy: Path):
    load_pack(pack_copy)  # fills the cache
    path = pack_copy / "negation.json"
    path.write_bytes(path.read_bytes().replace("不要".encode(), "不用".encode(), 1))
    with pytest.raises(PackError, match="negation.json"):
        load_pack(pack_copy)


def test_unlisted_and_missing_files(pack_copy: Path):
    (pack_copy / "extra.json").write_text("{}", encoding="utf-8")
    (pack_copy / "people.json").unlink()
    problems = check_pack(pack_copy)
    assert any("extra.json is missing from the manifest" in p for p in problems)
    assert any(p.startswith("people.json:") for p in problems)
    with pytest.raises(PackError, match="people.json"):
        load_pack(pack_copy)


def test_manifest_action_rewrites_checksums(pack_copy: Path, edit_json):
    edit_json(pack_copy / "presentation.json", lambda d: d["words"].append("甘特表"))
    assert _cli("lexicon", "check", "--root", str(pack_copy)).func(_cli("lexicon", "check", "--root", str(pack_copy))) == 1
    args = _cli("lexicon", "manifest", "--root", str(pack_copy))
    assert args.func(args) == 0
    assert check_pack(pack_copy) == []
    assert "甘特表" in load_pack(pack_copy).presentation_words


# ------------------------------------------------------------ schema and consistency

def test_schema_violation_names_file_and_path(pack_copy: Path, edit_json):
    edit_json(pack_copy / "terms.json", lambda d: d["terms"][3].update(domain="factory"))
    write_manifest(pack_copy)
    with pytest.raises(PackError) as info:
        load_pack(pack_copy, use_cache=False)
    msg = str(info.value)
    assert msg.startswith("terms.json: $.terms[3].domain:"), msg
    assert info.value.file == "terms.json" and info.value.path == "$.terms[3].domain"
    assert any(p.startswith("terms.json: $.terms[3].domain") for p in check_pack(pack_copy))


def test_additional_properties_are_rejected(pack_copy: Path, edit_json):
    edit_json(pack_copy / "confusions.json", lambda d: d["pairs"][0].update(score=0.9))
    write_manifest(pack_copy)
    with pytest.raises(PackError, match=r"confusions\.json: \$\.pairs\[0\]"):
        load_pack(pack_copy)


def test_invalid_json_is_a_pack_error(pack_copy: Path):
    (pack_copy / "units.json").write_text('{"revision": "2026.11.30", ', encoding="utf-8")
    write_manifest(pack_copy)
    with pytest.raises(PackError, match=r"units\.json: \$: invalid JSON"):
        load_pack(pack_copy)
    assert any("units.json: $: invalid JSON" in p for p in check_pack(pack_copy))


def test_consistency_problems_are_all_reported(pack_copy: Path, edit_json):
    def break_terms(d):
        d["terms"][1]["termCode"] = d["terms"][0]["termCode"]
        d["terms"][2]["aliases"].append(d["terms"][2]["canonicalText"])

    edit_json(pack_copy / "terms.json", break_terms)
    edit_json(pack_copy / "confusions.json", lambda d: d["pairs"].append(
        {"wrong": "检修", "right": "检修", "channel": "typo", "autoApply": False, "context": None}))
    edit_json(pack_copy / "injection.json", lambda d: d["shapes"][0]["patterns"].append("忽略(之前"))
    edit_json(pack_copy / "identifiers.json", lambda d: d["patterns"][0].update(regex="AGV-(\\d{2,3}"))
    write_manifest(pack_copy)
    problems = "\n".join(check_pack(pack_copy))
    assert "duplicate termCode" in problems
    assert "appears twice" in problems
    assert "wrong equals right" in problems
    assert "injection.json: $.shapes[0].patterns[" in problems and "does not compile" in problems
    assert "identifiers.json: $.patterns[0].regex: regex does not compile" in problems
    with pytest.raises(PackError):
        load_pack(pack_copy, use_cache=False)


def test_shared_alias_needs_an_ambiguity_group(pack_copy: Path, edit_json):
    edit_json(pack_copy / "terms.json", lambda d: d["terms"][5]["aliases"].append("检修"))
    write_manifest(pack_copy)
    assert any("'检修' is shared by" in p for p in check_pack(pack_copy))


def test_missing_pack_directory(tmp_path: Path):
    with pytest.raises(PackError, match="manifest.json"):
        load_pack(tmp_path / "nope")
    assert check_pack(tmp_path / "nope")


# ------------------------------------------------------------ CLI

def test_cli_check_ok(shipped_root: Path, capsys):
    args = _cli("lexicon", "check", "--root", str(shipped_root))
    assert args.func(args) == 0
    out = capsys.readouterr().out
    assert out.startswith("OK ") and "terms" in out and out.count("\n") == 1


def test_cli_check_fails_with_exit_1(pack_copy: Path, capsys):
    (pack_copy / "actions.json").write_bytes((pack_copy / "actions.json").read_bytes() + b" ")
    args = _cli("lexicon", "check", "--root", str(pack_copy))
    assert args.func(args) == 1
    assert "actions.json: $: checksum drift" in capsys.readouterr().out


def test_cli_check_uses_env_root(monkeypatch, pack_copy: Path):
    (pack_copy / "manifest.json").unlink()
    monkeypatch.setenv("NLU_LEXICON_DIR", str(pack_copy))
    args = _cli("lexicon", "check")
    assert args.func(args) == 1


# ------------------------------------------------------------ cache

def test_second_load_is_served_from_cache(pack_copy: Path, monkeypatch):
    first = load_pack(pack_copy)
    assert _cache_file(first.checksum).is_file()

    import nlu.lexicon.loader as loader

    def boom(*a, **k):
        raise AssertionError("schema validation should be skipped on a cache hit")

    monkeypatch.setattr(loader, "_validate", boom)
    second = load_pack(pack_copy)
    assert second.checksum == first.checksum and len(second.terms) == len(first.terms)
    assert second.root == pack_copy  # load time is a benchmark figure (nlu bench cold start), not asserted here



@pytest.mark.parametrize("garbage", [b"", b"not a pickle", pickle.dumps({"a": 1}), pickle.dumps("x")[:-2]])
def test_corrupt_cache_falls_back_to_a_full_load(pack_copy: Path, garbage: bytes):
    pack = load_pack(pack_copy)
    _cache_file(pack.checksum).write_bytes(garbage)
    again = load_pack(pack_copy)
    assert again.checksum == pack.checksum and len(again.terms) == len(pack.terms)


def test_unwritable_cache_dir_is_harmless(pack_copy: Path, monkeypatch, tmp_path: Path):
    blocker = tmp_path / "file-not-dir"
    blocker.write_text("x")
    monkeypatch.setenv("NLU_CACHE_DIR", str(blocker / "sub"))
    assert load_pack(pack_copy).terms


def test_cached_pack_gets_the_requested_root(pack_copy: Path, tmp_path: Path, shipped_root: Path):
    import shutil

    other = tmp_path / "other"
    shutil.copytree(pack_copy, other)
    assert load_pack(pack_copy).root == pack_copy
    assert load_pack(other).root == other


def test_pack_is_hashable_and_picklable():
    pack = load_pack()
    assert hash(pack) == hash(pack)
    clone = pickle.loads(pickle.dumps(pack))
    assert clone.lookup("检修") and clone.identifier_patterns[0].pattern.flags


def test_load_catalog_validates(tmp_path: Path):
    bad = tmp_path / "catalog.json"
    bad.write_text(json.dumps({"revision": "2026.11.30", "tenantId": "t", "userId": "u",
                               "expiresAt": "tomorrow", "entities": []}), encoding="utf-8")
    with pytest.raises(PackError, match=r"catalog\.json: \$\.expiresAt"):
        load_catalog(bad)


# ------------------------------------------------------------ extra data files of other stages

def test_extra_data_file_needs_a_schema_and_is_validated(pack_copy: Path):
    (pack_copy / "widgets.json").write_text('{"revision": "2026.11.30", "words": ["a"]}', encoding="utf-8")
    write_manifest(pack_copy)
    assert any(p.startswith("schemas/widgets.schema.json: $: schema file is missing") for p in check_pack(pack_copy))
    schema = {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object", "additionalProperties": False,
              "properties": {"revision": {"type": "string"}, "words": {"type": "array", "items": {"type": "integer"}}},
              "required": ["revision", "words"]}
    (pack_copy / "schemas" / "widgets.schema.json").write_text(json.dumps(schema), encoding="utf-8")
    write_manifest(pack_copy)
    assert any(p.startswith("widgets.json: $.words[0]:") for p in check_pack(pack_copy))

    from nlu.lexicon import load_data_file

    with pytest.raises(PackError, match=r"widgets\.json: \$\.words\[0\]"):
        load_data_file("widgets.json", pack_copy)
    (pack_copy / "widgets.json").write_text('{"revision": "2026.11.30", "words": [1]}', encoding="utf-8")
    with pytest.raises(PackError, match="checksum drift"):
        load_data_file("widgets.json", pack_copy)
    write_manifest(pack_copy)
    assert load_data_file("widgets.json", pack_copy) == {"revision": "2026.11.30", "words": [1]}
    assert check_pack(pack_copy) == []
