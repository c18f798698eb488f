"""(wave 17) Keys whose documented name is followed by a value of a documented shape.

A device protocol, a cloud store or an upload service names its key and fixes its form; a
value of that form on the same line after that name is the key, however the line is
written (``AppKey = ...``, ``export LORAWAN_APPKEY='...'``, "for the lorawan otaa setup use
..."). Each row is written from the issuer's documentation, not from examples:

* LoRaWAN (LoRa Alliance, LoRaWAN 1.0.x / 1.1 specification; The Things Stack and
  ChirpStack docs): the root keys AppKey and NwkKey and the session keys AppSKey, NwkSKey,
  FNwkSIntKey, SNwkSIntKey, NwkSEncKey, GenAppKey: AES-128, 32 hexadecimal digits (a
  DevEUI or JoinEUI is 16 and public);
* Zigbee (Zigbee Alliance; zigbee2mqtt, ZHA): the network key, a trust centre link key and
  an install code: 16 bytes (32 hexadecimal digits, an install code with its CRC 36);
* Z-Wave (zwave-js ``securityKeys``: S2_Unauthenticated, S2_Authenticated,
  S2_AccessControl, S0_Legacy; Z-Wave JS UI's network key): 32 hexadecimal digits;
* Thread and Matter (OpenThread ``dataset networkkey``, PSKc): 32 hexadecimal digits;
* Bluetooth (Core specification: LTK, IRK, CSRK; Mesh profile: NetKey, AppKey, DevKey):
  32 hexadecimal digits;
* KNX Secure (KNX Association: the backbone key, the tool key, a device's FDSK): 32;
* OCPP 1.6 security profile 1 and 2 (Open Charge Alliance, "Improved security for OCPP
  1.6-J": AuthorizationKey, 16 to 40 bytes written as hexadecimal; OCPP 2.0.1's
  BasicAuthPassword);
* Wi-Fi WPA-PSK as 64 hexadecimal digits (wpa_supplicant ``psk=``, hostapd
  ``wpa_psk=``: the 256-bit PMK itself);
* Tuya's ``local_key`` (tinytuya docs: 16 characters that encrypt the device's LAN
  protocol) and ESPHome's native API ``encryption: key:`` (32 bytes in base64);
* Azure Storage and Cosmos DB account keys (Microsoft Learn, "Manage storage account access
  keys"; Cosmos DB "primary key"): 64 bytes in base64, 88 characters ending ``==``;
* weather-station upload keys (Weather Underground's station key; the Met Office WOW
  "site authentication key"; PWSweather, Windy and AWEKAS station passwords; the APRS-IS
  / CWOP passcode).

A value of the right shape that is a placeholder, all one digit (LoRaWAN's all-zero
default key) or a digest named as such (``md5``, ``sha``, ``checksum``) is kept.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from .decisions import Decision, decide
from .standins import placeholder

_S = r"[\s_\-.]?"  # a separator a documented name may be written with
_HEX32 = r"(?:0x)?[0-9A-Fa-f]{32}"
_BYTES16 = r"(?:0x[0-9A-Fa-f]{2}\s*,\s*){15}0x[0-9A-Fa-f]{2}"  # LMIC's { 0x2B, 0x7E, ... }


@dataclass(frozen=True)
class Named:
    """A documented key: its issuer, the kind redacted, the names (lowercase regex) and the
    value's shape (regex)."""

    issuer: str
    kind: str
    names: re.Pattern[str]
    value: re.Pattern[str]


def _named(issuer: str, kind: str, names: str, value: str) -> Named:
    return Named(issuer, kind, re.compile(rf"(?<![a-z0-9])(?:{names})(?![a-z0-9])"),
                 re.compile(rf"(?<![A-Za-z0-9+/_\-])(?P<v>{value})(?![A-Za-z0-9+/_\-])"))


