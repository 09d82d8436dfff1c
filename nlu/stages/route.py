"""Stage `route`: template and domain candidates on the canonical text (design 2.3, 3.5, 8).

One routing path: the same canonical text and rules give both axes. Explicit words pin a
candidate (score ≥ 0.95, evidence `explicit_rule`); inferred signals (weak trigger words,
frame classes, implied domain words) stay ≤ 0.8 (evidence `context`/`lexicon`), so the
decision's 0.82 / 0.18-margin rule is meaningful. A write frame (not negated) is always an
`operation`. Identifier types pin their domain (AGV-01 → agv, HXD1-0001 → rail).

Flags: `template_conflict` (two object templates, 检修工单报表), `cross_domain` (both
domains explicit), `no_domain` (a data question naming no domain: no candidate at all),
`no_template`. 哪几台 / 哪几个 ask which members: a list, not a count; a how-many shape (几单,
工单数) pins the count even without a trigger word; a template word under a negation (不用统计,
不要做报表) pins nothing; the template constructions of the pack (templates.py) pin a template
and may outrank the object templates they name (…的工单，列一下 is a list). With the `grammar` capability on, a complete data question without an
action word gets the implied 查询 inserted (design 7.2) — structure only, never a fact.
"""
from __future__ import annotations

import re

from nlu import draft_keys as K
from nlu.draft import Candidate, Draft, Term
from nlu.lexicon import Pack, default_pack
from nlu.lexicon.word_classes import function_words, implied_template_words
from nlu.pipeline.stage import Stage
from nlu.semantics import cues
from nlu.semantics.domains import IDENTIFIER_DOMAIN, implied_domains, negated_domains
from nlu.semantics.shared_words import EVIDENCE, Reading, shared_words
from nlu.semantics.negation import negation_before
from nlu.semantics.question_shapes import HOW_MANY, load_rules, WHICH_ONES, counts, question_shapes, shape_at
from nlu.semantics.questions import is_statement
from nlu.stages.srl import IMPLIED_QUERY, STATE_TERM_CATEGORIES
from nlu.semantics.templates import TemplateRules, template_rules
from nlu.semantics.view import SentenceView, sentence_view
from nlu.text.vocabulary import vocabulary
from nlu.text.rewriter import Edit

EXPLICIT = 0.97
EXPLICIT_ID = 0.95
SUBORDINATE = 0.75
INFERRED = 0.7
HINT = 0.55
WEAK = 0.5  # below every threshold of the policy: a weak word alone never chooses a domain
MAX_INFERRED = 0.8
GRAMMAR_BLOCKERS = frozenset({
    "no_domain", "no_template", "template_conflict", "cross_domain", "missing_action", "write_without_object",
    "unresolved_coreference", "ambiguous_coreference", "lookalike_identifier",
    "injection_flag",  # after injected material is dropped, nothing is added to what the user said
})


class _Scores:
    def __init__(self, rank=lambda key: 0) -> None:  # noqa: ANN001 - rank: the precedence of a key
        self.rank = rank
        self.score: dict[str, float] = {}
        self.evidence: dict[str, list[str]] = {}

    def add(self, key: str, score: float, evidence: str) -> None:
        if score > self.score.get(key, -1.0):
            self.score[key] = score
        ev = self.evidence.setdefault(key, [])
        if evidence not in ev:
            ev.append(evidence)

    def candidates(self) -> list[Candidate]:
        out = [Candidate(k, k, round(min(1.0, s), 4), tuple(self.evidence[k])) for k, s in self.score.items()]
        return sorted(out, key=lambda c: (-c.score, self.rank(c.id), c.id))


