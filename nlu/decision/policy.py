"""ClarificationPolicy: hard rules first, then thresholds (design 8).

Reads what the stages found and raised (`draft.flags_raised`) and settles one decision
with reason codes. One question about the single most important ambiguity; keys, times,
amounts, negation and actions never fail open; read-only questions with a non-critical
uncertainty continue with the uncertainty recorded.
"""
from __future__ import annotations

from dataclasses import dataclass

from nlu.decision.non_data import NON_DATA, NonDataJudge
from nlu.decision.open_question import OpenQuestionJudge
from nlu.decision.questions import clarify, readings
from nlu import draft_keys as K
from nlu.draft import Clarification, Draft
from nlu.semantics.write_risk import write_risk
from nlu.suspicious import find_suspicious

LONG_WRITE_QUESTION = "内容较长且包含操作指令，请用一句简短完整的话说明要操作的对象和参数。"

_FACT_FLIPS = {"negation_change", "number_change", "action_change", "comparison_change", "identifier_adjacent"}


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
        from nlu.lexicon import default_pack

        self.t = thresholds or Thresholds()
        self.pack = pack or default_pack()
        self.id_patterns = tuple(p.pattern for p in self.pack.identifier_patterns)
        self.non_data = NonDataJudge(self.pack)
        self.open_question = OpenQuestionJudge(self.pack, self.t.routing_margin)

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
            return self._use_original(draft, "non_data_text")  # design 15.3: only a data question asks for a domain

        request = self._first_rule(draft, flags)
        if request is not None:
            if not draft.flags.capability_on("clarify"):
                return self._use_original(draft, f"clarify_disabled:{request.reason}")
            draft.decision = "clarify"
            draft.clarification = request
            return
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
        draft.clarification = Clarification("missing_slot", LONG_WRITE_QUESTION, ["semanticFrames"], [])

    def _orders_write(self, text: str) -> bool:
        """A write word anywhere in the text (one linear scan of the pack's words)."""
        from nlu.stages.vocabulary import vocabulary
        from nlu.text.wordscan import fold_ascii

        return any(kw.kind == "action" and getattr(kw.data, "write", False)
                   for m in vocabulary(self.pack).protected_words.scan(text, fold_ascii(text)) for kw in m.values)

    @staticmethod
    def _use_original(draft: Draft, reason: str) -> None:
        draft.decision = "use_original"
        draft.reason_codes.append(reason)

    # -- the hard rules, most important first --------------------------------------------
    def _first_rule(self, draft: Draft, flags: set[str]):
        writes = [f for f in draft.frames if f.write and not f.negated]
        text = draft.text
        ids = [p for p in draft.protected if p.kind == "identifier" and not p.suspicious]
        # read on the final text: corrections may have completed a query word before a bare number
        valid = [draft.to_current(p.o0, p.o1) for p in draft.protected if p.kind == "identifier"]
        suspicious = find_suspicious(text, valid, self.id_patterns)

        # Injected material is already out of the text (nlu.injection). With no business
        # request of the user's standing on its own, ask — with no option: an option could
        # only repeat what the attack carried.
        if K.INJECTION_FLAG in flags and ({K.INJECTION_ONLY, K.INJECTION_SPLIT} & flags or not self._has_question(draft)):
            return clarify(draft, "intent", "没有识别到可以处理的业务问题，请直接描述您要查询或操作的内容。", ["canonicalText"])
        if K.INJECTION_MIXED in flags:
            # injected and requested words shared a unit: the canonical text holds only the
            # units judged clean, offered whole — never continued on a guess
            return clarify(draft, "intent", "这句话里夹带了对系统的指令，已略去；请确认您要问的是下面这句，或直接重新描述。",
                           ["canonicalText"], [("就问这句", text)])

        looks = [p for p in draft.protected if p.suspicious]
        if looks:
            p = looks[0]
            shown = draft.original[p.o0:p.o1]
            # an option only from the caller's entity catalog — never a guessed identifier
            hit = (draft.scratch.get(K.CATALOG_CANDIDATES) or {}).get((p.o0, p.o1))
            opts = readings(draft, p.o0, p.o1, [(hit, hit)]) if hit else []
            return clarify(draft, "protected_change",
                           f"编号“{shown}”里有容易混淆的字符（如字母 O 与数字 0、字母 l 与数字 1），请确认完整、正确的编号。",
                           ["entities", "protectedSpans"], opts)
        risky = [x for x in suspicious if x.reason in ("confusable_script", "lookalike_number")]
        if risky:
            shown = text[risky[0].start:risky[0].end]
            return clarify(draft, "protected_change", f"“{shown}”中有形近字符，请确认正确的编号或数字。",
                           ["entities", "protectedSpans"])

        if (draft.scratch.get(K.WRITE_ACTIONS) or any(f.write for f in draft.frames)) and self._repair_changed_key(draft):
            return clarify(draft, "protected_change", "您中途改了编号或数字，这是一个写操作，请用一句完整的话确认最终的对象和参数。",
                           ["canonicalText", "semanticFrames"], [("按改正后的内容", text)])

        if self._negation_conflict(draft):
            return clarify(draft, "protected_change", "这句话里否定和操作的方向不一致，请确认：是要执行这个操作，还是不要执行？",
                           ["semanticFrames"])

        if draft.gate == "long" and self._has_write_word(draft):
            return clarify(draft, "missing_slot", LONG_WRITE_QUESTION, ["semanticFrames"])

        risk = write_risk(draft)  # an uncertain object, parameter, negation or date of a write
        if risk is not None:
            return risk

        if K.AMBIGUOUS_CORRECTION in flags:
            sug = (draft.scratch.get(K.SUGGESTIONS) or [{}])[0]
            if sug:
                opts = readings(draft, sug["o0"], sug["o1"], [(f"“{sug['from']}”", sug["from"]), (f"“{sug['to']}”", sug["to"])])
                # a reading that flips a negation, number or action is a protected change; a
                # word that could be two things (全员/全年) is a term question
                reason = "protected_change" if sug.get("reason") in _FACT_FLIPS else "term"
                return clarify(draft, reason, f"您说的是“{sug['from']}”还是“{sug['to']}”？", ["canonicalText"], opts)

        if writes and (K.WRITE_WITHOUT_OBJECT in flags or K.UNRESOLVED_COREFERENCE in flags or K.AMBIGUOUS_COREFERENCE in flags):
            k = self._open_coreference(draft)
            if k is not None:
                return self._coref_question(draft, k, write=True)
            return clarify(draft, "missing_slot", "请说明要操作的具体对象（完整编号），例如哪一个任务或工单。",
                           ["semanticFrames", "entities"])
        if writes and self._create_without_parameter(draft, writes):
            return clarify(draft, "missing_slot", "请补充这个操作的具体内容，例如目的站点、任务编号或时间。",
                           ["semanticFrames"])

        if K.AMBIGUOUS_COREFERENCE in flags or K.UNRESOLVED_COREFERENCE in flags:
            k = self._open_coreference(draft)
            if k is not None:
                return self._coref_question(draft, k, write=False)

        bare = [x for x in suspicious if x.reason in ("malformed_identifier", K.BARE_REFERENCE)]
        if bare or K.BARE_REFERENCE in flags:
            shown = text[bare[0].start:bare[0].end] if bare else "这个编号"
            return clarify(draft, "entity", f"“{shown}”指的是哪一个对象（AGV 车辆、机车、任务、工单还是站点）？请给出完整编号。",
                           ["entities"])

        if K.AMBIGUOUS_TERM in flags:
            t = next((t for t in draft.terms if not t.confirmed and len(t.candidates) > 1), None)
            if t is not None and self._referents_decide(draft, t):
                t = None  # the caller's confirmed referents pin the domain (车 after three AGVs)
            if t is not None and (K.CROSS_DOMAIN in flags or self._domain_ambiguity(t)):
                return self._domain_question(draft, text)
            if t is not None:
                raw = draft.original[t.o0:t.o1]
                opts = readings(draft, t.o0, t.o1, [(c.label, c.label) for c in t.candidates])
                return clarify(draft, "term", f"“{raw}”指的是{'还是'.join(c.label for c in t.candidates[:3])}？", ["terms"], opts)

        if K.CROSS_DOMAIN in flags:
            return self._domain_question(draft, text)

        has_objects = bool(ids) or any(e.type in ("person", "organization", "location") for e in draft.entities)
        if K.NO_DOMAIN in flags and K.NO_TEMPLATE in flags and not has_objects:
            return clarify(draft, "intent", "请具体说明您想查询或办理什么业务（AGV 调度还是机车检修）。", ["routing"])

        if K.MISSING_ACTION in flags:
            return clarify(draft, "missing_slot", "您想查询它的什么信息，或进行什么操作？", ["semanticFrames"])

        if K.TEMPLATE_CONFLICT in flags:
            return clarify(draft, "intent", "您想看明细（工单/列表）还是汇总（报表/统计）？", ["routing.templateCandidates"])

        if K.NO_DOMAIN in flags and not draft.entities and [c.id for c in draft.template_candidates[:1]] == ["status"]:
            return clarify(draft, "missing_slot", "请说明要查询哪个对象的状态（完整编号）。", ["entities"])

        if K.NO_DOMAIN in flags and (draft.template_candidates or draft.entities):
            return self._domain_question(draft, text)

        if K.NO_TEMPLATE in flags and not draft.template_candidates and not self.open_question.continues(draft, bool(ids)):
            return clarify(draft, "intent", "请具体说明您想查询或办理什么业务。", ["routing.templateCandidates"])

        # Thresholds (design 8): a data question routed only by weak hints is not enough — the
        # router would expose a domain's tools on a guess. Explicit words and identifiers
        # pin a domain; the pack's implied domain words (evidence "context": 搬运, 站点, 电量)
        # count when they clear the margin; a term state alone (完成, 失败: "lexicon") does not.
        dom = draft.domain_candidates
        resolved = any(k.confirmed for k in draft.coreferences)  # a confirmed referent carries its domain
        if dom and not ids and not resolved and not any("explicit_rule" in c.evidence for c in dom):
            margin = dom[0].score - (dom[1].score if len(dom) > 1 else 0.0)
            hinted = "context" in dom[0].evidence and margin >= self.t.routing_margin
            if not hinted and (dom[0].score < self.t.routing or margin < self.t.routing_margin):
                return self._domain_question(draft, text)
        tpl = draft.template_candidates
        if tpl and tpl[0].score < self.t.routing:
            draft.reason_codes.append("low_template_confidence")  # read-only: continue, uncertainty recorded
        return None

    @staticmethod
    def _referents_decide(draft: Draft, term) -> bool:  # noqa: ANN001
        domains = {r.domain for r in draft.source.referents if r.domain}
        cand_domains = {c.id.split(".")[0] for c in term.candidates}
        return len(domains) == 1 and bool(domains & cand_domains)

    @staticmethod
    def _domain_question(draft: Draft, text: str):
        opts = [(f"只看{label}", f"{text}（只看{label}）") for label in ("AGV", "机车检修")]
        return clarify(draft, "intent", "这个问题没有说明或同时涉及 AGV 调度和机车检修，请先选择一个业务域。",
                       ["routing.domainCandidates"], opts)

    @staticmethod
    def _domain_ambiguity(term) -> bool:  # noqa: ANN001
        """任务/故障: concepts that exist in both domains (an intent question), unlike 车 (an object word)."""
        types = {c.id.split(".")[1] if c.id.count(".") >= 2 else "" for c in term.candidates}
        return term.entity_type is None and len({c.id.split(".")[0] for c in term.candidates}) > 1 and "vehicle" not in types

    @staticmethod
    def _has_question(draft: Draft) -> bool:
        return bool(draft.template_candidates or draft.entities or any(p.kind == "action" for p in draft.protected))

    @staticmethod
    def _repair_changed_key(draft: Draft) -> bool:
        """A self-repair that dropped an identifier or a number: in a write, confirm, never guess."""
        return any(out.applied and out.edit.type == "self_repair"
                   and any(ch.isdecimal() for ch in draft.original[out.o0:out.o1]) for out in draft.edits)

    @staticmethod
    def _negation_conflict(draft: Draft) -> bool:
        """不是不要取消…: two negations stacked on a write action leave its direction unclear."""
        negs = [p for p in draft.protected if p.kind == "negation"]
        for o0, _o1 in draft.scratch.get(K.WRITE_ACTIONS) or ():
            if len([n for n in negs if 0 <= o0 - n.o1 <= 6]) >= 2:
                return True
        return False

    @staticmethod
    def _create_without_parameter(draft: Draft, writes) -> bool:  # noqa: ANN001
        """下发任务 to a vehicle with no destination, task or time: a required parameter is missing."""
        creates = [f for f in writes if f.action_class == "create"]
        if not creates:
            return False
        kinds = {e.type for e in draft.entities}
        return not (kinds - {"vehicle", "quantity"}) and bool(kinds & {"vehicle"})

    @staticmethod
    def _has_write_word(draft: Draft) -> bool:
        """An imperative write in a long text (请取消…), not a narrated one (…后恢复运行)."""
        return bool(draft.scratch.get(K.IMPERATIVE_WRITES))

    @staticmethod
    def _open_coreference(draft: Draft):
        return next((k for k in draft.coreferences if not k.confirmed), None)

    @staticmethod
    def _coref_question(draft: Draft, k, *, write: bool):  # noqa: ANN001
        mention = draft.original[k.o0:k.o1]
        opts = readings(draft, k.o0, k.o1, [(c.label, c.label) for c in k.candidates])
        q = f"“{mention}”指的是哪一个？" if k.candidates else f"“{mention}”指的是哪个对象？请说出完整编号或名称。"
        return clarify(draft, "coreference", q, ["coreferences"] + (["semanticFrames"] if write else []), opts)

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
