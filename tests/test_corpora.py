"""Every rule-family corpus (`lexicons/corpora/*.json`), run by its `rule`.

Each file is validated against `lexicons/schemas/corpus.schema.json`, then every case runs
through the checks registered for its rule and side: one small function per check, saying how
to run the pipeline (or the component) and what to compare. A case gives one test per check
(`<rule>:<side>[<index>]:<check>`); a failure names the file, the index and the text.
`knownGaps` are cases the rule gets wrong today: they run their side's checks as strict
expected failures (one that starts to pass fails: move it to its side). A corpus whose rule has
no checker fails. Corpus-level checks (sizes, five paraphrases a shape) are registered the same
way with `@corpus_check`.
"""
from __future__ import annotations

import functools
import importlib.util
import json
import re
import sys
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

import corpus_files
from corpus_files import CORPORA, SCHEMA

ROOT = Path(__file__).resolve().parents[1]
WRITES = frozenset({"create", "update", "cancel"})
PINNED = 0.95  # an explicit trigger scores 0.97; a hint stays below


# -- running a case ----------------------------------------------------------------------------
@functools.cache
def pipeline():  # noqa: ANN201 - nlu.Pipeline, warmed: the lazily loaded models decide some readings
    from nlu.pipeline import Pipeline

    p = Pipeline(budget_ms=60_000)  # these tests assert behaviour, not speed, on a shared host
    p.warm_up()
    return p


