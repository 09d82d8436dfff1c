"""The verifier alone: all or nothing, no repair, grounding against the input text."""

from __future__ import annotations

import json

import pytest
from jsonschema import Draft202012Validator

from nlu.provider import (
    PROPOSAL_SCHEMA,
    CorefProposal,
    EntityRef,
    InvalidProposal,
    ModelProposal,
    ProviderRequest,
    build_request_schema,
    validate_proposal,
)
from nlu.provider.replay import VALID_ANSWER
from nlu.provider.schema import ungrounded_tokens

REQ = ProviderRequest(
    text="查 AGV-01，它现在在哪",
    entities=(EntityRef("e1", "agv", "AGV-01"),),
    questions=("template", "domain", "coreference"),
)


def dump(obj) -> str:
    return json.dumps(obj, ensure_ascii=False)


def with_(**kw):
    d = json.loads(dump(VALID_ANSWER))
    d.update(kw)
    return d


def test_schema_is_small_and_closed():
    Draft202012Validator.check_schema(PROPOSAL_SCHEMA)
    assert PROPOSAL_SCHEMA["additionalProperties"] is False
    item = PROPOSAL_SCHEMA["properties"]["coreferences"]["items"]
    assert item["additionalProperties"] is False
    assert PROPOSAL_SCHEMA["properties"]["coreferences"]["maxItems"] == 3
    assert set(PROPOSAL_SCHEMA["required"]) == set(PROPOSAL_SCHEMA["properties"])  # strict-mode friendly
    assert None in PROPOSAL_SCHEMA["properties"]["template"]["enum"]
    assert item["properties"]["mention"]["maxLength"] <= 32


def test_valid_answer():
    p = validate_proposal(dump(VALID_ANSWER), REQ)
    assert p == ModelProposal("status", "agv", (CorefProposal("它", "e1"),))


def test_nulls_and_empty_are_valid():
    p = validate_proposal(dump({"template": None, "domain": None, "coreferences": []}), REQ)
    assert p == ModelProposal(None, None, ())


@pytest.mark.parametrize(
    "raw, fragment",
    [
        ("", "not valid JSON"),
        ('{"template": "status", "domain": "ag', "not valid JSON"),
        ("```json\n{}\n```", "not valid JSON"),
        ('{"template": NaN, "domain": null, "coreferences": []}', "non-standard"),
        ('{"template": "status", "template": "count", "domain": null, "coreferences": []}', "duplicate key"),
        (dump(dump(VALID_ANSWER)), "schema violation"),  # object encoded as a string
        (dump(with_(coreferences=dump(VALID_ANSWER["coreferences"]))), "schema violation at coreferences"),
        (dump(with_(confidence=0.9)), "additionalProperties"),
        (dump(with_(coreferences=[{"mention": "它", "antecedentId": "e1", "score": 1}])), "additionalProperties"),
        (dump({"template": "status", "domain": "agv"}), "required"),
        (dump(with_(template="query")), "schema violation at template"),
        (dump(with_(domain="AGV")), "schema violation at domain"),
        (dump(with_(coreferences=[{"mention": "它", "antecedentId": "e1"}] * 4)), "maxItems"),
        (dump(with_(coreferences=[{"mention": "它" * 40, "antecedentId": "e1"}])), "maxLength"),
        (dump(with_(coreferences=[{"mention": "", "antecedentId": "e1"}])), "minLength"),
        (dump(with_(coreferences=[{"mention": "那辆车", "antecedentId": "e1"}])), "does not occur"),
        (dump(with_(coreferences=[{"mention": "它", "antecedentId": "e9"}])), "not a known entity"),
        (dump(with_(coreferences=[{"mention": "AGV-77", "antecedentId": "e1"}])), "ungrounded token"),
        (dump(with_(coreferences=[{"mention": "3号站", "antecedentId": "e1"}])), "ungrounded token"),
        (dump(with_(coreferences=[{"mention": "三号站", "antecedentId": "e1"}])), "ungrounded token"),
        (dump([VALID_ANSWER]), "schema violation at <root>"),
        ("x" * 5000, "too long"),
    ],
)
def test_invalid_answers_are_rejected_whole(raw, fragment):
    with pytest.raises(InvalidProposal) as ei:
        validate_proposal(raw, REQ)
    assert fragment in ei.value.reason


def test_unasked_questions_must_not_be_answered():
    req = ProviderRequest(REQ.text, REQ.entities, ("coreference",))
    with pytest.raises(InvalidProposal, match="unasked question: template"):
        validate_proposal(dump(VALID_ANSWER), req)
    ok = validate_proposal(dump(with_(template=None, domain=None)), req)
    assert ok.coreferences == (CorefProposal("它", "e1"),)
    req2 = ProviderRequest(REQ.text, REQ.entities, ("template",))
    with pytest.raises(InvalidProposal, match="unasked question: coreference"):
        validate_proposal(dump(with_(domain=None)), req2)


def test_grounding_tokens():
    assert ungrounded_tokens("AGV-01", REQ.text) == []
    assert ungrounded_tokens("AGV-77", REQ.text) == ["AGV-77", "77"]
    assert ungrounded_tokens("第二辆", "第一辆") == ["二"]
    assert ungrounded_tokens("它", REQ.text) == []


def test_request_schema_is_narrowed_and_compatible():
    s = build_request_schema(ProviderRequest(REQ.text, REQ.entities, ("coreference",)))
    Draft202012Validator.check_schema(s)
    assert s["properties"]["template"] == {"type": "null"}
    assert s["properties"]["domain"] == {"type": "null"}
    assert s["properties"]["coreferences"]["items"]["properties"]["antecedentId"]["enum"] == ["e1"]
    no_entities = build_request_schema(ProviderRequest("它在哪", (), ("coreference", "template")))
    assert no_entities["properties"]["coreferences"]["maxItems"] == 0
    # every instance of the narrowed schema is an instance of the static one
    inst = {"template": None, "domain": None, "coreferences": [{"mention": "它", "antecedentId": "e1"}]}
    Draft202012Validator(s).validate(inst)
    Draft202012Validator(PROPOSAL_SCHEMA).validate(inst)
    assert "$schema" not in s and "$schema" in PROPOSAL_SCHEMA  # the static one is not mutated


def test_request_contract():
    with pytest.raises(ValueError):
        ProviderRequest("x", (), ("intent",))
    r = ProviderRequest("x", [EntityRef("a", "agv", "x")], ["template"])  # lists are frozen to tuples
    assert r.entities == (EntityRef("a", "agv", "x"),) and r.questions == ("template",)
    hash(r)
