"""ClarificationPolicy: hard rules first, then thresholds (design 8).

Reads what the stages found and raised (`draft.flags_raised`) and settles one decision
with reason codes. One question about the single most important ambiguity; keys, times,
amounts, negation and actions never fail open; read-only questions with a non-critical
uncertainty continue with the uncertainty recorded.

`decide()` first passes the gates that settle a turn without a question (over-long input,
a disabled domain, text that is not a data question), then walks the ordered table of named
rules in `nlu.decision.rules` and asks the question of the first one that fires; its name is
recorded as the reason code `rule:<name>`.
"""
from __future__ import annotations

from dataclasses import dataclass

from nlu.decision.non_data import NON_DATA, NonDataJudge
from nlu.decision.open_question import OpenQuestionJudge
from nlu.decision.rules import RULES, Rule, Turn, may_order_write
from nlu.decision.write_accounting import WriteAccounting
from nlu import draft_keys as K
from nlu.draft import Clarification, Draft

#: reason-code prefix naming the rule that asked (`rule:lookalike_identifier`)
RULE_CODE = "rule:"


@dataclass(frozen=True, slots=True)
class Thresholds:
    """Design 8's initial values; configurable per deployment."""

    correction: float = 0.92
    term: float = 0.85
    term_margin: float = 0.15
    routing: float = 0.82
    routing_margin: float = 0.18


