"""Review of the merge 09cc87a (nelly-s31: glare.py, dark.DARK_PLANT 40 -> 30, fringe.py).

Crafted tables drawn with the project's own art (synth/nelly_art, nelly_scene.table_top,
nelly_tables' development kinds; no held-out part): two default zones, zone 0 the case on
four plants (two turtles lying on each other at spot 0, `fillers` on the next plants),
zone 1 a red, a yellow and an orange on their plants; then a lamp (kelvin_rgb times an
exposure), a shadow over zone 0 (`shade`, the frame there times it), noise, blur, JPEG.
Offsets are in shell radii (17 px). A zone's count must be the truth or unsure.

HARMS: sure wrong counts on 09cc87a that its parent 45e9ee5 gave as unsure (these fail on
the merge; dark.py's limit and fringe.py were reverted after this review, glare.py kept).
GUARDS: cases that pass on both. Of 3,020 crafted tables (6,040 zones; two
turtles of two colours or of one lying on each other, 0.05-1.3 radii apart, the top tilted
up to 1.1 rad; lone and stacked turtles under shadows 0.1-0.8; lamps 2700-6500 K, gloss,
blur, noise, JPEG; the development tables only) 35 zones are harms:
- dark.DARK_PLANT 30 (29): a shadowed zone the parent called too dark is read, and a stack
  of two (0.1-0.35 radii apart) is one turtle, or an orange a yellow (54018, zone 1). 24
  of them the parent also gets wrong on the same table unshadowed; 5 (51277, 33548, 45934,
  8439, 5305) are wrong only in the shadow.
- fringe.py (6): two orange turtles 0.27-0.38 radii apart, or a red under an orange
  (84011), one orange: 53149, 46556, 19707, 84011 in full light (the parent unsure).
- glare.py: none (nor in the direct core patches of another paint below).
"""


from typing import Any

import cv2
import numpy as np
import pytest

from tableref.vision.nelly import count_turtles
from tableref.vision.nelly.domes import Blob, Paints, core_of, read_blob
from tableref.vision.nelly.light import NEUTRAL
from tableref.vision.nelly.material import PAINT_BGR, PLANT_BGR
from tableref.vision.nelly.zones import Zone, default_zones
from tableref.vision.synth.nelly_art import Light, draw_dome, paint_variant, plant_disc
from tableref.vision.synth.nelly_scene import kelvin_rgb, table_top

SIZE = (1280, 720)
R = 17.0
COLOURS = ("red", "yellow", "orange")


def _render(case: dict[str, Any]) -> tuple[np.ndarray, list[Zone], list[dict[str, int]]]:
    """The frame, the zones and each zone's truth for a case (see the module's doc)."""
    rng = np.random.default_rng(case["seed"])
    frame = table_top(rng, SIZE, case.get("table", "light"))
    zones = default_zones(2, SIZE)
    light = Light()
    if "gloss" in case:
        light = Light(tuple(case["ldir"]), case["amb"], case["gloss"])
    pr = np.random.default_rng(case["seed"] + 1000)
    paints = {c: (paint_variant(pr, c) if case.get("variant")
                  else np.asarray(PAINT_BGR[c], np.float32)) for c in COLOURS}
    green = np.asarray(PLANT_BGR, np.float32)
    x0, y0, _, y1 = zones[0].bounds
    spots = [(x0 + 60 + 80 * i, (y0 + y1) / 2) for i in range(4)]
    for i, s in enumerate(spots):
        plant_disc(frame, s, 27.0, green, np.random.default_rng([case["seed"], i]))
    truth0 = dict.fromkeys(COLOURS, 0)
    sx, sy = spots[0]
    for c, dx, dy, tilt, lean in case["turtles"]:
        draw_dome(frame, (sx + dx * R, sy + dy * R), R, paints[c], light, tilt=tilt, lean=lean)
        truth0[c] += 1
    for k, c in enumerate(case.get("fillers", [])):
        draw_dome(frame, spots[k + 1], R, paints[c], light)
        truth0[c] += 1
    x0, y0, _, y1 = zones[1].bounds
    for i, c in enumerate(COLOURS):
        s = (x0 + 60 + 80 * i, (y0 + y1) / 2)
        plant_disc(frame, s, 27.0, green, np.random.default_rng([case["seed"], 10 + i]))
        draw_dome(frame, s, R, paints[c], light)
    f = frame.astype(np.float32)
    if "kelvin" in case:
        f *= kelvin_rgb(case["kelvin"]) * case.get("expo", 1.0)
    if "shade" in case:
        zx0, zy0, zx1, zy1 = (int(v) for v in zones[0].bounds)
        f[max(zy0 - 30, 0):zy1 + 30, max(zx0 - 30, 0):zx1 + 30] *= case["shade"]
    if case.get("noise"):
        f += np.random.default_rng(case["seed"] + 7).normal(
            0, case["noise"], f.shape).astype(np.float32)
    img: np.ndarray = np.clip(f, 0, 255).astype(np.uint8)
    if case.get("blur"):
        img = cv2.GaussianBlur(img, (0, 0), case["blur"])
    if case.get("jpeg"):
        ok, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, case["jpeg"]])
        assert ok
        decoded = cv2.imdecode(buf, cv2.IMREAD_COLOR)
        assert decoded is not None
        img = decoded
    return img, zones, [truth0, dict.fromkeys(COLOURS, 1)]


def _check(case: dict[str, Any], zone: int) -> None:
    img, zones, truth = _render(case)
    seen = count_turtles(img, zones)[zone]
    assert seen.unsure or seen.counts == truth[zone], (seen.counts, truth[zone])


