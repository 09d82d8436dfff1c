"""Progress without a terminal is a plain periodic log line (a bar would be garbage in a log file)."""
from __future__ import annotations

import logging

from nlu.batch.progress import ProgressReport


def test_plain_progress_line_when_stderr_is_not_a_terminal(caplog, monkeypatch):
    monkeypatch.setattr("sys.stderr.isatty", lambda: False, raising=False)
    with caplog.at_level(logging.INFO, logger="nlu.batch"):
        report = ProgressReport(every_seconds=0.0, initial=100, initial_errors=1, total=1000)
        report.update(28, 2)
        report.close()
        quiet = ProgressReport(enabled=False, every_seconds=0.0)
        quiet.update(5)
    lines = [r.getMessage() for r in caplog.records if r.name == "nlu.batch"]
    assert len(lines) == 2
    # a first line at once (before any worker is warm), then the total and an ETA
    assert lines[0] == "progress: 100 of 1,000 records (starting)"
    assert lines[1].startswith("progress: 128 of 1,000 records, 3 with errors") and ", ETA " in lines[1]
