import socket
from pathlib import Path

from tableref.device.daemon.notify import Notifier


def test_messages_reach_the_notify_socket(tmp_path: Path) -> None:
    path = tmp_path / "notify"
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as server:
        server.bind(str(path))
        server.settimeout(2)
        notifier = Notifier({"NOTIFY_SOCKET": str(path), "WATCHDOG_USEC": "4000000"})
        assert notifier.enabled and notifier.watchdog_s == 4.0
        assert notifier.ready("refereeing")
        assert server.recv(100) == b"READY=1\nSTATUS=refereeing"
        assert notifier.watchdog()
        assert server.recv(100) == b"WATCHDOG=1"


def test_without_a_socket_nothing_is_sent() -> None:
    notifier = Notifier({})
    assert not notifier.enabled and notifier.watchdog_s is None
    assert not notifier.ready()


def test_a_watchdog_for_another_pid_is_not_ours() -> None:
    notifier = Notifier({"NOTIFY_SOCKET": "/x", "WATCHDOG_USEC": "100", "WATCHDOG_PID": "1"})
    assert notifier.watchdog_s is None
