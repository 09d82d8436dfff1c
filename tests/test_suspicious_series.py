"""`joins_identifier` on its own; the corpus `lexicons/corpora/suspicious.series_and_spaced.json`
runs in tests/test_corpora.py."""

from nlu.suspicious import joins_identifier


def test_joins_identifier_reads_only_a_prefix_and_a_spaced_joiner():
    assert joins_identifier("查 AGV - 22", 8)
    assert joins_identifier("ST－05", 3)
    assert not joins_identifier("查 22", 2)
    assert not joins_identifier("减 - 22", 4)
