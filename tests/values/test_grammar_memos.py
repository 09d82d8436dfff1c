"""The value grammars are compiled per pack on first use (issue 28); their memos are still
the bench's to empty (`nlu.bench.families.forget_memos`), and the reset walks no word-class
reader (whose unknown attributes raise PackError)."""
from __future__ import annotations

from datetime import datetime


def test_the_memo_reset_empties_the_memos_of_every_value_grammar():
    from nlu.bench.families import forget_memos
    from nlu.values.numerals import numeral_grammar
    from nlu.values.quantities import find_amounts_and_quantities, quantity_grammar
    from nlu.values.times import SHANGHAI, find_times, time_grammar

    find_times("明天下午三点", datetime(2026, 3, 16, 9, 30, tzinfo=SHANGHAI))
    find_amounts_and_quantities("三台 二十块五毛")
    memos = (numeral_grammar()._parse, quantity_grammar().read_run)
    assert all(m.cache_info().currsize for m in memos)
    assert forget_memos() >= 3  # the numerals', the run reader's and the time resolver's
    assert not any(m.cache_info().currsize for m in memos)
    assert not any(type(x).__name__ == "WordClasses" for x in vars(time_grammar()).values())
