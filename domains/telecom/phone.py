"""The customer's phone: a deterministic simulation the simulated user operates through user tools.

Settings live in ``state["phone"]``; what the phone *shows* (service, network, data connection, speed, MMS) is
derived from those settings and from the carrier backend by :func:`derive_view` into ``state["phone_view"]``, which
``tools.after_step`` refreshes after every step. Every tool answers in ``key: value`` segments separated by ``;`` so
an agent can read the user's report, and every setting change answers ``Done - ...`` followed by the status bar.

As in tau2-bench, the phone registers with the network only when it searches for one: switching airplane mode,
mobile data or data roaming, setting the network mode, reseating the SIM, resetting the APN settings or restarting.
``phone.searched_line_active`` is whether the line was active at that last search, so a line the carrier resumes
gives service only after the next search (a restart, say). Resetting the APN settings takes effect at the next
restart. Speeds follow tau2-bench's model: the network generation's mid-range speed (5G 275, 4G 55, 3G 3, 2G 0.25
Mbps) times its signal (5G excellent 1.0, 4G good 0.8, 3G fair 0.5, 2G poor 0.2), ×0.2 with data saver, ×0.1 over a
poorly performing VPN; rated excellent (≥ 100), good (≥ 25), fair (≥ 5), poor (≥ 1), else very poor.
"""

from __future__ import annotations

from typing import Any

from pytest_mmtau.domain import ToolError, tool

# Per network mode: the generation the phone connects to and its signal (bars of 4), as in tau2-bench.
_MODE_NETWORK = {"4g_5g_preferred": ("5G", 4), "4g_only": ("4G", 3), "3g_only": ("3G", 2), "2g_only": ("2G", 1)}
_MODE_LABEL = {"4g_5g_preferred": "4g/5g preferred", "4g_only": "4g only", "3g_only": "3g only",
               "2g_only": "2g only"}
_BASE_SPEED = {"5G": 275.0, "4G": 55.0, "3G": 3.0, "2G": 0.25}  # Mbps at excellent signal
_SIGNAL_FACTOR = {4: 1.0, 3: 0.8, 2: 0.5, 1: 0.2}
_RATINGS = ((100.0, "excellent"), (25.0, "good"), (5.0, "fair"), (1.0, "poor"), (0.0, "very poor"))
DATA_SAVER_FACTOR = 0.2
VPN_FACTOR = 0.1  # over a VPN server that performs poorly


def phone_line(state: dict[str, Any]) -> dict[str, Any] | None:
    """The backend line whose SIM is in the phone, if the carrier knows the number."""
    number = state["phone"]["number"]
    return next((line for line in state["lines"].values() if line["phone_number"] == number), None)


def network_search(state: dict[str, Any]) -> None:
    """The phone looks for the network again and sees whether its line is active now."""
    line = phone_line(state)
    state["phone"]["searched_line_active"] = bool(line and line["status"] == "active")


def derive_view(state: dict[str, Any]) -> dict[str, Any]:
    """What the phone shows, from its settings and the backend's view of its line."""
    phone, carrier = state["phone"], state["carrier"]
    line = phone_line(state)
    plan = state["plans"][line["plan_id"]] if line else None
    abroad = phone["location"] != "home"
    line_active = bool(line and line["status"] == "active")
    roaming_allowed = bool(line and line["roaming_enabled"])
    remaining = (round(plan["data_gb"] + line["data_refuel_gb"] - line["data_used_gb"], 2)
                 if line and plan else 0.0)
    sim = "not detected" if not phone["sim"]["seated"] else ("locked (pin required)" if phone["sim"]["pin_locked"]
                                                             else "active")
    if phone["airplane_mode"]:
        cellular = "off (airplane mode)"
    elif sim == "active" and phone["searched_line_active"] and phone["apn"]["name"] == carrier["apn"]["name"]:
        cellular = "connected"
    else:
        cellular = "no service"
    connected = cellular == "connected"
    network, bars = _MODE_NETWORK[phone["network_mode"]] if connected else ("none", 0)
    data_ok = (connected and phone["mobile_data"] and remaining > 0
               and (not abroad or (phone["data_roaming"] and roaming_allowed)))
    speed: float | None = None
    rating = "no connection"
    if data_ok:
        speed = _BASE_SPEED[network] * _SIGNAL_FACTOR[bars]
        if phone["vpn"]["connected"] and phone["vpn"].get("performance") == "poor":
            speed *= VPN_FACTOR
        if phone["data_saver"]:
            speed *= DATA_SAVER_FACTOR
        speed = round(speed, 2)
        rating = next(label for floor, label in _RATINGS if speed >= floor)
    messages = phone["apps"]["messages"]
    mms = (data_ok and network != "2G" and not (phone["wifi_calling"] and phone["wifi_calling_mms"])
           and phone["apn"]["mmsc"] == carrier["apn"]["mmsc"] and messages["sms"] and messages["storage"])
    return {"sim": sim, "cellular": cellular, "network_status": "connected" if connected else "no_service",
            "network": network, "signal_bars": bars, "abroad": abroad,
            "line_active": line_active, "roaming_allowed": roaming_allowed, "data_remaining_gb": remaining,
            "data_usage_exceeded": bool(line and plan) and remaining <= 0,
            "data_connection": data_ok, "speed_mbps": speed, "speed_rating": rating, "can_send_mms": mms}