class ClarificationPolicy:
    def __init__(self, thresholds: Thresholds | None = None, pack=None) -> None:  # noqa: ANN001
        # lazy: only this path needs it, keeps import light; breaks no cycle
        from nlu.lexicon import default_pack

        self.t = thresholds or Thresholds()
        self.pack = pack or default_pack()
        self.id_patterns = tuple(p.pattern for p in self.pack.identifier_patterns)
        self.non_data = NonDataJudge(self.pack)
        self.open_question = OpenQuestionJudge(self.pack, self.t.routing_margin)
        self.accounting = WriteAccounting(self.pack)
        self.rules: tuple[Rule, ...] = RULES

    def warm_up(self) -> None:
        self.non_data.warm_up()

    # -- entry point ------------------------------------------------------------------
    def decide(self, draft: Draft) -> None:
        if draft.gate == "too_long":
            return self._too_long(draft)
        if draft.decision != "continue" or draft.clarification is not None:
            return  # a gate already decided
        self._confidence(draft)
        flags = set(draft.flags_raised)
        draft.reason_codes.extend(sorted(f for f in flags if not f.startswith(K.STAGE_ERROR)))

        disabled = draft.flags.disabled_domains
        top_domain = draft.domain_candidates[0].id if draft.domain_candidates else None
        if top_domain in disabled:
            return self._use_original(draft, f"domain_disabled:{top_domain}")

        verdict = self.non_data.verdict(draft, flags)
        if verdict == NON_DATA:
            if self.accounting.orders_write_alone(draft) and not draft.scratch.get(K.SOFTWARE_QUESTION) \
                    and draft.flags.capability_on("clarify"):
                # 再派一台过去, cancel it pls: a write with no object is a write, not chit-chat
                draft.reason_codes.append("write_without_object_alone")
                draft.decision = "clarify"
                draft.clarification = Clarification("missing_slot", self.pack.questions.question("write_without_object"),
                                                    ["semanticFrames", "entities"], [])
                return None
            # design 15.3: only a data question asks for a domain. Text that names nothing of the
            # business and is a request of its own (你好, 谢谢, 今天天气怎么样, a question about the
            # assistant) is understood: it continues as said, with no template and no domain
            # locked; a reaction or a fragment (😀, 全员) is passed back as use_original
            if not self.non_data.continues_as_said(draft):
                return self._use_original(draft, "non_data_text")  # 😀, ？？？, 全员: nothing understood
            draft.reason_codes.append("non_data_text")
            draft.decision = "continue"
            draft.template_candidates = []  # nothing of the business is locked for the router
            draft.domain_candidates = []
            return None

        asked = self.first_rule(draft, flags)
        if asked is not None:
            rule, request = asked
            draft.reason_codes.append(RULE_CODE + rule.name)
            if not draft.flags.capability_on("clarify"):
                return self._use_original(draft, f"clarify_disabled:{request.reason}")
            draft.decision = "clarify"
            draft.clarification = request
            return
        tpl = draft.template_candidates
        if tpl and tpl[0].score < self.t.routing:
            draft.reason_codes.append("low_template_confidence")  # read-only: continue, uncertainty recorded
        if any(f.startswith(K.STAGE_ERROR) for f in flags):
            return self._use_original(draft, "degraded")
        if draft.gate == "long":
            draft.reason_codes.append("long_input_deterministic_only")
        draft.decision = "continue"

    def _too_long(self, draft: Draft) -> None:
        """Over 4,000 code points nothing is rewritten (design 15.2); one that orders a write
        must not pass through to the router either: ask for a short complete question."""
        if not draft.flags.capability_on("clarify") or not self._orders_write(draft.original):
            return
        draft.decision = "clarify"
        draft.clarification = Clarification("missing_slot", self.pack.questions.question("long_write"), ["semanticFrames"], [])

    def _orders_write(self, text: str) -> bool:
        """A write word anywhere in the text (one linear scan of the pack's words)."""
        # lazy: only this path needs it, keeps import light; breaks no cycle
        from nlu.text.vocabulary import vocabulary
        # lazy: only this path needs it, keeps import light; breaks no cycle
        from nlu.text.wordscan import fold_ascii

        return any(kw.kind == "action" and getattr(kw.data, "write", False)
                   for m in vocabulary(self.pack).protected_words.scan(text, fold_ascii(text)) for kw in m.values)

    @staticmethod
    def _use_original(draft: Draft, reason: str) -> None:
        draft.decision = "use_original"
        draft.reason_codes.append(reason)

    def repair_write(self, draft: Draft):  # noqa: ANN201 - write_accounting.Repair | None
        """The repair of a short write the self-repair grammar did not apply (a later object of the
        same kind after a repair-like segment), for the runner to run the stages again on; None on
        a read, a long text, a turn already decided or already repaired."""
        if draft.gate is not None or draft.decision != "continue" or K.REPAIRED_WRITE in draft.scratch \
                or self.accounting is None or not self.accounting.could_repair(draft):
            return None
        turn = Turn.of(draft, set(draft.flags_raised), self.pack.questions, self.t, self.id_patterns, self.open_question,
                       self.non_data.fillers, self.accounting)
        if not may_order_write(turn):
            return None
        plan = self.accounting.repair(draft)
        if plan is not None and plan.chained:
            # a chain of repairs (ST-03 / 改ST-30 / 还是ST-03吧): no one-step rewrite is what the user
            # means — the text stays as said, and `repaired_write` asks with no option
            draft.scratch[K.REPAIRED_WRITE] = plan
            return None
        return plan

    def first_rule(self, draft: Draft, flags: set[str]) -> tuple[Rule, Clarification] | None:
        """The first rule of the table that fires on `draft`, and its question; None if none does."""
        turn = Turn.of(draft, flags, self.pack.questions, self.t, self.id_patterns, self.open_question,
                       self.non_data.fillers, self.accounting)
        for rule in self.rules:
            request = rule.ask(turn)
            if request is not None:
                return rule, request
        return None

    # -- confidence block ------------------------------------------------------------------
    @staticmethod
    def _confidence(draft: Draft) -> None:
        applied = [o.edit.confidence for o in draft.edits if o.applied and o.edit.type not in ("punctuation",)]
        draft.confidence["normalization"] = min(applied, default=1.0)
        sem = [e.confidence for e in draft.entities] + [f.confidence for f in draft.frames] + \
              [k.confidence for k in draft.coreferences] + [t.confidence for t in draft.terms]
        draft.confidence["semantics"] = min(sem, default=1.0)
        top = draft.template_candidates[0].score if draft.template_candidates else 0.0
        draft.confidence["routing"] = top
