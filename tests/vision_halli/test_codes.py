import pytest

from tableref.vision.halli.codes import canonical, fruit_code, parse_code


def test_codes_are_canonical_in_the_spec_order() -> None:
    assert canonical("lbb") == "BBL"
    assert canonical("SLPB") == "BPSL"
    assert canonical("Pig") == "pig"
    assert fruit_code({"banana": 2, "lime": 1}) == "BBL"
    assert parse_code("BBL") == {"banana": 2, "plum": 0, "strawberry": 0, "lime": 1}


@pytest.mark.parametrize("bad", ["", "BXL", "horse"])
def test_bad_codes_name_the_problem(bad: str) -> None:
    with pytest.raises(ValueError, match="card"):
        parse_code(bad)
