"""Moved to `nlu.text.vocabulary` (the semantics read it too, and stand below the stages); kept for its importers."""
from nlu.text.vocabulary import Keyword, Vocabulary, vocabulary

__all__ = ["Keyword", "Vocabulary", "vocabulary"]
