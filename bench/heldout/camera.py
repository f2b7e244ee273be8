"""A pinhole camera over the table plane, with radial lens distortion, and what light,
optics and the sensor do to the picture.

The table is the plane Z = 0 in millimetres (X right, Y down, Z into the table). The camera
looks at a target point from a distance, tilted from the vertical, turned about the
vertical (azimuth) and rolled a little. One `cv2.remap` takes every output pixel back
through the lens (distortion) and the homography to the drawn table canvas; points go the
other way with `to_image` (the distortion inverted by fixed-point iteration).
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

Image = np.ndarray


def _rx(a: float) -> np.ndarray:
    c, s = np.cos(a), np.sin(a)
    return np.array([[1, 0, 0], [0, c, -s], [0, s, c]])


def _rz(a: float) -> np.ndarray:
    c, s = np.cos(a), np.sin(a)
    return np.array([[c, -s, 0], [s, c, 0], [0, 0, 1]])


@dataclass(frozen=True)
class Camera:
    width: int
    height: int
    hfov_deg: float
    tilt_deg: float
    azimuth_deg: float
    roll_deg: float
    distance_mm: float
    target_mm: tuple[float, float]
    k1: float = 0.0
    k2: float = 0.0

    @property
    def focal(self) -> float:
        return float(self.width / (2 * np.tan(np.radians(self.hfov_deg) / 2)))

    def homography(self) -> np.ndarray:
        """Table plane (mm, homogeneous) -> undistorted image pixels."""
        f = self.focal
        k = np.array([[f, 0, self.width / 2], [0, f, self.height / 2], [0, 0, 1]])
        r = _rz(np.radians(self.roll_deg)) @ _rx(np.radians(self.tilt_deg)) @ _rz(
            np.radians(self.azimuth_deg))
        axis = r.T @ np.array([0, 0, 1.0])
        target = np.array([*self.target_mm, 0.0])
        centre = target - self.distance_mm * axis
        t = -r @ centre
        h: np.ndarray = k @ np.column_stack([r[:, 0], r[:, 1], t])
        out: np.ndarray = h / h[2, 2]
        return out

    def _undistort_norm(self, x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        r2 = x * x + y * y
        g = 1 + self.k1 * r2 + self.k2 * r2 * r2
        return x * g, y * g

    def image_to_plane(self, u: np.ndarray, v: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Distorted image pixels -> table mm."""
        f, cx, cy = self.focal, self.width / 2, self.height / 2
        xu, yu = self._undistort_norm((u - cx) / f, (v - cy) / f)
        hi = np.linalg.inv(self.homography())
        uu, vu = xu * f + cx, yu * f + cy
        w = hi[2, 0] * uu + hi[2, 1] * vu + hi[2, 2]
        return ((hi[0, 0] * uu + hi[0, 1] * vu + hi[0, 2]) / w,
                (hi[1, 0] * uu + hi[1, 1] * vu + hi[1, 2]) / w)

    def to_image(self, pts_mm: np.ndarray) -> np.ndarray:
        """Table mm (N x 2) -> distorted image pixels (N x 2)."""
        pts = np.asarray(pts_mm, np.float64).reshape(-1, 2)
        h = self.homography()
        hom = np.column_stack([pts, np.ones(len(pts))]) @ h.T
        uu, vu = hom[:, 0] / hom[:, 2], hom[:, 1] / hom[:, 2]
        f, cx, cy = self.focal, self.width / 2, self.height / 2
        xu, yu = (uu - cx) / f, (vu - cy) / f
        xd, yd = xu.copy(), yu.copy()
        for _ in range(30):
            r2 = xd * xd + yd * yd
            g = 1 + self.k1 * r2 + self.k2 * r2 * r2
            xd, yd = xu / g, yu / g
        return np.column_stack([xd * f + cx, yd * f + cy])

    def view(self) -> tuple[tuple[float, float, float, float], float]:
        """The table area seen (x0, y0, x1, y1 in mm) and the finest scale (image px/mm)."""
        gu, gv = np.meshgrid(np.linspace(0, self.width, 17), np.linspace(0, self.height, 13))
        x, y = self.image_to_plane(gu, gv)
        box = (float(x.min()), float(y.min()), float(x.max()), float(y.max()))
        du = np.hypot(np.diff(x, axis=1), np.diff(y, axis=1))
        step_u = self.width / 16
        scale = float(step_u / max(du.min(), 1e-6))
        return box, scale


def photograph(canvas: Image, origin_mm: tuple[float, float], ppm: float, cam: Camera) -> Image:
    """The canvas (drawn at `ppm` px per mm, pixel (0, 0) at `origin_mm`) seen by `cam`."""
    u, v = np.meshgrid(np.arange(cam.width, dtype=np.float64),
                       np.arange(cam.height, dtype=np.float64))
    x, y = cam.image_to_plane(u, v)
    mx = ((x - origin_mm[0]) * ppm).astype(np.float32)
    my = ((y - origin_mm[1]) * ppm).astype(np.float32)
    out: Image = cv2.remap(canvas, mx, my, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT)
    return out


# -- light ------------------------------------------------------------------------------------
def kelvin_bgr(kelvin: float) -> np.ndarray:
    """The colour of black-body light (Tanner Helland's fit), as BGR multipliers, green 1."""
    t = kelvin / 100
    r = 255.0 if t <= 66 else 329.7 * (t - 60) ** -0.1332
    g = 99.47 * np.log(t) - 161.1 if t <= 66 else 288.1 * (t - 60) ** -0.0755
    b = 255.0 if t >= 66 else (0.0 if t <= 19 else 138.5 * np.log(t - 10) - 305.0)
    rgb = np.clip(np.array([r, g, b]), 1, 255) / 255
    out: np.ndarray = (rgb / rgb[1])[::-1].astype(np.float32)
    return out


