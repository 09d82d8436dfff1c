"""Issue 26 part 2 as properties over generated families (``tests/injection/generators.py``):
every attack family of ``lexicons/corpora/injection.roles.json`` × six carriers (email, log,
table, document, form, chat) × three positions, and every benign technical unit × carriers.
Before the role judge: 386/630 attack cases failed and 48/240 benign units were deleted."""
from __future__ import annotations

from tests.injection import generators as gen
import pytest


@pytest.fixture(scope="module")
def figures(pipe):  # noqa: ANN001
    return gen.measure(pipe)


def test_no_instruction_to_a_reader_survives_in_canonical_text_or_fill_text(figures):
    assert figures["attack_cases"] >= 600
    assert figures["attack_cases_failing"] == 0, figures["families_failing"]


def test_no_benign_unit_is_deleted(figures):
    assert figures["benign_units"] >= 200
    assert figures["benign_deleted"] == 0, figures["benign_lost"]