class RouteStage(Stage):
    name = "route"
    capability = "route"

    def __init__(self, pack: Pack | None = None) -> None:
        self.pack = pack or default_pack()
        self.vocab = vocabulary(self.pack)
        load_rules()
        self.rules: TemplateRules = template_rules(self.pack)
        self.shared = shared_words(self.pack)

    def run(self, draft: Draft) -> str | None:
        view = sentence_view(draft, self.vocab)
        templates = self._templates(draft, view)
        domains = self._domains(draft, view, templates)
        draft.template_candidates = templates
        draft.domain_candidates = domains
        draft.confidence["routing"] = templates[0].score if templates else 0.0
        if not templates:
            draft.raise_flag("no_template")
        if not domains and (templates or draft.frames or view.mentions):
            draft.raise_flag("no_domain")
        if draft.flags.capability_on("grammar"):
            self._complete(draft, view, templates, domains, self._state_spans(draft, view))
        return None

    # ------------------------------------------------------------------ templates
    def _templates(self, draft: Draft, view: SentenceView) -> list[Candidate]:
        explicit: set[str] = set()
        rules = self.rules
        hints = _Scores(rules.rank)
        # the user's pasted material (DATA_SPANS) routes nothing when the user's own words name an
        # object of their own (…以上是扫描件，帮我查下 HXD1-0152 现在在哪 is a status read, whatever
        # the pasted work order says)
        data = [draft.to_current(a, b) for a, b in draft.scratch.get(K.DATA_SPANS) or ()]

        def pasted(c0: int, c1: int) -> bool:
            return any(a <= c0 and c1 <= b for a, b in data)

        if data and not any(not pasted(m.c0, m.c1) for m in view.mentions):
            data = []  # 工单号:WO-… ⏎请查询进度: the user's words ask about what the paste holds — it routes

        for w in view.triggers:
            if data and pasted(w.c0, w.c1):
                continue
            if _declined(view, rules, w):
                continue  # 不用统计 / 不要报表 / 不用做报表: a template the user declines is not asked for
            if rules.agent_suffixes and view.text.startswith(rules.agent_suffixes, w.c1):
                continue  # 计划员, 统计员: a person named by the work, not the answer shape asked
            if rules.ranks_members(view.text, w.text, w.c1):
                continue  # 排名第一的那台 AGV: members picked by rank, not the ranking asked for
            for tpl in w.data:
                if tpl == "operation":
                    continue  # an operation is decided by the write frame, below
                if tpl == "count" and rules.indefinite_before and \
                        view.text[:w.c0].rstrip().endswith(rules.indefinite_before):
                    continue  # 是不是有几台小车停着: some vehicles, not how many
                if tpl == "count" and not counts(view.text, w.c0, w.c1):
                    shape = shape_at(view.text, w.c0, w.c1)
                    if shape is not None and shape.shape == WHICH_ONES:
                        explicit.add("list")  # 哪几台: which ones, a list of members
                    continue  # 第几台 / 几点: which one or when, not how many
                if rules.is_explicit(tpl, w.text):
                    explicit.add(tpl)
                else:
                    hints.add(tpl, min(MAX_INFERRED, hints.score.get(tpl, HINT - 0.05) + 0.05), "context")
        if any(s.shape == HOW_MANY and not _indefinite(view.text, s, rules) for s in question_shapes(view.text)):
            explicit.add("count")  # 几单, 多少趟, 工单数: a how-many shape pins the count with or without a trigger
        writes = [f for f in draft.frames if f.write]
        if any(not f.negated for f in writes):
            explicit.add("operation")
        elif writes:
            hints.add("operation", 0.5, "context")  # a negated write: said, but not asked for
        for f in draft.frames:
            if f.negated:
                continue
            if f.action_class == "count":
                hints.add("count", INFERRED, "context")
            elif f.action_class == "query" and any(a.role == "patient" and a.entity_ids for a in f.arguments):
                hints.add("status", 0.65, "context")
        work_order = any(m.type == "work_order" and not (data and pasted(m.c0, m.c1)) for m in view.mentions) \
            or _refers_to(draft, "work_order")
        if work_order:
            hints.add("workorder", INFERRED, "context")
            if explicit and explicit <= _WORK_ORDER_VIEWS:
                # WO-… 的进度怎么样 / WO-… 用了哪些配件: a named work order's state or contents is
                # the workorder template, the object's own view
                for t in explicit:
                    hints.add(t, SUBORDINATE, "context")
                explicit = {"workorder"}
        for c in rules.constructions_in(view.text, frozenset(m.type for m in view.mentions)):  # 排在哪天 → plan; …的工单，列一下 → list
            explicit.add(c.template)
            governed = explicit & c.governs
            explicit -= governed
            for t in governed:
                hints.add(t, SUBORDINATE, "context")
        if "count" in explicit and rules.asks_measured_value(view):  # AGV-12 电量多少: a value, not how many
            explicit.discard("count")
            explicit.add("status")
        if not explicit and _asks_records(view, rules):
            hints.add("list", INFERRED, "context")

        scores = _Scores(rules.rank)
        objects = sorted((t for t in explicit if t in rules.object_templates), key=rules.rank)
        if "operation" not in explicit and len(objects) >= 2:
            for i, t in enumerate(objects):
                scores.add(t, 0.96 - 0.01 * i, "explicit_rule")
            draft.raise_flag("template_conflict")
            winners = set(objects)
        else:
            ordered = sorted(explicit, key=rules.rank)
            winners = set(ordered[:1])
            for t in ordered[:1]:
                scores.add(t, EXPLICIT if t != "operation" else 0.98, "explicit_rule")
        for t in explicit - winners:
            scores.add(t, SUBORDINATE, "context")
        for t, s in hints.score.items():
            if t not in scores.score:
                scores.add(t, min(s, MAX_INFERRED), hints.evidence[t][0])
        if not scores.score:
            implied = _implied_template(draft, view, rules)
            if implied is not None:
                scores.add(implied, INFERRED, "context")
        return scores.candidates()

    # ------------------------------------------------------------------ domains
    def _domains(self, draft: Draft, view: SentenceView, templates: list[Candidate]) -> list[Candidate]:
        scores = _Scores()
        explicit: set[str] = set()
        for w in view.domain_words:
            # 检修车间, 检修库: an explicit word opening a place name names the place (implied evidence)
            place = view.text.startswith(self.rules.place_heads, w.c1)
            for domain, is_explicit_word in w.data:
                if is_explicit_word and place:
                    scores.add(domain, INFERRED, "context")
                elif is_explicit_word:
                    scores.add(domain, EXPLICIT, "explicit_rule")
                    explicit.add(domain)
        for m in view.mentions:
            domain = IDENTIFIER_DOMAIN.get(m.type)
            if domain is None:
                if m.entity.domain in ("agv", "rail"):
                    scores.add(m.entity.domain, INFERRED, "lexicon")
                continue
            if m.entity.confirmed and m.entity.canonical_value:
                scores.add(domain, EXPLICIT_ID, "explicit_rule")
                explicit.add(domain)
            else:  # a look-alike (AGV-O1) only hints
                scores.add(domain, INFERRED, "context")
        denied = negated_domains(view)
        if denied and explicit - denied:  # 不要看 AGV 的，只看机车工单: the denied domain is dropped
            for d in denied:
                if d not in explicit - denied and not _named_by_identifier(view, d):
                    explicit.discard(d)
                    scores.score.pop(d, None)
            self._settle_possessed_terms(draft, view)
        for domain, words in implied_domains(view).items():
            if domain in denied and explicit - denied:
                continue
            scores.add(domain, min(MAX_INFERRED, 0.6 + 0.05 * (len(words) - 1)), "context")
        for w in view.weak_domain_words:  # 在线, 充电, 导航: a hint, never enough alone (evidence "lexicon")
            for domain in w.data:
                if not (domain in denied and explicit - denied):
                    scores.add(domain, WEAK, "lexicon")
        for t in draft.terms:
            if t.confirmed and t.domain in ("agv", "rail") and not (t.domain in denied and explicit - denied):
                scores.add(t.domain, INFERRED, "lexicon")
        for r in draft.scratch.get(K.SHARED_READINGS) or ():  # 失败的任务有几个: 任务 read as agv's
            if r.domain not in denied and _reading_counts(r, templates, self.shared.default_templates):
                scores.add(r.domain, INFERRED, "context")
        for k in draft.coreferences:
            if k.confirmed and k.antecedent_id and k.antecedent_id.startswith("ref:"):
                cid = k.antecedent_id[4:]
                for r in draft.source.referents:
                    if r.canonical_id == cid:
                        domain = r.domain or IDENTIFIER_DOMAIN.get(r.entity_type)
                        if domain in ("agv", "rail"):
                            scores.add(domain, MAX_INFERRED, "context")
        for off in draft.flags.disabled_domains:
            scores.score.pop(off, None)
            explicit.discard(off)
        if len(explicit) >= 2:
            draft.raise_flag("cross_domain")
        return scores.candidates()

    def _settle_possessed_terms(self, draft: Draft, view: SentenceView) -> None:
        """不是 AGV 的任务，是机车的检修工单 / 不看机车的任务，只看 AGV 的任务: in a sentence that
        denies one domain beside another, a word of two domains' readings right after an explicit
        domain word (across 的) is that domain's — the denied one's is denied with it, the other
        is what is asked: no question about the word. Runs only on such a denial (rare)."""
        text = view.text
        for w in view.domain_words:
            ds = {d for d, explicit in w.data if explicit}
            if not ds:
                continue
            pos = w.c1
            while pos < len(text) and text[pos].isspace():
                pos += 1
            if text.startswith(_DE, pos):
                pos += len(_DE)
            while pos < len(text) and text[pos].isspace():
                pos += 1
            for i, t in enumerate(draft.terms):
                if t.confirmed or draft.to_current(t.o0, t.o1)[0] != pos:
                    continue
                pick = next((c for c in t.candidates if c.id in self.pack.term_by_code
                             and self.pack.term(c.id).domain in ds), None)
                if pick is not None:
                    entry = self.pack.term(pick.id)
                    draft.terms[i] = Term(t.o0, t.o1, entry.term_code, entry.canonical_text, t.candidates,
                                          t.confidence, True, t.ambiguity_group, entry.domain, entry.entity_type)

    # ------------------------------------------------------------------ grammar (design 7.2)
    def _state_spans(self, draft: Draft, view: SentenceView) -> list[tuple[int, int]]:
        """Current-text spans of the state terms (离线, 已完成): a copula ending on one states it."""
        out = []
        for t in draft.terms:
            if t.confirmed and t.term_code:
                try:
                    category = self.pack.term(t.term_code).category
                except KeyError:
                    continue
                if category in STATE_TERM_CATEGORIES:
                    out.append(draft.to_current(t.o0, t.o1))
        return out

    @staticmethod
    def _complete(draft: Draft, view: SentenceView, templates: list[Candidate], domains: list[Candidate],
                  stated: list[tuple[int, int]]) -> None:
        """Insert the implied 查询 before a complete data question that has no action word.

        A statement (计划检修时间为明天8点到10点) is no question: nothing is inserted, and as
        it asks for nothing it raises `missing_action` (the decision asks what is wanted)."""
        if not draft.scratch.get("srl.implicit") or view.actions:
            return
        if is_statement(view, stated):
            draft.raise_flag("missing_action")
            return
        if any(f in GRAMMAR_BLOCKERS for f in draft.flags_raised):
            return
        if not templates or templates[0].score < 0.95 or templates[0].id == "operation":
            return
        if not domains or domains[0].score < 0.95:
            return
        draft.propose([Edit(0, 0, IMPLIED_QUERY, "grammar", "rule", confidence=0.95, inferred=True,
                            reason="implied_query_action")])


