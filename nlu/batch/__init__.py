"""Batch normalization of log lines (ASR/OCR dumps) for data teams: `nlu batch`."""
