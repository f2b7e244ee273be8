#!/usr/bin/env bash
# Install tableref on Raspberry Pi OS (Bookworm or later) so it starts by itself at boot.
#
#   sudo systemd/install.sh                  daemon + kiosk (Chromium under cage on tty1)
#   sudo systemd/install.sh --kiosk labwc:pi daemon + Chromium autostart in user pi's desktop
#   sudo systemd/install.sh --kiosk none     daemon only (a headless box; use a phone)
#
# What it does, each step idempotent:
#   1. apt packages (python3-venv, picamera2 and lgpio on a Pi, espeak-ng, ALSA, chromium,
#      cage for the kiosk);
#   2. system users: `tableref` (groups gpio video audio dialout) runs the daemon,
#      `tableref-kiosk` (groups video render input) runs the browser;
#   3. the project copied to /opt/tableref/src and installed into the venv /opt/tableref/venv,
#      made with --system-site-packages so apt's picamera2 and lgpio are importable;
#   4. /etc/tableref/config.toml written if missing (never overwritten), and kiosk.env;
#   5. the units in /etc/systemd/system, enabled (and started with --now).
#
# For tests: --root DIR writes every file under DIR and --skip-system skips apt, users,
# the venv and systemctl, so the files it writes can be checked without touching the host.
set -euo pipefail

src=$(cd "$(dirname "$0")/.." && pwd)
root=""
kiosk="cage"
skip_system=false
now=false

usage() {
    echo "usage: install.sh [--kiosk cage|labwc:USER|none] [--now] [--root DIR --skip-system]" >&2
    exit 2
}
while [ $# -gt 0 ]; do
    case "$1" in
        --kiosk) [ $# -ge 2 ] || usage; kiosk=$2; shift 2 ;;
        --root) [ $# -ge 2 ] || usage; root=$(realpath -m "$2"); shift 2 ;;
        --skip-system) skip_system=true; shift ;;
        --now) now=true; shift ;;
        -h|--help) usage ;;
        *) echo "install.sh: unknown option $1" >&2; usage ;;
    esac
done
case "$kiosk" in
    cage|none) ;;
    labwc:?*) ;;
    *) echo "install.sh: --kiosk must be cage, labwc:USER or none, not '$kiosk'" >&2; exit 2 ;;
esac
if ! $skip_system && [ "$(id -u)" -ne 0 ]; then
    echo "install.sh: run me as root (sudo $0)" >&2
    exit 1
fi

prefix=/opt/tableref
etc=/etc/tableref
units=/etc/systemd/system
say() { echo "install.sh: $*" >&2; }
on_pi=false
if grep -qs "Raspberry Pi" /proc/device-tree/model; then on_pi=true; fi

# -- 1. apt packages -----------------------------------------------------------------------
browser=/usr/bin/chromium
if ! $skip_system; then
    pkgs=(python3-venv python3-pip espeak-ng alsa-utils sqlite3)
    if $on_pi; then pkgs+=(python3-picamera2 python3-lgpio python3-rpi-lgpio); fi
    if [ "$kiosk" != none ]; then
        if apt-cache show chromium >/dev/null 2>&1; then pkgs+=(chromium);
        else pkgs+=(chromium-browser); fi
    fi
    if [ "$kiosk" = cage ]; then pkgs+=(cage); fi
    say "apt packages: ${pkgs[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${pkgs[@]}"
fi
if [ ! -x /usr/bin/chromium ] && [ -x /usr/bin/chromium-browser ]; then
    browser=/usr/bin/chromium-browser
fi

# -- 2. users and groups -------------------------------------------------------------------
if ! $skip_system; then
    for group in gpio video audio dialout render input; do
        getent group "$group" >/dev/null || groupadd --system "$group"
    done
    if ! id tableref >/dev/null 2>&1; then
        useradd --system --user-group --home-dir /var/lib/tableref --no-create-home \
            --shell /usr/sbin/nologin --comment "tableref daemon" tableref
    fi
    usermod -a -G gpio,video,audio,dialout tableref
    if [ "$kiosk" = cage ]; then
        if ! id tableref-kiosk >/dev/null 2>&1; then
            useradd --system --user-group --home-dir /var/lib/tableref-kiosk --create-home \
                --shell /usr/sbin/nologin --comment "tableref kiosk screen" tableref-kiosk
        fi
        usermod -a -G video,render,input tableref-kiosk
    fi
fi

# -- 3. the project and its venv -----------------------------------------------------------
mkdir -p "$root$prefix/src"
if [ "$src" != "$root$prefix/src" ]; then
    say "copying $src to $root$prefix/src"
    tar -C "$src" --exclude=./.venv --exclude=./.git --exclude='*.pyc' \
        --exclude=__pycache__ --exclude=.pytest_cache --exclude=.mypy_cache -cf - . \
        | tar -C "$root$prefix/src" -xf -