# ---------------------------------------------------------------------- template helpers
_OBJECT_TYPES = frozenset({"vehicle", "locomotive", "task", "work_order", "station"})
_WORK_ORDER_VIEWS = frozenset({"status", "list"})  # what a named work order's own view answers
_T = implied_template_words()  # lexicons/implied_templates.json, read once at import
_BARE_PARTICLES = frozenset(_T.bare_particles)
_DEMONSTRATIVES = _T.record_demonstratives
_CLASSIFIERS = _T.quantity_classifiers
_DE = function_words().one("attributive_particle")  # 的
_RECORD_TAIL = " ，,。；;！!？?\n" + "".join(_T.record_tail_particles)
_AMOUNT = _T.one("amount_marker")  # 量
_AMOUNT_QUESTIONS = tuple(_T.amount_questions)  # 多不多: how much, asked as an A-not-A
_WHICH = _T.one("which_prefix")  # 哪
_PLACE_QUESTIONS = _T.place_questions  # 哪里 / 哪儿
_TERM_EXPLANATIONS = frozenset(_T.term_explanations)  # 是什么意思 / 有什么区别: a term explained


def _refers_to(draft: Draft, etype: str) -> bool:
    """A confirmed coreference whose antecedent (entity or caller referent) is of `etype`, said in
    the user's own words (not inside pasted material: 处理意见：删除该工单 routes nothing)."""
    types = {e.id: e.type for e in draft.entities}
    data = draft.scratch.get(K.DATA_SPANS) or ()
    if data and not any(not any(a <= e.o0 and e.o1 <= b for a, b in data) for e in draft.entities
                        if e.type in ("vehicle", "locomotive", "task", "work_order", "station")):
        data = ()  # nothing of the user's own is named: the paste is what the words ask about
    for k in draft.coreferences:
        if not k.confirmed or not k.antecedent_id:
            continue
        if any(a <= k.o0 and k.o1 <= b for a, b in data):
            continue
        if k.antecedent_id.startswith("ref:"):
            cid = k.antecedent_id[4:]
            if any(r.canonical_id == cid and r.entity_type == etype for r in draft.source.referents):
                return True
        elif types.get(k.antecedent_id) == etype:
            return True
    return False