# (rule, note, zone, case, merge's count, truth): the merge's sure count is wrong, the parent
# unsure. rule: which of the merge's changes makes it (the merge with that change undone
# is unsure again). note: the same case without the shadow ("lit") on the parent.
HARMS = [('dark', 'lit: parent wrong too', 0,
  {'seed': 58427,
   'table': 'wood',
   'kelvin': 3000,
   'expo': 0.83,
   'blur': 1.68,
   'noise': 4.9,
   'gloss': 0.88,
   'ldir': [0.38968235126614664, -0.1572345385707388, 0.907427663779397],
   'amb': 0.47,
   'variant': True,
   'fillers': ['orange', 'red'],
   'shade': 0.63,
   'turtles': [['red', 0, 0, 0.0, 0.0],
               ['orange', -0.12414731262534713, -0.021337355444395942, 0.68,
                3.311800949299074]]},
  {'red': 1, 'yellow': 0, 'orange': 2}, {'red': 2, 'yellow': 0, 'orange': 2}),
 ('dark', 'lit: parent wrong too', 0,
  {'seed': 47351,
   'table': 'print',
   'kelvin': 4500,
   'expo': 1.06,
   'blur': 1.1,
   'noise': 3.0,
   'gloss': 0.78,
   'ldir': [-0.11630124790039166, -0.14278476185593836, 0.982897009619296],
   'amb': 0.2,
   'variant': True,
   'fillers': ['yellow', 'red'],
   'shade': 0.52,
   'turtles': [['red', 0, 0, 0.0, 0.0],
               ['yellow', 0.22598769894000426, -0.02606846454311673, 0.62,
                -0.11484586604562819]]},
  {'red': 1, 'yellow': 2, 'orange': 0}, {'red': 2, 'yellow': 2, 'orange': 0}),
 ('dark', 'lit: parent wrong too', 0,
  {'seed': 26047,
   'table': 'wood',
   'kelvin': 3500,
   'expo': 1.18,
   'blur': 1.88,
   'jpeg': 75,
   'gloss': 0.62,
   'ldir': [0.06246753748814877, -0.19755927539905793, 0.9782985942256923],
   'amb': 0.37,
   'variant': False,
   'fillers': [],
   'shade': 0.47,
   'turtles': [['red', 0, 0, 0.0, 0.0],
               ['red', 0.2242565146350318, 0.014102433741887924, 0.67, 0.06280258174887339]]},
  {'red': 1, 'yellow': 0, 'orange': 0}, {'red': 2, 'yellow': 0, 'orange': 0}),
 ('dark', 'lit: parent wrong too', 0,
  {'seed': 13139,
   'table': 'warm',
   'kelvin': 6500,
   'expo': 0.99,
   'blur': 1.02,
   'jpeg': 76,
   'noise': 5.8,
   'gloss': 0.89,
   'ldir': [0.5089658811483658, 0.31481415580542355, 0.8011527813915309],
   'amb': 0.44,
   'variant': True,
   'fillers': [],
   'shade': 0.45,
   'turtles': [['yellow', 0, 0, 0.0, 0.0],
               ['yellow', 0.1589190845024817, 0.20734135427948952, 0.26, 0.9168430772363987]]},
  {'red': 0, 'yellow': 1, 'orange': 0}, {'red': 0, 'yellow': 2, 'orange': 0}),
 ('dark', 'lit: parent unsure', 0,
  {'seed': 51277,
   'table': 'warm',
   'kelvin': 6500,
   'expo': 0.7,
   'blur': 1.06,
   'jpeg': 70,
   'gloss': 0.74,
   'ldir': [-0.24050598226515474, -0.4613682446949953, 0.853988416362735],
   'amb': 0.27,
   'variant': True,
   'fillers': ['red', 'yellow'],
   'shade': 0.57,
   'turtles': [['yellow', 0, 0, 0.0, 0.0],
               ['yellow', -0.20513377452648768, -0.29459284252269313, 0.28, 4.104130488368257],
               ['yellow', -0.2870297177726608, -0.009162188832858464, 0.4,
                1.8502109303553163]]},
  {'red': 1, 'yellow': 2, 'orange': 0}, {'red': 1, 'yellow': 4, 'orange': 0}),
 ('dark', 'lit: parent wrong too', 0,
  {'seed': 39948,
   'table': 'plain',
   'kelvin': 4500,
   'expo': 0.99,
   'blur': 0.61,
   'jpeg': 86,
   'gloss': 0.96,
   'ldir': [-0.1706873936729433, 0.48569408632032374, 0.8573022035167084],
   'amb': 0.29,
   'variant': False,
   'fillers': [],
   'shade': 0.49,
   'turtles': [['orange', 0, 0, 0.0, 0.0],
               ['orange', 0.046087403767341564, 0.1145059533370641, 0.76,
                1.1881459746983356]]},
  {'red': 0, 'yellow': 0, 'orange': 1}, {'red': 0, 'yellow': 0, 'orange': 2}),
 ('dark', 'lit: parent wrong too', 0,
  {'seed': 25695,
   'table': 'wood',
   'kelvin': 3500,
   'expo': 0.72,
   'blur': 1.99,
   'noise': 1.0,
   'gloss': 0.67,
   'ldir': [-0.21248458479038268, 0.22052438440661584, 0.9519555121477798],
   'amb': 0.35,
   'variant': False,
   'fillers': ['orange'],
   'shade': 0.66,
   'turtles': [['yellow', 0, 0, 0.0, 0.0],
               ['yellow', -0.05815687120233365, -0.12314234121383218, 1.04,
                4.271167528111189]]},
  {'red': 0, 'yellow': 1, 'orange': 1}, {'red': 0, 'yellow': 2, 'orange': 1}),
 ('dark', 'lit: parent wrong too', 0,
  {'seed': 59360,
   'table': 'wood',
   'kelvin': 6500,
   'expo': 1.03,
   'blur': 0.66,
   'jpeg': 67,
   'noise': 1.9,
   'gloss': 0.68,
   'ldir': [-0.3634245065257857, 0.3897295868985819, 0.8461876134477212],
   'amb': 0.33,
   'variant': False,
   'fillers': ['orange', 'yellow'],
   'shade': 0.47,
   'turtles': [['yellow', 0, 0, 0.0, 0.0],
               ['yellow', -0.0857588797165817, 0.2600180503995232, 0.58, 1.8893806062675862]]},
  {'red': 0, 'yellow': 2, 'orange': 1}, {'red': 0, 'yellow': 3, 'orange': 1}),
 ('dark', 'lit: parent wrong too', 1,
  {'seed': 54018,
   'table': 'pale_wood',
   'kelvin': 6500,
   'expo': 0.83,
   'blur': 1.93,
   'jpeg': 74,
   'noise': 1.9,
   'variant': True,
   'fillers': ['red', 'red'],
   'shade': 0.255,
   'turtles': [['orange', 0, 0, 0.0, 0.0]]},
  {'red': 1, 'yellow': 2, 'orange': 0}, {'red': 1, 'yellow': 1, 'orange': 1}),
 ('dark', 'lit: parent wrong too', 0,
  {'seed': 22663,
   'table': 'pale_wood',
   'kelvin': 6500,
   'expo': 1.09,
   'blur': 0.53,
   'jpeg': 83,
   'noise': 3.6,
   'gloss': 0.81,
   'ldir': [-0.03522679640639125, -0.057780738946260395, 0.9977076019665114],
   'amb': 0.25,
   'variant': False,
   'fillers': [],
   'shade': 0.457,
   'turtles': [['yellow', 0, 0, 0.0, 0.0],
               ['yellow', -0.10305374311240831, 0.23847278169400815, 0.47,
                1.9786994483968638]]},
  {'red': 0, 'yellow': 1, 'orange': 0}, {'red': 0, 'yellow': 2, 'orange': 0}),
 ('dark', 'lit: parent unsure', 0,
  {'seed': 33548,
   'table': 'print',
   'kelvin': 4500,
   'expo': 1.01,
   'blur': 1.26,
   'jpeg': 76,
   'variant': True,
   'fillers': [],
   'shade': 0.477,
   'turtles': [['yellow', 0, 0, 0.0, 0.0],
               ['yellow', -0.28444547980065715, 0.2537932815895412, 0.28,
                2.4130821164707177]]},
  {'red': 0, 'yellow': 1, 'orange': 0}, {'red': 0, 'yellow': 2, 'orange': 0}),
 ('dark', 'lit: parent wrong too', 0,
  {'seed': 16898,
   'table': 'wood',
   'kelvin': 6500,
   'expo': 1.04,
   'blur': 0.63,
   'jpeg': 82,
   'gloss': 0.47,
   'ldir': [0.019923065650552296, -0.4454995652973098, 0.8950604497881648],
   'amb': 0.22,
   'variant': False,
   'fillers': [],
   'shade': 0.443,
   'turtles': [['yellow', 0, 0, 0.0, 0.0],
               ['yellow', 0.032652229141097264, 0.27943480592368714, 0.49,
                1.4544728717368598]]},
  {'red': 0, 'yellow': 1, 'orange': 0}, {'red': 0, 'yellow': 2, 'orange': 0}),
 ('dark', 'lit: parent wrong too', 0,
  {'seed': 48285,
   'table': 'plain',
   'kelvin': 4500,
   'expo': 0.87,
   'blur': 1.97,
   'jpeg': 93,
   'noise': 5.8,
   'gloss': 0.41,
   'ldir': [-0.06562425102256654, 0.36630581535867446, 0.9281775192882792],
   'amb': 0.34,
   'variant': True,
   'fillers': [],
   'shade': 0.601,
   'turtles': [['orange', 0, 0, 0.0, 0.0],
               ['orange', -0.1661946363886879, 0.2459200001591762, 0.36, 2.1651006863164746]]},
  {'red': 0, 'yellow': 0, 'orange': 1}, {'red': 0, 'yellow': 0, 'orange': 2}),
 ('fringe', 'lit: parent wrong too', 0,
  {'seed': 40654,
   'table': 'warm',
   'kelvin': 6500,
   'expo': 0.91,
   'blur': 1.45,
   'jpeg': 57,
   'gloss': 0.79,
   'ldir': [-0.38160945566241783, 0.4713766640178358, 0.795096386589984],
   'amb': 0.47,
   'variant': False,
   'fillers': ['orange', 'red'],
   'shade': 0.577,
   'turtles': [['orange', 0, 0, 0.0, 0.0],
               ['orange', 0.2982958715859756, 0.10572597345322764, 0.71, 0.3406187850597301]]},
  {'red': 1, 'yellow': 0, 'orange': 2}, {'red': 1, 'yellow': 0, 'orange': 3}),
 ('dark', 'lit: parent wrong too', 0,
  {'seed': 83624,
   'table': 'pale_wood',
   'kelvin': 2700,
   'expo': 0.88,
   'blur': 1.17,
   'jpeg': 87,
   'noise': 1.5,
   'gloss': 0.58,
   'ldir': [0.2467181900152133, 0.35800221842861546, 0.9005356996342826],
   'amb': 0.27,
   'variant': False,
   'fillers': ['red'],
   'shade': 0.579,
   'turtles': [['red', 0, 0, 0.0, 0.0],
               ['red', -0.25985945067471766, -0.07933059036328702, 0.88, 3.4378888723253542]]},
  {'red': 2, 'yellow': 0, 'orange': 0}, {'red': 3, 'yellow': 0, 'orange': 0}),
 ('dark', 'lit: parent wrong too', 0,
  {'seed': 79432,
   'table': 'plain',
   'kelvin': 3000,
   'expo': 0.9,
   'blur': 1.3,
   'jpeg': 84,
   'gloss': 0.85,
   'ldir': [0.19900862021801766, -0.37063327572338023, 0.9072081040232597],
   'amb': 0.44,
   'variant': True,
   'fillers': [],
   'shade': 0.553,
   'turtles': [['yellow', 0, 0, 0.0, 0.0],
               ['yellow', -0.011228920910724404, 0.3464753223728507, 0.98,
                1.6031939933901622]]},
  {'red': 0, 'yellow': 1, 'orange': 0}, {'red': 0, 'yellow': 2, 'orange': 0}),
 ('dark', 'lit: parent wrong too', 0,
  {'seed': 12978,
   'table': 'print',
   'kelvin': 3500,
   'expo': 0.82,
   'blur': 1.14,
   'jpeg': 55,
   'noise': 6.0,
   'gloss': 0.36,
   'ldir': [0.2936982585194086, 0.3051056196543406, 0.9058983904379163],
   'amb': 0.4,
   'variant': False,
   'fillers': [],
   'shade': 0.64,
   'turtles': [['red', 0, 0, 0.0, 0.0],
               ['red', -0.11752854443184493, -0.16369534752247308, 0.96, 4.089703359231555]]},
  {'red': 1, 'yellow': 0, 'orange': 0}, {'red': 2, 'yellow': 0, 'orange': 0}),
 ('dark', 'lit: parent wrong too', 0,
  {'seed': 65213,
   'table': 'warm',
   'kelvin': 3500,
   'expo': 0.98,
   'blur': 1.01,
   'jpeg': 93,
   'noise': 4.8,
   'gloss': 0.46,
   'ldir': [-0.5218522171644201, 0.3883545044699435, 0.7595071048373961],
   'amb': 0.49,
   'variant': True,
   'fillers': ['yellow', 'red'],
   'shade': 0.589,
   'turtles': [['red', 0, 0, 0.0, 0.0],
               ['red', 0.20687898180753014, 0.08738240100743781, 0.54, 0.3996529065557845]]},
  {'red': 2, 'yellow': 1, 'orange': 0}, {'red': 3, 'yellow': 1, 'orange': 0}),
 ('dark', 'lit: parent wrong too', 0,
  {'seed': 39623,
   'table': 'pale_wood',
   'kelvin': 3500,
   'expo': 1.12,
   'blur': 1.36,
   'jpeg': 90,
   'noise': 4.4,
   'gloss': 0.61,
   'ldir': [0.4352407702236269, -0.456884894085502, 0.7757716580873677],
   'amb': 0.43,
   'variant': True,
   'fillers': ['yellow'],
   'shade': 0.524,
   'turtles': [['orange', 0, 0, 0.0, 0.0],
               ['orange', 0.004918601242359566, 0.20827932566675098, 0.59,
                1.547185307386308]]},
  {'red': 0, 'yellow': 1, 'orange': 1}, {'red': 0, 'yellow': 1, 'orange': 2}),
 ('fringe', 'no shadow in the case', 0,
  {'seed': 53149,
   'table': 'green',
   'kelvin': 3000,
   'expo': 0.88,
   'blur': 1.69,
   'jpeg': 58,
   'noise': 1.2,
   'gloss': 0.96,
   'ldir': [0.41952226372230433, -0.3396914399488656, 0.8417902326986096],
   'amb': 0.42,
   'variant': True,
   'fillers': [],
   'turtles': [['orange', 0, 0, 0.0, 0.0],
               ['orange', 0.03246375725369401, -0.26498015407645686, 0.68,
                4.834295397457825]]},
  {'red': 0, 'yellow': 0, 'orange': 1}, {'red': 0, 'yellow': 0, 'orange': 2}),
 ('dark', 'lit: parent wrong too', 0,
  {'seed': 83204,
   'table': 'cloth',
   'kelvin': 3000,
   'expo': 1.02,
   'blur': 1.75,
   'jpeg': 91,
   'noise': 5.6,
   'gloss': 0.47,
   'ldir': [-0.36160986386121824, 0.5281087735767334, 0.7683354928867661],
   'amb': 0.36,
   'variant': False,
   'fillers': ['orange', 'orange'],
   'shade': 0.594,
   'turtles': [['red', 0, 0, 0.0, 0.0],
               ['red', -0.0485685355993679, 0.26723197402167376, 0.93, 1.7505806537267996]]},
  {'red': 1, 'yellow': 0, 'orange': 2}, {'red': 2, 'yellow': 0, 'orange': 2}),
 ('dark', 'lit: parent unsure', 0,
  {'seed': 45934,
   'table': 'light',
   'kelvin': 3500,
   'expo': 0.8,
   'blur': 1.95,
   'jpeg': 76,
   'gloss': 0.98,
   'ldir': [-0.2926538019243549, 0.012960188945483037, 0.9561306321427622],
   'amb': 0.27,
   'variant': True,
   'fillers': ['orange'],
   'shade': 0.541,
   'turtles': [['yellow', 0, 0, 0.0, 0.0],
               ['yellow', 0.3563286660415812, 0.25744352430816825, 0.71, 0.6256603127276859]]},
  {'red': 0, 'yellow': 1, 'orange': 1}, {'red': 0, 'yellow': 2, 'orange': 1}),
 ('dark', 'lit: parent wrong too', 0,
  {'seed': 41893,
   'table': 'light',
   'kelvin': 3500,
   'expo': 0.85,
   'blur': 1.93,
   'jpeg': 90,
   'gloss': 0.77,
   'ldir': [0.016552249594318696, -0.4640256354809812, 0.8856671116451368],
   'amb': 0.25,
   'variant': False,
   'fillers': ['orange', 'orange'],
   'shade': 0.565,
   'turtles': [['yellow', 0, 0, 0.0, 0.0],
               ['yellow', 0.22566408146390554, 0.09389618846137267, 0.43,
                0.3942982258082067]]},
  {'red': 0, 'yellow': 1, 'orange': 2}, {'red': 0, 'yellow': 2, 'orange': 2}),
 ('fringe', 'no shadow in the case', 0,
  {'seed': 46556,
   'table': 'pale_wood',
   'kelvin': 3000,
   'expo': 0.91,
   'blur': 1.75,
   'jpeg': 64,
   'noise': 1.3,
   'gloss': 0.96,
   'ldir': [-0.32341413164226757, -0.04487983344777823, 0.9451926258725137],
   'amb': 0.43,
   'variant': False,
   'fillers': ['yellow', 'yellow'],
   'turtles': [['orange', 0, 0, 0.0, 0.0],
               ['orange', 0.056561645119949974, -0.27611511948836837, 0.83,
                4.91444175565054]]},
  {'red': 0, 'yellow': 2, 'orange': 1}, {'red': 0, 'yellow': 2, 'orange': 2}),
 ('dark', 'lit: parent unsure', 0,
  {'seed': 8439,
   'table': 'light',
   'kelvin': 2700,
   'expo': 0.81,
   'blur': 0.84,
   'noise': 4.7,
   'gloss': 0.65,
   'ldir': [-0.2260511956655709, 0.47959883457388197, 0.8478713433142672],
   'amb': 0.47,
   'variant': True,
   'fillers': [],
   'shade': 0.631,
   'turtles': [['red', 0, 0, 0.0, 0.0],
               ['red', 0.14269436930748208, 0.3102600422963268, 0.72, 1.139724758690078]]},
  {'red': 1, 'yellow': 0, 'orange': 0}, {'red': 2, 'yellow': 0, 'orange': 0}),
 ('dark', 'lit: parent wrong too', 0,
  {'seed': 61856,
   'table': 'print',
   'kelvin': 4500,
   'expo': 1.08,
   'blur': 1.29,
   'jpeg': 91,
   'noise': 3.5,
   'gloss': 0.58,
   'ldir': [-0.359015523395027, 0.4793303130352256, 0.8008434959259815],
   'amb': 0.3,
   'variant': False,
   'fillers': [],
   'shade': 0.531,
   'turtles': [['orange', 0, 0, 0.0, 0.0],
               ['orange', 0.21307455015274232, 0.17397080442049095, 0.7, 0.6847083975002977]]},
  {'red': 0, 'yellow': 0, 'orange': 1}, {'red': 0, 'yellow': 0, 'orange': 2}),
 ('fringe', 'lit: parent unsure', 0,
  {'seed': 71758,
   'table': 'green',
   'blur': 1.06,
   'jpeg': 68,
   'noise': 5.3,
   'gloss': 0.41,
   'ldir': [-0.21193064881890303, -0.34660836943923684, 0.9137549115194251],
   'amb': 0.39,
   'variant': False,
   'fillers': ['orange'],
   'shade': 0.78,
   'turtles': [['orange', 0, 0, 0.0, 0.0],
               ['orange', 0.3099947575768179, 0.23021766742609265, 0.99, 0.6387806156184133]]},
  {'red': 0, 'yellow': 0, 'orange': 2}, {'red': 0, 'yellow': 0, 'orange': 3}),
 ('fringe', 'no shadow in the case', 0,
  {'seed': 19707,
   'table': 'warm',
   'kelvin': 2700,
   'expo': 0.87,
   'blur': 1.45,
   'jpeg': 67,
   'noise': 5.5,
   'gloss': 0.6,
   'ldir': [-0.16298959744617006, -0.5432036358277167, 0.8236286791679153],
   'amb': 0.29,
   'variant': True,
   'fillers': ['orange', 'orange'],
   'turtles': [['orange', 0, 0, 0.0, 0.0],
               ['orange', -0.3113609698668316, 0.216752886302124, 0.73, 2.533457535746628]]},
  {'red': 0, 'yellow': 0, 'orange': 3}, {'red': 0, 'yellow': 0, 'orange': 4}),
 ('dark', 'lit: parent wrong too', 0,
  {'seed': 12500,
   'table': 'wood',
   'blur': 0.83,
   'jpeg': 59,
   'noise': 5.1,
   'gloss': 0.62,
   'ldir': [0.2855367061270738, -0.5101779019754608, 0.8112874322889627],
   'amb': 0.47,
   'variant': False,
   'fillers': [],
   'shade': 0.506,
   'turtles': [['red', 0, 0, 0.0, 0.0],
               ['red', -0.08118830553122229, 0.26588600232833454, 0.74, 1.8671541728847871]]},
  {'red': 1, 'yellow': 0, 'orange': 0}, {'red': 2, 'yellow': 0, 'orange': 0}),
 ('dark', 'lit: parent unsure', 0,
  {'seed': 5305,
   'table': 'wood',
   'kelvin': 2700,
   'expo': 0.82,
   'blur': 0.94,
   'noise': 5.4,
   'gloss': 0.67,
   'ldir': [-0.3282914752006349, -0.120188993916295, 0.936898774175727],
   'amb': 0.27,
   'variant': True,
   'fillers': [],
   'shade': 0.667,
   'turtles': [['yellow', 0, 0, 0.0, 0.0],
               ['yellow', 0.12695889193027357, -0.24102155402600794, 0.72,
                5.197209430685026]]},
  {'red': 0, 'yellow': 1, 'orange': 0}, {'red': 0, 'yellow': 2, 'orange': 0}),
 ('fringe', 'no shadow in the case', 0,
  {'seed': 84011,
   'table': 'green',
   'kelvin': 2700,
   'expo': 1.15,
   'blur': 0.95,
   'jpeg': 71,
   'gloss': 0.39,
   'ldir': [0.21343249645805493, 0.47036087955223177, 0.8562751966760063],
   'amb': 0.29,
   'variant': True,
   'fillers': ['red', 'orange'],
   'turtles': [['red', 0, 0, 0.0, 0.0],
               ['orange', 0.17902961405086845, 0.23559388721930638, 0.49,
                0.9209843729076771]]},
  {'red': 1, 'yellow': 0, 'orange': 2}, {'red': 2, 'yellow': 0, 'orange': 2}),
 ('dark', 'lit: parent wrong too', 0,
  {'seed': 31261,
   'table': 'wood',
   'kelvin': 4500,
   'expo': 1.0,
   'blur': 1.38,
   'jpeg': 58,
   'gloss': 0.86,
   'ldir': [0.5406335942118358, 0.2863896846264806, 0.791009649340093],
   'amb': 0.43,
   'variant': False,
   'fillers': ['red'],
   'shade': 0.546,
   'turtles': [['red', 0, 0, 0.0, 0.0],
               ['orange', 0.1640264408752558, -0.018784252246142944, 0.76,
                6.169162376605456]]},
  {'red': 1, 'yellow': 0, 'orange': 1}, {'red': 2, 'yellow': 0, 'orange': 1}),
 ('dark', 'lit: parent wrong too', 0,
  {'seed': 21265,
   'table': 'green',
   'kelvin': 3000,
   'expo': 0.95,
   'blur': 1.34,
   'jpeg': 64,
   'noise': 5.4,
   'gloss': 0.48,
   'ldir': [0.1839425291264797, 0.21264152583261334, 0.9596607356092737],
   'amb': 0.25,
   'variant': False,
   'fillers': [],
   'shade': 0.571,
   'turtles': [['yellow', 0, 0, 0.0, 0.0],
               ['orange', 0.31370479589998734, 0.035149983940320574, 0.48,
                0.11158255444282435]]},
  {'red': 0, 'yellow': 0, 'orange': 1}, {'red': 0, 'yellow': 1, 'orange': 1}),
 ('dark', 'lit: parent wrong too', 0,
  {'seed': 43278,
   'table': 'cloth',
   'kelvin': 3000,
   'expo': 0.83,
   'blur': 1.87,
   'gloss': 0.5,
   'ldir': [-0.5626437020402544, 0.10421154145943719, 0.8201048830369719],
   'amb': 0.33,
   'variant': True,
   'fillers': ['yellow'],
   'shade': 0.63,
   'turtles': [['orange', 0, 0, 0.0, 0.0],
               ['red', -0.09018364177105911, -0.12527535684595797, 0.39, 4.088442765345121]]},
  {'red': 1, 'yellow': 1, 'orange': 0}, {'red': 1, 'yellow': 1, 'orange': 1}),
 ('dark', 'lit: parent wrong too', 0,
  {'seed': 22848,
   'table': 'print',
   'kelvin': 3000,
   'expo': 1.19,
   'blur': 1.69,
   'gloss': 0.59,
   'ldir': [0.020740503234921798, -0.35367965967427256, 0.9351366369992423],
   'amb': 0.43,
   'variant': True,
   'fillers': ['orange'],
   'shade': 0.521,
   'turtles': [['orange', 0, 0, 0.0, 0.0],
               ['red', 0.21224327878434576, 0.2805902884156349, 0.34, 0.9232009388044317]]},
  {'red': 1, 'yellow': 0, 'orange': 1}, {'red': 1, 'yellow': 0, 'orange': 2})]


