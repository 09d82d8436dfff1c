"""The v1 contract (design section 6), in one place.

Python attributes are snake_case, JSON is the design's camelCase (`by_alias=True`), every
model is frozen, enums are exactly the design's. Offsets are UTF-16 code units, [start, end).
`nlu schema` prints the JSON Schema of `LegacyInputUnderstanding`; the committed copy in
`nlu/schema/legacy-nlu.v1.schema.json` is checked against these models by a test.
"""
from __future__ import annotations

from typing import Annotated, Literal, Optional

from pydantic import BaseModel, ConfigDict, Field
from pydantic.alias_generators import to_camel

SCHEMA_VERSION = "legacy-nlu.v1"

InputSourceKind = Literal["typed", "asr", "ocr", "mixed"]
SegmentSource = Literal["typed", "asr", "ocr"]
TextSpace = Literal["original", "canonical"]
SegmentKind = Literal["unchanged", "replaced", "inserted", "deleted"]
EditType = Literal["typo", "asr", "ocr", "punctuation", "grammar", "self_repair"]
EditEvidence = Literal["lexicon", "source_alternative", "rule", "context", "model"]
ProtectedKind = Literal[
    "identifier", "proper_name", "number", "amount", "time",
    "negation", "comparison", "action", "explicit_domain",
]
CandidateEvidence = Literal["explicit_rule", "lexicon", "source_alternative", "context", "model"]
StageName = Literal[
    "clean", "protect", "correct", "term", "ner",
    "coreference", "relation", "srl", "route", "validate",
]
StageStatus = Literal["success", "skipped", "timeout", "error"]
EntityType = Literal[
    "person", "organization", "location", "time", "time_range", "amount", "quantity",
    "vehicle", "locomotive", "task", "work_order", "station", "maintenance_level", "other",
]
Role = Literal[
    "actor", "patient", "target", "time", "location", "instrument",
    "quantity", "amount", "condition", "exception", "range", "presentation",
]
Comparator = Literal["eq", "gt", "gte", "lt", "lte", "between", "except"]
ActionClass = Literal["query", "compare", "count", "create", "update", "cancel", "explain", "change_view"]
Modality = Literal["must", "should", "may", "unknown"]
DecisionAction = Literal["continue", "clarify", "use_original"]
ClarificationReason = Literal["term", "entity", "coreference", "intent", "missing_slot", "protected_change"]

Probability = Annotated[float, Field(ge=0.0, le=1.0)]


class ContractModel(BaseModel):
    model_config = ConfigDict(
        frozen=True,
        extra="forbid",
        alias_generator=to_camel,
        populate_by_name=True,
        serialize_by_alias=True,
    )


class TextSpan(ContractModel):
    space: TextSpace
    start: int = Field(ge=0)
    end: int = Field(ge=0)


class InputSegmentProvenance(ContractModel):
    span: TextSpan
    source: SegmentSource
    confidence: Optional[float] = Field(default=None, ge=0.0, le=1.0)
    edited_after_capture: bool = False


class InputSourceContext(ContractModel):
    kind: InputSourceKind
    language: Literal["zh-CN"] = "zh-CN"
    reference_time: str
    timezone: Literal["Asia/Shanghai"] = "Asia/Shanghai"
    overall_confidence: Optional[float] = Field(default=None, ge=0.0, le=1.0)
    alternatives: Optional[list[str]] = None
    edited_after_capture: bool = False
    segments: list[InputSegmentProvenance] = Field(default_factory=list)


class SpanMapSegment(ContractModel):
    original: TextSpan
    canonical: TextSpan
    kind: SegmentKind


class NormalizationEdit(ContractModel):
    type: EditType
    original_span: TextSpan
    canonical_span: TextSpan
    original_text: str
    replacement: str
    confidence: Probability
    evidence: EditEvidence
    inferred: bool
    auto_applied: bool
    touches_protected_span: bool


class ProtectedSpan(ContractModel):
    span: TextSpan
    kind: ProtectedKind
    text: str


class ScoredCandidate(ContractModel):
    id: str
    label: str
    score: Probability
    evidence: list[CandidateEvidence]


class TermMention(ContractModel):
    source_span: TextSpan
    raw_text: str
    term_code: Optional[str] = None
    canonical_text: Optional[str] = None
    candidates: list[ScoredCandidate]
    confidence: Probability
    confirmed: bool


class CoreferenceLink(ContractModel):
    mention_span: TextSpan
    antecedent_entity_id: Optional[str] = None
    candidates: list[ScoredCandidate]
    source_turn_id: Optional[str] = None
    confidence: Probability
    confirmed: bool


class StageDiagnostic(ContractModel):
    stage: StageName
    status: StageStatus
    duration_ms: float = Field(ge=0.0)
    reason_code: Optional[str] = None


class EntityMention(ContractModel):
    id: str
    type: EntityType
    text: str
    canonical_value: Optional[str] = None
    source_span: TextSpan
    confidence: Probability
    protected: bool
    confirmed: bool


class SemanticRelation(ContractModel):
    subject_entity_id: str
    predicate: str
    object_entity_id: Optional[str] = None
    literal_value: Optional[str] = None
    negated: bool
    evidence_spans: list[TextSpan]
    confidence: Probability


class SemanticArgument(ContractModel):
    role: Role
    entity_ids: Optional[list[str]] = None
    literal_value: Optional[str] = None
    comparator: Optional[Comparator] = None
    negated: Optional[bool] = None
    evidence_spans: list[TextSpan]


class SemanticFrame(ContractModel):
    predicate: str
    action_class: ActionClass
    arguments: list[SemanticArgument]
    negated: bool
    modality: Optional[Modality] = None
    confidence: Probability


class ClarificationOption(ContractModel):
    id: str
    label: str
    fill_text: str = Field(min_length=1)


class ClarificationRequest(ContractModel):
    clarification_id: str
    question: str = Field(min_length=1)
    reason: ClarificationReason
    affected_fields: list[str]
    options: list[ClarificationOption] = Field(max_length=3)
    allow_free_text: bool = True
    blocking: Literal[True] = True


class Routing(ContractModel):
    template_candidates: list[ScoredCandidate]
    domain_candidates: list[ScoredCandidate]


class Decision(ContractModel):
    action: DecisionAction
    reason_codes: list[str]
    clarification: Optional[ClarificationRequest] = None


class Confidence(ContractModel):
    normalization: Probability
    semantics: Probability
    routing: Probability


class LegacyInputUnderstanding(ContractModel):
    schema_version: Literal["legacy-nlu.v1"] = SCHEMA_VERSION
    request_id: str
    source: InputSourceContext
    original_text: str
    canonical_text: str
    span_map: list[SpanMapSegment]
    corrections: list[NormalizationEdit]
    protected_spans: list[ProtectedSpan]
    terms: list[TermMention]
    entities: list[EntityMention]
    coreferences: list[CoreferenceLink]
    relations: list[SemanticRelation]
    semantic_frames: list[SemanticFrame]
    routing: Routing
    decision: Decision
    confidence: Confidence
    diagnostics: list[StageDiagnostic]


def contract_json_schema() -> dict:
    """The JSON Schema a TypeScript client generates its types from (serialization mode)."""
    schema = LegacyInputUnderstanding.model_json_schema(by_alias=True, mode="serialization")
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["$id"] = SCHEMA_VERSION
    return schema
