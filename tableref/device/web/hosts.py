"""Only the box's own names and addresses are served: the defence against DNS rebinding.

A web page on the internet can make its own name resolve to 127.0.0.1 or to the box's LAN
address and then read the box from a browser on the LAN, with the box's answers going to
the page's script: the browser sees one site. What it cannot change is the `Host` header,
which names the attacker's site. So a request is served only when its `Host` is one of:
`localhost`, a loopback address, the address the client actually connected to (read from
the socket), this machine's host name (also with `.local`, as mDNS names it), or a name in
`[web] names` of the config.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Iterable

from aiohttp import web


def split_host(header: str) -> str:
    """The name or address of a Host header, without port, brackets or a final dot."""
    host = header.strip().lower()
    if host.startswith("["):  # [v6]:port
        return host[1:].split("]", 1)[0]
    if host.count(":") == 1:
        host = host.split(":", 1)[0]
    return host.rstrip(".")


def _address(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        addr = ipaddress.ip_address(text.split("%", 1)[0])
    except ValueError:
        return None
    if isinstance(addr, ipaddress.IPv6Address) and addr.ipv4_mapped is not None:
        return addr.ipv4_mapped
    return addr


class HostCheck:
    """Which Host headers this box answers to."""

    def __init__(self, names: Iterable[str] = ()) -> None:
        own = socket.gethostname().lower().rstrip(".")
        self.names = {"localhost", own, f"{own}.local", *(n.lower() for n in names)}

    def allowed(self, request: web.Request) -> bool:
        header = request.headers.get("Host")
        if not header:
            return False
        host = split_host(header)
        if host in self.names or host.endswith(".localhost"):
            return True
        addr = _address(host)
        if addr is None:
            return False
        if addr.is_loopback:
            return True
        sock = request.transport.get_extra_info("sockname") if request.transport else None
        local = _address(str(sock[0])) if isinstance(sock, tuple) and sock else None
        return local is not None and addr == local

    def refusal(self, request: web.Request) -> web.Response:
        header = request.headers.get("Host", "")
        name = header[:80] or "(no Host header)"
        return web.json_response(
            {"error": f"this box does not answer to {name!r}: open it by its own address "
                      "(the one shown on its screen) or add the name to [web] names in "
                      "the config"},
            status=421,
        )
