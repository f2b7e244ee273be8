"""`[mqtt]` in the config: checked like the rest (unknown keys and bad values named)."""

from __future__ import annotations

import socket

import pytest

from tableref.device.config import ConfigError, MqttConfig, parse_config


def test_without_mqtt_nothing_is_published() -> None:
    assert parse_config("").mqtt is None


def test_a_full_mqtt_section() -> None:
    config = parse_config('[mqtt]\nhost = "club-pi.local"\nport = 1884\ntable = "table 3"\n'
                          'username = "t3"\npassword = "pw"\n')
    assert config.mqtt == MqttConfig(host="club-pi.local", port=1884, table="table 3",
                                     username="t3", password="pw")


def test_defaults_the_table_is_the_host_name_and_tls_takes_8883() -> None:
    m = parse_config('[mqtt]\nhost = "10.0.0.2"\n').mqtt
    assert m is not None and m.port == 1883 and not m.tls
    assert m.table == socket.gethostname().split(".")[0]
    m = parse_config('[mqtt]\nhost = "broker"\nca_file = "/etc/ca.crt"\n').mqtt
    assert m is not None and m.tls and m.port == 8883 and m.ca_file == "/etc/ca.crt"


@pytest.mark.parametrize(("body", "key", "words"), [
    ('host = "b"\nqos = 1', "mqtt.qos", "unknown key"),
    ('port = 1883', "mqtt.host", "required"),
    ('host = "not a host!"', "mqtt.host", "not a host name"),
    ('host = "b"\nport = 0', "mqtt.port", "out of range"),
    ('host = "b"\nport = "1883"', "mqtt.port", "must be an integer"),
    ('host = "b"\ntable = "a/b"', "mqtt.table", "one MQTT topic level"),
    ('host = "b"\ntable = "t+"', "mqtt.table", "'+'"),
    ('host = "b"\ntable = "#"', "mqtt.table", "'#'"),
    ('host = "b"\ntable = "   "', "mqtt.table", "must not be empty"),
    ('host = "b"\ntable = "' + "x" * 65 + '"', "mqtt.table", "at most 64"),
    ('host = "b"\ntable = "a\\u0000b"', "mqtt.table", "control characters"),
    ('host = "b"\npassword = "pw"', "mqtt.password", "without a username"),
    ('host = "b"\ntls = "yes"', "mqtt.tls", "true or false"),
])
def test_bad_mqtt_keys_are_named(body: str, key: str, words: str) -> None:
    with pytest.raises(ConfigError) as err:
        parse_config(f"[mqtt]\n{body}\n")
    assert err.value.key == key
    assert words in str(err.value)


def test_mqtt_must_be_a_table() -> None:
    with pytest.raises(ConfigError) as err:
        parse_config('mqtt = "broker"\n')
    assert err.value.key == "mqtt"
