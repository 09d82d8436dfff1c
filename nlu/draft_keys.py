"""The one registry of what stages pass each other through the draft (issue 13, part 6).

Two channels carry findings between stages that are not part of the contract:

* **flags** — `draft.raise_flag(code)`, read by later stages and the policy from
  `draft.flags_raised` (and reported as reason codes);
* **scratch keys** — `draft.scratch[key]`, working values (the values protect found, the
  deadline, a cache).

Every flag and scratch key is declared here once, with the stage that produces it and the
ones that read it. A consumer imports the constant (`from nlu.draft_keys import VALUES`),
so a misspelt name is an ImportError when the module loads; a declaration naming a stage
that does not exist fails when this module loads; and an undeclared name used as a string
is an error at first use in strict mode (`NLU_STRICT=1`, on in the tests): `raise_flag`
checks it, and the strict runner hands stages a scratch mapping that checks every key.
`tests/test_keys.py` also reads the source for every literal flag and scratch key.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from nlu import errors

#: who may produce or consume: the design's stage names, the runner and the policy
PARTIES = frozenset({
    "runner", "clean", "protect", "correct", "term", "ner", "coreference", "relation", "srl", "route",
    "validate", "decision", "semantics",
})


@dataclass(frozen=True, slots=True)
class Key:
    name: str
    channel: str  # "flag" or "scratch"
    producer: str
    consumers: tuple[str, ...]
    meaning: str
    prefix: bool = False  # a family: `stage_error:<stage>`


FLAGS: dict[str, Key] = {}
SCRATCH: dict[str, Key] = {}


def _declare(channel: str, name: str, producer: str, consumers: tuple[str, ...], meaning: str,
             prefix: bool = False) -> str:
    table = FLAGS if channel == "flag" else SCRATCH
    unknown = sorted({producer, *consumers} - PARTIES)
    if unknown or name in table:
        problem = f"unknown stage(s) {', '.join(unknown)}" if unknown else "declared twice"
        raise errors.RegistryError("E210", errors.E210.format(channel=channel, name=name, problem=problem))
    table[name] = Key(name, channel, producer, consumers, meaning, prefix)
    return name


def _flag(name: str, producer: str, consumers: tuple[str, ...], meaning: str, prefix: bool = False) -> str:
    return _declare("flag", name, producer, consumers, meaning, prefix)


def _scratch(name: str, producer: str, consumers: tuple[str, ...], meaning: str) -> str:
    return _declare("scratch", name, producer, consumers, meaning)


# -- flags ------------------------------------------------------------------------------
INJECTION_FLAG = _flag("injection_flag", "protect", ("route", "decision"), "injected instructions were dropped")
INJECTION_ONLY = _flag("injection_only", "protect", ("decision",), "nothing but injected material was typed")
INJECTION_MIXED = _flag("injection_mixed", "protect", ("decision",), "injected and requested words shared a unit: never continued")
INJECTION_SPLIT = _flag("injection_split", "protect", ("decision",), "the clean units left hold no complete business request")
PASTED_EGRESS = _flag("pasted_egress", "protect", ("decision",), "pasted material holds an order to send data out: whose order it is cannot be told")
LOOKALIKE_IDENTIFIER = _flag("lookalike_identifier", "protect", ("route", "decision"), "an identifier with look-alike characters (AGV-O1)")
AMBIGUOUS_CORRECTION = _flag("ambiguous_correction", "correct", ("decision",), "a correction that could change meaning is only a suggestion")
PINYIN_WARMING = _flag("pinyin_warming", "correct", ("decision",), "the pinyin models were still loading: that path was skipped")
AMBIGUOUS_TERM = _flag("ambiguous_term", "term", ("decision",), "a word links to several terms")
BARE_REFERENCE = _flag("bare_reference", "ner", ("decision",), "a bare number or spoken number where an object should be")
UNRESOLVED_COREFERENCE = _flag("unresolved_coreference", "coreference", ("route", "decision"), "a pronoun with no antecedent")
AMBIGUOUS_COREFERENCE = _flag("ambiguous_coreference", "coreference", ("route", "validate", "decision"), "a pronoun with several antecedents")
MISSING_ACTION = _flag("missing_action", "srl", ("route", "decision"), "an object with nothing asked or ordered about it")
WRITE_WITHOUT_OBJECT = _flag("write_without_object", "srl", ("route", "decision"), "a write with no object or result")
NO_TEMPLATE = _flag("no_template", "route", ("route", "validate", "decision"), "no routing template fits")
NO_DOMAIN = _flag("no_domain", "route", ("route", "decision"), "no business domain fits")
TEMPLATE_CONFLICT = _flag("template_conflict", "route", ("route", "validate", "decision"), "two templates fit equally")
CROSS_DOMAIN = _flag("cross_domain", "route", ("route", "decision"), "words of both domains")
DROPPED_DANGLING_RELATION = _flag("dropped_dangling_relation", "validate", ("decision",), "a relation to a missing entity was dropped")
DROPPED_DANGLING_ARGUMENT = _flag("dropped_dangling_argument", "validate", ("decision",), "a frame argument to a missing entity was dropped")
STAGE_ERROR = _flag("stage_error:", "runner", ("decision",), "the named stage raised (stage_error:<stage>)", prefix=True)

# -- scratch keys -----------------------------------------------------------------------
DEADLINE = _scratch("deadline", "runner", ("validate", "correct", "srl"), "the call's Deadline: budget and cancellation")
CATALOG = _scratch("catalog", "runner", ("ner",), "the caller's usable entity catalog")
SOFTWARE_QUESTION = _scratch("software_question", "decision", ("decision",), "the turn asks about the software itself (non_data): its quoted feature names order nothing")
CATALOG_CANDIDATES = _scratch("catalog_candidates", "ner", ("decision",), "(o0, o1) of a look-alike -> the catalog's identifier")
VALUES = _scratch("values", "protect", ("ner", "term", "decision"), "every value protect found (Found tuples, original space)")
WRITE_ACTIONS = _scratch("write_actions", "protect", ("srl", "decision"), "(o0, o1) of every write action word")
UNVERIFIED_NAMES = _scratch("unverified_names", "protect", ("correct",),
                            "(o0, o1) of what could be a person's name while jieba's tagger is not loaded: no correction edits it")
IMPERATIVE_WRITES = _scratch("imperative_writes", "protect", ("runner", "decision"), "the write action words that order something")
SUGGESTIONS = _scratch("suggestions", "correct", ("decision",), "corrections kept as suggestions: o0, o1, from, to, reason")
SHARED_READINGS = _scratch("shared_readings", "term", ("route",),
                           "words both domains share read in one (shared_words.Reading: span, domain, tier)")
FILLER_DEMONSTRATIVES = _scratch("filler_demonstratives", "coreference", ("decision",),
                                 "(o0, o1) of bare demonstratives in a filler's place (谢谢啊 那个 先这样吧) that name nothing")
DESCRIBED_REFERENCES = _scratch("described_references", "coreference", ("decision",),
                                "(o0, o1) of mover phrases a place before them describes (ST-18那台车): a read need not ask which one")
DATA_SPANS = _scratch("data_spans", "protect", ("srl", "route", "decision"),
                      "(o0, o1) of the user's pasted material (quotes, pasted lines, form fields): its write words order nothing")
ASKED_WRITES = _scratch("asked_writes", "srl", ("decision",),
                        "(o0, o1) of write words a question asks about, not orders (nlu.semantics.asked_write)")
SRL_IMPLICIT = _scratch("srl.implicit", "srl", ("route", "decision"), "the frames were implied (no action word)")
REPAIRED_WRITE = _scratch("repaired_write", "runner", ("decision",),
                            "the accounting's repair of a write the grammar did not apply (write_accounting.Repair): the stages ran again on it")
SEMANTICS_VIEW = _scratch("semantics.view", "semantics", ("semantics",), "cache of the sentence view")


def known_flag(code: str) -> bool:
    if code in FLAGS:
        return True
    head, sep, _ = code.partition(":")
    return bool(sep) and (head + sep) in FLAGS and FLAGS[head + sep].prefix


def check_flag(code: str) -> None:
    if not known_flag(code):
        raise errors.RegistryError("E211", errors.E211.format(channel="flag", name=code))


def check_scratch(key: Any) -> None:
    if key not in SCRATCH:
        raise errors.RegistryError("E211", errors.E211.format(channel="scratch key", name=key))


class CheckedScratch(dict):
    """`draft.scratch` in strict mode: every key read or written must be declared above."""

    __slots__ = ()

    def __getitem__(self, key):  # noqa: ANN001, ANN204
        check_scratch(key)
        return dict.__getitem__(self, key)

    def __setitem__(self, key, value) -> None:  # noqa: ANN001
        check_scratch(key)
        dict.__setitem__(self, key, value)

    def __contains__(self, key) -> bool:  # noqa: ANN001
        check_scratch(key)
        return dict.__contains__(self, key)

    def get(self, key, default=None):  # noqa: ANN001, ANN201
        check_scratch(key)
        return dict.get(self, key, default)

    def setdefault(self, key, default=None):  # noqa: ANN001, ANN201
        check_scratch(key)
        return dict.setdefault(self, key, default)

    def pop(self, key, *default):  # noqa: ANN001, ANN201
        check_scratch(key)
        return dict.pop(self, key, *default)