ROWS: tuple[Named, ...] = (
    _named("LoRaWAN", "lorawan_key",
           rf"app{_S}key|nwk{_S}key|app{_S}s{_S}key|nwk{_S}s{_S}key|[fs]nwk{_S}s{_S}int{_S}key|"
           rf"nwk{_S}s{_S}enc{_S}key|gen{_S}app{_S}key|lorawan|lora{_S}wan|otaa|abp|"
           rf"the{_S}things{_S}(?:network|stack)|chirpstack",
           rf"{_HEX32}|{_BYTES16}"),
    _named("Zigbee", "zigbee_key",
           rf"network{_S}key|nwk{_S}key|link{_S}key|tc{_S}link{_S}key|install{_S}code|"
           rf"zigbee|zha|z2m",
           rf"{_HEX32}(?:[0-9A-Fa-f]{{4}})?|{_BYTES16}"),
    _named("Z-Wave", "zwave_key",
           rf"s2{_S}(?:unauthenticated|authenticated|access{_S}control)|s0{_S}legacy|"
           rf"z{_S}wave|security{_S}keys?",
           _HEX32),
    _named("Thread", "thread_network_key",
           rf"networkkey|network{_S}master{_S}key|masterkey|pskc|openthread|thread{_S}dataset",
           _HEX32),
    _named("Bluetooth", "bluetooth_key",
           rf"ltk|irk|csrk|long{_S}term{_S}key|identity{_S}resolving{_S}key|net{_S}key|"
           rf"dev{_S}key|ble{_S}mesh|bluetooth{_S}mesh",
           _HEX32),
    _named("KNX Secure", "knx_key",
           rf"backbone{_S}key|tool{_S}key|fdsk|knx{_S}secure|knx{_S}ip{_S}secure",
           _HEX32),
    _named("OCPP", "ocpp_authorization_key",
           rf"authorization{_S}key|basic{_S}auth{_S}password",
           r"[0-9A-Fa-f]{32,80}"),
    _named("Wi-Fi (WPA-PSK)", "wifi_psk",
           rf"psk|wpa{_S}psk|wpa{_S}passphrase|pre{_S}shared{_S}key|pmk",
           r"[0-9A-Fa-f]{64}"),
    _named("Tuya", "tuya_local_key", rf"local{_S}key", r"[!-~]{16}"),
    _named("ESPHome", "esphome_api_key",
           rf"encryption{_S}key|api{_S}encryption|noise{_S}psk|esphome",
           r"[A-Za-z0-9+/]{43}="),
    _named("Azure Storage / Cosmos DB", "azure_account_key",
           rf"account{_S}key|accountkey|storage{_S}key|shared{_S}key|primary{_S}key|"
           rf"secondary{_S}key|master{_S}key|azure{_S}storage|storage{_S}account|cosmos|"
           rf"connection{_S}string|key[12]",
           r"[A-Za-z0-9+/]{86}=="),
    _named("weather-station upload", "weather_station_key",
           rf"station{_S}key|stationkey|station{_S}password|upload{_S}key|"
           rf"site{_S}authentication{_S}key|siteauthenticationkey|wow{_S}key|pws{_S}key|"
           rf"wunderground{_S}(?:key|password)|awekas{_S}password|windy{_S}(?:station{_S})?key",
           r"[A-Za-z0-9]{6,64}"),
    _named("APRS-IS / CWOP", "aprs_passcode",
           rf"aprs{_S}passcode|aprs{_S}is{_S}passcode|cwop{_S}passcode",
           r"-?\d{3,5}"),
)

#: the cheap test before the table: one of the rows' words in the lowercased text
GATE = re.compile(
    r"key|lora|otaa|abp|zigbee|zha|z2m|wave|thread|pskc|ltk|irk|csrk|fdsk|knx|ocpp|psk|pmk|"
    r"install|esphome|encryption|cosmos|azure|connection|passcode|station|chirpstack")
#: how far after the name, on its line, the value may start (characters; chosen by
#: leave-one-split-out CV, bench/guard_eval/cv_wave17_documented.py)
WINDOW = [30]
#: a line about a digest, a commit or a version: its hexadecimal is no key
_DIGEST_LINE = re.compile(r"(?i)md5|sha-?\d|checksum|digest|\bhash|commit|submodule|revision|"
                          r"fingerprint|\bbuild\b|\bgit\b")
#: a digest or an identifier named just before the value: not a key
_DIGEST = re.compile(r"(?i)(?:md5|sha\d*|checksum|hash|digest|crc|commit|eui|uuid|id)"
                     r"[^\S\n]*[:=]?[^\S\n]*['\"]?$")


def _shape_reason(value: str, row: Named) -> str | None:
    """Why a value of the row's shape is no key: a placeholder, too few distinct
    characters (``000...``, LoRaWAN's default), or letters alone where the issuer's key
    mixes (a weather station's key is letters and digits)."""
    why = placeholder(value)
    if why:
        return why
    body = value.removeprefix("0x").replace("0x", "").replace(",", "").replace(" ", "")
    if len(set(body.lower())) < (3 if len(body) <= 8 else 6):
        return "too few distinct characters (a default or filler, such as all zeros)"
    if row.kind == "weather_station_key" and (value.isalpha() or value.isdigit()):
        return "letters alone or digits alone (a station key mixes them)"
    return None


def named_device_keys(text: str, low: str) -> Iterator[Decision]:
    """Each value of a documented key's shape on the line after its documented name."""
    if GATE.search(low) is None:
        return
    seen: set[int] = set()
    for row in ROWS:
        for name in row.names.finditer(low):
            line_end = low.find("\n", name.end())
            stop = line_end if line_end >= 0 else len(text)
            for m in row.value.finditer(text, name.end(), stop):
                if m.start("v") > name.end() + WINDOW[0]:
                    break
                if (m.start("v") in seen or _DIGEST.search(text[name.end():m.start("v")])
                        or _DIGEST_LINE.search(text, text.rfind("\n", 0, name.start()) + 1,
                                               stop)
                        or _shape_reason(m.group("v"), row) is not None):
                    continue
                seen.add(m.start("v"))
                yield decide(row.kind, m.start("v"), m.end("v"), None,
                             f"a {row.issuer} key: a value of its documented shape after its "
                             f"documented name ({text[name.start():name.end()]!r})")
                break
