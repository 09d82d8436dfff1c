"""The default stage order (design 4/5): clean → protect → correct → term → ner →
coreference → relation → srl → route → validate, then the decision policy."""
from __future__ import annotations

from nlu.pipeline.stage import SkipStage, Stage


class _Pending(Stage):
    """A stage not built yet: records `skipped` so the contract stays honest."""

    deterministic = True

    def __init__(self, name: str, capability: str) -> None:
        self.name = name  # type: ignore[misc]
        self.capability = capability  # type: ignore[misc]

    def run(self, draft):  # noqa: ANN001
        raise SkipStage("not_built")


def default_stages() -> list[Stage]:
    return [_Pending(n, n) for n in ("clean", "protect", "correct", "term", "ner", "coreference", "relation", "srl", "route", "validate")]


class _ContinuePolicy:
    def decide(self, draft) -> None:  # noqa: ANN001
        if draft.clarification is not None:
            draft.decision = "clarify"


def default_policy():
    return _ContinuePolicy()