def _named(draft: Draft, view: SentenceView) -> bool:
    return any(m.type in _OBJECT_TYPES for m in view.mentions) or any(
        _refers_to(draft, t) for t in _OBJECT_TYPES)


_CORRECTED_TO = re.compile(r"[\s，,、呃嗯啊]*(?:了)?[\s，,、呃嗯啊]*(?:而是|是|要的是|我要的是|要)(?![否不])")


def _declined(view: SentenceView, rules: TemplateRules, w) -> bool:  # noqa: ANN001 - w: a trigger Word
    """A negation governs the template word, directly or across a light verb (不用做报表)."""
    if not view.negations:
        return False  # (the usual turn: no negation word, nothing can govern it)
    lo = view.clause_span(w.c0)[0]
    n = negation_before(view, w.c0, lo)
    if n is not None:
        if n.text in rules.fact_negations and _CORRECTED_TO.match(view.text, w.c1):
            return True  # 不是报表 是计划 / 不是报表，而是计划: the word is corrected away
        return n.text not in rules.fact_negations  # 没有检修计划: a fact denied, the plan still asked
    before = view.text[lo:w.c0].rstrip()
    for verb in rules.decline_verbs:
        if before.endswith(verb):
            k = lo + len(before) - len(verb)
            n = negation_before(view, k, lo)
            return n is not None and n.text not in rules.fact_negations
    return False


