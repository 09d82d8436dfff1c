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
        # each field's docstring is its description in the JSON Schema (and so in the
        # TypeScript types and the OpenAPI document generated from it)
        use_attribute_docstrings=True,
        # an output always carries every field, defaults included: required in the schema
        json_schema_serialization_defaults_required=True,
    )


class TextSpan(ContractModel):
    space: TextSpace
    """Which text the offsets index: originalText or canonicalText."""
    start: int = Field(ge=0)
    """First UTF-16 code unit (inclusive), as JavaScript's slice()."""
    end: int = Field(ge=0)
    """End UTF-16 code unit (exclusive); equal to start for an insertion/deletion anchor."""


class InputSegmentProvenance(ContractModel):
    span: TextSpan
    """The part of originalText this provenance covers."""
    source: SegmentSource
    """Where that part came from."""
    confidence: Optional[float] = Field(default=None, ge=0.0, le=1.0)
    """The source's confidence for this part, only if the source gave one."""
    edited_after_capture: bool = False
    """True when the user edited this part after ASR/OCR captured it."""


class InputSourceContext(ContractModel):
    kind: InputSourceKind
    """Where the text came from: typed, asr, ocr or mixed."""
    language: Literal["zh-CN"] = "zh-CN"
    """Always zh-CN in v1."""
    reference_time: str
    """The send time (ISO 8601, Asia/Shanghai) that relative times are resolved against."""
    timezone: Literal["Asia/Shanghai"] = "Asia/Shanghai"
    """Always Asia/Shanghai in v1."""
    overall_confidence: Optional[float] = Field(default=None, ge=0.0, le=1.0)
    """The source's overall confidence, only if the source gave one (never invented)."""
    alternatives: Optional[list[str]] = None
    """ASR/OCR alternatives the source returned, as given."""
    edited_after_capture: bool = False
    """True when the user edited the captured text before sending."""
    segments: list[InputSegmentProvenance] = Field(default_factory=list)
    """Per-part provenance of mixed input, as given by the caller."""


class SpanMapSegment(ContractModel):
    original: TextSpan
    """The segment in originalText (zero-length for an insertion)."""
    canonical: TextSpan
    """The segment in canonicalText (zero-length for a deletion)."""
    kind: SegmentKind
    """How the two sides relate."""


class NormalizationEdit(ContractModel):
    type: EditType
    """What kind of fix this is."""
    original_span: TextSpan
    """Where the edit applies in originalText."""
    canonical_span: TextSpan
    """Where its result stands in canonicalText."""
    original_text: str
    """The user's characters that were replaced."""
    replacement: str
    """What stands in canonicalText instead."""
    confidence: Probability
    """Calibrated probability that the edit is right."""
    evidence: EditEvidence
    """What the edit rests on."""
    inferred: bool
    """True when the edit adds words the user did not say (grammar completion)."""
    auto_applied: bool
    """True when the edit is in canonicalText; false when only suggested."""
    touches_protected_span: bool
    """True when the edit overlaps a protected fact (then it is never auto-applied)."""


class ProtectedSpan(ContractModel):
    span: TextSpan
    """Where the fact stands in originalText."""
    kind: ProtectedKind
    """What kind of fact: identifier, number, amount, time, negation, comparison, action …"""
    text: str
    """The fact's characters, guaranteed unchanged in canonicalText."""


class ScoredCandidate(ContractModel):
    id: str
    """The candidate's id (term code, entity id, template or domain name)."""
    label: str
    """A readable label."""
    score: Probability
    """Calibrated score in [0, 1]."""
    evidence: list[CandidateEvidence]
    """What the candidate rests on."""


class TermMention(ContractModel):
    source_span: TextSpan
    """Where the term stands in originalText."""
    raw_text: str
    """The user's characters."""
    term_code: Optional[str] = None
    """The linked term's code, when one was chosen."""
    canonical_text: Optional[str] = None
    """The term's standard form, when one was chosen."""
    candidates: list[ScoredCandidate]
    """The terms it may be, best first."""
    confidence: Probability
    """Calibrated confidence of the link."""
    confirmed: bool
    """True only when the link is certain; unconfirmed terms never reach tool parameters."""


class CoreferenceLink(ContractModel):
    mention_span: TextSpan
    """The referring expression (它, 那台 …) in originalText."""
    antecedent_entity_id: Optional[str] = None
    """The entity it refers to, when resolved."""
    candidates: list[ScoredCandidate]
    """The referents it may mean, best first."""
    source_turn_id: Optional[str] = None
    """The turn the referent came from."""
    confidence: Probability
    """Calibrated confidence of the resolution."""
    confirmed: bool
    """True only when certain; unconfirmed links never reach tool parameters."""


class StageDiagnostic(ContractModel):
    stage: StageName
    """The pipeline stage."""
    status: StageStatus
    """What happened to it in this call."""
    duration_ms: float = Field(ge=0.0)
    """Time the stage took, in milliseconds."""
    reason_code: Optional[str] = None
    """Why it was skipped, timed out or failed."""


class EntityMention(ContractModel):
    id: str
    """Entity id within this result (e1, e2 …), referenced by relations and frames."""
    type: EntityType
    """Entity type (ontology label)."""
    text: str
    """The user's characters."""
    canonical_value: Optional[str] = None
    """The resolved value (an id, an ISO 8601 time or range, a number with unit …)."""
    source_span: TextSpan
    """Where it stands in originalText."""
    confidence: Probability
    """Calibrated confidence of the value."""
    protected: bool
    """True when the entity is a protected fact."""
    confirmed: bool
    """True only when certain; unconfirmed entities never reach tool parameters."""


