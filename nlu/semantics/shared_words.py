"""How a word both business domains share is read (lexicons/shared_words.json).

任务 and 车 are terms of agv and of rail (one `ambiguityGroup` in terms.json) and object words
of both. When the sentence names neither domain, one rule reads such a word, in two tiers
(only the groups listed in the file: a shared state or attribute word such as 故障 or 电池 is
no object of either domain, and reading it from hints claims general text — 汽车故障报告):

* **evidence** — words of exactly one candidate domain stand in the sentence (any class of
  domains.json, weak hints included; an identifier; a caller referent) and none of the other:
  the word takes that domain. The shared word is the non-weak object word both domains have;
  the other word only breaks the tie (哪台车电量最低, 搬运了几个任务). A one-domain term of the
  pack (失败, 自动, 发动机) never reads it, but one of the other domain keeps it ambiguous.
* **default** — no word of either domain stands beside it: a group with a default (from the
  ontology's domain table: 任务 is a typical word of agv) takes it, and so does a one-domain
  term of that domain built on the word (任务耗时, 任务列表). Routing counts a default only in a
  question about a set of records whose shape is clear (`default_templates`, see
  `nlu.stages.route._reading_counts`): 任务情况怎么样 — a status of nothing named — is still asked.

The default is one more voice, not a trump: a word of the other domain beside 任务 (完工,
车间) leaves it ambiguous, as does any word of a second domain: the question is asked.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Iterable, NamedTuple

from nlu.lexicon import Pack, PackError

FILE = "shared_words.json"
EVIDENCE = "evidence"
DEFAULT = "default"
BUSINESS_DOMAINS = ("agv", "rail")


class Reading(NamedTuple):
    """A shared word read in one domain: current-text span, domain and tier (EVIDENCE/DEFAULT)."""

    start: int
    end: int
    domain: str
    tier: str


@dataclass(frozen=True, slots=True)
class SharedWords:
    defaults: dict[str, str | None]  # ambiguity group -> its default domain (None: evidence only)
    surfaces: dict[str, str]  # a surface shared by terms of several domains -> its group
    default_templates: frozenset[str]  # questions about a set of records, where a default may count
    # every term surface of the pack -> the defaults of the shared words it builds on (the term
    # stage asks for each match of a turn; `_builds_on_default` is the plain form)
    built_on: dict[str, frozenset[str]] = field(default_factory=dict)

    def reading(self, group: str | None, candidate_domains: Iterable[str], support: Iterable[str],
                against: Iterable[str] = ()) -> tuple[str, str] | None:
        """(domain, tier) for a shared word, or None when the sentence leaves it ambiguous.

        `support`: the domains the sentence's domain words (any class of domains.json),
        identifiers and referents name; `against`: the domains of its other one-domain terms,
        which can only keep the word ambiguous (自动, 发动机: general text has them too)."""
        candidates = set(candidate_domains) & set(BUSINESS_DOMAINS)
        if len(candidates) < 2 or group not in self.defaults:
            return None  # a state or attribute word (故障) is not read from hints: left ambiguous
        present = candidates & set(support)
        default = self.defaults.get(group or "")
        # the default is one more voice, not a trump: 已完工的任务 (a rail word against 任务's
        # agv default) stays ambiguous, as 车间里的任务 does
        voices = present | (candidates & set(against)) | ({default} if default in candidates else set())
        if len(voices) != 1 or not (present or default):
            return None
        return next(iter(voices)), (EVIDENCE if present else DEFAULT)

    def builds_on_default(self, surface: str, domain: str | None = None) -> bool:
        """`surface` contains, and is longer than, a shared word whose default is `domain` (any
        domain when None): 任务耗时 on 任务."""
        defaults = self.built_on.get(surface)
        if defaults is None:
            return self._builds_on_default(surface, domain)
        return bool(defaults) if domain is None else domain in defaults

    def _builds_on_default(self, surface: str, domain: str | None = None) -> bool:
        return any(s in surface and s != surface and (d := self.defaults.get(g)) is not None
                   and (domain is None or d == domain) for s, g in self.surfaces.items())

    def compound_default(self, surface: str, domain: str | None, evidence_domains: Iterable[str]) -> bool:
        """A one-domain term built on a shared word with a default (任务耗时 on 任务, agv) reads
        as that default does: no word of another domain may stand in the sentence."""
        if domain not in BUSINESS_DOMAINS or set(evidence_domains) - {domain}:
            return False
        return self.builds_on_default(surface, domain)


_BY_PACK: dict[int, tuple[Pack, SharedWords]] = {}
_LOCK = threading.Lock()


def shared_words(pack: Pack) -> SharedWords:
    """The shared words of `pack` (read and checked once, at stage construction)."""
    got = _BY_PACK.get(id(pack))
    if got is not None and got[0] is pack:
        return got[1]
    with _LOCK:
        rules = _load(pack)
        _BY_PACK[id(pack)] = (pack, rules)
        return rules


def _load(pack: Pack) -> SharedWords:
    # lazy: only this path needs it, keeps import light; breaks no cycle
    from nlu.lexicon import load_data_file

    data = load_data_file(FILE, pack.root)
    groups = data["groups"]
    surfaces: dict[str, str] = {}
    known: set[str] = set()
    for surface, entries in pack.terms_by_surface.items():
        domains = {t.domain for t in entries} & set(BUSINESS_DOMAINS)
        group = next((t.ambiguity_group for t in entries if t.ambiguity_group), None)
        if len(domains) >= 2 and group:
            surfaces[surface] = group
            known.add(group)
    unknown = sorted(set(groups) - known)
    if unknown:
        raise PackError(f"{FILE}: $.groups: {unknown} name no surface terms.json shares between agv and rail",
                        file=FILE, path="$.groups")
    defaults = {g: v["default"] for g, v in groups.items()}
    built_on = {surface: frozenset(d for s, g in surfaces.items()
                                   if s in surface and s != surface and (d := defaults.get(g)) is not None)
                for surface in pack.terms_by_surface}
    return SharedWords(defaults, surfaces, frozenset(data["defaultTemplates"]), built_on)


__all__ = ["DEFAULT", "EVIDENCE", "Reading", "SharedWords", "shared_words"]