def _indefinite(text: str, shape, rules: TemplateRules) -> bool:  # noqa: ANN001 - shape: a question shape
    """是不是有几台小车停着: 几 after an existential yes/no question is "some", not how many."""
    return text[:shape.start].rstrip().endswith(rules.indefinite_before) if rules.indefinite_before else False


def _asks_records(view: SentenceView, rules: TemplateRules) -> bool:
    """The object of the question is a set of records or objects: …的任务, …的报警记录, …以下的 AGV."""
    text = view.text
    for lo, hi in view.clauses:
        tail = text[lo:hi].rstrip(_RECORD_TAIL)
        k = tail.rfind(_DE)
        if k < 0:
            # HXD3-0611 最近三次检修记录: a record noun closing a clause about a named object or a
            # period (no 的) names the records too; AGV-29 当前任务 (an object noun) does not
            if rules.history_nouns and tail.endswith(rules.history_nouns) and \
                    any(lo <= m.c0 < hi for m in view.mentions):
                return True
            continue
        head = tail[k + 1:].strip()
        for d in _DEMONSTRATIVES:  # …的那个任务
            head = head[len(d):].strip() if head.startswith(d) else head
        # a record noun with a short kind before it: …的搬运任务, …的排队任务, …以后的 AGV 任务
        if head in rules.record_nouns or head in rules.object_heads or \
                (len(head) <= 6 and head.endswith(rules.record_nouns)):
            return True
        if not head and _headless_object_of_read(view, rules, lo, lo + k):
            return True
    return False


def _headless_object_of_read(view: SentenceView, rules: TemplateRules, lo: int, de: int) -> bool:
    """只看ST-05附近的 (after 不是所有小车都要看): a headless …的 read by a verb of its clause, whose
    head is an object noun said before the clause — the described members of that set."""
    if not any(lo <= a.c0 and a.c1 <= de and not a.data.write for a in view.actions
               if hasattr(a.data, "write")):
        return False
    before = view.text[:lo]
    return any(n in before for n in rules.object_heads)


