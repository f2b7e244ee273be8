"""Photos of Nimalia reserves with exact ground truth.

The cards are laid out on a flat "plane" image (100 px per space, each card a few
millimetres off and turned a degree or two, rounded corners, a dark edge), then seen
through a camera (turned, tilted up to 30 degrees, 40-110 px per space) over a table,
with loose cards and a hand near the reserve, coloured light, glare, shadows, noise
and JPEG. Any card images can be used: the project's drawn ones or a real card sheet.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from tableref.games.nimalia.model import Space
from tableref.vision.nimalia.cards import Card
from tableref.vision.synth.nimalia_reserve import Placement, visible

S = 100  # plane px per space


@dataclass(frozen=True)
class PhotoStyle:
    """How hard the photo is; the defaults are the benchmark's conditions."""

    width: int = 1600
    height: int = 1200
    space_px: tuple[float, float] = (40.0, 110.0)
    max_turn_deg: float = 15.0
    max_tilt_deg: float = 30.0
    jitter: float = 0.07  # card offset, in spaces
    clutter: bool = True  # loose cards and a hand
    lighting: bool = True  # colour cast, gradient, glare, shadow
    noise: bool = True  # sensor noise, blur, JPEG


# A small, straight, clean photo: for tests about what happens to a reading, not about
# how hard the reading is (the benchmark's defaults are for that).
CLEAN_SMALL = PhotoStyle(
    width=800,
    height=600,
    space_px=(55.0, 60.0),
    max_tilt_deg=10.0,
    max_turn_deg=5.0,
    clutter=False,
    lighting=False,
    noise=False,
)


@dataclass
class Photo:
    image: np.ndarray
    spaces: dict[tuple[int, int], Space]
    plane_to_photo: np.ndarray  # homography from plane px (S per space, origin row 0 col 0)
    placements: list[Placement] = field(default_factory=list)
    cover: np.ndarray | None = None  # float32 photo-sized: how much the reserve covers each
    #                                  pixel (0..1), before light and noise
    loose: int = 0  # loose cards laid beside the reserve (clutter; maybe partly out of view)
    hand: bool = False  # a hand drawn beside the reserve (clutter)


def _card_rgba(img: np.ndarray, turns: int) -> tuple[np.ndarray, np.ndarray]:
    face = cv2.resize(img, (2 * S, 2 * S), interpolation=cv2.INTER_AREA).astype(np.float32)
    face = np.ascontiguousarray(np.rot90(face, k=-turns))
    alpha = np.zeros((2 * S, 2 * S), np.float32)
    cv2.rectangle(alpha, (0, 0), (2 * S - 1, 2 * S - 1), 1.0, -1)
    rad = 9
    for cx, cy in (
        (rad, rad),
        (2 * S - 1 - rad, rad),
        (rad, 2 * S - 1 - rad),
        (2 * S - 1 - rad, 2 * S - 1 - rad),
    ):
        x0, y0 = (0 if cx < S else cx), (0 if cy < S else cy)
        alpha[y0 : y0 + rad + 1 if cy < S else 2 * S, x0 : x0 + rad + 1 if cx < S else 2 * S] = 0
        cv2.circle(alpha, (cx, cy), rad, 1.0, -1, cv2.LINE_AA)
    # the card's cut edge reads as a thin dark line
    edge = cv2.erode(alpha, np.ones((3, 3), np.uint8)) < 0.5
    face[edge & (alpha > 0)] *= 0.45
    return face, alpha


def _paste(
    canvas: np.ndarray, cover: np.ndarray, face: np.ndarray, alpha: np.ndarray, m: np.ndarray
) -> None:
    h, w = cover.shape
    f = cv2.warpAffine(face, m, (w, h), flags=cv2.INTER_LINEAR)
    a = cv2.warpAffine(alpha, m, (w, h), flags=cv2.INTER_LINEAR)
    # a soft shadow of the card's thickness on what lies below
    sh = cv2.GaussianBlur(
        cv2.warpAffine(alpha, m + np.array([[0, 0, 2], [0, 0, 3]]), (w, h)), (0, 0), 2
    )
    canvas *= (1 - 0.35 * sh * cover)[..., None]
    canvas[:] = canvas * (1 - a[..., None]) + f * a[..., None]
    cover[:] = np.maximum(cover, a)


