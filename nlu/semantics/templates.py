"""Template routing rules, read from the pack (`templates.json`, `routing.json`).

The pack lists every trigger of a template; only its `explicit` ones are unambiguous enough to
pin the template (工单, 报表, 多少 …). The rest (现在, 情况, 所有 …) only hint. When several
explicit templates meet, the answer shape that governs the others wins (`precedence`: 多少张工单
is a count, 工单报表 is a report of work orders), except that two object templates
(`objectTemplates`: report / workorder / plan) genuinely compete (检修工单报表) and are kept
side by side. The nouns the route stage reads (measured attributes, record nouns, object
heads) are in `routing.json`. Sentence shapes that pin a template where no one word does
(…的工单，列一下 is a list; 排在哪天 asks the plan) are the named rules of
`template_constructions.json`.
"""
from __future__ import annotations

import re
import threading
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Construction:
    name: str
    template: str
    pattern: re.Pattern
    governs: frozenset[str]  # templates the construction outranks when both are explicit
    requires: frozenset[str]  # mention types the turn must hold too (a period for period_report)
    # character sets a match needs one character of each of (`nlu.text.first_chars`): a text
    # missing one cannot match, and most texts miss one of most constructions
    needs: tuple[frozenset[str], ...] = ()


@dataclass(frozen=True, slots=True)
class TemplateRules:
    explicit: dict[str, frozenset[str]]
    precedence: tuple[str, ...]  # governing order when explicit templates meet (first wins)
    object_templates: frozenset[str]
    # A measured attribute of a named object (电量多少, 里程多少) asks its value: a status, not a count.
    measure_attributes: frozenset[str]
    # Record nouns: "…的任务 / …的报警记录" asks for records (a list), not one object's state.
    record_nouns: tuple[str, ...]
    # Object nouns that head a described set: "…低于 90% 的站点", "今天要进一车间的机车".
    object_heads: tuple[str, ...]
    constructions: tuple[Construction, ...] = ()
    # Record nouns that name records even without 的 (记录, 历史): "HXD3-0611 最近三次检修记录",
    # where "AGV-29 当前任务" is the vehicle's current task and "AGV-20 有没有报警" its state.
    history_nouns: tuple[str, ...] = ()
    # 排名第一的那台 AGV, 排名前三的站点: a ranking word with an ordinal after it picks members by
    # rank (a modifier), it does not ask for the ranking report.
    rank_words: frozenset[str] = frozenset()
    rank_ordinals: tuple[str, ...] = ()
    # 检修车间, 检修库: the heads of a place name an explicit domain word may open (the word then
    # names the place, implied evidence of its domain — read by the route stage)
    place_heads: tuple[str, ...] = ()

    def ranks_members(self, text: str, word: str, end: int) -> bool:
        return word in self.rank_words and text.startswith(self.rank_ordinals, end)
    # Light verbs between a negation and the template word it declines (不用做报表, 不要看明细).
    decline_verbs: tuple[str, ...] = ()
    # Negations that deny a fact (没有, 不是): they ask whether it is so and decline no template.
    fact_negations: frozenset[str] = frozenset()
    # 多少 + a measured quantity (还剩多少电): a value of one object, a status.
    measured_after: tuple[str, ...] = ()
    # 是不是有几台 …: 几 after these is "some", not a how-many question.
    indefinite_before: tuple[str, ...] = ()
    # 计划员, 统计员: a template word with these after it names a person by the work.
    agent_suffixes: tuple[str, ...] = ()

    def is_explicit(self, template: str, word: str) -> bool:
        words = self.explicit.get(template, ())
        # the trigger scan folds Latin case (How many, REPORT); the pack lists it lower-case
        return word in words or (word.isascii() and word.lower() in words)

    def constructions_in(self, text: str, mention_types: frozenset[str] = frozenset()) -> list[Construction]:
        """The template constructions `text` matches, in file order (a construction whose needed
        characters the text misses is not searched: `constructions_in_reference` searches all)."""
        missed = frozenset(text).isdisjoint
        return [c for c in self.constructions if c.requires <= mention_types
                and not (c.needs and any(map(missed, c.needs))) and c.pattern.search(text)]

    def constructions_in_reference(self, text: str, mention_types: frozenset[str] = frozenset()) -> list[Construction]:
        """The plain form of `constructions_in`: every construction's pattern is searched."""
        return [c for c in self.constructions if c.requires <= mention_types and c.pattern.search(text)]

    def asks_measured_value(self, view) -> bool:  # noqa: ANN001 - a SentenceView
        """多少/几 right after a measured attribute (电量多少, 电量还剩多少, 电量分别是多少)."""
        # lazy: only this path needs it, keeps import light; breaks no cycle
        from nlu.semantics import cues

        text = view.text
        for w in view.cues:
            if w.kind == cues.QUESTION and w.text.startswith(("多少", "几")):
                before = text[max(0, w.c0 - 6):w.c0].replace(" ", "")
                for attr in self.measure_attributes:
                    k = before.rfind(attr)
                    if k >= 0 and len(before) - (k + len(attr)) <= 4:
                        return True
                if self.measured_after and text.startswith(self.measured_after, w.c1):
                    return True
        return False

    def rank(self, template: str) -> int:
        return self.precedence.index(template) if template in self.precedence else len(self.precedence)


_BY_PACK: dict[int, tuple[object, TemplateRules]] = {}
_LOCK = threading.Lock()


def template_rules(pack) -> TemplateRules:  # noqa: ANN001
    """The rules of `pack` (read and checked once, at stage construction)."""
    got = _BY_PACK.get(id(pack))
    if got is not None and got[0] is pack:
        return got[1]
    # lazy: only this path needs it, keeps import light; breaks no cycle
    from nlu.lexicon import load_data_file

    with _LOCK:
        nouns = load_data_file("routing.json", pack.root)
        shapes = load_data_file("template_constructions.json", pack.root)
        rules = TemplateRules(
            explicit={name: frozenset(t.explicit) for name, t in pack.templates.items()},
            precedence=pack.template_precedence,
            object_templates=pack.object_templates,
            measure_attributes=frozenset(nouns["measureAttributes"]),
            record_nouns=tuple(nouns["recordNouns"]),
            history_nouns=tuple(nouns.get("historyNouns", ())),
            rank_words=frozenset(nouns.get("rankWords", ())),
            rank_ordinals=tuple(nouns.get("rankOrdinals", ())),
            place_heads=tuple(nouns.get("placeHeads", ())),
            object_heads=tuple(nouns["objectHeads"]),
            decline_verbs=tuple(sorted(nouns.get("declineVerbs", ()), key=len, reverse=True)),
            fact_negations=frozenset(nouns.get("factNegations", ())),
            measured_after=tuple(sorted(nouns.get("measuredAfter", ()), key=len, reverse=True)),
            indefinite_before=tuple(nouns.get("indefiniteBefore", ())),
            agent_suffixes=tuple(nouns.get("agentSuffixes", ())),
            constructions=tuple(_construction(r) for r in shapes["rules"]),
        )
        _BY_PACK[id(pack)] = (pack, rules)
        return rules


def _construction(rule: dict) -> Construction:
    # lazy: only this path needs it, keeps import light; breaks no cycle
    from nlu.text.first_chars import required_chars

    pattern = re.compile(rule["regex"])
    return Construction(rule["name"], rule["template"], pattern, frozenset(rule.get("governs", ())),
                        frozenset(rule.get("requires", ())), tuple(required_chars(pattern) or ()))

