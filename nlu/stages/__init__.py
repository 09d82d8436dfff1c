"""The default stage order (design 4/5): clean → protect → correct → term → ner →
coreference → relation → srl → route → validate, then the decision policy."""
from __future__ import annotations

import importlib

from nlu.pipeline.stage import SkipStage, Stage

STAGE_ORDER = (
    ("clean", "nlu.stages.clean", "CleanStage"),
    ("protect", "nlu.stages.protect", "ProtectStage"),
    ("correct", "nlu.stages.correct", "CorrectStage"),
    ("term", "nlu.stages.link", "LinkStage"),
    ("ner", "nlu.stages.ner", "NerStage"),
    ("coreference", "nlu.stages.coreference", "CoreferenceStage"),
    ("relation", "nlu.stages.relation", "RelationStage"),
    ("srl", "nlu.stages.srl", "SrlStage"),
    ("route", "nlu.stages.route", "RouteStage"),
    ("validate", "nlu.stages.validate", "ValidateStage"),
)


class _Pending(Stage):
    """A stage not built yet: records `skipped` so the contract stays honest."""

    deterministic = True

    def __init__(self, name: str) -> None:
        self.name = name  # type: ignore[misc]
        self.capability = name  # type: ignore[misc]

    def run(self, draft):  # noqa: ANN001
        raise SkipStage("not_built")


def _build(module: str, cls: str, pack, provider):  # noqa: ANN001
    klass = getattr(importlib.import_module(module), cls)
    if cls == "ValidateStage":
        return klass(provider)
    try:
        return klass(pack=pack)
    except TypeError:
        return klass()


def default_stages(pack=None, provider=None) -> list[Stage]:  # noqa: ANN001
    out: list[Stage] = []
    for name, module, cls in STAGE_ORDER:
        try:
            out.append(_build(module, cls, pack, provider))
        except ModuleNotFoundError:
            out.append(_Pending(name))
    return out


def default_policy(pack=None):  # noqa: ANN001
    from nlu.decision import ClarificationPolicy

    return ClarificationPolicy(pack=pack)