@dataclass(frozen=True)
class Light:
    kelvin: float = 5000
    kelvin_far: float | None = None  # a second light across the frame (mixed light)
    awb: float = 0.8  # how much of the colour cast the camera's white balance removes
    exposure: float = 1.0
    vignette: float = 0.1
    uneven: float = 0.05
    glare: int = 0
    tint: tuple[float, float, float] | None = None
    light_dir_deg: float = 45  # where the shadows fall
    shadow_len: float = 0.3  # mm of shadow per mm of height


def light_frame(img: Image, light: Light, rng: np.random.Generator) -> Image:
    h, w = img.shape[:2]
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    cast = kelvin_bgr(light.kelvin) ** (1 - light.awb)
    out = img * cast
    if light.kelvin_far is not None:
        ang = rng.uniform(0, 2 * np.pi)
        ramp = np.clip(0.5 + ((xs - w / 2) * np.cos(ang) + (ys - h / 2) * np.sin(ang))
                       / max(w, h), 0, 1)[..., None]
        far = img * kelvin_bgr(light.kelvin_far) ** (1 - light.awb)
        out = out * (1 - ramp) + far * ramp
    if light.tint is not None:
        out = out * np.asarray(light.tint, np.float32)
    r2 = ((xs - w / 2) ** 2 + (ys - h / 2) ** 2) / ((w / 2) ** 2 + (h / 2) ** 2)
    gain = 1 - light.vignette * r2
    ang = rng.uniform(0, 2 * np.pi)
    gain *= 1 + light.uneven * ((xs - w / 2) * np.cos(ang) + (ys - h / 2) * np.sin(ang)) / (w / 2)
    out = out * (gain * light.exposure)[..., None]
    for _ in range(light.glare):
        gx, gy = rng.uniform(0.1, 0.9) * w, rng.uniform(0.1, 0.9) * h
        sx = rng.uniform(0.02, 0.12) * w
        sy = sx * rng.uniform(0.4, 1.0)
        spot = np.exp(-(((xs - gx) / sx) ** 2 + ((ys - gy) / sy) ** 2))
        out = out + rng.uniform(0.5, 1.6) * spot[..., None]
    result: Image = out
    return result


# -- optics and sensor --------------------------------------------------------------------------
@dataclass(frozen=True)
class Sensor:
    motion_px: float = 0.0
    focus_px: float = 0.0
    noise: float = 0.01
    jpeg: int = 90
    webcam: bool = False  # small sensor upscaled, oversharpened, chroma smeared (held back)


def _motion_kernel(length: float, angle: float) -> np.ndarray:
    n = max(3, int(np.ceil(length)) | 1)
    k = np.zeros((n, n), np.float32)
    c = n // 2
    dx, dy = np.cos(angle) * length / 2, np.sin(angle) * length / 2
    cv2.line(k, (round(c - dx), round(c - dy)), (round(c + dx), round(c + dy)), 1.0, 1,
             cv2.LINE_AA)
    total = float(k.sum())
    return k / total if total > 0 else k


def expose(img: Image, light: Light, sensor: Sensor, rng: np.random.Generator
           ) -> tuple[Image, bytes]:
    """Optics, sensor noise, gain and JPEG: float BGR in; the JPEG file and its decoded
    uint8 BGR picture out."""
    out = img
    if sensor.focus_px > 0:
        out = cv2.GaussianBlur(out, (0, 0), sensor.focus_px)
    if sensor.motion_px > 0:
        out = cv2.filter2D(out, -1, _motion_kernel(sensor.motion_px, rng.uniform(0, np.pi)))
    h, w = out.shape[:2]
    if sensor.webcam:
        small = cv2.resize(out, (w // 2, h // 2), interpolation=cv2.INTER_AREA)
        out = cv2.resize(small, (w, h), interpolation=cv2.INTER_LINEAR)
    sigma = sensor.noise / np.sqrt(max(light.exposure, 0.05))
    out = out + rng.normal(0, sigma, out.shape).astype(np.float32)
    out = out + rng.normal(0, sigma * 0.7, (h, w, 1)).astype(np.float32)
    gain = min(1 / max(light.exposure, 0.05), 2.2) * 0.85 if light.exposure < 0.7 else 1.0
    out = out * gain
    if sensor.webcam:
        soft = cv2.GaussianBlur(out, (0, 0), 2.0)
        out = out + 1.5 * (out - soft)
    u8: np.ndarray = (np.clip(out, 0, 1) * 255 + 0.5).astype(np.uint8)
    if sensor.webcam:
        ycc = cv2.cvtColor(u8, cv2.COLOR_BGR2YCrCb)
        for ch in (1, 2):
            ycc[..., ch] = cv2.resize(cv2.resize(ycc[..., ch], (w // 4, h // 4)), (w, h))
        u8 = cv2.cvtColor(ycc, cv2.COLOR_YCrCb2BGR)
    ok, buf = cv2.imencode(".jpg", u8, [cv2.IMWRITE_JPEG_QUALITY, int(sensor.jpeg)])
    if not ok:
        raise RuntimeError("JPEG encoding failed")
    decoded = cv2.imdecode(buf, cv2.IMREAD_COLOR)
    if decoded is None:
        raise RuntimeError("JPEG decoding failed")
    return np.asarray(decoded), buf.tobytes()