def _view(state: dict[str, Any]) -> dict[str, Any]:
    return derive_view(state)  # fresh: a setting may have changed earlier in this very step


def _on(flag: bool) -> str:
    return "on" if flag else "off"


def status_bar(state: dict[str, Any]) -> str:
    phone, view = state["phone"], _view(state)
    roaming = f"yes (visited network in {phone['location']})" if view["abroad"] and view["cellular"] == "connected" \
        else "no"
    return "; ".join((
        f"airplane mode: {_on(phone['airplane_mode'])}", f"sim: {view['sim']}", f"cellular: {view['cellular']}",
        f"signal: {view['signal_bars']}/4 bars", f"network: {view['network']}", f"roaming: {roaming}",
        f"mobile data: {_on(phone['mobile_data'])}", f"wi-fi: {_on(phone['wifi'])}",
        f"wi-fi calling: {_on(phone['wifi_calling'])}", f"vpn: {_on(phone['vpn']['connected'])}",
        f"data saver: {_on(phone['data_saver'])}", f"battery: {phone['battery']}%",
    ))


def _done(what: str, state: dict[str, Any]) -> str:
    return f"Done - {what}. Status bar: {status_bar(state)}"


def _switch(state: dict[str, Any], key: str, value: bool, label: str, *, search: bool = False) -> str:
    """Set an on/off setting; ``search``: the radio restarts and looks for the network (tau2's toggles do)."""
    phone = state["phone"]
    before = phone[key]
    phone[key] = value
    if search:
        network_search(state)
    return _done(f"{label} was already {_on(value)}" if before == value else f"{label} turned {_on(value)}", state)


def _permissions(state: dict[str, Any]) -> str:
    apps = state["phone"]["apps"]
    return "; ".join(f"{app} app: " + ", ".join(f"{perm} {'allowed' if ok else 'denied'}" for perm, ok in perms.items())
                     for app, perms in apps.items())


# --------------------------------------------------------------------------------------------- looking


@tool(side="user", phrases=("check your status bar", "check the status bar", "look at your status bar",
                            "look at the status bar", "what your status bar", "what does your status bar",
                            "top of your screen"))
def check_status_bar(state: dict[str, Any]) -> str:
    """Read the icons at the top of the screen: airplane mode, SIM, signal, service, network, data, Wi-Fi, VPN,
    data saver."""
    return f"Status bar: {status_bar(state)}"


@tool(side="user", phrases=("check your network status", "check the network status", "network status",
                            "check your signal", "check the signal", "cellular status"))
def check_network_status(state: dict[str, Any]) -> str:
    """Open the network status screen: service, network, signal, mobile data, data roaming, data connection."""
    phone, view = state["phone"], _view(state)
    return "; ".join((f"cellular: {view['cellular']}", f"network: {view['network']}",
                      f"signal: {view['signal_bars']}/4 bars", f"mobile data: {_on(phone['mobile_data'])}",
                      f"data roaming: {_on(phone['data_roaming'])}",
                      f"data connection: {'connected' if view['data_connection'] else 'none'}"))