def _card_matrix(row: float, col: float, deg: float, origin: float) -> np.ndarray:
    m = cv2.getRotationMatrix2D((S, S), deg, 1.0)
    m[0, 2] += origin + col * S
    m[1, 2] += origin + row * S
    return m


def _camera(rng: np.random.Generator, style: PhotoStyle, extent: float) -> np.ndarray:
    """Homography from centred plane coordinates to photo pixels centred at (0, 0)."""
    th = np.deg2rad(rng.uniform(-style.max_turn_deg, style.max_turn_deg))
    phi = np.deg2rad(rng.uniform(0, style.max_tilt_deg))
    psi = np.deg2rad(rng.uniform(-8, 8))
    dist = extent * rng.uniform(1.6, 3.0)
    rz = np.array([[np.cos(th), -np.sin(th), 0], [np.sin(th), np.cos(th), 0], [0, 0, 1]])
    rx = np.array([[1, 0, 0], [0, np.cos(phi), np.sin(phi)], [0, -np.sin(phi), np.cos(phi)]])
    ry = np.array([[np.cos(psi), 0, np.sin(psi)], [0, 1, 0], [-np.sin(psi), 0, np.cos(psi)]])
    r = ry @ rx @ rz
    h = np.column_stack([r[:, 0], r[:, 1], np.array([0, 0, dist])])
    out: np.ndarray = h / h[2, 2]
    return out


