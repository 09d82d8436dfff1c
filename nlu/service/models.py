"""Request bodies of the service: camelCase JSON, the contract's own pydantic base.

The response is `LegacyInputUnderstanding` itself (nlu/contract.py); these models only say
what a caller may send, so the OpenAPI document and the contract come from one place.
"""
from __future__ import annotations

from typing import Optional

from pydantic import Field

from nlu.contract import ContractModel, InputSourceKind, LegacyInputUnderstanding

#: the most a batch may carry (a bigger job belongs to `nlu batch`)
MAX_BATCH_ITEMS = 256
#: the largest budget a caller may ask for: a request is an interactive turn, not a job
MAX_BUDGET_MS = 10_000.0


class ReferentEntry(ContractModel):
    """A confirmed short-term referent from the conversation (design 7.6)."""

    canonical_id: str = Field(min_length=1, description="The confirmed entity's canonical id, e.g. AGV-01.")
    entity_type: str = Field(min_length=1, description="Its entity type (ontology label), e.g. vehicle.")
    display_name: Optional[str] = Field(default=None, description="How it was shown to the user.")
    domain: Optional[str] = Field(default=None, description="Its business domain, if known.")
    turn_id: Optional[str] = Field(default=None, description="The turn it was mentioned in (only the last 3 turns count).")
    mentioned_at: Optional[str] = Field(default=None, description="When it was mentioned, ISO 8601.")
    expires_at: Optional[str] = Field(default=None, description="When it stops counting, ISO 8601 (at most 15 minutes after mentionedAt).")


class CatalogEntityEntry(ContractModel):
    canonical_id: str = Field(min_length=1, description="The entity's id as the backend knows it, e.g. AGV-01.")
    entity_type: str = Field(min_length=1, description="Its entity type (ontology label).")
    display_name: Optional[str] = Field(default=None, description="A readable name for clarification options.")
    domain: Optional[str] = Field(default=None, description="Its business domain.")


class EntityCatalogBody(ContractModel):
    """The signed-in user's entity catalog (format of lexicons/catalog.example.json)."""

    revision: str = Field(description="The catalog's revision.")
    tenant_id: str = Field(description="The tenant it was generated for.")
    user_id: str = Field(description="The user it was generated for.")
    expires_at: str = Field(description="ISO 8601; an expired catalog is ignored.")
    entities: list[CatalogEntityEntry] = Field(description="The entities this user may mean.")


class UnderstandRequest(ContractModel):
    """One utterance to understand."""

    text: str = Field(description="The utterance exactly as typed, transcribed (ASR) or recognized (OCR).")
    source: InputSourceKind = Field(default="typed", description="Where the text came from.")
    reference_time: Optional[str] = Field(
        default=None, description="The send time, ISO 8601 (default: now; relative times resolve against it in Asia/Shanghai).")
    alternatives: Optional[list[str]] = Field(default=None, description="ASR/OCR alternatives the source returned, best first.")
    confidence: Optional[float] = Field(default=None, ge=0.0, le=1.0,
                                        description="The source's overall confidence, only if the source gave one.")
    referents: Optional[list[ReferentEntry]] = Field(default=None, description="Confirmed referents of the last turns.")
    catalog: Optional[EntityCatalogBody] = Field(
        default=None, description="The user's entity catalog: the only source that may suggest what a look-alike identifier stands for.")
    budget_ms: Optional[float] = Field(
        default=None, gt=0.0, le=MAX_BUDGET_MS,
        description="Time budget of this call in milliseconds, counted from arrival (default 100). Out of time: decision use_original.")
    request_id: Optional[str] = Field(default=None, max_length=200, description="Echoed as requestId (default: generated).")


class BatchRequest(ContractModel):
    """Up to 256 utterances, answered in order, each within its own budget."""

    items: list[UnderstandRequest] = Field(min_length=1, max_length=MAX_BATCH_ITEMS, description="The utterances.")


class BatchResponse(ContractModel):
    results: list[LegacyInputUnderstanding] = Field(description="One contract per item, in the items' order.")