def _id(h: tuple[Any, ...]) -> str:
    return f"{h[0]}-{h[3]['seed']}-z{h[2]}"


@pytest.mark.parametrize("harm", HARMS, ids=[_id(h) for h in HARMS])
def test_harm_no_sure_wrong_count(harm: tuple[Any, ...]) -> None:
    """Fails on 09cc87a (a sure count wrong), passes on 45e9ee5 (unsure)."""
    _check(harm[3], harm[2])


GUARDS = [{'seed': 83664,
  'table': 'warm',
  'blur': 1.37,
  'jpeg': 65,
  'noise': 4.9,
  'gloss': 0.74,
  'ldir': [0.24280644964190562, 0.35060338930862983, 0.9045011284777893],
  'amb': 0.28,
  'variant': False,
  'fillers': [],
  'shade': 0.45,
  'turtles': [['red', 0, 0, 0.0, 0.0],
              ['orange', -0.19269088205245558, -0.5483206544914624, 0.84, 4.374449627006477]]},
 {'seed': 98720,
  'table': 'pale_wood',
  'kelvin': 6500,
  'expo': 1.1,
  'blur': 1.66,
  'jpeg': 71,
  'gloss': 0.58,
  'ldir': [-0.2299744467648369, -0.49906171573032465, 0.8354933618692084],
  'amb': 0.34,
  'variant': True,
  'fillers': ['red'],
  'shade': 0.48,
  'turtles': [['orange', 0, 0, 0.0, 0.0],
              ['red', -0.3430869816571808, 0.5276843592618434, 0.31, 2.147294298490225]]},
 {'seed': 48993,
  'table': 'green',
  'kelvin': 4500,
  'expo': 1.14,
  'blur': 1.37,
  'jpeg': 92,
  'gloss': 0.67,
  'ldir': [-0.4200395026367406, 0.09127780737999419, 0.9029037479734926],
  'amb': 0.28,
  'variant': True,
  'fillers': ['red', 'yellow'],
  'shade': 0.51,
  'turtles': [['orange', 0, 0, 0.0, 0.0],
              ['yellow', 0.5698846349738136, 0.07506811429772714, 0.87, 6.414156372385484]]},
 {'seed': 97801,
  'table': 'pale_wood',
  'kelvin': 3500,
  'expo': 0.78,
  'blur': 1.29,
  'gloss': 0.65,
  'ldir': [0.2634070794182481, 0.30463037433007933, 0.915323464982661],
  'amb': 0.42,
  'variant': False,
  'fillers': ['red'],
  'turtles': [['red', 0, 0, 0.0, 0.0],
              ['red', 0.10175020834828083, 0.6188001689400863, 0.74, 1.4078232410223692]]},
 {'seed': 31737,
  'table': 'pale_wood',
  'kelvin': 6500,
  'expo': 1.13,
  'blur': 0.77,
  'jpeg': 80,
  'noise': 3.6,
  'gloss': 0.53,
  'ldir': [0.4620697007794347, 0.41202379385117877, 0.785320307213614],
  'amb': 0.43,
  'variant': False,
  'fillers': [],
  'turtles': [['red', 0, 0, 0.0, 0.0],
              ['red', 0.4400404480698449, -0.6135788463815729, 0.64, 5.33454584200553]]},
 {'seed': 86184,
  'table': 'green',
  'kelvin': 2700,
  'expo': 1.2,
  'blur': 1.0,
  'jpeg': 74,
  'noise': 3.8,
  'gloss': 0.53,
  'ldir': [0.09665797040137619, 0.345535808926277, 0.9334142925344299],
  'amb': 0.26,
  'variant': False,
  'fillers': ['yellow'],
  'shade': 0.503,
  'turtles': [['yellow', 0, 0, 0.0, 0.0],
              ['orange', -0.537785186663826, -0.7415101804605241, 0.55, 4.084912584925972]]},
 {'seed': 6113,
  'table': 'plain',
  'kelvin': 3000,
  'expo': 1.01,
  'blur': 1.5,
  'noise': 2.7,
  'gloss': 0.61,
  'ldir': [0.5083415726963495, -0.00610410233149186, 0.8611338951657452],
  'amb': 0.25,
  'variant': True,
  'fillers': ['yellow'],
  'shade': 0.56,
  'turtles': [['orange', 0, 0, 0.0, 0.0]]},
 {'seed': 28822,
  'table': 'wood',
  'kelvin': 4500,
  'expo': 0.83,
  'blur': 0.99,
  'jpeg': 79,
  'variant': True,
  'fillers': [],
  'shade': 0.575,
  'turtles': [['red', 0, 0, 0.0, 0.0]]},
 {'seed': 81289,
  'table': 'green',
  'kelvin': 6500,
  'expo': 1.08,
  'blur': 1.52,
  'noise': 5.7,
  'gloss': 0.88,
  'ldir': [0.3507428249988799, 0.005231326507755322, 0.9364572088113661],
  'amb': 0.41,
  'variant': True,
  'fillers': [],
  'shade': 0.646,
  'turtles': [['red', 0, 0, 0.0, 0.0],
              ['orange', 0.522666267568318, -0.8065097376135538, 0.39, 5.287398817575273]]},
 {'seed': 73380,
  'table': 'wood',
  'blur': 1.28,
  'jpeg': 82,
  'noise': 2.3,
  'variant': True,
  'fillers': ['yellow', 'red'],
  'shade': 0.581,
  'turtles': [['yellow', 0, 0, 0.0, 0.0],
              ['yellow', 0.13211591167036205, -0.6992369838035953, 0.82, 4.8991305276258]]},
 {'seed': 17909,
  'table': 'light',
  'kelvin': 4500,
  'expo': 1.17,
  'blur': 0.89,
  'jpeg': 93,
  'gloss': 0.74,
  'ldir': [-0.5042226023589607, 0.032805651255046524, 0.8629503789419699],
  'amb': 0.46,
  'variant': True,
  'fillers': ['yellow', 'yellow'],
  'turtles': [['orange', 0, 0, 0.0, 0.0],
              ['red', -0.29769256421793233, 0.26502784427518206, 0.86, 2.414177291106447]]},
 {'seed': 69444,
  'table': 'plain',
  'kelvin': 2700,
  'expo': 1.07,
  'blur': 0.89,
  'jpeg': 71,
  'noise': 6.0,
  'gloss': 0.55,
  'ldir': [0.3720630950790015, -0.03522078808730694, 0.9275389745809838],
  'amb': 0.21,
  'variant': False,
  'fillers': ['yellow', 'red'],
  'turtles': [['orange', 0, 0, 0.0, 0.0],
              ['red', -0.196937853035103, 0.2701845254019144, 0.84, 2.2006569658527164]]}]


