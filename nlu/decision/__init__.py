"""The decision: continue, clarify or use_original (design 7.8, 8, 12)."""
from nlu.decision.policy import ClarificationPolicy, Thresholds

__all__ = ["ClarificationPolicy", "Thresholds"]
