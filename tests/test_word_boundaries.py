"""Vocabulary matches at word boundaries (issue 18; lexicons/word_boundaries.json).

Corpus cases by hand; a property generated from jieba's dictionary (a general-language word
that holds a routing word of the pack is never read as that routing word); and the shared
real correct sentences: no term inside another word, and no `continue` on a domain that only
weak hint words chose."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import nlu
from nlu.lexicon import default_pack
from nlu.semantics.view import SentenceView
from nlu.stages.vocabulary import vocabulary
from nlu.text.word_matcher import boundary_filter
from nlu.text.words import pack_words, words_for

ROOT = Path(__file__).resolve().parents[1]
REF = "2026-06-10T09:30:00+08:00"


@pytest.fixture(scope="module", autouse=True)
def warm():
    _PIPE.warm_up()
    _DECIDE.warm_up()


def _understand(text: str):
    return _DECIDE.understand(text, reference_time=REF)


class _Keep:
    """A policy that decides nothing and keeps the draft (to read the sentence view)."""

    def decide(self, draft):
        self.draft = draft


_KEEP = _Keep()
_PIPE = nlu.Pipeline(policy=_KEEP, budget_ms=5000)
_DECIDE = nlu.Pipeline(budget_ms=5000)


def _view(text: str) -> SentenceView:
    _PIPE.understand(text, reference_time=REF)
    return SentenceView(_KEEP.draft, vocabulary(_PIPE.stages[1].pack))


def _view_words(text: str) -> set[str]:
    view = _view(text)
    return {w.text for w in view.triggers + view.domain_words + view.weak_domain_words}


def _dictionary_words_holding_cues(n: int) -> list[tuple[str, str]]:
    """(general word, routing word inside it): jieba dictionary words of 3–4 characters, not
    pack words, that hold a trigger or domain word which they extend by more than light
    morphemes (so the filter must reject it) — a fixed random sample."""
    pack = _PIPE.stages[1].pack
    words = words_for(pack)
    words.load()
    bf = boundary_filter(pack)
    own = pack_words(pack)
    cues = {w for tpl in pack.templates.values() for w in tpl.triggers if len(w) >= 2}
    cues |= {w for d in pack.domains.values() for w in (*d.explicit, *d.implied, *d.weak) if len(w) >= 2}
    found = []
    for word, freq in words.tokenizer.FREQ.items():
        if freq < 1 or not 3 <= len(word) <= 4 or word in own:
            continue
        for cue in cues:
            k = word.find(cue)
            if k >= 0 and not all(ch in bf.light for ch in word[:k] + word[k + len(cue):]):
                found.append((word, cue))
    found.sort()
    return random.Random(18).sample(found, min(n, len(found)))


def test_no_routing_word_is_matched_inside_a_word_jieba_and_the_pack_agree_on():
    words = words_for(_PIPE.stages[1].pack)
    checked = 0
    failures = []
    for word, cue in _dictionary_words_holding_cues(400):
        text = f"{word}怎么样"
        if not any(t.text == word for t in words.segment(text)):
            continue  # the pack's own words split it: jieba and the pack do not agree it is one word
        checked += 1
        k = word.find(cue)
        bad = [w for w in _view_matches(text) if w[0] < len(word) and (w[0], w[1]) != (0, len(word))
               and w[0] >= k - len(cue) and w[2] == cue]
        if bad:
            failures.append((word, cue))
    assert checked >= 100, checked
    assert not failures, failures[:10]


def _view_matches(text: str) -> list[tuple[int, int, str]]:
    view = _view(text)
    return [(w.c0, w.c1, w.text) for w in view.triggers + view.domain_words + view.weak_domain_words]


def _shared_correct(n: int) -> list[str]:
    for base in (ROOT.parent / "shared", Path("/work/shared")):
        f = base / "external" / "real-text" / "correct.jsonl"
        if f.exists():
            rows = [json.loads(line)["text"] for line in f.read_text("utf-8").splitlines() if line.strip()]
            return random.Random(1218).sample(rows, min(n, len(rows)))
    pytest.skip("shared/external/real-text/correct.jsonl is not beside the repository")


def test_real_sentences_no_term_inside_another_word_and_no_continue_on_weak_hints_alone():
    bf = boundary_filter(_DECIDE.stages[1].pack)
    inside, weak_continue = [], []
    for text in _shared_correct(800):
        r = _understand(text)
        for t in r.terms:
            s, e = t.source_span.start, t.source_span.end  # no edits touch these sentences' spans here
            if r.canonical_text == r.original_text and not bf.at_boundaries(text, s, e):
                inside.append((text, t.raw_text))
        dom = r.routing.domain_candidates
        if r.decision.action == "continue" and dom and dom[0].evidence == ["lexicon"] and dom[0].score <= 0.5:
            weak_continue.append(text)
    assert not inside, inside[:10]
    assert not weak_continue, weak_continue[:10]


def test_the_fast_path_decides_containment_as_the_plain_cut_does():
    """at_boundaries_fast (cut only where a holding dictionary word stands) against the plain
    cut: they agree, except where the cut rejects a match for a word that only overlaps it —
    which the fast path leaves to the cut on purpose (还有多少 keeps 有多少)."""
    pack = _PIPE.stages[1].pack
    bf = boundary_filter(pack)
    bf.prepare()
    rng = random.Random(7)
    surfaces = sorted(bf._holders)
    texts = []
    for surface in rng.sample(surfaces, min(150, len(surfaces))):
        left = rng.choice(sorted(bf._holders[surface]))
        right = rng.choice(sorted(bf._holders[surface][left]))
        texts.append((f"查询{left}{surface}{right}的情况", 2 + len(left), 2 + len(left) + len(surface)))
        texts.append((f"{surface}怎么样", 0, len(surface)))
    disagree = []
    for text, s, e in texts:
        fast, plain = bf.at_boundaries_fast(text, s, e), bf.at_boundaries_by_cutting(text, s, e)
        if fast != plain:
            holding = [t for t in bf.words.crossing(text, s, e) if t.start <= s and e <= t.end]
            if not fast or any(not bf._holds(t, text, s, e) for t in holding):
                disagree.append((text, text[s:e], fast, plain))
    assert not disagree, disagree[:10]


@pytest.mark.parametrize("text,name", [
    ("问一下王工 HXD1-0002 修好没", "王工"), ("让李师傅去看看 HXD1-0003", "李师傅"),
    ("找张经理确认 WO-20260312", "张经理"), ("李卫东负责的机车有哪些", None),
    ("把那张工单关了", None), ("我想问这张工单现在是什么状态", None), ("施工单位明天几点到", None),
])
def test_a_surname_and_title_is_a_name_only_at_word_boundaries(text, name):
    persons = [e.text for e in _understand(text).entities if e.type == "person"]
    if name is None:
        assert "张工" not in persons and "施工" not in persons, persons
    else:
        assert name in persons, persons


def test_the_fast_path_equals_the_plain_cut_on_every_match_of_real_and_generated_text():
    """Every match of a boundary-checked surface, in real sentences nobody here wrote and in
    the benchmark corpus: the indexed fast path (edge characters, holders, crossers) decides
    exactly as cutting the text does."""
    from nlu.bench.corpus import generate
    from nlu.evaluation.realtext import external_dir

    pack = _PIPE.stages[1].pack
    bf = boundary_filter(pack)
    bf.prepare()
    vocab = vocabulary(pack)
    texts = [u.text for u in generate(500, 3)]
    d = external_dir()
    if d is not None:
        texts += [json.loads(x)["text"] for x in (d / "correct.jsonl").read_text("utf-8").splitlines()[:1500] if x.strip()]
    scanners = [vocab.terms, vocab.template_triggers, vocab.domain_words, vocab.weak_domain_words, vocab.presentation]
    checked, disagree = 0, []
    for text in texts:
        for sc in scanners:
            for m in sc.scan_overlapping(text):
                if text[m.start:m.end] not in bf._surfaces:
                    continue
                checked += 1
                fast, plain = bf.at_boundaries_fast(text, m.start, m.end), bf.at_boundaries_by_cutting(text, m.start, m.end)
                if fast != plain:
                    disagree.append((text, text[m.start:m.end], fast, plain))
    assert checked > 5000
    assert not disagree, disagree[:10]


def test_a_match_is_known_watched_by_its_values_as_by_its_surface():
    """`BoundaryFilter.scan` tells a watched surface by the identity of the match's values tuple
    (`WordScanner.values_of`) instead of slicing the text: on the benchmark corpus, for every
    scanner the filter serves, both tests agree on every match."""
    from nlu.bench.corpus import generate
    from nlu.stages.vocabulary import vocabulary
    from nlu.text.word_matcher import boundary_filter

    pack = default_pack()
    bf = boundary_filter(pack)
    bf.prepare()
    vocab = vocabulary(pack)
    scanners = [vocab.terms, vocab.presentation, vocab.template_triggers, vocab.domain_words, vocab.weak_domain_words]
    agreed = watched = 0
    for u in generate(300, 17):
        for sc in scanners:
            ids = bf._watched_values(sc)
            for m in sc.scan(u.text):
                by_surface = u.text[m.start:m.end] in bf._watched
                assert (id(m.values) in ids) == by_surface, (u.text, m)
                agreed += 1
                watched += by_surface
    assert agreed > 1000 and watched > 10


def test_the_crossing_word_walk_finds_exactly_the_dictionary_words_over_an_edge():
    """`BoundaryFilter._crossing_word_at` walks jieba's prefix dictionary instead of holding every
    crossing word per surface: on real and generated text, for every watched surface it answers
    as the definition does (some dictionary word of 2–6 characters begins before the match and
    ends inside it, or begins inside it and ends after it)."""
    from nlu.bench.corpus import generate
    from nlu.evaluation.realtext import external_dir
    from nlu.text import word_matcher

    pack = _PIPE.stages[1].pack
    bf = boundary_filter(pack)
    bf.prepare()
    freq = bf.words.tokenizer.FREQ
    longest = word_matcher._LONGEST_HOLDER

    def by_definition(text: str, s: int, e: int) -> bool:
        for a in range(len(text)):
            for b in range(a + 2, min(len(text), a + longest) + 1):
                crosses = (a < s < b < e) or (s < a < e < b)
                if crosses and freq.get(text[a:b], 0) > 0:
                    return True
        return False

    vocab = vocabulary(pack)
    texts = [u.text for u in generate(300, 5)]
    d = external_dir()
    if d is not None:
        texts += [json.loads(x)["text"] for x in (d / "correct.jsonl").read_text("utf-8").splitlines()[:600] if x.strip()]
    checked = crossing = 0
    for text in texts:
        for m in vocab.terms.scan_overlapping(text):
            if text[m.start:m.end] not in bf._crossed:
                continue
            got = bf._crossing_word_at(text, m.start, m.end)
            assert got == by_definition(text, m.start, m.end), (text, text[m.start:m.end])
            checked += 1
            crossing += got
    assert checked > 1000 and 0 < crossing < checked
