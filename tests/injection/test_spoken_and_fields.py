"""The pack's attack corpus (`lexicons/injection_attacks.json`), each line alone with the source it
names. The spoken and field corpora (`lexicons/corpora/injection.spoken.json`, `injection.fields.json`)
run in tests/test_corpora.py."""
from __future__ import annotations

def test_attack_corpus_lines_alone_with_their_source(pipe, suite):
    """The pack's positive corpus, each line on its own with the source it names (a spoken
    or scanned line is an attack as the user would send it, not only inside a query)."""
    from nlu.lexicon import load_data_file

    figs = suite.Figures()
    suite.run_alone(pipe.understand, load_data_file("injection_attacks.json")["cases"], figs, "own.alone")
    for name in sorted(figs.counts):
        print(figs.line(name))
    for name in ("own.alone.continued_with_marker", "own.alone.marker_in_fill_text"):
        n, d = figs.counts[name]
        assert n == 0, f"{name}: {n}/{d}\n" + "\n".join(figs.examples.get(name, [])[:10])
    n, d = figs.counts["own.alone.flagged"]
    assert n == d, "\n".join(figs.examples.get("own.alone.not_flagged", [])[:10])


