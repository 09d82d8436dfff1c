"""The runner and its plumbing: stages, flags, budget and cancellation."""
from nlu.pipeline.flags import FeatureFlags
from nlu.pipeline.runner import Pipeline
from nlu.pipeline.stage import SkipStage, Stage

__all__ = ["FeatureFlags", "Pipeline", "SkipStage", "Stage"]
