"""The working state of one call: the original text owns everything, like spaCy's `Doc`.

Stages read `draft.text` (the current canonical text), propose edits through
`draft.propose`, and record findings in original-space code-point spans
(`draft.to_original`). Only the assembler converts to the UTF-16 contract.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple, Optional, Sequence

from nlu.draft_keys import check_flag, known_flag
from nlu.source import SourceInfo
from nlu.text.alignment import Alignment
from nlu.text.rewriter import Edit, EditOutcome, rewrite



@dataclass(frozen=True, slots=True)
class Candidate:
    id: str
    label: str
    score: float
    evidence: tuple[str, ...]


class ProtectedFact(NamedTuple):  # immutable; a turn records dozens, and a tuple is cheap to build
    o0: int
    o1: int
    kind: str
    # What the detector saw on the cleaned view (e.g. "AGV-01" for "ＡＧＶ－０１").
    cleaned: str
    suspicious: bool = False  # a look-alike identifier such as AGV-O1


@dataclass(slots=True)
class Term:
    o0: int
    o1: int
    term_code: Optional[str]
    canonical_text: Optional[str]
    candidates: list[Candidate]
    confidence: float
    confirmed: bool
    ambiguity_group: Optional[str] = None
    domain: Optional[str] = None
    entity_type: Optional[str] = None


@dataclass(slots=True)
class Entity:
    id: str
    type: str
    o0: int
    o1: int
    canonical_value: Optional[str]
    confidence: float
    protected: bool
    confirmed: bool
    domain: Optional[str] = None


@dataclass(slots=True)
class Coreference:
    o0: int
    o1: int
    antecedent_id: Optional[str]
    candidates: list[Candidate]
    confidence: float
    confirmed: bool
    source_turn_id: Optional[str] = None


@dataclass(slots=True)
class Relation:
    subject_id: str
    predicate: str
    object_id: Optional[str]
    negated: bool
    evidence: list[tuple[int, int]]
    confidence: float
    literal: Optional[str] = None


@dataclass(slots=True)
class Argument:
    role: str
    entity_ids: Optional[list[str]]
    literal: Optional[str]
    comparator: Optional[str]
    negated: Optional[bool]
    evidence: list[tuple[int, int]]


@dataclass(slots=True)
class Frame:
    predicate: str
    action_class: str
    arguments: list[Argument]
    negated: bool
    modality: Optional[str]
    confidence: float
    write: bool = False


@dataclass(slots=True)
class Clarification:
    reason: str
    question: str
    affected_fields: list[str]
    options: list[tuple[str, str]]  # (label, fillText)


@dataclass(slots=True)
class Diagnostic:
    stage: str
    status: str
    duration_ms: float
    reason_code: Optional[str] = None


@dataclass(slots=True)
class Draft:
    original: str
    source: SourceInfo
    flags: Any  # nlu.pipeline.flags.FeatureFlags (the runner's, above the draft: not imported here)
    alignment: Alignment = None  # type: ignore[assignment]
    edits: list[EditOutcome] = field(default_factory=list)
    protected: list[ProtectedFact] = field(default_factory=list)
    terms: list[Term] = field(default_factory=list)
    entities: list[Entity] = field(default_factory=list)
    coreferences: list[Coreference] = field(default_factory=list)
    relations: list[Relation] = field(default_factory=list)
    frames: list[Frame] = field(default_factory=list)
    template_candidates: list[Candidate] = field(default_factory=list)
    domain_candidates: list[Candidate] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    # Findings that do not belong in the contract but steer the decision (reason codes).
    flags_raised: list[str] = field(default_factory=list)
    decision: str = "continue"
    reason_codes: list[str] = field(default_factory=list)
    clarification: Optional[Clarification] = None
    confidence: dict[str, float] = field(default_factory=lambda: {"normalization": 1.0, "semantics": 1.0, "routing": 1.0})
    gate: Optional[str] = None
    scratch: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.alignment is None:
            self.alignment = Alignment.identity(self.original)

    @property
    def text(self) -> str:
        return self.alignment.text

    def to_original(self, start: int, end: int) -> tuple[int, int]:
        return self.alignment.to_original(start, end)

    def to_current(self, o0: int, o1: int) -> tuple[int, int]:
        return self.alignment.to_current(o0, o1)

    def protected_ranges(self) -> list[tuple[int, int]]:
        return [(p.o0, p.o1) for p in self.protected]

    def propose(self, edits: Sequence[Edit]) -> list[EditOutcome]:
        """Hand edits to the one rewriter; protected spans are enforced there.

        Before the rollout's last phase (route) the phase decides which edits may apply; the
        others become suggestions (`nlu.pipeline.phases`)."""
        if self.flags.phase != "route":
            edits = self.flags.restrict(edits, self.alignment.text)
        result = rewrite(self.alignment, edits, self.protected_ranges())
        self.alignment = result.alignment
        self.edits.extend(result.outcomes)
        return result.outcomes

    def raise_flag(self, code: str) -> None:
        if not known_flag(code):  # a misspelt flag would be a finding nobody reads
            check_flag(code)
        if code not in self.flags_raised:
            self.flags_raised.append(code)

    def new_entity_id(self) -> str:
        return f"e{len(self.entities) + 1}"
