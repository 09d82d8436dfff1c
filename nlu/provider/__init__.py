"""Structured-understanding providers: a model may *propose*, deterministic code verifies.

* :class:`RuleProvider` - the default; embedded, no network, always ``skipped``.
* :class:`OpenAICompatProvider` - asks a local OpenAI-compatible server, under a hard
  budget, and returns only answers that passed :func:`validate_proposal`.
* :class:`ReplayServer` - a real local HTTP server replaying recorded answer shapes.
* :mod:`nlu.provider.local_model` - join the shipped GGUF and serve it with xllamacpp.
"""

from .base import (
    OUTCOME_STATUSES,
    QUESTIONS,
    CorefProposal,
    EntityRef,
    ModelProposal,
    ProviderOutcome,
    ProviderRequest,
    StructuredUnderstandingProvider,
)
from .openai_compat import OpenAICompatProvider, RemoteEndpointRefused
from .replay import Reply, ReplayServer
from .rules import RuleProvider
from .schema import PROPOSAL_SCHEMA, InvalidProposal, build_request_schema, validate_proposal

__all__ = [
    "OUTCOME_STATUSES",
    "PROPOSAL_SCHEMA",
    "QUESTIONS",
    "CorefProposal",
    "EntityRef",
    "InvalidProposal",
    "ModelProposal",
    "OpenAICompatProvider",
    "ProviderOutcome",
    "ProviderRequest",
    "RemoteEndpointRefused",
    "Reply",
    "ReplayServer",
    "RuleProvider",
    "StructuredUnderstandingProvider",
    "build_request_schema",
    "validate_proposal",
]
