"""Immutable in-memory form of a domain pack (``lexicons/``).

Field names are snake_case mirrors of the camelCase JSON keys. Every sequence is a
tuple so entries are hashable; :class:`Pack` itself compares and hashes by identity
(``eq=False``) so it can be used as a cache key by compiled indexes elsewhere.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

Domain = Literal["agv", "rail", "common"]
Channel = Literal["asr", "ocr", "typo"]
ActionClass = Literal["query", "compare", "count", "create", "update", "cancel", "explain", "change_view"]
Comparator = Literal["eq", "gt", "gte", "lt", "lte", "between", "except"]

TEMPLATE_NAMES: tuple[str, ...] = ("status", "count", "list", "report", "workorder", "plan", "operation")
IDENTIFIER_TYPES: tuple[str, ...] = ("vehicle", "locomotive", "task", "work_order", "station")


@dataclass(frozen=True, slots=True)
class TermEntry:
    term_code: str
    canonical_text: str
    aliases: tuple[str, ...]
    abbreviation: tuple[str, ...]
    domain: Domain
    entity_type: str | None
    ambiguity_group: str | None
    protected: bool
    revision: str
    category: str

    @property
    def surfaces(self) -> tuple[str, ...]:
        """canonicalText, then aliases, then abbreviations (in file order, no duplicates)."""
        seen: dict[str, None] = {}
        for s in (self.canonical_text, *self.aliases, *self.abbreviation):
            seen.setdefault(s, None)
        return tuple(seen)


@dataclass(frozen=True, slots=True)
class ConfusionPair:
    wrong: str
    right: str
    channel: Channel
    auto_apply: bool
    require_any: tuple[str, ...] | None  # None: safe anywhere
    note: str | None = None

    def context_allows(self, text: str) -> bool:
        """True when the pair's context condition holds for ``text`` (the whole sentence)."""
        if self.require_any is None:
            return True
        folded = text.casefold()
        return any(w.casefold() in folded for w in self.require_any)


@dataclass(frozen=True, slots=True)
class IdentifierPattern:
    """A regex over width-folded text, compiled case-insensitive, bounded by non-alphanumerics."""

    entity_type: str
    regex: str
    example: str
    pattern: re.Pattern[str] = field(compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class ActionWord:
    word: str
    action_class: ActionClass
    write: bool


@dataclass(frozen=True, slots=True)
class ComparisonWord:
    word: str
    comparator: Comparator
    position: Literal["before", "after"]


@dataclass(frozen=True, slots=True)
class DomainWords:
    domain: str
    explicit: tuple[str, ...]  # the domain's object words: pin it
    implied: tuple[str, ...]  # objects, places, parts of this domain only: imply it
    weak: tuple[str, ...] = ()  # activities and states other fields share: never choose it alone


@dataclass(frozen=True, slots=True)
class TemplateTriggers:
    template: str
    triggers: tuple[str, ...]  # every word that hints the template
    weight: float
    explicit: tuple[str, ...] = ()  # the triggers that pin it (工单, 报表, 多少)


@dataclass(frozen=True, slots=True)
class PronounEntry:
    word: str
    types: tuple[str, ...] | None  # None: may refer to any entity type


@dataclass(frozen=True, slots=True)
class CatalogEntity:
    canonical_id: str
    entity_type: str
    display_name: str
    domain: str


@dataclass(frozen=True, slots=True)
class EntityCatalog:
    """The optional per-user entity catalog (design 7.3); never part of the default pack."""

    tenant_id: str
    user_id: str
    revision: str
    expires_at: str
    entities: tuple[CatalogEntity, ...]


@dataclass(frozen=True, slots=True)
class QuestionTexts:
    """The clarification questions and option texts (``clarifications.json``), by id.

    The schema allows each text only its own ``{placeholders}``, so filling never fails.
    """

    questions: dict[str, str]
    options: dict[str, str]
    domain_choices: tuple[str, ...]  # the business domains the domain question offers, in order
    choice_joiner: str  # joins the readings of a term question (AGV还是机车)

    def question(self, qid: str, **values: str) -> str:
        return self.questions[qid].format(**values)

    def option(self, oid: str, **values: str) -> str:
        return self.options[oid].format(**values)


@dataclass(frozen=True, slots=True, eq=False)
class Pack:
    revision: str
    root: Path
    checksum: str  # sha256 hex of manifest.json bytes
    name: str
    terms: tuple[TermEntry, ...]
    confusions: tuple[ConfusionPair, ...]
    identifier_patterns: tuple[IdentifierPattern, ...]
    lookalikes: dict[str, str]
    lookalike_patterns: tuple[IdentifierPattern, ...]
    actions: tuple[ActionWord, ...]
    negation_words: tuple[str, ...]
    comparison_words: tuple[ComparisonWord, ...]
    domains: dict[str, DomainWords]
    templates: dict[str, TemplateTriggers]
    presentation_words: tuple[str, ...]
    quantity_units: tuple[str, ...]
    currency_words: tuple[str, ...]
    person_names: tuple[str, ...]
    surnames: tuple[str, ...]
    titles: tuple[str, ...]
    pronouns: tuple[PronounEntry, ...]
    self_repair_markers: tuple[str, ...]
    politeness_words: tuple[str, ...]
    discourse_words: tuple[str, ...]
    questions: QuestionTexts
    grammar_cues: tuple[tuple[str, str], ...]  # (word, cue kind), one kind a word, in file order
    # derived indexes, built once by the loader
    term_by_code: dict[str, TermEntry] = field(repr=False)
    terms_by_surface: dict[str, tuple[TermEntry, ...]] = field(repr=False)  # casefolded surface -> terms
    # templates.json: governing order of explicit templates, and those that genuinely compete
    template_precedence: tuple[str, ...] = ()
    object_templates: frozenset[str] = frozenset()
    # coreference.json: nouns that stand in for something unnamed (那个东西 still refers)
    placeholder_nouns: frozenset[str] = frozenset()

    def lookup(self, surface: str) -> tuple[TermEntry, ...]:
        """Terms whose canonicalText, alias or abbreviation equals ``surface`` (case-insensitive).

        More than one result means the surface is ambiguous (see ``ambiguity_group``).
        """
        return self.terms_by_surface.get(surface.casefold(), ())

    def term(self, term_code: str) -> TermEntry:
        return self.term_by_code[term_code]

    def identifier_pattern(self, entity_type: str) -> IdentifierPattern:
        for p in self.identifier_patterns:
            if p.entity_type == entity_type:
                return p
        raise KeyError(entity_type)

    def __repr__(self) -> str:  # the default repr would print hundreds of entries
        return (f"Pack(name={self.name!r}, revision={self.revision!r}, root={str(self.root)!r}, "
                f"checksum={self.checksum[:12]!r}, terms={len(self.terms)}, confusions={len(self.confusions)})")