@pytest.mark.parametrize("case", GUARDS, ids=[str(g["seed"]) for g in GUARDS])
def test_guard_stacks_and_shadows_counted_or_unsure(case: dict[str, Any]) -> None:
    """Stacks of two colours and of one, lone turtles in shadows of every depth: counted
    right or unsure on both (the merge counts zone 0 of each of them right; of the parent,
    some are unsure, too dark or two colours in one core, the highlight's yellow)."""
    img, zones, truth = _render(case)
    seen = count_turtles(img, zones)
    for got, want in zip(seen, truth, strict=True):
        assert got.unsure or got.counts == want, (got.counts, want)


def _blob_of(mask: np.ndarray, paint: str) -> tuple[Blob, np.ndarray]:
    dist = cv2.distanceTransform(cv2.copyMakeBorder(mask, 1, 1, 1, 1, cv2.BORDER_CONSTANT,
                                                    value=0), cv2.DIST_L2, 3)[1:-1, 1:-1]
    blob = Blob((0, 0), mask > 0, int(np.count_nonzero(mask)), float(dist.max()), dist)
    bgr = np.empty((*mask.shape, 3), np.uint8)
    bgr[:] = PAINT_BGR[paint]
    core_of(blob, mask, bgr)
    return blob, bgr


@pytest.mark.parametrize(("shell", "patch"), [(a, b) for a in COLOURS for b in COLOURS
                                               if a != b])