@tool(side="user", phrases=("check your network mode", "check the network mode", "check your preferred network",
                            "check the preferred network", "which network mode", "what network mode"))
def check_network_mode(state: dict[str, Any]) -> str:
    """Read the preferred network mode (4G/5G preferred, 3G only, 2G only)."""
    return f"network mode: {_MODE_LABEL[state['phone']['network_mode']]}"


@tool(side="user", phrases=("speed test",))
def run_speed_test(state: dict[str, Any]) -> str:
    """Run a mobile-data speed test; the speed follows network, signal, VPN and data saver."""
    view = _view(state)
    if view["speed_mbps"] is None:
        return "speed test: no data connection, rated no connection"
    return f"speed test: {view['speed_mbps']} mbps download, rated {view['speed_rating']}"


@tool(side="user", phrases=("check your sim", "check the sim", "sim status", "sim card status"))
def check_sim_status(state: dict[str, Any]) -> str:
    """Open the SIM status screen."""
    return f"sim: {_view(state)['sim']}"


@tool(side="user", phrases=("check your apn", "check the apn", "apn settings", "look at your apn",
                            "access point name"))
def check_apn_settings(state: dict[str, Any]) -> str:
    """Read the access point (APN) settings: the APN name and the MMS center."""
    apn = state["phone"]["apn"]
    return f"apn: {apn['name'] or 'not set'}; mms center: {apn['mmsc'] or 'not set'}"


@tool(side="user", phrases=("check your wi-fi", "check the wi-fi", "wi-fi status"))
def check_wifi_status(state: dict[str, Any]) -> str:
    """Read whether Wi-Fi is on and connected (no saved network is in range)."""
    if state["phone"]["wifi"]:
        return "wi-fi: on, not connected (no saved network in range)"
    return "wi-fi: off"


@tool(side="user", phrases=("check your wi-fi calling", "check the wi-fi calling", "wi-fi calling status",
                            "wi-fi calling setting", "is wi-fi calling"))
def check_wifi_calling(state: dict[str, Any]) -> str:
    """Read whether Wi-Fi calling is on."""
    return f"wi-fi calling: {_on(state['phone']['wifi_calling'])}"


@tool(side="user", phrases=("check your vpn", "check the vpn", "vpn status"))
def check_vpn_status(state: dict[str, Any]) -> str:
    """Read whether a VPN is connected, and to which server."""
    vpn = state["phone"]["vpn"]
    return f"vpn: connected to {vpn['server']}" if vpn["connected"] else "vpn: off"


@tool(side="user", phrases=("check your mobile data", "check the mobile data", "mobile data settings",
                            "check your data roaming", "check the data roaming", "check your data saver",
                            "check the data saver", "data saver status"))
def check_mobile_data_settings(state: dict[str, Any]) -> str:
    """Open the mobile data settings: mobile data, data roaming and data saver switches."""
    phone = state["phone"]
    return (f"mobile data: {_on(phone['mobile_data'])}; data roaming: {_on(phone['data_roaming'])}; "
            f"data saver: {_on(phone['data_saver'])}")


@tool(side="user", phrases=("app permissions", "check the permissions", "check your permissions",
                            "messages app permissions", "permissions of the messages app",
                            "permissions for the messages app"))
def check_app_permissions(state: dict[str, Any]) -> str:
    """List the permissions of the installed apps (messages, camera, browser)."""
    return _permissions(state)


@tool(side="user", phrases=("send an mms", "send a test mms", "send a picture message", "sending an mms",
                            "send a photo", "mms test", "send a test picture"))
def can_send_mms(state: dict[str, Any]) -> str:
    """Try to send a picture message (MMS) to a friend."""
    return "mms test: sent" if _view(state)["can_send_mms"] else "mms test: failed, the message could not be sent"


@tool(side="user", phrases=("check your payment request", "check for a payment request", "check the payment request",
                            "check for payment requests", "any payment request"))
def check_payment_request(state: dict[str, Any]) -> str:
    """Look for a payment request from the carrier on the phone."""
    request = state["phone"]["payment_request"]
    if request is None:
        return "payment request: none"
    return f"payment request: bill {request['bill_id']}, ${request['amount']:.2f}, {request['status']}"


