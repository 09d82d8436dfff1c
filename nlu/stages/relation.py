"""Stage `relation`: origin, destination, responsible_for, located_at (design 5.6, 7.5).

Subjects and objects are always existing entity ids (a pronoun resolved within the
sentence stands for its antecedent). Direction comes from the preposition, never from
order: 从/由/自 + place marks the origin, 到/去/前往/送到 + place the destination.
Coordinated subjects or objects give one relation each (an explicit 和/跟/、 joins objects of
different types: 张三负责的 AGV-02 和 HXD1-0004). A negation right before the cue (不去, 不在,
不是张三负责, 不由) negates that relation, and only it; an A-不-A question (在不在) does not.
A clause that drops its topic (…出发，不是到 ST-06，是到 ST-07 / HXD1-0001 在一车间，由张三负责)
takes it from the nearest earlier clause. The same fact said twice is one relation.
"""
from __future__ import annotations

from nlu.draft import Draft, Relation
from nlu.lexicon import Pack, default_pack
from nlu.lexicon.word_classes import function_words, implied_action_words
from nlu.pipeline.stage import Stage
from nlu.semantics import cues
from nlu.semantics.anchors import Anchor, anchors
from nlu.semantics.coordination import group_of
from nlu.semantics.negation import negation_before
from nlu.semantics.view import SentenceView, Word, sentence_view
from nlu.text.vocabulary import vocabulary

MOVERS = frozenset({"vehicle", "locomotive", "task"})
PLACES = frozenset({"station", "location", "organization"})
RESPONSIBLE_OBJECTS = frozenset({"vehicle", "locomotive", "task", "work_order", "station", "organization",
                                 "location", "maintenance_level"})
LOCATED = frozenset({"vehicle", "locomotive", "task", "work_order", "person", "station"})
# the clause breaks after which a described trip's mover may follow (a sentence end closes it)
_COMMAS = frozenset("，,、；;")
_DESCRIBED_NOUN = 4  # code points: 那一趟, 那批货
# interrogative adverbs read as (explain) actions; they stand between a subject and its 在 (AGV-06 为什么停在 ST-09)
_ADVERBIAL_CLASSES = frozenset({"explain"})