@pytest.mark.parametrize("rad", [3, 5])
@pytest.mark.parametrize("at", [(27, 27), (30, 30), (34, 30)])
def test_guard_another_paint_in_a_shells_core_is_no_highlight(
        shell: str, patch: str, rad: int, at: tuple[int, int]) -> None:
    """glare.py: a patch of another turtle's paint (a yellow under a red or orange, with its
    own paint's blue, no white added) anywhere in a single shell's core is never left out
    as the lamp's highlight: no sure single turtle."""
    mask = np.zeros((60, 70), np.uint8)
    cv2.circle(mask, (30, 30), 15, 1, -1)
    blob, bgr = _blob_of(mask, shell)
    cv2.circle(bgr, at, rad, PAINT_BGR[patch], -1)
    assert not read_blob(blob, bgr, Paints(NEUTRAL, 15.0, footprint=560.0)).counts


LIT_WRONG = [h for h in HARMS if h[1] == "lit: parent wrong too"]
# of those, now right or unsure (by seed): the light misread (misread.py), 54018; a
# turtle lying close on another, its highlight off and its outline longer that way
# (gloss.py's close tier), the rest
LIT_FIXED = {54018, 47351, 26047, 13139, 59360, 22663, 16898, 48285, 79432, 65213, 83204,
             41893, 61856, 12500, 22848}
