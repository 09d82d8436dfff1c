"""Text coordinates: the one edit/offset engine every stage uses.

`Alignment` maps the user's original text to the current (canonical) text as a tiling of
segments; `rewrite` applies the edits a stage proposes and returns the next alignment.
Offsets are Python code points here; `utf16` converts them at the contract boundary.
"""
from nlu.text.alignment import Alignment, Segment
from nlu.text.rewriter import Edit, EditOutcome, rewrite

__all__ = ["Alignment", "Segment", "Edit", "EditOutcome", "rewrite"]
