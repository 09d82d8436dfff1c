"""Persons the pack does not list (issue 18; lexicons/person_names.json, nlu/text/person_names.py).

The corpus (lexicons/corpora/person_names.json, by hand) runs in tests/test_corpora.py: every
positive name is a `person` entity, protected as a `proper_name` and kept unchanged; no negative
look-alike gives a person. Here: a new name gets the relation and frame a listed
name gets; no correction touches a protected name; the tagger reuses the pack's segmenter;
and while the tagger is not loaded the result is the conservative one, the same whether a
load is in progress or not."""
from __future__ import annotations

import json
import subprocess
import sys
import threading
from pathlib import Path

import pytest

import corpus_files
import nlu
from nlu.lexicon import default_pack
from nlu.text.person_names import PersonNames
from nlu.text.pos import PosTagger, pos_tagger
from nlu.text.words import words_for

ROOT = Path(__file__).resolve().parents[1]
REF = "2026-06-10T09:30:00+08:00"
_PIPE = nlu.Pipeline(budget_ms=5000)


@pytest.fixture(scope="module", autouse=True)
def warm():
    _PIPE.warm_up()


def _understand(text: str, pipe=None, source: str = "typed"):
    return (pipe or _PIPE).understand(text, reference_time=REF, source=source)


def _persons(r) -> list[str]:
    return [e.text for e in r.entities if e.type == "person"]


@pytest.mark.parametrize("new,listed", [
    ("李卫东负责 HXD1-0001", "张三负责 HXD1-0001"),
    ("HXD1-0001 由孙志刚负责", "HXD1-0001 由李四负责"),
    ("李卫东负责的机车有哪些", "张三负责的机车有哪些"),
])
def test_a_new_name_gets_what_a_listed_name_gets(new, listed):
    """The relations and frames the semantics build for a listed name (responsible_for, the
    person as the list's condition) are built for a name no list holds."""
    a, b = _understand(new), _understand(listed)

    def shape(r):
        types = {e.id: e.type for e in r.entities}
        rels = sorted((types[x.subject_entity_id], x.predicate, types.get(x.object_entity_id)) for x in r.relations)
        frames = [(f.predicate, sorted((g.role, tuple(types[i] for i in g.entity_ids)) for g in f.arguments))
                  for f in r.semantic_frames]
        routing = [c.id for c in r.routing.template_candidates[:1] + r.routing.domain_candidates[:1]]
        return rels, frames, routing, r.decision.action

    assert shape(a) == shape(b)
    assert "person" in {e.type for e in a.entities}
    if "HXD1" in new:
        assert [x.predicate for x in a.relations] == ["responsible_for"]


@pytest.mark.parametrize("text,name", [
    ("王建秀负责的机车有哪些", "王建秀"),  # 建秀 sounds like 检修
    ("找周建秀确认一下 HXD1-0001", "周建秀"),
    ("王玮负责的机车有哪些", "王玮"),  # 王伟 is a listed name
])
def test_no_correction_rewrites_a_protected_name(text, name):
    r = _understand(text, source="asr")
    assert name in _persons(r) and name in r.canonical_text
    start = text.index(name)
    for c in r.corrections:
        span = c.original_span
        assert not (span.start < start + len(name) and start < span.end), c


def test_the_tagger_cuts_with_the_packs_segmenter_and_loads_no_second_dictionary():
    pack = default_pack()
    tagger = pos_tagger(pack)
    tagger.load()
    assert tagger._dt.tokenizer is words_for(pack).tokenizer
    import jieba
    import jieba.posseg

    assert tagger._dt.word_tag_tab is jieba.posseg.dt.word_tag_tab  # the table jieba's import read
    assert tagger._dt.tokenizer is not jieba.dt  # (that jieba.dt stays empty: the next test, in a fresh process)
    words = [w for w, _ in tagger.cut("李卫东负责的检修工单")]
    assert "检修工单" in words or "工单" in words  # pack words are tokens
    assert dict(tagger.cut("陈国栋负责哪些工单"))["陈国栋"].startswith("nr")


def test_warm_up_loads_one_jieba_dictionary():
    """In a fresh process: after warm_up() jieba's module-level tokenizer is still empty (one
    dictionary in memory, the pack's), and the tagger answers."""
    code = ("import nlu, jieba; nlu.warm_up(); from nlu.text.pos import pos_tagger; from nlu.lexicon import default_pack;"
            "t = pos_tagger(default_pack()); assert t.ready(); assert not jieba.dt.initialized; print('ok')")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr[-2000:]