LIT_OPEN = [h for h in LIT_WRONG if h[3]["seed"] not in LIT_FIXED]
LIT_MENDED = [h for h in LIT_WRONG if h[3]["seed"] in LIT_FIXED]


@pytest.mark.xfail(strict=True, reason="known, open in #13: turtles lying close on each other "
                   "(mostly of one colour, 0.12-0.32 shell radii apart, the top one tilted) "
                   "counted short for sure in full light; before this review and after")
@pytest.mark.parametrize("harm", LIT_OPEN, ids=[_id(h) for h in LIT_OPEN])
def test_known_close_stacks_in_full_light_counted_short(harm: tuple[Any, ...]) -> None:
    """The review's shadowed harms that the counter gets wrong without the shadow too, still
    open: stacks 0.12-0.21 radii apart (their highlight under 0.1 radii off, or their
    outline barely longer), two of them lying 0.27-0.32 apart whose outline is not longer
    along the highlight's shift, and 21265 (a green table: the plants read too large, so
    one turtle's size too)."""
    _check({k: v for k, v in harm[3].items() if k != "shade"}, harm[2])


@pytest.mark.parametrize("harm", LIT_MENDED, ids=[_id(h) for h in LIT_MENDED])
def test_close_stacks_and_colours_in_full_light_counted_or_unsure(harm: tuple[Any, ...]
                                                                  ) -> None:
    """Of the review's cases wrong in full light, those now counted right or unsure:
    (54018, zone 1) an orange read as yellow in pale blurred light, the light misread; 14
    stacks 0.2-0.35 radii apart, the top tilted, whose highlight lies off a single dome's
    and whose outline is longer that way (gloss.py)."""
    _check({k: v for k, v in harm[3].items() if k != "shade"}, harm[2])


