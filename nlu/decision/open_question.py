"""An open read question whose domain is settled but which fits no template (lexicons/open_questions.json).

AGV调度的规则是什么, 今天搬运任务的失败原因, 小车报错怎么处理: none of the ontology's
templates fits, yet the domain is said and something is asked. Asking "请具体说明您想查询或办理
什么业务" would ask for what the user already said; design 8 lets a read-only question with a
non-critical uncertainty continue with the uncertainty recorded (`no_template` is among the
reason codes). The judgement, all of it required:

1. nothing is written and nothing refused: no write frame, no negated frame (不要查 AGV-01);
2. the domain is settled: an explicit word or an identifier, or implied words ("context")
   leading the other domain by the routing margin — never weak hints alone;
3. something open is asked: a question word of the grammar cues other than a bare yes/no
   particle, or a query term of the pack (原因, 详情) closing its clause — a noun phrase asks
   for its head (今天搬运任务的失败原因), a heading does not (故障原因VVT总成内部损坏); or an
   A-not-A verb before what it asks about (C1修能不能跳过, 会不会影响任务, 是不是要先做探伤):
   a yes/no question about a proposition says what is asked, unlike a particle after a noun
   phrase (明天 AGV 保养计划表吗).
"""
from __future__ import annotations

import re

from nlu.draft import Draft
from nlu.lexicon.word_classes import a_not_a_pivots
from nlu.semantics import cues
from nlu.semantics.view import sentence_view
from nlu.text.vocabulary import vocabulary


class OpenQuestionJudge:
    def __init__(self, pack, margin: float) -> None:  # noqa: ANN001
        # lazy: only this path needs it, keeps import light; breaks no cycle
        from nlu.lexicon import load_data_file

        data = load_data_file("open_questions.json", pack.root)
        self.pack = pack
        self.margin = margin
        self.particles = frozenset(data["yesNoParticles"])
        self.term_categories = frozenset(data["askingTermCategories"])
        self.clause_end = "".join(data["clauseEnd"])  # particles and punctuation that may close a clause
        pivots = "".join(re.escape(p) for p in a_not_a_pivots(pack.root))
        # 能不能 / 会不会 / 是不是 / 有没有 + at least one word it asks about
        self.a_not_a = re.compile(rf"([\u4e00-\u9fff])[{pivots}]\1[\u4e00-\u9fffA-Za-z0-9]") if pivots else None

    def continues(self, draft: Draft, has_identifier: bool) -> bool:
        if any(f.write or f.negated for f in draft.frames):
            return False
        dom = draft.domain_candidates
        if not dom:
            return False
        margin = dom[0].score - (dom[1].score if len(dom) > 1 else 0.0)
        if margin < self.margin:
            return False
        if not (has_identifier or "explicit_rule" in dom[0].evidence or "context" in dom[0].evidence):
            return False
        return self.asks_open(draft)

    def asks_open(self, draft: Draft) -> bool:
        """Something open is asked (judgement 3 above)."""
        view = sentence_view(draft, vocabulary(self.pack))
        if any(w.kind == cues.QUESTION and w.text not in self.particles for w in view.cues):
            return True
        if self.a_not_a is not None and self.a_not_a.search(view.text):
            return True
        for t in draft.terms:
            if t.confirmed and t.term_code and self._asking_term(t.term_code):
                c0, c1 = draft.to_current(t.o0, t.o1)
                _lo, hi = view.clause_span(c0)
                if not view.text[c1:hi].strip().strip(self.clause_end):  # …的失败原因: the head asked for
                    return True
        return False

    def _asking_term(self, code: str) -> bool:
        entry = self.pack.term_by_code.get(code)
        return entry is not None and entry.category in self.term_categories


__all__ = ["OpenQuestionJudge"]
