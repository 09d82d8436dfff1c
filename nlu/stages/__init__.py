"""The stages of the default order (design 4/5): clean → protect → correct → term → ner →
coreference → relation → srl → route → validate, then the decision policy. They are
registered by name in `nlu.pipeline.registry`; `default_stages` and `default_policy` are
its, kept here for their importers."""
from __future__ import annotations

from nlu.pipeline.registry import STAGE_ORDER, default_policy, default_stages
from nlu.pipeline.stage import SkipStage, Stage

__all__ = ["STAGE_ORDER", "SkipStage", "Stage", "default_policy", "default_stages"]