# close stacks of one colour in full light of the helper's own (seeds 91001-91012, drawn as
# the review's: 0.15-0.36 radii apart, the top tilted 0.3-1.0 towards any side); on main
# 2 of 12 were right or unsure, with gloss.py's close tier 6: all those 0.27 radii apart
# or more, none of those 0.17-0.23 apart
_OWN = {'table': 'pale_wood', 'kelvin': 6500, 'expo': 1.05, 'blur': 0.52, 'jpeg': 66,
        'noise': 2.0, 'gloss': 0.56, 'ldir': [0.48, -0.421, 0.77], 'amb': 0.4}
OWN_CLOSE = [
    {**_OWN, 'seed': 91005, 'variant': True, 'fillers': [],
     'turtles': [['yellow', 0, 0, 0.0, 0.0], ['yellow', 0.252, -0.096, 0.4, 3.84]]},
    {'seed': 91007, 'table': 'warm', 'kelvin': 3500, 'expo': 1.06, 'blur': 1.13, 'jpeg': 83,
     'noise': 2.6, 'gloss': 0.53, 'ldir': [-0.114, -0.43, 0.896], 'amb': 0.23,
     'variant': False, 'fillers': [],
     'turtles': [['red', 0, 0, 0.0, 0.0], ['red', -0.324, -0.131, 0.7, 4.33]]},
    {'seed': 91009, 'table': 'pale_wood', 'kelvin': 3500, 'expo': 0.91, 'blur': 0.55,
     'jpeg': 86, 'noise': 3.6, 'gloss': 0.84, 'ldir': [0.065, -0.476, 0.877], 'amb': 0.43,
     'variant': False, 'fillers': ['yellow'],
     'turtles': [['red', 0, 0, 0.0, 0.0], ['red', 0.155, -0.283, 0.62, 3.81]]},
]
OWN_OPEN = [
    {'seed': 91003, 'table': 'wood', 'kelvin': 2700, 'expo': 0.8, 'blur': 1.46, 'jpeg': 84,
     'noise': 0.6, 'gloss': 0.53, 'ldir': [-0.199, 0.013, 0.98], 'amb': 0.44,
     'variant': False, 'fillers': ['yellow', 'orange'],
     'turtles': [['orange', 0, 0, 0.0, 0.0], ['orange', -0.135, 0.136, 0.64, 3.1]]},
    {'seed': 91011, 'table': 'light', 'kelvin': 3000, 'expo': 1.07, 'blur': 0.52, 'jpeg': 63,
     'noise': 3.9, 'gloss': 0.85, 'ldir': [-0.274, 0.27, 0.923], 'amb': 0.31,
     'variant': True, 'fillers': [],
     'turtles': [['orange', 0, 0, 0.0, 0.0], ['orange', -0.156, 0.135, 0.68, 2.65]]},
]


