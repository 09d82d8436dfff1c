"""Pipelines the stage tests share: the semantic stages behind the real earlier ones, and
protect → correct → term for the correction and linking tests."""
from __future__ import annotations

import pytest

from nlu.pipeline import Pipeline
from nlu.stages.clean import CleanStage
from nlu.stages.coreference import CoreferenceStage
from nlu.stages.correct import CorrectStage
from nlu.stages.link import LinkStage
from nlu.stages.ner import NerStage
from nlu.stages.protect import ProtectStage
from nlu.stages.relation import RelationStage
from nlu.stages.route import RouteStage
from nlu.stages.srl import SrlStage

REF = "2026-03-15T10:30:00+08:00"


class Capture:
    """A policy that decides nothing and keeps the draft, so tests can read stage flags."""

    def decide(self, draft):
        self.draft = draft


@pytest.fixture(scope="module")
def run():
    policy = Capture()
    pipe = Pipeline([CleanStage(), ProtectStage(), LinkStage(), NerStage(), CoreferenceStage(), RelationStage(), SrlStage(),
                     RouteStage()], policy=policy, budget_ms=10_000)

    def go(text, **kw):
        result = pipe.understand(text, reference_time=REF, **kw)
        return result, policy.draft
    return go


@pytest.fixture(scope="module")
def pipe():
    """protect → correct → term, with the lazy pinyin/jieba models loaded before any call."""
    stage = CorrectStage()
    stage.warm_up()
    return Pipeline([ProtectStage(), stage, LinkStage()], policy=Capture(), budget_ms=10_000)