class SemanticRelation(ContractModel):
    subject_entity_id: str
    """The subject entity (an id in entities)."""
    predicate: str
    """The relation's name."""
    object_entity_id: Optional[str] = None
    """The object entity, when it is one."""
    literal_value: Optional[str] = None
    """The object as a literal, when it is not an entity."""
    negated: bool
    """True when the relation is negated."""
    evidence_spans: list[TextSpan]
    """The words it rests on."""
    confidence: Probability
    """Calibrated confidence."""


class SemanticArgument(ContractModel):
    role: Role
    """The argument's role in the frame."""
    entity_ids: Optional[list[str]] = None
    """The entities filling the role."""
    literal_value: Optional[str] = None
    """A literal filling the role."""
    comparator: Optional[Comparator] = None
    """For a comparison or range: how the value compares."""
    negated: Optional[bool] = None
    """True when this argument is negated (不含, 除了 …)."""
    evidence_spans: list[TextSpan]
    """The words it rests on."""


class SemanticFrame(ContractModel):
    predicate: str
    """The action's word as the user said it."""
    action_class: ActionClass
    """What kind of action: query, compare, count, create, update, cancel, explain, change_view."""
    arguments: list[SemanticArgument]
    """The action's arguments."""
    negated: bool
    """True when the action itself is negated (不要取消 …)."""
    modality: Optional[Modality] = None
    """How strongly it is asked for."""
    confidence: Probability
    """Calibrated confidence."""


class ClarificationOption(ContractModel):
    id: str
    """Option id."""
    label: str
    """What the card shows."""
    fill_text: str = Field(min_length=1)
    """The complete, self-contained question that choosing the option sends."""


class ClarificationRequest(ContractModel):
    clarification_id: str
    """Id for the card (dedup and telemetry only, not a resume token)."""
    question: str = Field(min_length=1)
    """The one question to ask, built from the user's own words."""
    reason: ClarificationReason
    """What is unclear."""
    affected_fields: list[str]
    """The result fields the question is about."""
    options: list[ClarificationOption] = Field(max_length=3)
    """At most three complete rewrites to choose from."""
    allow_free_text: bool = True
    """The user may type a new, complete question instead."""
    blocking: Literal[True] = True
    """Always true: nothing runs until the user answers."""


class Routing(ContractModel):
    template_candidates: list[ScoredCandidate]
    """Query templates the turn may use, best first."""
    domain_candidates: list[ScoredCandidate]
    """Business domains the turn may belong to, best first."""


class Decision(ContractModel):
    action: DecisionAction
    """continue: use canonicalText; clarify: ask the question; use_original: pass the user's text through."""
    reason_codes: list[str]
    """Why (stable codes for telemetry and tests)."""
    clarification: Optional[ClarificationRequest] = None
    """The question to ask, when action is clarify."""


class Confidence(ContractModel):
    normalization: Probability
    """Confidence that canonicalText means exactly what the user said."""
    semantics: Probability
    """Confidence in the entities, relations and frames."""
    routing: Probability
    """Confidence in the routing candidates."""


class LegacyInputUnderstanding(ContractModel):
    schema_version: Literal["legacy-nlu.v1"] = SCHEMA_VERSION
    """Always legacy-nlu.v1."""
    request_id: str
    """The caller's request id, or a generated one."""
    source: InputSourceContext
    """Where the input came from and what it came with."""
    original_text: str
    """The user's text, exactly as received."""
    canonical_text: str
    """The normalized text; means exactly the same as originalText."""
    span_map: list[SpanMapSegment]
    """Segment-by-segment mapping between originalText and canonicalText."""
    corrections: list[NormalizationEdit]
    """Every edit from originalText to canonicalText, with its evidence (suggestions included)."""
    protected_spans: list[ProtectedSpan]
    """Facts guaranteed unchanged in canonicalText."""
    terms: list[TermMention]
    """Domain terms and what they link to."""
    entities: list[EntityMention]
    """Entities with resolved values."""
    coreferences: list[CoreferenceLink]
    """What referring expressions refer to."""
    relations: list[SemanticRelation]
    """Relations between entities."""
    semantic_frames: list[SemanticFrame]
    """The actions asked for, with their arguments."""
    routing: Routing
    """Where the turn may be routed."""
    decision: Decision
    """What the caller should do with this turn."""
    confidence: Confidence
    """Calibrated confidences of the result."""
    diagnostics: list[StageDiagnostic]
    """What each stage did in this call."""


def contract_json_schema() -> dict:
    """The JSON Schema a TypeScript client generates its types from (serialization mode)."""
    schema = LegacyInputUnderstanding.model_json_schema(by_alias=True, mode="serialization")
    # Property titles are pydantic's echo of the name ("Canonicaltext"); generators turn
    # titled schemas into named types, so drop them: the property's description says more.
    # A described reference ({"$ref", "description"}) reads to them as a new type (TextSpan1,
    # TextSpan2 …): wrap the reference in allOf so the description stays on the property.
    for holder in [schema, *schema.get("$defs", {}).values()]:
        for prop in holder.get("properties", {}).values():
            prop.pop("title", None)
            if "$ref" in prop and len(prop) > 1:
                prop["allOf"] = [{"$ref": prop.pop("$ref")}]
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["$id"] = SCHEMA_VERSION
    return schema
