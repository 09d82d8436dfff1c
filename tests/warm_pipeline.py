"""One warmed pipeline per test process, for tests whose expectations need the lazily loaded
models (the word-boundary index, jieba and its tagger, the pinyin index): a cold pipeline
stays conservative until they are loaded. Its own object, not the default pipeline, which a
test elsewhere may rebuild on another pack object."""
from __future__ import annotations

import functools

import nlu


@functools.cache
def warm_pipeline() -> nlu.Pipeline:
    pipe = nlu.Pipeline(budget_ms=5000)
    pipe.warm_up()
    return pipe
