"""Contracts shared by every structured-understanding provider.

A provider is asked ONLY the questions the deterministic rules could not settle
("template", "domain", "coreference").  Whatever it answers is a *proposal*: it
has already passed :func:`nlu.provider.schema.validate_proposal` when the outcome
status is ``"ok"`` and is ``None`` for every other status.  Nothing half-valid
ever leaves a provider.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Literal, Protocol, get_args, runtime_checkable

#: The questions a provider may be asked.  Anything else is rejected early.
QUESTIONS: tuple[str, ...] = ("template", "domain", "coreference")

OutcomeStatus = Literal[
    "ok",
    "skipped",
    "timeout",
    "cancelled",
    "network_error",
    "http_error",
    "invalid_output",
]

OUTCOME_STATUSES: tuple[str, ...] = get_args(OutcomeStatus)


@dataclass(frozen=True, slots=True)
class EntityRef:
    """An entity the rules already found; ``id`` is what a coreference may point at."""

    id: str
    type: str
    text: str


@dataclass(frozen=True, slots=True)
class ProviderRequest:
    """What a provider sees: the cleaned text, known entities and open questions."""

    text: str
    entities: tuple[EntityRef, ...] = ()
    questions: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.text, str):
            raise TypeError("ProviderRequest.text must be str")
        # Accept lists from callers but store tuples so the request stays hashable/frozen.
        if not isinstance(self.entities, tuple):
            object.__setattr__(self, "entities", tuple(self.entities))
        if not isinstance(self.questions, tuple):
            object.__setattr__(self, "questions", tuple(self.questions))
        for e in self.entities:
            if not isinstance(e, EntityRef):
                raise TypeError("ProviderRequest.entities must contain EntityRef")
        unknown = [q for q in self.questions if q not in QUESTIONS]
        if unknown:
            raise ValueError(f"unknown question(s): {unknown!r}; allowed: {QUESTIONS!r}")

    @property
    def entity_ids(self) -> frozenset[str]:
        return frozenset(e.id for e in self.entities)


@dataclass(frozen=True, slots=True)
class CorefProposal:
    mention: str
    antecedent_id: str


@dataclass(frozen=True, slots=True)
class ModelProposal:
    template: str | None = None
    domain: str | None = None
    coreferences: tuple[CorefProposal, ...] = ()


@dataclass(frozen=True, slots=True)
class ProviderOutcome:
    status: OutcomeStatus
    proposal: ModelProposal | None = None
    reason: str = ""
    duration_ms: float = 0.0
    # Not part of equality: purely diagnostic, e.g. the provider name.
    provider: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        if self.status not in OUTCOME_STATUSES:
            raise ValueError(f"unknown outcome status {self.status!r}")
        if self.status == "ok" and self.proposal is None:
            raise ValueError("an ok outcome must carry a proposal")
        if self.status != "ok" and self.proposal is not None:
            raise ValueError("only an ok outcome may carry a proposal")

    @property
    def ok(self) -> bool:
        return self.status == "ok"


@runtime_checkable
class StructuredUnderstandingProvider(Protocol):
    """Answers the open questions of one request, within a hard time budget."""

    name: str

    def propose(
        self,
        request: ProviderRequest,
        *,
        timeout_s: float,
        cancel: threading.Event | None = None,
    ) -> ProviderOutcome: ...