def _reading_counts(reading: Reading, templates: list[Candidate], default_templates: frozenset[str]) -> bool:
    """A shared word read in one domain is implied evidence in a data question: read from the
    sentence's words, in any question with a template; read by default (no word of either
    domain beside it), only in a question about a set of records whose shape is clear — one
    of `default_templates`, at least inferred, not a lone hint word (任务情况 is still asked)."""
    if not templates:
        return False
    top = templates[0]
    return reading.tier == EVIDENCE or (top.id in default_templates and top.score >= INFERRED)


def _asks_amount(text: str) -> bool:
    """An amount asked: a noun of amount (搬运量, 工作量) closing the question, or an A-not-A of
    amount (多不多) — one substring test each, run only on a turn with a time and no template."""
    if any(w in text for w in _AMOUNT_QUESTIONS):
        return True
    tail = text.rstrip(_RECORD_TAIL)
    return len(tail) >= 2 and tail.endswith(_AMOUNT) and "\u4e00" <= tail[-2] <= "\u9fff"


def _named_by_identifier(view: SentenceView, domain: str) -> bool:
    return any(IDENTIFIER_DOMAIN.get(m.type) == domain for m in view.mentions)


def _explanation_template(frames) -> str | None:  # noqa: ANN001 - the turn's unnegated frames
    """A term explained (什么意思, 有什么区别, 是什么标准) has no template of the ontology; another
    explanation naming no object (怎么处理, 是一回事吗) keeps the aggregated view as before."""
    if any(f.action_class == "explain" and f.predicate in _TERM_EXPLANATIONS for f in frames):
        return None
    return "report"


def _implied_template(draft: Draft, view: SentenceView, rules: TemplateRules) -> str | None:
    """The answer shape of a data question no trigger word names (ontology templates).

    Comparison → report over a period, else status; 为什么/原因 → status; 哪 + classifier or a
    described set (…的机车) → list; a quantity asked with a classifier (至少 5 台 … 吗) → count;
    a named object with anything asked about it → status.
    """
    frames = [f for f in draft.frames if not f.negated]
    classes = {f.action_class for f in frames}
    times = any(m.type in ("time", "time_range") for m in view.mentions)
    named = _named(draft, view)
    if "explain" in classes and (view.mentions or view.domain_words):
        # AGV-03 为什么离线: the named object's state; 辅修是什么意思, C4修和C5修有什么区别: a term
        # explained — no template of the ontology is an explanation, so none is chosen (the
        # decision's open-question judge lets a domain-settled question continue)
        return "status" if named else _explanation_template(frames)
    if not named and not view.domain_words:
        return None  # 今天有没有异常: neither an object nor a domain — ask, do not guess
    questions = [w for w in view.cues if w.kind == cues.QUESTION and w.text not in _BARE_PARTICLES]
    if "compare" in classes:
        if not named and any(w.text.startswith(_WHICH) and w.text not in _PLACE_QUESTIONS for w in questions):
            return "list"  # 哪台小车今天跑的任务最多: the member that ranks first, a list of members
        return "report" if times and not named or times and _AMOUNT in view.text else "status"
    if "explain" in classes:
        return "status" if named else _explanation_template(frames)
    if "count" in classes:
        return "count"
    if any(w.text.startswith(_WHICH) and w.text not in _PLACE_QUESTIONS for w in questions):
        return "list"
    quantities = [m for m in view.mentions if m.type == "quantity"]
    if view.comparisons and any((m.entity.canonical_value or "").endswith(_CLASSIFIERS) for m in quantities) \
            and any(w.kind == cues.QUESTION for w in view.cues):
        return "count"
    if times and not named and _asks_amount(view.text):
        return "report"  # 小车今天的搬运量, 检修一组这周的活多不多: the period's aggregate
    if _asks_records(view, rules):
        return "list"
    real = [] if draft.scratch.get("srl.implicit") else frames
    asked = questions or real or draft.terms or any(w.kind != cues.QUESTION for w in view.cues)
    if named and asked:  # 它呢 alone asks nothing
        return "status"
    if questions or view.comparisons:
        return "status" if named else ("list" if view.mentions else None)
    return None