# --------------------------------------------------------------------------------------------- changing


@tool(side="user", phrases=("turn off airplane mode", "switch off airplane mode", "disable airplane mode",
                            "turn airplane mode off", "switch airplane mode off", "turn off flight mode"))
def turn_off_airplane_mode(state: dict[str, Any]) -> str:
    """Switch airplane mode off."""
    return _switch(state, "airplane_mode", False, "airplane mode", search=True)


@tool(side="user", phrases=("turn on airplane mode", "switch on airplane mode", "enable airplane mode",
                            "turn airplane mode on"))
def turn_on_airplane_mode(state: dict[str, Any]) -> str:
    """Switch airplane mode on."""
    return _switch(state, "airplane_mode", True, "airplane mode", search=True)


@tool(side="user", phrases=("reseat your sim", "reseat the sim", "remove and reinsert", "reinsert the sim",
                            "re-insert the sim", "take out the sim", "take the sim card out", "pop out the sim"))
def reseat_sim_card(state: dict[str, Any]) -> str:
    """Take the SIM card out and put it back in firmly."""
    state["phone"]["sim"]["seated"] = True
    network_search(state)
    return _done("the sim card was taken out and put back in", state)


@tool(side="user", phrases=("restart your phone", "reboot your phone", "restart the phone", "reboot the phone",
                            "restart your device", "reboot your device", "turn your phone off and on"))
def reboot_device(state: dict[str, Any]) -> str:
    """Restart the phone (settings are kept; an APN reset that is waiting for a restart is applied)."""
    phone, what = state["phone"], "the phone restarted"
    if phone["apn"]["reset_at_reboot"]:
        phone["apn"] = {**state["carrier"]["apn"], "reset_at_reboot": False}
        what += "; apn settings reset to the carrier defaults"
    network_search(state)
    return _done(what, state)


@tool(side="user", phrases=("turn on mobile data", "switch on mobile data", "enable mobile data",
                            "turn mobile data on", "turn on cellular data", "enable cellular data"))
def turn_on_mobile_data(state: dict[str, Any]) -> str:
    """Switch mobile data on."""
    return _switch(state, "mobile_data", True, "mobile data", search=True)


@tool(side="user", phrases=("turn off mobile data", "switch off mobile data", "disable mobile data",
                            "turn mobile data off"))
def turn_off_mobile_data(state: dict[str, Any]) -> str:
    """Switch mobile data off."""
    return _switch(state, "mobile_data", False, "mobile data", search=True)


@tool(side="user", phrases=("turn on data roaming", "switch on data roaming", "enable data roaming",
                            "turn data roaming on", "turn on roaming on your phone", "enable roaming on your phone"))
def turn_on_data_roaming(state: dict[str, Any]) -> str:
    """Switch the phone's data roaming setting on."""
    return _switch(state, "data_roaming", True, "data roaming", search=True)


@tool(side="user", phrases=("turn off data roaming", "switch off data roaming", "disable data roaming",
                            "turn data roaming off"))
def turn_off_data_roaming(state: dict[str, Any]) -> str:
    """Switch the phone's data roaming setting off."""
    return _switch(state, "data_roaming", False, "data roaming", search=True)


@tool(side="user", phrases=("turn off data saver", "switch off data saver", "disable data saver",
                            "turn data saver off", "turn off low data mode"))
def turn_off_data_saver(state: dict[str, Any]) -> str:
    """Switch data saver mode off."""
    return _switch(state, "data_saver", False, "data saver")


@tool(side="user", phrases=("turn on data saver", "switch on data saver", "enable data saver", "turn data saver on"))
def turn_on_data_saver(state: dict[str, Any]) -> str:
    """Switch data saver mode on."""
    return _switch(state, "data_saver", True, "data saver")


@tool(side="user", phrases=("4g/5g preferred", "set your network mode", "set the network mode",
                            "change your network mode", "change the network mode", "set your preferred network",
                            "set the preferred network"))
def set_network_mode_4g_5g(state: dict[str, Any]) -> str:
    """Set the preferred network mode to 4G/5G preferred."""
    phone = state["phone"]
    before = phone["network_mode"]
    phone["network_mode"] = "4g_5g_preferred"
    network_search(state)
    what = "network mode was already 4g/5g preferred" if before == "4g_5g_preferred" else \
        "network mode set to 4g/5g preferred"
    return _done(what, state)