def _table(rng: np.random.Generator, w: int, h: int) -> np.ndarray:
    kind = int(rng.integers(4))
    base = [
        (rng.uniform(60, 110), rng.uniform(100, 150), rng.uniform(150, 200)),  # light wood
        (rng.uniform(30, 55), rng.uniform(50, 80), rng.uniform(80, 115)),  # dark wood
        (rng.uniform(70, 115),) * 3,  # grey cloth (a white table would hide the ice floes)
        (rng.uniform(80, 120), rng.uniform(55, 80), rng.uniform(40, 60)),  # blue felt
    ][kind]
    small = np.empty((h // 8, w // 8, 3), np.float32)
    small[:] = base
    if kind < 2:
        y = np.arange(h // 8, dtype=np.float32)[:, None]
        x = np.arange(w // 8, dtype=np.float32)[None, :]
        grain = np.sin(y * rng.uniform(0.3, 0.9) + 3 * np.sin(x * 0.02 + rng.uniform(0, 6)))
        small += (grain * rng.uniform(6, 16))[..., None]
    small += rng.normal(0, 5, small.shape).astype(np.float32)
    return cv2.resize(small, (w, h), interpolation=cv2.INTER_LINEAR)


def _hand(img: np.ndarray, avoid: np.ndarray, rng: np.random.Generator, size: float) -> bool:
    h, w = avoid.shape
    skin = (rng.uniform(90, 150), rng.uniform(130, 180), rng.uniform(180, 230))
    for _ in range(20):
        cx, cy = float(rng.uniform(0, w)), float(rng.uniform(0, h))
        ang = float(rng.uniform(0, 360))
        layer = np.zeros((h, w), np.uint8)
        cv2.ellipse(
            layer, (int(cx), int(cy)), (int(size * 1.1), int(size * 0.9)), ang, 0, 360, 255, -1
        )
        t = np.deg2rad(ang)
        for k in range(4):
            off = (k - 1.5) * size * 0.45
            fx = cx + np.cos(t) * size * 1.5 - np.sin(t) * off
            fy = cy + np.sin(t) * size * 1.5 + np.cos(t) * off
            cv2.ellipse(
                layer, (int(fx), int(fy)), (int(size * 0.7), int(size * 0.18)), ang, 0, 360, 255, -1
            )
        if not (layer.astype(bool) & avoid).any():
            img[layer > 0] = skin
            return True
    return False


def render_photo(
    card_images: dict[int, np.ndarray],
    cards: dict[int, Card],
    placements: list[Placement],
    rng: np.random.Generator,
    style: PhotoStyle | None = None,
) -> Photo:
    """A photo of the reserve built by `placements`, with its visible spaces as truth."""
    st = style or PhotoStyle()
    r0 = min(p.row for p in placements)
    c0 = min(p.col for p in placements)
    rows = max(p.row for p in placements) - r0 + 2
    cols = max(p.col for p in placements) - c0 + 2
    margin = 2 * S + S // 2  # room for loose cards beside the reserve
    ph, pw = rows * S + 2 * margin, cols * S + 2 * margin
    canvas = np.zeros((ph, pw, 3), np.float32)
    cover = np.zeros((ph, pw), np.float32)
    for p in placements:
        face, alpha = _card_rgba(card_images[p.card_id], p.turns)
        jr, jc = rng.uniform(-st.jitter, st.jitter, 2)
        m = _card_matrix(p.row - r0 + jr, p.col - c0 + jc, float(rng.uniform(-2, 2)), margin)
        _paste(canvas, cover, face, alpha, m)
    reserve_cover = cover.copy()
    loose, hand = 0, False
    if st.clutter:
        unused = [i for i in card_images if i not in {p.card_id for p in placements}] or list(
            card_images
        )
        for _ in range(int(rng.integers(0, 3))):
            for _try in range(20):
                x = float(rng.uniform(0, pw - 2 * S))
                y = float(rng.uniform(0, ph - 2 * S))
                m = cv2.getRotationMatrix2D((S, S), float(rng.uniform(0, 360)), 1.0)
                m[0, 2] += x
                m[1, 2] += y
                face, alpha = _card_rgba(card_images[unused[int(rng.integers(len(unused)))]], 0)
                a = cv2.warpAffine(alpha, m, (pw, ph))
                near = cv2.dilate(cover, np.ones((S, S), np.uint8))  # half a space apart
                if not ((a > 0) & (near > 0)).any():
                    _paste(canvas, cover, face, alpha, m)
                    loose += 1
                    break
    # camera: plane (px) -> photo (px)
    extent = float(max(rows, cols) * S)
    cam = _camera(rng, st, extent)
    centre = np.array(
        [[1, 0, -(margin + cols * S / 2)], [0, 1, -(margin + rows * S / 2)], [0, 0, 1.0]]
    )
    h0 = cam @ centre
    # scale so that a space measures the wanted number of pixels at the reserve's centre
    pts = np.array(
        [
            [margin + cols * S / 2 + dx, margin + rows * S / 2 + dy]
            for dx, dy in ((0, 0), (S, 0), (0, S))
        ],
        np.float32,
    )
    proj = cv2.perspectiveTransform(pts[None], h0)[0]
    now = (np.linalg.norm(proj[1] - proj[0]) + np.linalg.norm(proj[2] - proj[0])) / 2
    want = rng.uniform(*st.space_px)
    # keep the whole reserve inside the photo: shrink when needed
    corners = np.array(
        [
            [margin, margin],
            [margin + cols * S, margin],
            [margin, margin + rows * S],
            [margin + cols * S, margin + rows * S],
        ],
        np.float32,
    )
    span = cv2.perspectiveTransform(corners[None], h0)[0]
    room = min((st.width * 0.9) / np.ptp(span[:, 0]), (st.height * 0.9) / np.ptp(span[:, 1]))
    k = float(min(want / now, room))
    space = k * float(now)  # photo px per space at the reserve's centre
    span = span * k
    lo = -span.min(axis=0) + 0.05 * np.array([st.width, st.height])
    hi = np.array([st.width, st.height]) * 0.95 - span.max(axis=0)
    shift = rng.uniform(np.minimum(lo, hi), np.maximum(lo, hi))
    h = np.array([[k, 0, shift[0]], [0, k, shift[1]], [0, 0, 1.0]]) @ h0
    size = (st.width, st.height)
    photo_cards = cv2.warpPerspective(canvas, h, size, flags=cv2.INTER_LINEAR)
    photo_cover = cv2.warpPerspective(cover, h, size, flags=cv2.INTER_LINEAR)
    reserve_alpha = cv2.warpPerspective(reserve_cover, h, size, flags=cv2.INTER_LINEAR)
    reserve_mask = reserve_alpha > 0
    img = _table(rng, *size)
    # cards cast a soft shadow on the table
    sh = cv2.GaussianBlur(np.roll(photo_cover, (4, 3), (0, 1)), (0, 0), 4)
    img *= (1 - 0.3 * sh)[..., None]
    img = img * (1 - photo_cover[..., None]) + photo_cards * photo_cover[..., None]
    if st.clutter and rng.random() < 0.5:
        avoid = (
            cv2.dilate(
                reserve_mask.astype(np.uint8),
                np.ones((int(space), int(space)), np.uint8),
            )
            > 0
        )
        hand = _hand(img, avoid, rng, space * 0.8)
    if st.lighting:
        img = _light(img, rng, space)
    img = np.clip(img, 0, 255)
    if st.noise:
        img = cv2.GaussianBlur(img, (0, 0), float(rng.uniform(0.4, 1.0)))
        img += rng.normal(0, rng.uniform(1.5, 5), img.shape).astype(np.float32)
        img = np.clip(img, 0, 255).astype(np.uint8)
        _ok, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(60, 92))])
        img = np.asarray(cv2.imdecode(buf, cv2.IMREAD_COLOR))
    else:
        img = img.astype(np.uint8)
    shift_rc = np.array([[1, 0, margin - 0.0], [0, 1, margin - 0.0], [0, 0, 1.0]])
    return Photo(img, visible(cards, placements), h @ shift_rc, list(placements),
                 np.clip(reserve_alpha, 0, 1), loose, hand)


def _light(img: np.ndarray, rng: np.random.Generator, space: float) -> np.ndarray:
    h, w = img.shape[:2]
    warm = rng.uniform(-1, 1)
    gain = np.array([1 - 0.15 * warm, 1 - 0.02 * abs(warm), 1 + 0.12 * warm], np.float32)
    img = img * gain * rng.uniform(0.8, 1.1)
    gy, gx = np.mgrid[0:h:8, 0:w:8].astype(np.float32)
    t = rng.uniform(0, 2 * np.pi)
    ramp = 1 + rng.uniform(0, 0.2) * ((gx / w - 0.5) * np.cos(t) + (gy / h - 0.5) * np.sin(t))
    shade = ramp.copy()
    if rng.random() < 0.6:  # a shadow with a soft edge, e.g. a person or a lamp arm
        p = rng.uniform([0, 0], [w, h])
        n = rng.uniform(-1, 1, 2)
        side = ((gx - p[0]) * n[0] + (gy - p[1]) * n[1]) > 0
        soft = cv2.GaussianBlur(side.astype(np.float32), (0, 0), 3)
        shade *= 1 - rng.uniform(0.15, 0.4) * soft
    shade = cv2.resize(shade, (w, h), interpolation=cv2.INTER_LINEAR)
    img = img * shade[..., None]
    if rng.random() < 0.6:  # glare: a soft bright spot
        yy, xx = np.mgrid[0:h:4, 0:w:4].astype(np.float32)
        cx, cy = rng.uniform(0.25, 0.75) * w, rng.uniform(0.25, 0.75) * h
        sig = rng.uniform(0.5, 1.5) * space
        g = np.exp(-((xx - cx) ** 2 + (yy - cy) ** 2) / (2 * sig * sig)) * rng.uniform(30, 80)
        img = img + cv2.resize(g, (w, h))[..., None]
    return img
