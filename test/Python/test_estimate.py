"""hcl.estimate(s) as a dict (the figures `hcl estimate` prints) and the
roofline plotted with matplotlib."""

import json

import pytest

import hcl


def three_stages(pipelined):
    A = hcl.placeholder((32, 32), "A")

    def kernel(A):
        B = hcl.compute(A.shape, lambda i, j: A[i, j] + 1, "B")
        C = hcl.compute(A.shape, lambda i, j: A[i, j] + 1, "C")
        return hcl.compute(A.shape, lambda i, j: B[i, j] + C[i, j], "D")

    s = hcl.create_schedule([A], kernel)
    if pipelined:
        for stage in ("B", "C", "D"):
            s[stage].pipeline("j")
    return s


def test_estimate_figures():
    plain = hcl.estimate(three_stages(False))
    piped = hcl.estimate(three_stages(True))
    json.dumps(piped)  # plain Python values only
    top = piped["functions"][0]
    assert top["name"] == "top"
    assert top["operations"] == 3 * 32 * 32  # three additions per element
    # A read by B and by C, D written: 4 bytes each.
    assert top["offchip_bytes"] == 3 * 32 * 32 * 4
    inner = [l for l in top["loops"] if l["path"] == "B/i/j"][0]
    assert inner["pipelined"] and inner["ii"] == 1 and inner["requested_ii"] == 1
    assert inner["trip_count"] == 32
    # Pipelining the inner loops shortens the program.
    assert top["latency"] < plain["functions"][0]["latency"]
    assert top["intensity"] == pytest.approx(3072 / 12288)
    assert top["attainable_gops"] == pytest.approx(25.6 * 3072 / 12288)


def test_estimate_of_outlined_functions():
    s = three_stages(True)
    s["B"].outline()
    names = [f["name"] for f in hcl.estimate(s)["functions"]]
    assert names == ["top", "Stage_B"]


def test_estimate_platform_and_target():
    e = hcl.estimate(three_stages(True), clock_ns=5, peak_gops=100,
                     bandwidth_gbs=10)
    assert e["clock_ns"] == 5 and e["peak_gops"] == 100
    assert e["functions"][0]["attainable_gops"] == pytest.approx(10 * 3072 / 12288)
    with pytest.raises(hcl.Error):
        hcl.estimate(three_stages(True), target="no-such-target")


def test_roofline_plot(tmp_path):
    plain = hcl.estimate(three_stages(False))
    piped = hcl.estimate(three_stages(True))
    path = tmp_path / "roofline.svg"
    figure = hcl.roofline([plain, piped], str(path), labels=["plain", "pipelined"])
    text = path.read_text()
    assert text.startswith("<?xml") and "pipelined" in text
    lines = figure.axes[0].get_lines()
    assert lines[2].get_ydata()[0] == pytest.approx(piped["functions"][0]["gops"])


def test_roofline_errors():
    with pytest.raises(hcl.Error, match="no estimates"):
        hcl.roofline([])
    with pytest.raises(hcl.Error, match="1 labels for 2 estimates"):
        e = hcl.estimate(three_stages(True))
        hcl.roofline([e, e], labels=["one"])