@functools.cache
def suite():  # noqa: ANN201 - eval/injection_external.py: the injection figures the tests assert
    spec = importlib.util.spec_from_file_location("injection_external", ROOT / "eval" / "injection_external.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod  # its dataclasses look their module up
    spec.loader.exec_module(mod)  # type: ignore[union-attr]
    return mod


# the runs of the case at hand: its checks are neighbouring tests and read the same answers
_RUNS: dict[tuple, dict] = {}


@dataclass
class Turn:
    """One case of one corpus, and the pipeline's answers to it (cached: several checks read one run)."""

    file: str
    side: str
    index: int
    case: dict
    doc: dict

    @property
    def text(self) -> str:
        """The case's text with the corpus's `textBefore` / `textAfter` round it."""
        return self.doc.get("textBefore", "") + self.case["text"] + self.doc.get("textAfter", "")

    @property
    def source(self) -> str:
        return self.case.get("source") or self.doc.get("source") or "typed"

    def run(self, text: str | None = None, **kw):  # noqa: ANN003, ANN201 - LegacyInputUnderstanding
        kw.setdefault("source", self.source)
        kw.setdefault("reference_time", self.doc.get("referenceTime"))
        key = (text, json.dumps(kw, sort_keys=True, default=str))
        runs = _RUNS.setdefault((self.file, self.side, self.index), {})
        if key not in runs:
            runs[key] = pipeline().understand(self.text if text is None else text, **kw)
        return runs[key]

    @property
    def r(self):  # noqa: ANN201 - the default run
        return self.run()


Check = Callable[[Turn], None]


@dataclass
class Registered:
    name: str
    fn: Check
    when: Callable[[dict], bool] | None = None


CHECKS: dict[str, dict[str, list[Registered]]] = {}
CORPUS_CHECKS: dict[str, list[Callable[[dict], None]]] = {}


def check(*rules: str, side: str, when: Callable[[dict], bool] | None = None) -> Callable[[Check], Check]:
    """Register `fn` as a check of every case of `side` ("positive", "negative" or "both") of each rule."""
    def deco(fn: Check) -> Check:
        for rule in rules:
            for s in (("positive", "negative") if side == "both" else (side,)):
                CHECKS.setdefault(rule, {}).setdefault(s, []).append(Registered(fn.__name__, fn, when))
        return fn
    return deco


def corpus_check(*rules: str) -> Callable:
    def deco(fn):  # noqa: ANN001, ANN202
        for rule in rules:
            CORPUS_CHECKS.setdefault(rule, []).append(fn)
        return fn
    return deco


# -- what results hold -------------------------------------------------------------------------
def codes(r) -> list[str]:  # noqa: ANN001
    return r.decision.reason_codes


def clar_reason(r):  # noqa: ANN001, ANN201
    return r.decision.clarification.reason if r.decision.clarification else None


def top_label(r):  # noqa: ANN001, ANN201
    return r.routing.template_candidates[0].label if r.routing.template_candidates else None


def top_id(r):  # noqa: ANN001, ANN201
    return r.routing.template_candidates[0].id if r.routing.template_candidates else None


def conflict(r) -> bool:  # noqa: ANN001 - the two object templates both pinned
    c = r.routing.template_candidates
    return len(c) >= 2 and c[0].score >= 0.95 and c[1].score >= 0.95


def frames(r) -> list[tuple[str, bool]]:  # noqa: ANN001
    return [(f.action_class, f.negated) for f in r.semantic_frames]


def open_writes(r) -> list:  # noqa: ANN001 - unnegated write frames
    return [f for f in r.semantic_frames if f.action_class in WRITES and not f.negated]


def classes(r) -> set[str]:  # noqa: ANN001
    return {f.action_class for f in r.semantic_frames}


def domain_label(r):  # noqa: ANN001, ANN201
    return r.routing.domain_candidates[0].label if r.routing.domain_candidates else None


def clarifies_with(r, reasons) -> None:  # noqa: ANN001
    assert r.decision.action == "clarify", (r.decision.action, r.decision.reason_codes, r.canonical_text)
    assert r.decision.clarification.reason in reasons, (r.decision.clarification, r.decision.reason_codes)


def continues(r) -> None:  # noqa: ANN001
    assert r.decision.action == "continue", (r.decision.action, r.decision.reason_codes, r.decision.clarification,
                                            r.canonical_text)


def no_query_inserted(r) -> None:  # noqa: ANN001
    assert not r.canonical_text.startswith("查询"), r.canonical_text


# ============================================================================================
# clean
# ============================================================================================
def _cleaned(text: str) -> str:
    from nlu.stages.clean import clean_edits

    for e in sorted(clean_edits(text), key=lambda e: -e.start):
        text = text[:e.start] + e.replacement + text[e.end:]
    return text


@check("clean.repetition", side="positive")
def disfluent_repetition_is_merged(t: Turn) -> None:
    assert _cleaned(t.case["text"]) == t.case["cleaned"]


@check("clean.repetition", side="negative")
def meaningful_repetition_is_kept_as_typed(t: Turn) -> None:
    assert _cleaned(t.case["text"]) == t.case["text"]


@check("clean.repetition", side="negative")
def kept_repetition_is_a_fixed_point(t: Turn) -> None:
    from nlu.stages.clean import clean_edits

    assert clean_edits(_cleaned(t.case["text"])) == []  # cleaning again proposes nothing


# ============================================================================================
# coreference
# ============================================================================================
def _mentions(r, text: str) -> list[str]:  # noqa: ANN001
    return [text[k.mention_span.start:k.mention_span.end] for k in r.coreferences]


def _asks_coreference(r) -> bool:  # noqa: ANN001
    return "unresolved_coreference" in codes(r) or bool(r.coreferences and not r.coreferences[0].confirmed)


@check("coreference.recency_prefix", side="positive")
def recency_prefix_is_part_of_the_mention(t: Turn) -> None:
    r = t.run(referents=t.case["referents"])
    assert _mentions(r, t.text) == [t.case["mention"]]
    (link,) = r.coreferences
    assert link.confirmed and link.antecedent_entity_id == "ref:" + t.case["antecedent"]


@check("coreference.recency_prefix", side="negative")
def recency_word_elsewhere_is_not_in_the_mention(t: Turn) -> None:
    r = t.run(referents=t.case["referents"])
    assert _mentions(r, t.text) == ([t.case["mention"]] if t.case["mention"] else [])


@check("coreference.classifier_alone", side="positive")
def vehicle_classifier_alone_refers(t: Turn) -> None:
    r = t.run(referents=t.case["referents"])
    assert len(r.coreferences) == 1
    link = r.coreferences[0]
    assert t.text[link.mention_span.start:link.mention_span.end] == t.text[:2]
    if t.case["antecedent"]:
        assert link.confirmed and link.antecedent_entity_id == "ref:" + t.case["antecedent"]
    else:
        assert not link.confirmed
        assert r.decision.action == "clarify" and r.decision.clarification.reason == "coreference"


@check("coreference.classifier_alone", side="negative")
def demonstrative_before_a_report_word_determines_it(t: Turn) -> None:
    assert t.r.coreferences == []


@check("coreference.described", "coreference.relative_clause", side="positive")
def described_reference_in_a_read_is_not_asked_which(t: Turn) -> None:
    assert "rule:open_coreference" not in codes(t.r)
    assert t.r.decision.action == "continue"


@check("coreference.described", "coreference.relative_clause", side="negative")
def write_or_undescribed_reference_is_still_asked(t: Turn) -> None:
    assert t.r.decision.action == "clarify"
    assert t.r.decision.clarification.reason in ("coreference", "missing_slot", "entity")


@check("coreference.counted_plural", side="positive")
def counted_plural_links_to_each_of_that_many(t: Turn) -> None:
    r = t.run(referents=t.case.get("referents"))
    links = [k for k in r.coreferences if k.confirmed]
    labels = {c.id: c.label for k in links for c in k.candidates}
    # one link per member, each to a different one of the stated antecedents
    got = sorted(labels[k.antecedent_entity_id.removeprefix("ref:")] if k.antecedent_entity_id.removeprefix("ref:")
                 in labels else labels.get(k.antecedent_entity_id) for k in links)
    assert got == sorted(t.case["antecedents"])
    assert "rule:open_coreference" not in codes(r)


@check("coreference.counted_plural", side="negative")
def counted_plural_with_another_number_of_candidates_is_asked(t: Turn) -> None:
    r = t.run(referents=t.case.get("referents"))
    assert r.decision.action == "clarify"
    assert not any(k.confirmed for k in r.coreferences)


@check("coreference.noun_classifier", side="positive")
def demonstrative_with_an_order_classifier_refers_and_is_asked(t: Turn) -> None:
    assert t.r.coreferences
    assert t.r.decision.action == "clarify" and t.r.decision.clarification.reason == "coreference"


@check("coreference.noun_classifier", side="negative")
def classifier_beginning_a_word_is_no_reference(t: Turn) -> None:
    assert not t.r.coreferences
    assert not {"rule:open_coreference", "rule:write_open_coreference"} & set(codes(t.r))


@check("coreference.hesitation", "coreference.determiner", side="positive")
def hesitation_or_determiner_is_not_a_pronoun(t: Turn) -> None:
    assert not _asks_coreference(t.r)


@check("coreference.hesitation", "coreference.determiner", "coreference.set_question", side="negative")
def lone_demonstrative_is_still_asked_about(t: Turn) -> None:
    assert t.r.decision.action == "clarify"


@check("coreference.set_question", side="positive")
def filler_before_a_set_question_is_not_asked_about(t: Turn) -> None:
    # the read goes on: no coreference question (the demonstrative picked no referent)
    assert t.r.decision.action == "continue", codes(t.r)
    assert "rule:open_coreference" not in codes(t.r)


@check("coreference.filler", side="positive")
def filler_demonstrative_is_not_asked_about(t: Turn) -> None:
    # what is asked, if anything, is not which object 那个 was (a domain may still be asked)
    assert clar_reason(t.r) != "coreference", (t.r.decision.action, codes(t.r))


@check("coreference.filler", side="negative")
def real_reference_is_still_asked_about(t: Turn) -> None:
    assert t.r.decision.action == "clarify"
    assert "non_data_text" not in codes(t.r)


@check("coreference.paused_filler", side="positive")
def paused_demonstrative_before_an_object_is_a_filler(t: Turn) -> None:
    assert "unresolved_coreference" not in codes(t.r)
    assert clar_reason(t.r) != "coreference", (t.r.decision.action, codes(t.r))


@check("coreference.paused_filler", side="negative")
def paused_demonstrative_with_no_object_after_is_asked_about(t: Turn) -> None:
    # asked which one, or (那个 怎么样了: nothing named at all) whose status
    clarifies_with(t.r, ("coreference", "missing_slot"))


@check("coreference.quoted", side="positive")
def quoted_pronoun_is_no_reference(t: Turn) -> None:
    assert "unresolved_coreference" not in codes(t.r)
    assert t.r.decision.action == "continue", codes(t.r)


@check("coreference.quoted", side="negative")
def pronoun_outside_the_quotation_is_still_asked_about(t: Turn) -> None:
    clarifies_with(t.r, ("coreference",))


@check("coreference.narrowed", side="positive")
def phrase_the_turn_narrows_links_to_its_one_key(t: Turn) -> None:
    r = t.r
    (link,) = r.coreferences
    labels = {c.id: c.label for c in link.candidates}
    assert link.confirmed and labels.get(link.antecedent_entity_id) == t.case["antecedent"], link
    continues(r)


@check("coreference.narrowed", side="negative")
def phrase_with_two_or_no_candidates_is_asked(t: Turn) -> None:
    assert not any(k.confirmed for k in t.r.coreferences)
    clarifies_with(t.r, ("coreference",))


@corpus_check("coreference.narrowed", "coreference.unnamed")
def every_narrowing_has_five_paraphrases_and_look_alikes(doc: dict) -> None:
    pos, neg = _shapes(doc["positive"]), _shapes(doc["negative"])
    assert min(pos.values()) >= 5, pos
    assert set(neg) == set(pos) and min(neg.values()) >= 3, neg


@check("coreference.unnamed", side="positive")
def demonstrative_nothing_names_is_asked_which(t: Turn) -> None:
    clarifies_with(t.r, ("coreference",))


@check("coreference.unnamed", side="negative")
def named_or_given_object_is_not_asked_which(t: Turn) -> None:
    r = t.run(referents=t.case.get("referents"))
    assert clar_reason(r) != "coreference", (r.decision.action, codes(r))


# ============================================================================================
# correct
# ============================================================================================
_FIXES = frozenset({"typo", "asr", "ocr"})


@functools.cache
def _script_fold() -> dict:
    # traditional glyphs (狀, 報) are folded by the clean stage (lexicons/script_variants.json), not
    # corrected: the text a case comes out as is its corrections applied, then that fold
    return str.maketrans(json.loads((ROOT / "lexicons" / "script_variants.json").read_text("utf-8"))["fold"])


@check("correct.alternative_pause", side="positive")
def alternative_with_pauses_corrects_the_term(t: Turn) -> None:
    r = t.run(alternatives=[t.case["alternative"]])
    assert r.canonical_text == t.case["corrected"], r.corrections
    continues(r)


@check("correct.alternative_pause", side="negative")
def alternative_never_changes_a_fact_or_a_right_term(t: Turn) -> None:
    r = t.run(alternatives=[t.case["alternative"]])
    assert not [c for c in r.corrections if c.auto_applied and c.type in _FIXES], r.corrections


@check("correct.word_gate", "correct.pinyin_gate", side="positive")
def real_error_on_a_pack_term_is_corrected(t: Turn) -> None:
    from nlu.evaluation.realtext import apply_edits, corrections_of

    assert apply_edits(t.text, corrections_of(t.r)).translate(_script_fold()) == t.case["corrected"], t.r.corrections


@check("correct.word_gate", "correct.pinyin_gate", side="negative")
def correct_sentence_is_not_corrected(t: Turn) -> None:
    from nlu.evaluation.realtext import corrections_of

    assert corrections_of(t.r) == [], [(c.original_text, c.replacement) for c in t.r.corrections if c.auto_applied]


@check("correct.directional_phrase", side="positive")
def directional_phrase_is_read_as_written(t: Turn) -> None:
    proposed = [(c.original_text, c.replacement) for c in t.r.corrections if c.type in _FIXES]
    assert proposed == [], proposed
    assert "ambiguous_correction" not in codes(t.r), t.r.decision.clarification
    assert t.r.canonical_text.endswith(t.text), t.r.canonical_text


@check("correct.directional_phrase", side="negative")
def sound_alike_without_direction_is_still_corrected(t: Turn) -> None:
    from nlu.evaluation.realtext import apply_edits, corrections_of

    assert apply_edits(t.text, corrections_of(t.r)) == t.case["corrected"], t.r.corrections


@check("correct.fact_word_gate", side="positive")
def sound_alike_inside_a_word_is_read_as_written(t: Turn) -> None:
    assert "ambiguous_correction" not in codes(t.r)
    assert t.r.canonical_text == t.text
    assert not [c for c in t.r.corrections if c.auto_applied]


@check("correct.fact_word_gate", side="negative")
def sound_alike_standing_alone_is_asked_about(t: Turn) -> None:
    assert t.r.decision.action == "clarify"
    assert "ambiguous_correction" in codes(t.r)


# ============================================================================================
# protect, values, suspicious, person names, word boundaries
# ============================================================================================
_KEYS = frozenset({"vehicle", "locomotive", "task", "work_order", "station"})


@check("protect.spaced_identifier", side="positive")
def spaced_key_is_the_key(t: Turn) -> None:
    got = [(e.type, e.canonical_value) for e in t.r.entities]
    assert (t.case["type"], t.case["value"]) in got, got
    # the text stays as typed: the spaces are not edited away
    assert t.text.replace(" ", "") in t.r.canonical_text.replace(" ", "")
    spaced = next(e for e in t.r.entities if e.type == t.case["type"])
    assert " " in spaced.text or spaced.text.upper() == t.case["value"], spaced.text


@check("protect.spaced_identifier", side="negative")
def range_or_wrong_shape_is_no_key(t: Turn) -> None:
    assert not [e for e in t.r.entities if e.type in _KEYS], [(e.type, e.text) for e in t.r.entities]


def _time_texts(r) -> list[str]:  # noqa: ANN001
    return [e.text for e in r.entities if e.type in ("time", "time_range")]


@check("values.numeral_term_boundary", side="positive")
def term_keeps_its_numeral(t: Turn) -> None:
    assert _time_texts(t.r) == ([t.case["time"]] if t.case["time"] else []), t.r.entities
    assert t.case["term"] in t.r.canonical_text


@check("values.numeral_term_boundary", side="negative")
def real_weekday_stays(t: Turn) -> None:
    assert _time_texts(t.r) == [t.case["time"]], t.r.entities


@check("suspicious.series_and_spaced", side="positive")
def series_or_spaced_identifier_is_no_bare_reference(t: Turn) -> None:
    from nlu.suspicious import find_suspicious

    assert "bare_reference" not in codes(t.r) and "rule:bare_reference" not in codes(t.r)
    assert not [x for x in find_suspicious(t.text, (), ()) if x.reason in ("bare_reference", "malformed_identifier")]


@check("suspicious.series_and_spaced", side="negative")
def bare_model_or_number_is_still_asked_about(t: Turn) -> None:
    clarifies_with(t.r, ("entity",))


def _persons(r) -> list[str]:  # noqa: ANN001
    return [e.text for e in r.entities if e.type == "person"]


@check("person_names", side="positive")
def unlisted_name_is_a_protected_person(t: Turn) -> None:
    from nlu.lexicon import default_pack

    names = t.case["names"]
    assert not set(names) & set(default_pack().person_names), "the corpus holds names the pack does not list"
    assert sorted(_persons(t.r)) == sorted(names)
    for name in names:
        e = next(e for e in t.r.entities if e.type == "person" and e.text == name)
        assert e.protected and e.canonical_value == name
        assert any(p.kind == "proper_name" and p.text == name for p in t.r.protected_spans)
        assert name in t.r.canonical_text


@check("person_names", side="negative")
def look_alike_is_no_person(t: Turn) -> None:
    assert _persons(t.r) == []


class _Keep:
    """A policy that decides nothing and keeps the draft (to read the sentence view)."""

    def decide(self, draft):  # noqa: ANN001, ANN201
        self.draft = draft


@functools.cache
def _keeping_pipeline():  # noqa: ANN202
    import nlu

    keep = _Keep()
    p = nlu.Pipeline(policy=keep, budget_ms=60_000)
    p.warm_up()
    return p, keep


def _view_words(t: Turn) -> set[str]:
    from nlu.semantics.view import SentenceView
    from nlu.stages.vocabulary import vocabulary

    p, keep = _keeping_pipeline()
    p.understand(t.text, reference_time=t.doc["referenceTime"])
    view = SentenceView(keep.draft, vocabulary(p.stages[1].pack))
    return {w.text for w in view.triggers + view.domain_words + view.weak_domain_words}


@check("word_boundaries", side="positive")
def routing_word_at_word_boundaries_is_matched(t: Turn) -> None:
    assert t.case["word"] in _view_words(t) | {x.raw_text for x in t.r.terms}


@check("word_boundaries", side="negative")
def routing_word_inside_another_word_is_no_match(t: Turn) -> None:
    assert t.case["word"] not in {x.raw_text for x in t.r.terms}
    assert t.case["word"] not in _view_words(t)


# ============================================================================================
# relation and srl
# ============================================================================================
_RELATIONS = {
    "relation.return_destination": {"origin", "destination"},
    "relation.departure_origin": {"origin", "destination"},
    "relation.described_trip": {"origin", "destination"},
    "relation.assigned_to": {"responsible_for"},
    "relation.negated_causer": {"origin", "destination"},
}


@check(*_RELATIONS, side="both")
def relations_are_exactly_the_listed_ones(t: Turn) -> None:
    r = t.r
    label = {e.id: e.canonical_value or r.original_text[e.span.start:e.span.end] for e in r.entities}
    got = sorted((label[x.subject_entity_id], x.predicate, label[x.object_entity_id], bool(x.negated))
                 for x in r.relations if x.predicate in _RELATIONS[t.doc["rule"]])
    assert got == sorted(tuple(x) for x in t.case["relations"])


def _presentations(frame) -> list:  # noqa: ANN001
    return [a.literal_value for a in frame.arguments if a.role == "presentation"]


@check("srl.counted_presentation", side="both")
def counted_table_or_chart_is_the_presentation(t: Turn) -> None:
    got = [p for f in t.r.semantic_frames for p in _presentations(f)]
    assert got == ([t.case["presentation"]] if t.case["presentation"] else [])


@check("srl.chart_of_read", side="both")
def chart_action_presents_the_read_before_it(t: Turn) -> None:
    assert [[f.action_class, _presentations(f)] for f in t.r.semantic_frames] == t.case["frames"]


@check("constructions.presentation_disposal", side="positive")
def presentation_result_is_a_view_not_a_write(t: Turn) -> None:
    assert not [f for f in t.r.semantic_frames if f.action_class in WRITES], t.text
    assert any(f.action_class == "change_view" for f in t.r.semantic_frames)
    assert top_id(t.r) != "operation"
    assert clar_reason(t.r) != "missing_slot"


@check("constructions.presentation_disposal", side="negative")
def place_value_or_person_result_stays_an_order(t: Turn) -> None:
    assert [f for f in t.r.semantic_frames if f.action_class in WRITES], t.text
    assert t.r.routing.template_candidates[0].id == "operation"


@check("srl.colloquial_orders", side="positive")
def colloquial_order_on_a_named_object_is_a_write(t: Turn) -> None:
    assert (t.case["frame"], False) in frames(t.r), (frames(t.r), t.r.canonical_text)
    assert t.r.routing.template_candidates[0].id == "operation", t.r.routing.template_candidates
    no_query_inserted(t.r)


@check("srl.colloquial_orders", "srl.colloquial_writes", side="negative")
def look_alike_orders_nothing(t: Turn) -> None:
    assert not open_writes(t.r), (frames(t.r), t.r.canonical_text)


@check("srl.colloquial_writes", side="positive")
def colloquial_write_is_a_write_frame(t: Turn) -> None:
    assert (t.case["frame"], t.case["negated"]) in frames(t.r), (frames(t.r), t.r.canonical_text)
    if t.case["negated"]:  # a negated write is never an order: no unnegated write frame beside it
        assert not open_writes(t.r), frames(t.r)
    else:
        assert t.r.routing.template_candidates[0].id == "operation", t.r.routing.template_candidates
        no_query_inserted(t.r)


@check("srl.colloquial_writes", side="negative", when=lambda c: c["shape"] == "negated_word")
def negation_looking_character_inside_a_word_negates_nothing(t: Turn) -> None:
    assert not any(neg for _, neg in frames(t.r)), frames(t.r)
    assert t.r.decision.action == "continue", t.r.decision


def _roles(r, text: str) -> set[str]:  # noqa: ANN001
    ids = {e.id for e in r.entities if e.text == text}
    return {a.role for f in r.semantic_frames for a in f.arguments if ids & set(a.entity_ids or ())}


@check("srl.excepted_write_objects", side="positive")
def write_on_all_but_the_named_asks_for_its_objects(t: Turn) -> None:
    clarifies_with(t.r, ("missing_slot",))
    roles = _roles(t.r, t.case["excepted"])
    assert "exception" in roles and "patient" not in roles, roles


@check("srl.excepted_write_objects", side="negative")
def exception_beside_a_named_object_or_on_a_read_is_kept(t: Turn) -> None:
    if "decision" in t.case:
        assert t.r.decision.action in t.case["decision"], (t.r.decision, t.r.canonical_text)
    if "excepted" in t.case:
        roles = _roles(t.r, t.case["excepted"])
        assert "exception" in roles and "patient" not in roles, roles
    if "patient" in t.case:
        assert "patient" in _roles(t.r, t.case["patient"])


_WRITE_RULES = ("srl.attribute_change", "srl.topic_dispatch", "srl.write_words", "srl.order_verbs", "srl.agent_noun",
                "srl.change_frames")


@check(*_WRITE_RULES, side="positive")
def write_construction_is_an_operation(t: Turn) -> None:
    assert top_label(t.r) == "operation"
    assert t.case["frame"] in {f.action_class for f in open_writes(t.r)}, frames(t.r)
    assert t.r.decision.action == "continue", t.r.decision


@check(*_WRITE_RULES, side="negative")
def question_or_description_opens_no_write(t: Turn) -> None:
    assert not open_writes(t.r), frames(t.r)
    assert top_label(t.r) != "operation"


@check("srl.explain_words", side="positive")
def what_fault_is_this_is_explained(t: Turn) -> None:
    assert "explain" in classes(t.r)


@check("srl.explain_words", side="negative")
def which_faults_is_not_an_explanation(t: Turn) -> None:
    assert "explain" not in classes(t.r)


@check("srl.exception_opening", side="both")
def exclusion_verb_governs_its_object(t: Turn) -> None:
    ents = {e.id: e.text for e in t.r.entities}
    got = {ents.get(i) for f in t.r.semantic_frames for a in f.arguments
           if a.role == "exception" and a.comparator == "except" for i in (a.entity_ids or [])}
    assert got == ({t.case["excepted"]} if t.case["excepted"] else set())


@check("srl.superlative_compare", "srl.read_uses_of_writes", "srl.procedure_of_write", side="positive")
def read_shape_gets_its_frame(t: Turn) -> None:
    if t.case["frame"] is None:  # a write verb read as a count or a noun: no order at all
        assert not open_writes(t.r), frames(t.r)
        assert top_label(t.r) != "operation"
        assert t.r.decision.action == "continue", t.r.decision
    else:
        assert t.case["frame"] in classes(t.r), frames(t.r)


@check("srl.superlative_compare", "srl.read_uses_of_writes", "srl.procedure_of_write", side="negative")
def look_alike_keeps_its_frame(t: Turn) -> None:
    if t.case["frame"] is None:  # no comparison asked
        assert "compare" not in classes(t.r)
    else:  # the order stays an order
        assert t.case["frame"] in {f.action_class for f in open_writes(t.r)}, frames(t.r)
        assert top_label(t.r) == "operation"


def _roles_of_literal(r, literal: str) -> set:  # noqa: ANN001
    return {(a.role, a.comparator) for f in r.semantic_frames for a in f.arguments if a.literal_value == literal}


@check("exceptions", side="positive")
def excluded_state_is_an_exception(t: Turn) -> None:
    assert ("exception", "except") in _roles_of_literal(t.r, t.case["state"])


@check("exceptions", side="negative")
def restricting_state_is_a_condition(t: Turn) -> None:
    roles = _roles_of_literal(t.r, t.case["state"])
    assert ("condition", None) in roles and ("exception", "except") not in roles


@check("instruments", side="both")
def instrument_noun(t: Turn) -> None:
    got = [a.literal_value for f in t.r.semantic_frames for a in f.arguments if a.role == "instrument"]
    assert got == ([t.case["instrument"]] if t.case["instrument"] else [])


# ============================================================================================
# route
# ============================================================================================
_CONSTRUCTION_RULES = tuple(n for n in corpus_files.names("route.*") if "construction" in corpus_files.load(n))
_READ_SHAPE_RULES = ("route.described_few", "route.history_records", "route.work_order_view",
                     "route.report_plan_words", "route.term_explanation", "route.period_amount")


@check(*_CONSTRUCTION_RULES, *_READ_SHAPE_RULES, side="positive")
def construction_gets_its_template_and_continues(t: Turn) -> None:
    assert top_label(t.r) == t.case["template"], [(c.label, c.score) for c in t.r.routing.template_candidates]
    assert not conflict(t.r)
    assert t.r.decision.action == "continue", t.r.decision


@check(*_CONSTRUCTION_RULES, side="negative")
def look_alike_gets_another_template(t: Turn) -> None:
    if t.case["template"] is None:  # the two object templates still compete: no silent choice
        assert conflict(t.r), [(c.label, c.score) for c in t.r.routing.template_candidates]
    else:
        assert top_label(t.r) == t.case["template"], [(c.label, c.score) for c in t.r.routing.template_candidates]


@check(*_READ_SHAPE_RULES, side="negative")
def look_alike_gets_its_own_template(t: Turn) -> None:
    assert top_label(t.r) == t.case["template"], [(c.label, c.score) for c in t.r.routing.template_candidates]


@check("route.grammar_completion", side="positive")
def data_question_is_no_statement(t: Turn) -> None:
    inserted = [c.replacement for c in t.r.corrections if c.type == "grammar"]
    assert t.r.decision.action == "continue"
    assert "missing_action" not in codes(t.r)
    if t.case["shape"] == "data_question":  # a complete one, with no action word: 查询 goes in front
        assert inserted == ["查询"]
    else:  # an alternative question (是 A 还是 B): completing it or not are both readings of it
        assert inserted in ([], ["查询"])


@check("route.grammar_completion", side="negative")
def statement_gets_nothing_inserted_and_does_not_continue(t: Turn) -> None:
    assert [c.replacement for c in t.r.corrections if c.type == "grammar"] == []
    assert t.r.decision.action != "continue"
    assert t.r.canonical_text == t.text


@check("route.possessed_terms", side="positive")
def word_after_a_domain_word_beside_a_denied_domain_is_that_domains(t: Turn) -> None:
    continues(t.r)
    assert t.r.routing.domain_candidates[0].label == t.case["domain"]
    assert len(t.r.routing.domain_candidates) == 1  # the denied domain is not a second candidate


@check("route.possessed_terms", side="negative")
def open_domain_is_still_asked(t: Turn) -> None:
    assert t.r.decision.action == "clarify", codes(t.r)


@check("route.shared_word_reading", side="positive")
def agv_question_with_only_agv_words_or_none_continues_as_agv(t: Turn) -> None:
    dom = t.r.routing.domain_candidates
    continues(t.r)
    assert [c.id for c in dom][:1] == ["agv"] and (len(dom) == 1 or dom[0].score - dom[1].score >= 0.18), dom
    assert "context" in dom[0].evidence  # implied, never the weak words alone


@check("route.shared_word_reading", side="negative")
def rail_word_two_domains_or_general_text_is_not_continued(t: Turn) -> None:
    assert t.r.decision.action != "continue" or passes_through(t.r), t.r.routing.domain_candidates


@check("route.depot_words", side="positive")
def depot_word_reads_the_question_as_rail(t: Turn) -> None:
    continues(t.r)
    assert [c.id for c in t.r.routing.domain_candidates][:1] == ["rail"], t.r.routing.domain_candidates


@check("route.depot_words", side="negative")
def shared_word_alone_is_not_continued_as_rail(t: Turn) -> None:
    dom = [c.id for c in t.r.routing.domain_candidates][:1]
    assert t.r.decision.action != "continue" or dom != ["rail"] or passes_through(t.r), (t.r.decision.action, dom)


@check("route.english_triggers", side="positive")
def english_template_word_pins_its_template(t: Turn) -> None:
    c = t.r.routing.template_candidates
    assert c and c[0].label == t.case["template"] and c[0].score >= PINNED, c[:2]
    assert t.r.decision.action == "continue", codes(t.r)


@check("route.english_triggers", side="negative")
def word_that_only_begins_with_one_pins_nothing(t: Turn) -> None:
    c = t.r.routing.template_candidates
    assert not (c and c[0].label == t.case["template"] and c[0].score >= PINNED), c[:2]


@check("route.place_compound", side="positive")
def place_named_by_a_domain_word_is_no_explicit_domain(t: Turn) -> None:
    assert "cross_domain" not in codes(t.r)
    assert t.r.decision.action == "continue"
    assert t.r.routing.domain_candidates[0].id == t.case["domain"]


@check("route.place_compound", side="negative")
def business_named_explicitly_keeps_its_weight(t: Turn) -> None:
    if t.case.get("cross"):
        assert "cross_domain" in codes(t.r) and t.r.decision.action == "clarify"
    else:
        assert t.r.decision.action == "continue" and t.r.routing.domain_candidates[0].id == t.case["domain"]


@check("route.transport_domain", side="positive")
def transport_read_continues_in_agv(t: Turn) -> None:
    assert domain_label(t.r) == t.case["domain"]
    assert t.r.decision.action == "continue", t.r.decision


@check("route.transport_domain", side="negative")
def transport_look_alike_gets_no_agv(t: Turn) -> None:
    if t.case["domain"] is None:
        assert t.r.decision.action != "continue" or domain_label(t.r) is None or passes_through(t.r), \
            (t.r.decision, domain_label(t.r))
        assert domain_label(t.r) != "agv" or t.r.decision.action != "continue" or passes_through(t.r)
    else:
        assert domain_label(t.r) == t.case["domain"]


@check("question_shapes", side="both")
def question_shape(t: Turn) -> None:
    from nlu.semantics.question_shapes import question_shapes

    shapes = question_shapes(t.text)
    assert (shapes[0].shape if shapes else None) == t.case["shape"], shapes


@check("question_shapes", side="both")
def only_a_how_many_shape_makes_a_count(t: Turn) -> None:
    if t.case["shape"] in ("which_one", "which_ones", "when", "how_long"):
        assert top_label(t.r) != "count", top_label(t.r)


@check("question_shapes", side="positive", when=lambda c: c["shape"] == "compare_count")
def more_or_less_than_is_a_compare_frame(t: Turn) -> None:
    assert "compare" in classes(t.run(reference_time="2026-03-15T10:30:00+08:00"))


@check("write_constructions", side="positive")
def state_use_of_a_write_verb_is_no_operation(t: Turn) -> None:
    assert top_label(t.r) != "operation"
    assert not open_writes(t.r)


@check("write_constructions", side="negative")
def order_stays_an_operation_or_is_asked_about(t: Turn) -> None:
    assert top_label(t.r) == "operation" or t.r.decision.action == "clarify"


@check("write_constructions.reads", "write_constructions.attribute_nouns", side="negative")
def order_stays_a_write(t: Turn) -> None:
    assert top_label(t.r) == "operation" or t.r.decision.action == "clarify"
    assert open_writes(t.r)


@check("write_constructions.reads", side="positive")
def write_verb_that_orders_nothing_opens_no_write(t: Turn) -> None:
    assert top_label(t.r) != "operation"
    assert not open_writes(t.r), t.r.semantic_frames
    assert "write_without_object" not in codes(t.r)


@check("write_constructions.attribute_nouns", side="positive")
def making_verb_closed_by_a_time_noun_is_an_attribute(t: Turn) -> None:
    assert top_label(t.r) != "operation"
    assert not open_writes(t.r), t.r.semantic_frames
    assert not {"rule:write_without_object", "rule:create_without_parameter"} & set(codes(t.r))



def passes_through(r) -> bool:  # noqa: ANN001
    """Text that names nothing of the business passes through with reason non_data_text and no
    question: a request of its own (a question, thanks, a greeting) continues as said with nothing
    of the business locked; a reaction or a fragment is passed back as use_original."""
    if "non_data_text" not in r.decision.reason_codes or r.decision.clarification is not None:
        return False
    if r.decision.action == "use_original":
        return True
    return r.decision.action == "continue" and not r.routing.template_candidates and not r.routing.domain_candidates


# ============================================================================================
# non-data text
# ============================================================================================
_NON_DATA_FAMILIES = ("non_data", "non_data.mentioned_words", "non_data.calendar", "non_data.implied_write", "non_data.software",
                      "non_data.latin_topic")


@check(*_NON_DATA_FAMILIES, side="positive")
def general_text_passes_through_untouched(t: Turn) -> None:
    assert passes_through(t.r), (t.r.decision, codes(t.r))
    assert "non_data_text" in codes(t.r)
    assert t.r.canonical_text == t.text


@check("non_data.general_owner", "non_data.speaker_subject", "non_data.marks", side="positive")
def passes_through_as_general_text(t: Turn) -> None:
    assert passes_through(t.r), (t.r.decision, [(c.id, c.score) for c in t.r.routing.domain_candidates])
    assert "non_data_text" in codes(t.r)


@check(*_NON_DATA_FAMILIES, "non_data.speaker_subject", "non_data.marks", side="negative")
def data_question_is_not_passed_through(t: Turn) -> None:
    assert "non_data_text" not in codes(t.r), (t.r.decision.action, codes(t.r))


@check("non_data.general_owner", side="negative")
def word_the_pack_owns_stays_a_data_question(t: Turn) -> None:
    assert "non_data_text" not in codes(t.r), t.r.decision


@check("non_data.arithmetic", side="positive")
def arithmetic_is_a_general_question(t: Turn) -> None:
    assert passes_through(t.r), t.r.decision


@check("non_data.arithmetic", side="negative")
def bare_number_is_still_asked_about(t: Turn) -> None:
    assert t.r.decision.action == "clarify"


# ============================================================================================
# decision
# ============================================================================================
@check("decision.open_question", side="positive")
def open_question_about_a_settled_domain_continues(t: Turn) -> None:
    continues(t.r)
    assert {"explicit_rule", "context"} & set(t.r.routing.domain_candidates[0].evidence)  # never weak hints alone
    if not t.r.routing.template_candidates:
        assert "no_template" in codes(t.r)  # the uncertainty is recorded


@check("decision.open_question", "route.shared_word_reading", side="negative")
def is_still_asked(t: Turn) -> None:
    assert t.r.decision.action != "continue" or passes_through(t.r), (t.r.decision, t.r.routing.domain_candidates)


@check("decision.pointed_unsure_key", "decision.write_accounting", "write_safety.open_writes", side="positive")
@check("decision.model_type", "decision.topic_shift", side="negative")
def asks_with_one_of_its_reasons(t: Turn) -> None:
    clarifies_with(t.r, t.case["reasons"])


@check("decision.model_type", side="positive")
def counted_or_described_model_is_a_type(t: Turn) -> None:
    assert "rule:bare_reference" not in codes(t.r), t.r.decision
    assert t.r.decision.action == "continue", t.r.decision


@check("decision.topic_shift", side="positive")
def topic_shift_asks_no_antecedent(t: Turn) -> None:
    assert "rule:open_coreference" not in codes(t.r), t.r.decision
    assert t.r.decision.action == "continue", t.r.decision


@check("decision.pointed_unsure_key", side="negative")
def valid_key_or_bare_pronoun_is_unchanged(t: Turn) -> None:
    assert t.r.decision.action in t.case["decision"], (t.r.decision.action, codes(t.r))
    if "reasons" in t.case:
        assert clar_reason(t.r) in t.case["reasons"], t.r.decision.clarification


@check("decision.spoken_series", side="positive")
def read_out_locomotive_key_is_asked(t: Turn) -> None:
    clarifies_with(t.r, t.case["reasons"])
    assert "HXD" not in t.r.canonical_text and "SS9" not in t.r.canonical_text


@check("decision.spoken_series", side="negative")
def series_name_alone_asks_no_key(t: Turn) -> None:
    assert t.r.decision.action in t.case["decision"], t.r.decision
    assert "rule:bare_reference" not in codes(t.r)


@check("decision.spoken_key", side="positive")
def read_out_key_is_asked(t: Turn) -> None:
    clarifies_with(t.r, t.case["reasons"])
    assert not re.search(r"(?:AGV|T|ST|WO)-\d", t.r.canonical_text.replace("ST-03", "")), t.r.canonical_text


@check("decision.spoken_key", side="negative")
def written_key_or_count_asks_no_key(t: Turn) -> None:
    assert t.r.decision.action in t.case["decision"], (t.r.decision, codes(t.r))
    assert "rule:bare_reference" not in codes(t.r)


@check("decision.unread_predicate", side="positive")
def terse_unknown_predicate_is_asked(t: Turn) -> None:
    # asked, by this rule or by a write rule that recognised the order (把 … 拖走: unexplained_write)
    assert t.r.decision.action == "clarify", (t.r.decision.action, codes(t.r))
    assert clar_reason(t.r) in ("intent", "protected_change"), t.r.decision.clarification


@check("decision.unread_predicate", side="negative")
def terse_read_is_not_asked_for_its_predicate(t: Turn) -> None:
    assert "rule:unread_predicate" not in codes(t.r), t.r.decision


@check("decision.long_write", side="positive")
def long_text_ordering_a_write_asks_for_a_short_one(t: Turn) -> None:
    assert 500 < len(t.text) <= 4000  # design 15.2's middle band
    assert t.r.decision.action == "clarify", t.r.decision
    assert "rule:long_write" in codes(t.r), t.r.decision


@check("decision.long_write", side="negative")
def long_narration_of_writes_continues(t: Turn) -> None:
    assert 500 < len(t.text) <= 4000
    assert t.r.decision.action in ("continue", "use_original"), t.r.decision
    assert not any(c.startswith("rule:") for c in codes(t.r)), t.r.decision


@corpus_check("decision.long_write")
def padding_alone_continues(doc: dict) -> None:
    """What a case adds is what decides: the corpus's text round it asks nothing."""
    r = pipeline().understand(doc["textBefore"] + doc["textAfter"] + doc["textAfter"], reference_time=doc["referenceTime"])
    assert r.decision.action in ("continue", "use_original"), r.decision


@check("decision.write_accounting", "write_safety.open_writes", "write_safety.uncertain", side="negative")
def clear_write_or_settled_look_alike_continues(t: Turn) -> None:
    continues(t.r)


# -- the policy table: a rule fires on its cases, never on their look-alikes -------------------
def _policy_text(c: dict) -> str:
    return c["text"] + c.get("padding", "") * c.get("times", 0) + c.get("suffix", "")


def _fired(t: Turn):  # noqa: ANN202
    from nlu.decision.policy import RULE_CODE

    r = t.run(_policy_text(t.case), referents=t.case.get("referents"), alternatives=t.case.get("alternatives"))
    return r, [c[len(RULE_CODE):] for c in codes(r) if c.startswith(RULE_CODE)]


@check("decision.policy_rules", side="positive")
def policy_rule_fires_on_its_cases(t: Turn) -> None:
    r, fired = _fired(t)
    name = t.case["policyRule"]
    assert fired == [name], (fired, codes(r))
    assert r.decision.action == "clarify" and r.decision.clarification is not None
    assert r.decision.clarification.reason in t.doc["policyReasons"][name]
    if "reasons" in t.case:
        assert r.decision.clarification.reason in t.case["reasons"]


@check("decision.policy_rules", side="negative")
def policy_rule_leaves_look_alikes_alone(t: Turn) -> None:
    r, fired = _fired(t)
    assert t.case["policyRule"] not in fired, codes(r)
    assert len(fired) <= 1
    if "decision" in t.case:
        assert r.decision.action in t.case["decision"], codes(r)


@check("decision.policy_rules", side="knownGaps")
def policy_known_gap_still_misses(t: Turn) -> None:
    """Strict: when one of these starts to behave as wanted, move it to positive or negative."""
    _r, fired = _fired(t)
    wanted = (t.case["policyRule"] in fired) if t.case.get("expect", "fire") == "fire" else (t.case["policyRule"] not in fired)
    if not wanted:
        pytest.xfail(t.case["why"])
    pytest.fail(f"now behaves as wanted: move it out of knownGaps ({fired})")


@corpus_check("decision.policy_rules")
def every_policy_rule_has_its_cases(doc: dict) -> None:
    from nlu.decision.rules import RULES

    names = [r.name for r in RULES]
    assert list(doc["policyReasons"]) == names, "corpus rules must follow the table, one entry per rule"
    assert list(dict.fromkeys(c["policyRule"] for c in doc["positive"])) == names
    for name in names:
        assert sum(c["policyRule"] == name for c in doc["positive"]) >= 5, f"{name}: five or more inputs that must fire it"
        assert sum(c["policyRule"] == name for c in doc["negative"]) >= 5, f"{name}: five or more look-alikes that must not"


# ============================================================================================
# writes: repairs, uncertain, colloquial and unsaid objects
# ============================================================================================
@check("self_repair.typed", side="positive")
def repair_retracts_only_the_replaced_constituent(t: Turn) -> None:
    r = t.r
    for w in t.case["retracted"]:
        assert w not in r.canonical_text, (r.canonical_text, w)
    for w in t.case["kept"]:
        assert w in r.canonical_text, (r.canonical_text, w)
    if t.case.get("write"):
        # a write whose key, number or action was corrected is confirmed, never guessed; the
        # options offer the corrected reading only
        clarifies_with(r, t.case.get("reasons", ["protected_change"]))
        for o in r.decision.clarification.options:
            assert not any(w in o.fill_text for w in t.case["retracted"]), o.fill_text
    else:
        continues(r)


@check("self_repair.typed", side="negative")
def marker_look_alike_is_no_repair(t: Turn) -> None:
    assert not [e for e in t.r.corrections if e.type == "self_repair"], t.r.canonical_text


@check("write_safety.uncertain", side="positive")
def uncertain_write_asks(t: Turn) -> None:
    clarifies_with(t.r, t.case["reasons"])
    assert not t.r.canonical_text.startswith("查询") or t.text.startswith("查询"), t.r.canonical_text


@check("write_safety.colloquial", side="positive")
def colloquial_order_is_a_write(t: Turn) -> None:
    assert WRITES & classes(t.r), (classes(t.r), t.r.canonical_text)
    assert t.r.routing.template_candidates and t.r.routing.template_candidates[0].id == "operation", t.r.routing
    no_query_inserted(t.r)


@check("write_safety.colloquial", side="negative")
def colloquial_look_alike_is_no_write(t: Turn) -> None:
    assert not WRITES & classes(t.r), (classes(t.r), t.r.canonical_text)


@check("write_safety.unsaid_objects", side="positive")
def unsaid_object_asks(t: Turn) -> None:
    clarifies_with(t.r, t.case["reasons"])
    assert open_writes(t.r), t.r.semantic_frames
    no_query_inserted(t.r)


@check("write_safety.unsaid_objects", side="negative")
def read_look_alike_or_clear_write(t: Turn) -> None:
    if t.case.get("read"):
        assert not open_writes(t.r), (frames(t.r), t.r.canonical_text)
        assert "write_without_object" not in codes(t.r), codes(t.r)
    else:
        continues(t.r)


# ============================================================================================
# injection
# ============================================================================================
_UNITS = tuple(f"injection.{f}" for f in (
    "leak", "spoken_roles", "bidi", "asides", "fences", "authority", "records", "options", "headers", "heralds", "banners",
    "vocative", "promotions", "conjoined", "frontmatter", "notices", "invisible_roles", "displayed", "reader_roles"))
_WHOLE_UNITS = ("injection.joined_write", "injection.remnants", "injection.data_units")


def _norm(s: str) -> str:
    return suite().norm(s)


def _fills(r) -> list[str]:  # noqa: ANN001
    return [_norm(f) for f in suite()._fills(r)]


@check(*_UNITS, *_WHOLE_UNITS, side="positive")
def injected_unit_is_flagged_and_its_markers_reach_no_text(t: Turn) -> None:
    """The bar is stricter than the embedded corpus test's: a marker may not reach canonicalText
    under any decision (a clarify card shows it too), nor any fillText."""
    r = t.r
    canon = _norm(r.canonical_text)
    assert suite()._flagged(r), (r.decision.action, codes(r), r.canonical_text)
    assert [m for m in t.case["markers"] if _norm(m) in canon] == [], (r.decision.action, r.canonical_text)
    assert not [m for m in t.case["markers"] if any(_norm(m) in f for f in _fills(r))], suite()._fills(r)


@check(*_UNITS, side="positive")
def injected_unit_decision_and_what_continues(t: Turn) -> None:
    r = t.r
    if "decision" in t.case:
        assert r.decision.action in t.case["decision"], (r.decision.action, codes(r), r.canonical_text)
    if r.decision.action == "continue":
        assert all(_norm(k) in _norm(r.canonical_text) for k in t.case["mustKeep"]), (r.canonical_text, t.case["mustKeep"])


@check(*_WHOLE_UNITS, side="positive")
def injected_unit_goes_whole_and_only_it(t: Turn) -> None:
    r = t.r
    assert r.decision.action in t.case["decision"], (r.decision.action, codes(r), r.canonical_text)
    canon = _norm(r.canonical_text)
    assert [k for k in t.case["mustKeep"] if _norm(k) not in canon] == [], (r.decision.action, r.canonical_text)


@check(*_UNITS, *_WHOLE_UNITS, "injection.spoken", "injection.fields", side="negative")
def look_alike_is_neither_flagged_nor_cut(t: Turn) -> None:
    r = t.r
    assert not suite()._flagged(r), (codes(r), r.canonical_text)
    canon = _norm(r.canonical_text)
    assert [k for k in t.case["mustKeep"] if _norm(k) not in canon] == [], (r.canonical_text, t.case["mustKeep"])


@check("injection.spoken", "injection.fields", side="positive")
def order_to_the_assistant_never_becomes_the_request(t: Turn) -> None:
    r = t.r
    canon = _norm(r.canonical_text)
    assert suite()._flagged(r), (r.decision.action, codes(r), r.canonical_text)
    kept = [m for m in t.case["markers"] if _norm(m) in canon]
    assert not (r.decision.action == "continue" and kept), (r.canonical_text, kept)
    assert not [m for m in t.case["markers"] if any(_norm(m) in f for f in _fills(r))], suite()._fills(r)
    if r.decision.action == "continue":  # what the user asked (or the record held) is still there
        assert all(_norm(k) in canon for k in t.case["mustKeep"]), (r.canonical_text, t.case["mustKeep"])


@functools.cache
def _isolator():  # noqa: ANN202
    from nlu.injection import Isolator
    from nlu.lexicon import default_pack

    return Isolator(default_pack())


@check("injection.spoken", "injection.fields", side="positive")
def isolator_alone_on_the_text_as_typed_judges_it(t: Turn) -> None:
    """The judge on the raw text, spaces kept: the same verdict as the pipeline's."""
    assert _isolator().isolate(t.text) is not None


@check("injection.spoken", "injection.fields", side="negative")
def isolator_alone_on_the_text_as_typed_leaves_it(t: Turn) -> None:
    assert _isolator().isolate(t.text) is None


def _roles_gen():  # noqa: ANN202
    from tests.injection import generators

    return generators


@check("injection.roles", side="positive")
def reader_instruction_in_every_carrier_reaches_no_text(t: Turn) -> None:
    """The payload composed by tests/injection/generators.py into the carriers and positions it
    is drawn for: no marker stays under continue or in a fillText, no write, no use_original."""
    gen = _roles_gen()
    composed = [c for c in gen.attack_cases() if c["index"] == t.index] if t.side == "positive" else \
        list(gen.compose_all(t.case))
    assert composed or t.side == "positive"
    bad = [(c["carrier"], c["position"], b) for c in composed
           if (b := gen.check_attack(t.run(c["text"], source="typed"), c))]
    assert bad == []


@check("injection.roles", side="negative")
def benign_unit_in_every_carrier_stays_whole(t: Turn) -> None:
    gen = _roles_gen()
    cases = gen.benign_cases() if t.side == "negative" else gen.benign_cases([t.case])  # a known gap: its own unit
    lost = [(c["carrier"], m) for c in cases if t.side != "negative" or c["index"] == t.index
            if (m := gen.check_benign(t.run(c["text"], source="typed"), c))]
    assert lost == []


@corpus_check("injection.roles")
def roles_families_are_large_enough(doc: dict) -> None:
    gen = _roles_gen()
    assert len(list(gen.attack_cases())) >= 600
    assert sum(len(c["mustKeep"]) for c in gen.benign_cases()) >= 200


# ============================================================================================
# corpus-level checks: sizes and paraphrases a shape
# ============================================================================================
MINIMUM = {"exceptions": (5, 4), "instruments": (5, 2), "question_shapes": (5, 5), "correct.pinyin_gate": (30, 30),
           "route.shared_word_reading": (15, 15), "person_names": (25, 25)}


def _shapes(cases: list[dict], key: str = "shape") -> Counter:
    return Counter(c[key] for c in cases)


@corpus_check("correct.word_gate", "correct.pinyin_gate")
def five_paraphrases_per_shape(doc: dict) -> None:
    for side in ("positive", "negative"):
        small = {s: n for s, n in _shapes(doc[side]).items() if n < 5 and not s.endswith("(asr)")}
        assert not small, (side, small)


@corpus_check("srl.colloquial_orders")
def every_order_shape_has_five_paraphrases_and_look_alikes(doc: dict) -> None:
    pos, neg = _shapes(doc["positive"]), _shapes(doc["negative"])
    assert min(pos.values()) >= 5, pos
    assert set(neg) == set(pos) and min(neg.values()) >= 3, neg


@corpus_check("srl.colloquial_writes")
def every_write_shape_has_five_paraphrases_and_look_alikes(doc: dict) -> None:
    assert min(_shapes(doc["positive"]).values()) >= 5
    assert min(_shapes(doc["negative"]).values()) >= 3


@corpus_check("write_safety.open_writes", "write_safety.uncertain", "write_safety.unsaid_objects")
def every_shape_has_five_paraphrases(doc: dict) -> None:
    assert min(_shapes(doc["positive"]).values()) >= 5
    if doc["rule"] == "write_safety.unsaid_objects":
        assert min(_shapes([c for c in doc["negative"] if c.get("read")]).values()) >= 3


@corpus_check("self_repair.typed")
def every_repair_type_has_five_paraphrases(doc: dict) -> None:
    assert min(_shapes(doc["positive"], "type").values()) >= 5


@corpus_check(*_CONSTRUCTION_RULES)
def construction_is_one_of_the_packs(doc: dict) -> None:
    from nlu.lexicon import default_pack, load_data_file
    from nlu.semantics.templates import template_rules

    names = {r["name"] for r in load_data_file("template_constructions.json")["rules"]}
    covered = {corpus_files.load(n)["construction"] for n in _CONSTRUCTION_RULES} | {"aggregate_records"}  # in period_report
    assert names <= covered, names - covered
    assert {c.name for c in template_rules(default_pack()).constructions} == names


# ============================================================================================
# the harness
# ============================================================================================
FILES = sorted(CORPORA.glob("*.json"))


@functools.cache
def _validator():  # noqa: ANN202
    from jsonschema import Draft202012Validator

    schema = json.loads(SCHEMA.read_text("utf-8"))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def _params():  # noqa: ANN202
    out = []
    for path in FILES:
        doc = json.loads(path.read_text("utf-8"))
        rule = doc.get("rule", path.stem)
        for side in ("positive", "negative", "knownGaps"):
            for i, case in enumerate(doc.get(side, [])):
                if side == "knownGaps":
                    own = CHECKS.get(rule, {}).get("knownGaps")
                    regs = own if own else CHECKS.get(rule, {}).get(case.get("side", "positive"), [])
                    marks = [] if own else [pytest.mark.xfail(reason=case.get("why", ""), strict=True)]
                else:
                    regs, marks = CHECKS.get(rule, {}).get(side, []), []
                for reg in regs:
                    if reg.when is None or reg.when(case):
                        out.append(pytest.param(path.name, side, i, reg, marks=marks,
                                                id=f"{rule}:{side}[{i}]:{reg.name}"))
    return out


PARAMS = _params()


@pytest.mark.parametrize("name", [p.name for p in FILES])
def test_corpus_file_is_valid_and_has_a_checker(name: str) -> None:
    path = CORPORA / name
    doc = json.loads(path.read_text("utf-8"))
    errors = [f"{e.json_path}: {e.message}" for e in _validator().iter_errors(doc)]
    assert not errors, f"{path.relative_to(ROOT)} does not follow {SCHEMA.relative_to(ROOT)}:\n" + "\n".join(errors[:10])
    assert doc["rule"] == path.stem, f"{name}: rule {doc['rule']!r} must be the file's stem"
    registered = CHECKS.get(doc["rule"], {})
    assert registered, f"{name}: no checker is registered for rule {doc['rule']!r} in tests/test_corpora.py"
    for side in ("positive", "negative"):
        assert not doc[side] or registered.get(side), f"{name}: no check of the {side} cases of rule {doc['rule']!r}"
    low_pos, low_neg = MINIMUM.get(doc["rule"], (5, 5))
    assert len(doc["positive"]) >= low_pos and len(doc["negative"]) >= low_neg, \
        f"{name}: needs {low_pos}+ positive and {low_neg}+ negative cases"
    for fn in CORPUS_CHECKS.get(doc["rule"], []):
        fn(doc)


def test_every_registered_rule_has_a_corpus() -> None:
    stems = {p.stem for p in FILES}
    assert set(CHECKS) <= stems and set(CORPUS_CHECKS) <= stems, (set(CHECKS) | set(CORPUS_CHECKS)) - stems


_DOCS: dict[str, dict] = {}


@pytest.mark.parametrize("name,side,index,reg", PARAMS)
def test_case(name: str, side: str, index: int, reg: Registered) -> None:
    if name not in _DOCS:
        _DOCS[name] = json.loads((CORPORA / name).read_text("utf-8"))
    doc = _DOCS[name]
    case = doc[side][index]
    if (name, side, index) not in _RUNS:
        _RUNS.clear()
    turn = Turn(name, side, index, case, doc)
    try:
        reg.fn(turn)
    except AssertionError as exc:
        raise AssertionError(f"lexicons/corpora/{name} {side}[{index}] {case['text'][:80]!r} ({reg.name}): {exc}") from None