fi
if ! $skip_system; then
    if [ ! -x "$prefix/venv/bin/python" ]; then
        say "creating the venv $prefix/venv (with system site packages for picamera2, lgpio)"
        python3 -m venv --system-site-packages "$prefix/venv"
    fi
    say "installing tableref into $prefix/venv"
    "$prefix/venv/bin/python" -m pip install -q --upgrade pip
    "$prefix/venv/bin/python" -m pip install -q "$prefix/src"
fi

# -- 4. configuration ----------------------------------------------------------------------
mkdir -p "$root$etc"
if [ ! -e "$root$etc/config.toml" ]; then
    say "writing $etc/config.toml (edit it: players, pins, language)"
    cat > "$root$etc/config.toml" <<'TOML'
# tableref configuration. Every key is optional; unknown keys stop the daemon with a
# message naming the key. After editing: sudo systemctl restart tableref
game = "halli"              # "halli" | "nimalia" | "nelly"
language = "en"             # "en" | "de"

# 2..6 players in seat order, clockwise. Pins are BCM numbers; without them a seat gets
# the default pins of the wiring table in hardware.md.
[[players]]
name = "Player 1"
colour = "#e53935"
[[players]]
name = "Player 2"
colour = "#1e88e5"
[[players]]
name = "Player 3"
colour = "#43a047"
[[players]]
name = "Player 4"
colour = "#fdd835"

[bells]
pin_factory = "auto"        # "auto" | "lgpio" | "rpigpio" | "mock"
bounce_ms = 5

[voice]
engine = "auto"             # "auto" | "espeak-ng" | "piper" | "none"
speed = 165
device = "default"          # ALSA device, e.g. "plughw:CARD=Headphones"

[camera]
source = "auto"             # "auto" | "picamera2" | "sim" | "/dev/videoN"

[web]
host = "127.0.0.1"          # "0.0.0.0" to let phones in (they need the PIN on the screen)
port = 8080

[halli]
elephant_alone_rings = false
play_to_the_end = false
TOML
fi
port=$(sed -n 's/^[[:space:]]*port[[:space:]]*=[[:space:]]*\([0-9]\{1,5\}\).*/\1/p' \
    "$root$etc/config.toml" | tail -n 1)
port=${port:-8080}
cat > "$root$etc/kiosk.env" <<ENV
# written by install.sh: what the kiosk browser opens, and with which binary
TABLEREF_URL=http://127.0.0.1:$port/
TABLEREF_BROWSER=$browser
ENV
if ! $skip_system; then
    chown root:tableref "$etc/config.toml" "$etc/kiosk.env"
    chmod 0640 "$etc/config.toml"
    chmod 0644 "$etc/kiosk.env"
fi

# -- 5. units ------------------------------------------------------------------------------
mkdir -p "$root$units"
install -m 0644 "$src/systemd/tableref.service" "$root$units/tableref.service"
if [ "$kiosk" = cage ]; then
    install -m 0644 "$src/systemd/tableref-kiosk.service" "$root$units/tableref-kiosk.service"
elif [ -e "$root$units/tableref-kiosk.service" ]; then
    $skip_system || systemctl disable tableref-kiosk.service || true
    rm -f "$root$units/tableref-kiosk.service"
fi
if [ "${kiosk%%:*}" = labwc ]; then
    user=${kiosk#labwc:}
    home=$(getent passwd "$user" | cut -d: -f6 || true)
    if [ -z "$home" ]; then echo "install.sh: no user '$user' for the labwc autostart" >&2; exit 1; fi
    autostart="$root$home/.config/labwc/autostart"
    mkdir -p "$(dirname "$autostart")"
    line="$browser --kiosk --noerrdialogs --disable-infobars --no-first-run http://127.0.0.1:$port/ &"
    if ! grep -qsF -- "--kiosk" "$autostart"; then
        say "adding the kiosk browser to $home/.config/labwc/autostart"
        echo "$line" >> "$autostart"
    fi
    $skip_system || chown -R "$user:" "$home/.config/labwc"
fi

if ! $skip_system; then
    systemctl daemon-reload
    flag=""
    if $now; then flag="--now"; fi
    systemctl enable $flag tableref.service
    if [ "$kiosk" = cage ]; then
        systemctl set-default graphical.target
        systemctl enable $flag tableref-kiosk.service
    fi
fi
say "done. The daemon: systemctl status tableref; its log: journalctl -u tableref -f"
