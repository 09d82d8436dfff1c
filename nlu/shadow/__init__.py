"""Shadow mode: run nlu beside production and read what it would have changed (design 17, 18).

    from nlu.shadow import ShadowRunner
    with ShadowRunner(sample_rate=0.05, max_concurrency=1, timeout_ms=1500, sink="shadow.jsonl") as shadow:
        shadow.submit(text, control={"template": "status", "domain": "agv"}, source="asr", cancel=turn_done)

`nlu shadow report shadow.jsonl [--html out.html]` reads the log (`nlu.shadow.report`).
"""
from nlu.shadow.inline import attach
from nlu.shadow.runner import ShadowRunner
from nlu.shadow.sink import JsonlSink

__all__ = ["ShadowRunner", "JsonlSink", "attach"]
