"""Injection isolation (design 3.4, 9.2–9.3, 16.2): text addressed to the system stays user
data — it never changes a rule, and only the user's own business question goes downstream.

    units.py    split a text into units: blocks (fences, comments, role tags, JSON, links,
                quotes), sentences, clauses, pause-delimited phrases, role turns
    marks.py    where cleaning removed pauses, line breaks and bidi controls (the judge's boundaries)
    fold.py     the judge's view: width, case, look-alike letters, variant characters and
                invisible characters folded away, with a map back to the text
    rules.py    the vocabulary (`lexicons/injection.json`) compiled into shapes
    isolate.py  judge each unit by its shape (addressed to the system, the user's business
                request, plain data) and decide what to drop and whether the rest may continue

The `protect` stage runs it first and reports it under its own name with the design's flags:
`injection_flag` (material dropped), `injection_only` (no business request left) and
`injection_mixed` (injected and requested material shared a unit: never continue).
The positive and negative corpora beside the vocabulary (`lexicons/injection_attacks.json`,
`lexicons/injection_benign.json`) are run by the tests.
"""
from nlu.injection.isolate import Isolation, Isolator
from nlu.injection.rules import InjectionRules, load_rules

__all__ = ["Isolation", "Isolator", "InjectionRules", "load_rules"]