@pytest.mark.parametrize("case", OWN_CLOSE, ids=[str(c["seed"]) for c in OWN_CLOSE])
def test_own_close_stacks_in_full_light_counted_or_unsure(case: dict[str, Any]) -> None:
    """Two turtles of one colour 0.27-0.35 radii apart, the top tilted: right or unsure
    (they were one turtle short for sure before gloss.py's close tier)."""
    _check(case, 0)


@pytest.mark.xfail(strict=True, reason="known: a stack 0.19-0.21 radii apart shows its "
                   "highlight under 0.1 radii off a single dome's; one short for sure")
@pytest.mark.parametrize("case", OWN_OPEN, ids=[str(c["seed"]) for c in OWN_OPEN])
def test_own_closer_stacks_in_full_light_still_counted_short(case: dict[str, Any]) -> None:
    _check(case, 0)


_LIT = {'table': 'light', 'kelvin': 4500, 'expo': 1.0, 'blur': 1.0, 'jpeg': 85, 'noise': 2.0,
        'ldir': [0.3, -0.4, 0.866], 'amb': 0.3, 'variant': False}
LONE = [  # (id, case): a lone turtle tilted, one glossy, two apart; zone 0 and zone 1
    *[(f"tilted-{c}-{tilt}-{lean}", {**_LIT, 'seed': 92000 + k, 'gloss': 0.7,
                                     'fillers': ['red', 'yellow'],
                                     'turtles': [[c, 0, 0, tilt, lean]]})
      for k, (c, tilt, lean) in enumerate([('orange', 0.4, 0.0), ('red', 0.7, 2.0),
                                           ('yellow', 1.0, 4.0), ('orange', 0.6, 5.5)])],
    *[(f"glossy-{c}-{g}", {**_LIT, 'seed': 92100 + k, 'gloss': g, 'fillers': ['red'],
                           'turtles': [[c, 0, 0, 0.0, 0.0]]})
      for k, (c, g) in enumerate([('orange', 0.95), ('red', 0.9), ('yellow', 0.95)])],
    *[(f"apart-{c}-{dx}", {**_LIT, 'seed': 92200 + k, 'gloss': 0.7, 'fillers': [],
                           'turtles': [[c, 0, 0, 0.0, 0.0], [c, dx, 0.0, 0.5, 0.0]]})
      for k, (c, dx) in enumerate([('orange', 2.2), ('yellow', 2.4), ('red', 2.3)])],
]


@pytest.mark.parametrize("case", [c for _, c in LONE], ids=[i for i, _ in LONE])
def test_guard_lone_tilted_glossy_and_apart_turtles_counted_sure(case: dict[str, Any]
                                                                 ) -> None:
    """gloss.py's close tier leaves a lone tilted turtle (less than a shell's area), a lone
    turtle with a strong highlight (its highlight where a single dome's is) and two
    turtles lying apart (two shells, two peaks) counted, sure and right."""
    img, zones, truth = _render(case)
    for got, want in zip(count_turtles(img, zones), truth, strict=True):
        assert not got.unsure and got.counts == want, (got.why, got.counts, want)