@tool(side="user", phrases=("reset your apn", "reset the apn", "reset apn", "reset your apn settings",
                            "reset the apn settings", "restore the default apn", "restore your apn", "restore the apn"))
def reset_apn_settings(state: dict[str, Any]) -> str:
    """Restore the carrier's default APN settings (APN name and MMS center); they take effect at the next restart."""
    state["phone"]["apn"]["reset_at_reboot"] = True
    network_search(state)
    return _done("the apn settings will be reset to the carrier defaults at the next restart", state)


@tool(side="user", phrases=("turn on wi-fi", "switch on wi-fi", "enable wi-fi", "connect to wi-fi"))
def turn_on_wifi(state: dict[str, Any]) -> str:
    """Switch Wi-Fi on (no saved network is in range)."""
    return _switch(state, "wifi", True, "wi-fi")


@tool(side="user", phrases=("turn off wi-fi", "switch off wi-fi", "disable wi-fi", "turn wi-fi off"))
def turn_off_wifi(state: dict[str, Any]) -> str:
    """Switch Wi-Fi off."""
    return _switch(state, "wifi", False, "wi-fi")


@tool(side="user", phrases=("turn off wi-fi calling", "switch off wi-fi calling", "disable wi-fi calling",
                            "turn wi-fi calling off"))
def turn_off_wifi_calling(state: dict[str, Any]) -> str:
    """Switch Wi-Fi calling off."""
    return _switch(state, "wifi_calling", False, "wi-fi calling")


@tool(side="user", phrases=("turn on wi-fi calling", "switch on wi-fi calling", "enable wi-fi calling",
                            "turn wi-fi calling on"))
def turn_on_wifi_calling(state: dict[str, Any]) -> str:
    """Switch Wi-Fi calling on."""
    return _switch(state, "wifi_calling", True, "wi-fi calling")


@tool(side="user", phrases=("disconnect the vpn", "disconnect your vpn", "disconnect from the vpn", "turn off the vpn",
                            "turn off your vpn", "turn off vpn", "disable the vpn", "disable your vpn",
                            "switch off the vpn"))
def disconnect_vpn(state: dict[str, Any]) -> str:
    """Disconnect the VPN."""
    vpn = state["phone"]["vpn"]
    what = "vpn disconnected" if vpn["connected"] else "the vpn was already off"
    state["phone"]["vpn"] = {"connected": False, "server": None, "performance": None}
    return _done(what, state)


def _grant(state: dict[str, Any], permission: str) -> str:
    messages = state["phone"]["apps"]["messages"]
    what = f"the messages app already had the {permission} permission" if messages[permission] else \
        f"{permission} permission granted to the messages app"
    messages[permission] = True
    return f"Done - {what}. {_permissions(state)}"


@tool(side="user", phrases=("grant sms", "grant the sms", "allow sms", "allow the sms", "enable sms permission",
                            "enable the sms permission", "give the messages app sms",
                            "give the messages app the sms"))
def grant_sms_permission(state: dict[str, Any]) -> str:
    """Grant the messages app the SMS permission."""
    return _grant(state, "sms")


@tool(side="user", phrases=("grant storage", "grant the storage", "allow storage", "allow the storage",
                            "enable storage permission", "enable the storage permission",
                            "give the messages app storage", "give the messages app the storage",
                            "and storage permission", "and the storage permission"))
def grant_storage_permission(state: dict[str, Any]) -> str:
    """Grant the messages app the storage permission."""
    return _grant(state, "storage")


@tool(side="user", phrases=("pay the payment request", "pay the request", "make the payment",
                            "accept the payment request", "approve the payment request", "complete the payment"))
def pay_payment_request(state: dict[str, Any]) -> str:
    """Pay the carrier's pending payment request from the phone's wallet."""
    request = state["phone"]["payment_request"]
    if request is None or request["status"] != "pending":
        raise ToolError("there is no pending payment request on this phone")
    request["status"] = "paid"
    return f"Done - paid ${request['amount']:.2f} for bill {request['bill_id']}; payment request: paid"
