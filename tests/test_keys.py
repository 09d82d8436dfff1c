"""The one registry of flags and scratch keys (nlu/draft_keys.py; issue 13, part 6)."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from nlu import draft_keys as K
from nlu import errors
from nlu.draft import Draft
from nlu.pipeline import Pipeline, Stage
from nlu.pipeline.flags import FeatureFlags
from nlu.source import build_source

ROOT = Path(__file__).resolve().parents[1] / "nlu"
REF = "2026-03-15T10:30:00+08:00"


def _literal_uses() -> list[tuple[str, str, str]]:
    """(channel, name, where) for every string literal passed as a flag or a scratch key."""
    out = []
    for path in ROOT.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            where = f"{path.relative_to(ROOT.parent)}:{getattr(node, 'lineno', 0)}"
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.args:
                arg = node.args[0]
                owner = node.func.value
                if node.func.attr == "raise_flag" and isinstance(arg, ast.Constant):
                    out.append(("flag", arg.value, where))
                if node.func.attr == "raise_flag" and isinstance(arg, ast.JoinedStr):
                    head = arg.values[0]
                    if isinstance(head, ast.Constant):
                        out.append(("flag", head.value, where))
                if node.func.attr in ("get", "setdefault", "pop") and isinstance(arg, ast.Constant) \
                        and isinstance(owner, ast.Attribute) and owner.attr == "scratch":
                    out.append(("scratch", arg.value, where))
            if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Attribute) \
                    and node.value.attr == "scratch" and isinstance(node.slice, ast.Constant):
                out.append(("scratch", node.slice.value, where))
    return out


def test_every_literal_flag_and_scratch_key_in_the_source_is_declared():
    uses = _literal_uses()
    assert len(uses) >= 20  # the scan sees the stages' flags
    bad = [(c, n, w) for c, n, w in uses if not (K.known_flag(n) if c == "flag" else n in K.SCRATCH)]
    assert bad == []


def test_every_declared_key_is_produced_somewhere():
    source = "\n".join(p.read_text(encoding="utf-8") for p in ROOT.rglob("*.py") if p.name != "draft_keys.py")
    constants = {v: k for k, v in vars(K).items() if isinstance(v, str) and k.isupper()}
    for key in list(K.FLAGS.values()) + list(K.SCRATCH.values()):
        assert f'"{key.name}' in source or constants[key.name] in source, key.name


def test_a_declaration_naming_an_unknown_stage_fails_when_the_module_loads():
    with pytest.raises(errors.RegistryError, match=r"\[E210\].*unknown stage\(s\) spellcheck"):
        K._flag("some_new_flag", "spellcheck", ("decision",), "…")
    with pytest.raises(errors.RegistryError, match=r"\[E210\].*declared twice"):
        K._flag("bare_reference", "ner", ("decision",), "…")


def test_an_undeclared_flag_is_an_error_at_first_use():
    draft = Draft(original="abc", source=build_source("abc", source="typed", reference_time=REF, alternatives=None,
                                                        confidence=None, segments=None, referents=None,
                                                        edited_after_capture=False), flags=FeatureFlags())
    draft.raise_flag(K.BARE_REFERENCE)
    draft.raise_flag(f"{K.STAGE_ERROR}ner")
    with pytest.raises(errors.RegistryError, match=r"\[E211\] flag 'bare_refernce'"):
        draft.raise_flag("bare_refernce")


class _Typo(Stage):
    name = "ner"
    capability = "ner"

    def run(self, draft):
        draft.scratch.get("valeus")


class _Keep:
    def decide(self, draft):
        pass


def test_a_misspelt_scratch_key_fails_in_strict_mode():
    with pytest.raises(errors.RegistryError, match=r"\[E211\] scratch key 'valeus'"):
        Pipeline([_Typo()], policy=_Keep(), strict=True).understand("abc", reference_time=REF)
    r = Pipeline([_Typo()], policy=_Keep(), strict=False).understand("abc", reference_time=REF)
    assert r.diagnostics[0].status == "success"  # outside strict mode the scratch is a plain dict


def test_the_registry_states_producer_and_consumers():
    k = K.SCRATCH[K.VALUES]
    assert k.producer == "protect" and "ner" in k.consumers
    assert all(key.consumers for key in list(K.FLAGS.values()) + list(K.SCRATCH.values()))
