"""The layout check after counting: which sets of fruit places a deck prints."""

from tableref.vision.halli.layouts import Fruit, layout_problem

SIZE = (100, 150)


def _fruits(*places: tuple[float, float], kind: str = "lime") -> list[Fruit]:
    return [Fruit(kind, 400, (x * SIZE[0], y * SIZE[1])) for x, y in places]


def test_printed_layouts_pass() -> None:
    for places in (
        [(0.5, 0.5)],  # one in the middle
        [(0.3, 0.25), (0.7, 0.75)],  # a diagonal
        [(0.25, 0.2), (0.5, 0.5), (0.75, 0.8)],  # three on a diagonal
        [(0.72, 0.22), (0.3, 0.5), (0.72, 0.78)],  # a triangle: two right, one left
        [(0.3, 0.3), (0.7, 0.3), (0.5, 0.72)],  # a triangle: two up, one down
        [(0.3, 0.25), (0.7, 0.25), (0.3, 0.75), (0.7, 0.75)],  # a square of four
    ):
        assert layout_problem(_fruits(*places), SIZE) is None, places


def test_a_square_of_four_with_one_covered_is_not_three() -> None:
    """Three corners of a square (a hand over the fourth), even read through an outline
    a little off the card, are not a printed triangle."""
    for shift in (0.0, 0.04, -0.04):
        places = [(0.3 + shift, 0.25), (0.7 + shift, 0.25), (0.3 + shift, 0.75)]
        assert layout_problem(_fruits(*places), SIZE) is not None, shift
    two = [(0.3, 0.25), (0.7, 0.25)]  # the top row of a square only
    assert layout_problem(_fruits(*two), SIZE) is not None
