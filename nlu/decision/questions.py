"""Moved to `nlu.semantics.readings` (the write-risk questions build options too); kept for its importers."""
from nlu.semantics.readings import clarify, readings

__all__ = ["clarify", "readings"]
