"""Reliability table, ECE and Brier worked out by hand."""

import pytest

from nlu.evaluation.calibration import calibrate, plot_reliability, reliability


def test_ece_and_brier_by_hand():
    # bin [0.9,1.0): conf .9, acc .5 → weight .5 · |.5-.9| = .2 ; bin [0.2,0.3): conf .2, acc 0 → .5 · .2 = .1
    t = reliability("x", [(0.9, True), (0.9, False), (0.2, False), (0.2, False)])
    assert t.n == 4
    assert t.ece == pytest.approx(0.3)
    assert t.brier == pytest.approx((0.01 + 0.81 + 0.04 + 0.04) / 4)
    assert [b.count for b in t.bins] == [0, 0, 2, 0, 0, 0, 0, 0, 0, 2]
    assert t.bins[9].accuracy == 0.5 and t.bins[9].mean_confidence == pytest.approx(0.9)


def test_score_one_falls_in_last_bin_and_perfect_calibration_is_zero():
    t = reliability("x", [(1.0, True), (0.0, False)])
    assert t.bins[9].count == 1 and t.bins[0].count == 1
    assert t.ece == 0 and t.brier == 0


def test_empty_group_has_no_numbers():
    t = reliability("x", [])
    assert t.n == 0 and t.ece is None and t.brier is None


def test_groups_and_pooled():
    tabs = calibrate([("correction", 0.9, True), ("template", 0.8, False)])
    assert set(tabs) == {"correction", "template", "all"}
    assert tabs["all"].n == 2
    assert tabs["all"].brier == pytest.approx((0.01 + 0.64) / 2)


def test_plot_is_skipped_with_a_note_or_written(tmp_path):
    tabs = calibrate([("entity", 0.9, True)])
    note = plot_reliability(tabs, tmp_path / "r.png")
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        assert note and "matplotlib" in note and not (tmp_path / "r.png").exists()
    else:
        assert note is None and (tmp_path / "r.png").stat().st_size > 0
