"""`nlu serve`: the pipeline as a local HTTP service for backends not written in Python.

FastAPI + uvicorn (extra ``[serve]``). ``app.create_app`` builds the ASGI app (the pipeline
is built once and warmed in the background; ``/readyz`` answers 200 after that),
``cli`` is the ``nlu serve`` command (loopback unless ``--allow-remote``). Every error is a
JSON problem document (``problems``); request bodies are the camelCase models in
``models``; ``/metrics`` is the Prometheus text of `nlu.telemetry` (OpenTelemetry SDK and
exporter, part of ``[serve]``).
"""
