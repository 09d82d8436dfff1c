"""Goldset evaluation harness: score any ``legacy-nlu-goldcase.v1`` goldset.

Public entry points::

    from nlu.evaluation import load_goldset, evaluate, load_gates, check_gates
    loaded = load_goldset(["goldsets/dev.jsonl"])
    result = evaluate(loaded.cases, understand)      # any callable returning the contract
    outcomes = check_gates(result, load_gates("eval/gates.toml"))

Command line: ``nlu eval GOLDSET.jsonl [...] [--json OUT] [--report DIR] [--gates FILE]``.
"""

from nlu.evaluation.goldset import GoldCase, GoldsetLoad, LineError, load_goldset
from nlu.evaluation.stats import Ratio, wilson
from nlu.evaluation.harness import EvalResult, evaluate
from nlu.evaluation.gates import Gate, GateOutcome, check_gates, load_gates

__all__ = [
    "GoldCase",
    "GoldsetLoad",
    "LineError",
    "load_goldset",
    "Ratio",
    "wilson",
    "EvalResult",
    "evaluate",
    "Gate",
    "GateOutcome",
    "check_gates",
    "load_gates",
]
