"""Shared, rule-based helpers of the semantic stages (coreference, relation, srl, route).

`view` scans the current canonical text once per draft (pack scanners plus the function
words of `cues`) and caches the result; `clauses`, `coordination` and `negation` answer
the structural questions the stages share.
"""
