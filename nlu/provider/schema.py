"""The small strict JSON Schema a model must fill, and the deterministic verifier.

The model *proposes*; this module *verifies*.  :func:`validate_proposal` either
returns a complete :class:`ModelProposal` or raises :class:`InvalidProposal` —
there is no repair, no coercion (an array encoded as a string stays invalid)
and no partial use: one failed check drops the whole answer.

Checks, in order:

1. the raw text parses as JSON (``json.loads``, duplicate keys rejected);
2. it validates against :data:`PROPOSAL_SCHEMA` (closed objects, enums, lengths);
3. it answers only the questions that were asked;
4. grounding: every identifier-like token (``AGV-01``), digit run or Chinese
   numeral in a free-text string of the proposal occurs in ``request.text``;
5. every ``mention`` occurs verbatim in ``request.text``;
6. every ``antecedentId`` is one of ``request.entities``' ids.
"""

from __future__ import annotations

import copy
import json
import re
from typing import Any

from jsonschema import Draft202012Validator

from .base import CorefProposal, ModelProposal, ProviderRequest

TEMPLATES: tuple[str, ...] = ("status", "count", "list", "report", "workorder", "plan", "operation")
DOMAINS: tuple[str, ...] = ("agv", "rail")
MAX_COREFERENCES = 3
MENTION_MAX_LEN = 16
ANTECEDENT_ID_MAX_LEN = 32
#: Longest raw answer we even try to parse (the schema's largest instance is far smaller).
MAX_RAW_CHARS = 2048

PROPOSAL_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "nlu_proposal",
    "type": "object",
    "additionalProperties": False,
    "required": ["template", "domain", "coreferences"],
    "properties": {
        "template": {"type": ["string", "null"], "enum": [*TEMPLATES, None]},
        "domain": {"type": ["string", "null"], "enum": [*DOMAINS, None]},
        "coreferences": {
            "type": "array",
            "maxItems": MAX_COREFERENCES,
            "items": {
                "type": "object",
                "additionalProperties": False,
                "required": ["mention", "antecedentId"],
                "properties": {
                    "mention": {"type": "string", "minLength": 1, "maxLength": MENTION_MAX_LEN},
                    "antecedentId": {
                        "type": "string",
                        "minLength": 1,
                        "maxLength": ANTECEDENT_ID_MAX_LEN,
                    },
                },
            },
        },
    },
}

Draft202012Validator.check_schema(PROPOSAL_SCHEMA)
_VALIDATOR = Draft202012Validator(PROPOSAL_SCHEMA)

# Grounding patterns.  Identifier-like: letters + optional digits + '-' + digits (AGV-01, K12-3).
_ID_RE = re.compile(r"[A-Za-z]{1,4}\d*-\d+")
_DIGITS_RE = re.compile(r"\d+")
_CN_NUMERAL_RE = re.compile(r"[零〇一二两三四五六七八九十百千万亿壹贰叁肆伍陆柒捌玖拾佰仟]+")


class InvalidProposal(ValueError):
    """The model's answer failed a check; the whole answer is dropped."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def build_request_schema(request: ProviderRequest) -> dict[str, Any]:
    """The schema sent to the model for *this* request.

    It is :data:`PROPOSAL_SCHEMA` narrowed to what may be answered: questions not
    asked are forced to ``null`` / ``[]`` and ``antecedentId`` is an enum of the
    request's entity ids.  Every instance of it is also an instance of
    ``PROPOSAL_SCHEMA``; the verifier never trusts that the server enforced it.
    """
    schema = copy.deepcopy(PROPOSAL_SCHEMA)
    schema.pop("$schema", None)
    props = schema["properties"]
    if "template" not in request.questions:
        props["template"] = {"type": "null"}
    if "domain" not in request.questions:
        props["domain"] = {"type": "null"}
    ids = sorted(request.entity_ids)
    if "coreference" not in request.questions or not ids:
        props["coreferences"]["maxItems"] = 0
    else:
        props["coreferences"]["items"]["properties"]["antecedentId"] = {"type": "string", "enum": ids}
    return schema


def _reject_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in pairs:
        if k in out:
            raise InvalidProposal(f"duplicate key {k!r}")
        out[k] = v
    return out


def _reject_constant(name: str) -> Any:
    raise InvalidProposal(f"non-standard JSON constant {name}")


def parse_json_strict(raw: str) -> Any:
    if not isinstance(raw, str):
        raise InvalidProposal("answer is not a string")
    if len(raw) > MAX_RAW_CHARS:
        raise InvalidProposal(f"answer too long ({len(raw)} chars)")
    try:
        return json.loads(raw, object_pairs_hook=_reject_duplicate_keys, parse_constant=_reject_constant)
    except InvalidProposal:
        raise
    except (ValueError, RecursionError) as exc:
        raise InvalidProposal(f"not valid JSON: {exc.__class__.__name__}") from None


def ungrounded_tokens(s: str, text: str) -> list[str]:
    """Identifier-like tokens, digit runs and Chinese numerals of ``s`` absent from ``text``."""
    missing: list[str] = []
    for rx in (_ID_RE, _DIGITS_RE, _CN_NUMERAL_RE):
        for m in rx.finditer(s):
            tok = m.group(0)
            if tok not in text and tok not in missing:
                missing.append(tok)
    return missing


def validate_proposal(raw: str, request: ProviderRequest) -> ModelProposal:
    """Verify a raw model answer against the schema and the request; all or nothing."""
    data = parse_json_strict(raw)

    errors = sorted(_VALIDATOR.iter_errors(data), key=lambda e: list(e.absolute_path))
    if errors:
        err = errors[0]
        where = "/".join(str(p) for p in err.absolute_path) or "<root>"
        raise InvalidProposal(f"schema violation at {where}: {err.validator}")

    template = data["template"]
    domain = data["domain"]
    corefs_raw = data["coreferences"]

    if template is not None and "template" not in request.questions:
        raise InvalidProposal("answered an unasked question: template")
    if domain is not None and "domain" not in request.questions:
        raise InvalidProposal("answered an unasked question: domain")
    if corefs_raw and "coreference" not in request.questions:
        raise InvalidProposal("answered an unasked question: coreference")

    text = request.text
    ids = request.entity_ids
    corefs: list[CorefProposal] = []
    seen_mentions: set[str] = set()
    for i, item in enumerate(corefs_raw):
        mention = item["mention"]
        antecedent = item["antecedentId"]
        missing = ungrounded_tokens(mention, text)
        if missing:
            raise InvalidProposal(f"ungrounded token in coreferences/{i}/mention: {missing[0]!r}")
        if mention.strip() != mention or not mention:
            raise InvalidProposal(f"coreferences/{i}/mention has surrounding whitespace")
        if mention not in text:
            raise InvalidProposal(f"coreferences/{i}/mention does not occur in the text")
        if antecedent not in ids:
            raise InvalidProposal(f"coreferences/{i}/antecedentId is not a known entity id")
        if mention in seen_mentions:
            raise InvalidProposal(f"coreferences/{i}/mention is duplicated")
        seen_mentions.add(mention)
        corefs.append(CorefProposal(mention=mention, antecedent_id=antecedent))

    return ModelProposal(template=template, domain=domain, coreferences=tuple(corefs))


def proposal_to_json(p: ModelProposal) -> dict[str, Any]:
    """The wire form of a proposal (inverse of :func:`validate_proposal`'s parsing)."""
    return {
        "template": p.template,
        "domain": p.domain,
        "coreferences": [{"mention": c.mention, "antecedentId": c.antecedent_id} for c in p.coreferences],
    }
