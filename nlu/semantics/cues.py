"""The kinds of grammar cue the semantic stages read.

Grammar cues are closed-class Chinese words (prepositions, coverbs, modals, question
particles), not domain vocabulary (actions, negation, comparison, pronouns and triggers come
from the rest of the pack). The words are data: ``lexicons/grammar_cues.json``, one kind a
word, read by the pack loader and compiled once per pack into one trie scanner
(``Vocabulary.grammar_cues``). Kind "none" marks compounds that must *not* be read as a cue
(现在 is not 在, 自动 is not 自). The names below are the kinds that file may use (its schema
lists the same).
"""
from __future__ import annotations

ORIGIN = "origin"
# a verb said after the place it leaves from (ST-03 出发, ST-03 取料): that place is the origin
DEPART = "depart"
DEST = "dest"
RESPONSIBLE = "responsible"
AT = "at"
INSTRUMENT = "instrument"
AND = "and"
GIVE = "give"
COPULA = "copula"
QUESTION = "question"
ATTRIBUTE = "attribute"
CONNECTIVE = "connective"
MODAL_MUST = "must"
MODAL_SHOULD = "should"
MODAL_MAY = "may"
NONE = "none"

KINDS: tuple[str, ...] = (ORIGIN, DEPART, DEST, RESPONSIBLE, AT, INSTRUMENT, AND, GIVE, COPULA, QUESTION, ATTRIBUTE,
                          CONNECTIVE, MODAL_MUST, MODAL_SHOULD, MODAL_MAY, NONE)
MODAL_KINDS = frozenset({MODAL_MUST, MODAL_SHOULD, MODAL_MAY})
A_NOT_A_KINDS = frozenset({MODAL_MAY, QUESTION})