class _ColdTagger(PosTagger):
    """A tagger that is not loaded; `hold` simulates a background load in progress."""

    def __init__(self, words, hold: threading.Event | None = None) -> None:
        super().__init__(words)
        self.hold = hold
        self.started = 0

    def load_in_background(self) -> None:
        self.started += 1
        if self.hold is not None:
            threading.Thread(target=self.hold.wait, daemon=True).start()  # never finishes in the test


def _stable(r) -> dict:
    """The answer without what differs call by call (request id, timings, a question's id)."""
    d = r.model_dump(exclude={"request_id", "diagnostics"})
    if d["decision"]["clarification"]:
        for k in ("clarification_id", "clarificationId"):
            d["decision"]["clarification"].pop(k, None)
    return d


def _cold_pipeline(hold=None):
    pipe = nlu.Pipeline(budget_ms=5000)
    pipe.warm_up()
    protect = next(s for s in pipe.stages if s.name == "protect")
    cold = _ColdTagger(words_for(protect.pack), hold)
    protect._pos = cold
    protect._persons.tagger = cold
    return pipe, cold


@pytest.mark.parametrize("text,name", [("李卫东负责的机车有哪些", "李卫东"), ("王建秀负责的机车有哪些", "王建秀"),
                                       ("这张工单由赵海涛负责", "赵海涛"), ("张三负责的机车有哪些", "张三")])
def test_before_the_tagger_is_loaded_no_person_is_guessed_and_nothing_is_edited(text, name):
    """No tagger: no unlisted name is claimed, listed names still are, the load is started
    (by a turn that could hold such a name only),
    what could be a name is left as typed — and the answer is the same while a load is in
    progress as before one started (it never depends on the load's timing)."""
    idle, cold = _cold_pipeline()
    loading, _ = _cold_pipeline(hold=threading.Event())
    a, b = _understand(text, idle, "asr"), _understand(text, loading, "asr")
    listed = [n for n in default_pack().person_names if n in text]
    assert cold.started >= 1 if name not in listed else cold.started == 0  # only a possible name starts the load
    assert _persons(a) == listed
    assert _stable(a) == _stable(b)
    start, end = text.index(name), text.index(name) + len(name)
    assert name in a.canonical_text
    assert not [c for c in a.corrections if c.original_span.start < end and start < c.original_span.end], a.corrections


def test_the_tagger_is_only_asked_where_a_name_could_start():
    """A text with no surname character outside words (任务, 上周, 多少张, 机务段) never reaches
    the tagger: the finder answers from the dictionary alone."""
    pack = default_pack()
    finder = PersonNames(pack)
    finder.tagger.load()
    asked = []
    real = finder.tagger.iter_cut
    finder.tagger.iter_cut = lambda t: asked.append(t) or real(t)  # type: ignore[method-assign]
    try:
        for text in ("上周完成了多少张检修工单", "丰台机务段的任务都列出来", "AGV-01 现在在哪", "谢谢，帮我查一下"):
            assert finder.find(text, bytearray(len(text))) == []
        assert asked == []
        assert finder.find("李卫东负责的机车", bytearray(8)) == [(0, 3)]
        assert asked
    finally:
        del finder.tagger.iter_cut


def _external_real_text() -> Path | None:
    for base in (ROOT.parent / "shared" / "external", ROOT.parent.parent / "shared" / "external", Path("/work/shared/external")):
        p = base / "real-text" / "correct.jsonl"
        if p.exists():
            return p
    return None


def test_the_fast_finder_only_leaves_out_what_the_plain_one_finds():
    """`find` asks the tagger only where no word holds the surname (the speed trick); the plain
    form asks it everywhere. The fast one finds a subset — the held characters it skips are
    never names it would have missed on the corpus — and on the corpus both agree."""
    finder = PersonNames(default_pack())
    finder.tagger.load()
    texts = corpus_files.texts("person_names", "positive", "negative")
    for t in texts:
        m = bytearray(len(t))
        assert finder.find(t, m) == finder.find_plain(t, m), t
    path = _external_real_text()
    if path is None:
        pytest.skip("shared/external/real-text is not here (next to the repository or at /work/shared/external)")
    lines = path.read_text("utf-8").splitlines()[::13]  # a fixed sample of ~500 real sentences
    for line in lines:
        t = json.loads(line)["text"]
        m = bytearray(len(t))
        assert set(finder.find(t, m)) <= set(finder.find_plain(t, m)), t
