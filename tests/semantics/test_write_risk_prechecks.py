"""The cheap tests in front of write-risk's shape regexes (`spokenIdNeeds`, `dateShapeNeeds` in
lexicons/write_safety.json) must hold wherever a shape matches: otherwise the precheck would
hide a spoken key or an impossible date."""
from __future__ import annotations

import glob
import json
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from nlu.semantics.write_risk import _data

ROOT = Path(__file__).resolve().parents[2]


def _texts() -> list[str]:
    out = []
    for f in sorted(glob.glob(str(ROOT / "goldsets" / "*.jsonl"))):
        out += [json.loads(x)["rawText"] for x in Path(f).read_text("utf-8").splitlines() if x.strip()]
    for f in sorted(glob.glob(str(ROOT / "lexicons" / "corpora" / "*.json"))):
        out += _strings(json.loads(Path(f).read_text("utf-8")))
    return out


def _strings(node) -> list[str]:  # noqa: ANN001 - every string anywhere in a corpus file
    if isinstance(node, str):
        return [node]
    if isinstance(node, dict):
        return [s for v in node.values() for s in _strings(v)]
    if isinstance(node, list):
        return [s for v in node for s in _strings(v)]
    return []


def _holds(shape, needs, text: str) -> bool:  # noqa: ANN001
    return all(needs.search(m.group()) is not None for m in shape.finditer(text))


def test_every_shape_match_in_the_project_texts_holds_its_precheck():
    d = _data()
    texts = _texts()
    assert len(texts) > 3000
    seen = 0
    for t in texts:
        assert _holds(d.spoken_id, d.spoken_id_needs, t), t
        assert _holds(d.date_shape, d.date_needs, t), t
        seen += bool(d.spoken_id.search(t)) + bool(d.date_shape.search(t))
    assert seen > 20  # the shapes do occur: the property is not checked on nothing


@given(st.text(alphabet="AGVTagvt-_ 零〇一二三四五六七八九幺两洞0123456789０９月份日号年", max_size=30))
def test_every_shape_match_holds_its_precheck(text):
    d = _data()
    assert _holds(d.spoken_id, d.spoken_id_needs, text)
    assert _holds(d.date_shape, d.date_needs, text)