class RelationStage(Stage):
    name = "relation"
    capability = "relation"

    def __init__(self, pack: Pack | None = None) -> None:
        self.pack = pack or default_pack()
        self.vocab = vocabulary(self.pack)
        # the pack's word classes (lexicons/implied_actions.json, function_words.json), read now, not per call
        self._causers = frozenset(implied_action_words(self.pack.root).dispatch_verbs)  # 派 / 让 / 叫 + mover + 去 …
        self._joiners = frozenset(function_words(self.pack.root).coordinators)
        self._attributive = function_words(self.pack.root).one("attributive_particle")

    def run(self, draft: Draft) -> str | None:
        draft.relations.extend(self.extract(draft))
        return None

    def extract(self, draft: Draft) -> list[Relation]:
        """The relations the sentence states, each fact once (not added to the draft): what
        `run` adds, and what the coreference stage reads to bind a possessor (李四那台)."""
        view = sentence_view(draft, self.vocab)
        if len(view.mentions) < 2 and not draft.coreferences:
            return []
        found: list[tuple] = []
        anchs = [a for a in anchors(draft, view) if a.entity_id is not None]
        for cue in view.cues:
            if cue.kind in (cues.ORIGIN, cues.DEST):
                self._direction(draft, view, anchs, cue, found)
            elif cue.kind == cues.DEPART:
                self._departure(draft, view, anchs, cue, found)
            elif cue.kind == cues.RESPONSIBLE:
                self._responsible(draft, view, anchs, cue, found)
            elif cue.kind == cues.AT:
                self._located(draft, view, anchs, cue, found)
        seen = set()
        value = {e.id: (e.type, e.canonical_value or draft.original[e.o0:e.o1]) for e in draft.entities}
        out: list[Relation] = []
        for rel in found:
            # the same fact said twice (下发任务到 ST-05 嗯 到 ST-05) is one relation
            key = (value.get(rel.subject_id, rel.subject_id), rel.predicate, value.get(rel.object_id, rel.object_id))
            if key not in seen and rel.subject_id != rel.object_id and key[0] != key[2]:
                seen.add(key)
                out.append(rel)
        return out

    # ------------------------------------------------------------------ helpers
    @staticmethod
    def _objects(view: SentenceView, cue: Word, types: frozenset[str]) -> list:
        """Place mentions right after the cue (only whitespace between), with coordinated ones."""
        m = view.mention_at(cue.c1)
        if m is None or m.type not in types:
            return []
        return group_of(view, m, types)

    def _subjects_before(self, view: SentenceView, anchs: list[Anchor], pos: int, lo: int,
                         types: frozenset[str]) -> list[Anchor]:
        """The nearest anchor of `types` before `pos` in the clause, with its coordinated group."""
        cands = [a for a in anchs if lo <= a.c0 and a.c1 <= pos and a.type in types]
        if not cands:
            return []
        last = cands[-1]
        group = [last]
        for a in reversed(cands[:-1]):  # "AGV-01 和 AGV-02 去 ST-05"
            gap = view.text[a.c1:group[0].c0].strip()
            # juxtaposed mentions must share a type; an explicit 和/跟 may join different ones
            if (gap == "" and a.type == last.type) or gap in self._joiners:
                group.insert(0, a)
            else:
                break
        return group

    def _topic_before(self, view: SentenceView, anchs: list[Anchor], lo: int, types: frozenset[str]) -> list[Anchor]:
        """The topic (first anchor of `types`, with its group) of the nearest earlier clause that has one.

        A clause that drops its subject (…，不是到 ST-06 / …，由张三负责) continues the earlier topic."""
        ci = view.clause_of(lo)
        for k in range(ci - 1, -1, -1):
            c0, c1 = view.clauses[k]
            inside = [a for a in anchs if c0 <= a.c0 and a.c1 <= c1 and a.type in types]
            if inside:
                return self._leading_group(view, inside)
        return []

    @staticmethod
    def _evidence(draft: Draft, *spans: tuple[int, int]) -> list[tuple[int, int]]:
        a = min(s[0] for s in spans)
        b = max(s[1] for s in spans)
        return [draft.to_original(a, b)]

    # ------------------------------------------------------------------ origin / destination
    def _direction(self, draft: Draft, view: SentenceView, anchs: list[Anchor], cue: Word, out: list) -> None:
        objs = self._objects(view, cue, PLACES)
        if not objs:
            return
        lo, hi = view.clause_span(cue.c0)
        subjects = self._movers(view, anchs, cue.c0, objs[-1].c1, lo, hi)
        if not subjects:
            return
        neg = negation_before(view, cue.c0, lo) or self._negated_causer(view, subjects[0], lo)
        self._moves(draft, subjects, "origin" if cue.kind == cues.ORIGIN else "destination", objs, cue, neg, out)

    def _negated_causer(self, view: SentenceView, subject: Anchor, lo: int) -> Word | None:
        """别派 AGV-10 去 ST-06 / 不要让小车去: the mover is the object of a causative dispatch
        verb right before it, and a negation of that verb negates the move it causes."""
        k = subject.c0
        while k > lo and view.text[k - 1] == " ":
            k -= 1
        if k <= lo or view.text[k - 1] not in self._causers:
            return None
        return negation_before(view, k - 1, lo)

    def _departure(self, draft: Draft, view: SentenceView, anchs: list[Anchor], cue: Word, out: list) -> None:
        """ST-03 出发 / ST-03 取料送到 ST-08: the place right before a departure verb is the origin."""
        place = view.mention_ending_at(cue.c0)
        if place is None or place.type not in PLACES:
            return
        objs = group_of(view, place, PLACES)
        k = view.last_cue_index(objs[0].c0)
        if k >= 0 and view.cues[k].kind == cues.DEST and view.blank(view.cues[k].c1, objs[0].c0):
            return  # 去 ST-06 装货: the place is where it goes (and loads), not where it starts
        lo, hi = view.clause_span(cue.c0)
        subjects = self._movers(view, anchs, objs[0].c0, cue.c1, lo, hi)
        if not subjects:
            return
        neg = negation_before(view, cue.c0, objs[-1].c1)  # ST-03 不取料: only a negation right before the verb
        self._moves(draft, subjects, "origin", objs, cue, neg, out)

    def _moves(self, draft: Draft, subjects: list[Anchor], predicate: str, objs: list, cue: Word, neg, out: list) -> None:
        for s in subjects:
            for o in objs:
                spans = [(s.c0, s.c1), (cue.c0, cue.c1), (o.c0, o.c1)]
                out.append(Relation(s.entity_id, predicate, o.id, neg is not None, self._evidence(draft, *spans),
                                    0.85 if neg else 0.9))

    def _movers(self, view: SentenceView, anchs: list[Anchor], before: int, after: int, lo: int,
                hi: int) -> list[Anchor]:
        """What moves to or from a place: the nearest mover before `before` in the clause; else
        the first one after `after` in it (从 ST-01 出发的 AGV-01 …); with none in the clause, the
        topic of an earlier clause (…出发，不是到 ST-06，是到 ST-07) or — when the clause is a
        trip described as a noun (从 ST-03 出发去 ST-10 的那趟，AGV-06 跑完没) — the topic of
        the next clause."""
        subjects = self._subjects_before(view, anchs, before, lo, MOVERS)
        if not subjects:
            subjects = [a for a in anchs if after <= a.c0 and a.c1 <= hi and a.type in MOVERS][:1]
        if subjects or any(lo <= a.c0 and a.c1 <= hi for a in anchs if a.type in MOVERS):
            return subjects
        return self._topic_before(view, anchs, lo, MOVERS) or self._described_trip(view, anchs, after, hi)

    def _described_trip(self, view: SentenceView, anchs: list[Anchor], after: int, hi: int) -> list[Anchor]:
        """从 ST-03 出发去 ST-10 的那趟，AGV-06 跑完没: a clause that ends in a noun described by
        the trip (的 after its last place) and a comma leaves its mover to the clause after it."""
        text = view.text
        if text[hi - 1:hi] not in _COMMAS:
            return []
        de = text.rfind(self._attributive, after, hi)
        # what the trip describes is a short noun (那趟, 那批货, 任务), no predicate (…的那单取消了，)
        if de < 0 or len(text[de + 1:hi - 1].strip()) > _DESCRIBED_NOUN or \
                any(de < a.c1 and a.c0 < hi for a in view.actions):
            return []
        k = view.clause_of(hi)
        if k >= len(view.clauses) or view.clauses[k][0] != hi:
            return []
        c0, c1 = view.clauses[k]
        return self._leading_group(view, [a for a in anchs if c0 <= a.c0 and a.c1 <= c1 and a.type in MOVERS])

    # ------------------------------------------------------------------ responsible_for
    def _responsible(self, draft: Draft, view: SentenceView, anchs: list[Anchor], cue: Word, out: list) -> None:
        lo, hi = view.clause_span(cue.c0)
        persons = self._subjects_before(view, anchs, cue.c0, lo, frozenset({"person"}))
        objects: list[Anchor] = []
        if persons:
            head = persons[0]
            # "HXD1-0001 不是张三负责" / "HXD1-0001 由张三负责": the object precedes the person
            objects = self._subjects_before(view, anchs, head.c0, lo, RESPONSIBLE_OBJECTS)
            if not objects:  # "张三负责 HXD1-0001 和 HXD1-0002"
                objects = [a for a in anchs if cue.c1 <= a.c0 and a.c1 <= hi and a.type in RESPONSIBLE_OBJECTS]
                objects = self._leading_group(view, objects)
        else:
            # "负责 HXD1-0001 的是张三"
            objects = self._leading_group(view, [a for a in anchs if cue.c1 <= a.c0 and a.c1 <= hi
                                                 and a.type in RESPONSIBLE_OBJECTS])
            persons = [a for a in anchs if (objects[-1].c1 if objects else cue.c1) <= a.c0 and a.c1 <= hi
                       and a.type == "person"][:1]
        if persons and not objects and not any(lo <= a.c0 and a.c1 <= hi and a.type in RESPONSIBLE_OBJECTS
                                               for a in anchs):
            objects = self._topic_before(view, anchs, lo, RESPONSIBLE_OBJECTS)  # HXD1-0001 在一车间，由张三负责
        if not persons or not objects:
            return
        neg = negation_before(view, cue.c0, lo, through_mention=True)
        for p in persons:
            for o in objects:
                spans = [(p.c0, p.c1), (cue.c0, cue.c1), (o.c0, o.c1)] + ([(neg.c0, neg.c1)] if neg else [])
                out.append(Relation(p.entity_id, "responsible_for", o.entity_id, neg is not None,
                                    self._evidence(draft, *spans), 0.85 if neg else 0.9))

    def _leading_group(self, view: SentenceView, after: list[Anchor]) -> list[Anchor]:
        if not after:
            return []
        group = [after[0]]
        for a in after[1:]:
            gap = view.text[group[-1].c1:a.c0].strip()
            if (gap == "" and a.type == group[0].type) or gap in self._joiners:
                group.append(a)
            else:
                break
        return group

    # ------------------------------------------------------------------ located_at
    def _located(self, draft: Draft, view: SentenceView, anchs: list[Anchor], cue: Word, out: list) -> None:
        objs = self._objects(view, cue, PLACES)
        if not objs:
            return
        lo, _ = view.clause_span(cue.c0)
        subjects = self._subjects_before(view, anchs, cue.c0, lo, LOCATED)
        # the subject must be the clause's topic, not something after an action (在一车间检查…)
        subjects = [s for s in subjects if not any(s.c1 <= w.c0 and w.c1 <= cue.c0 for w in view.actions
                                                   if getattr(w.data, "action_class", None) not in _ADVERBIAL_CLASSES)]
        subjects = [s for s in subjects if not (s.type == "station" and objs[0].type == "station")]
        if not subjects:
            return
        neg = negation_before(view, cue.c0, lo)
        for s in subjects:
            for o in objs:
                spans = [(s.c0, s.c1), (cue.c0, cue.c1), (o.c0, o.c1)]
                out.append(Relation(s.entity_id, "located_at", o.id, neg is not None, self._evidence(draft, *spans),
                                    0.85 if neg else 0.9))
