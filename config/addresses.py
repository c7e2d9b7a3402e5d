"""The client's address, one rule for everything that counts by address: wrong table codes
(tournaments/guesses.py) and wrong passwords (django-axes, AXES_CLIENT_IP_CALLABLE)."""

import ipaddress

from django.conf import settings
from django.http import HttpRequest


def client_address(request: HttpRequest) -> str:
    if getattr(settings, "BEHIND_PROXY", False):
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
        if forwarded:
            # Our proxy appends the address it saw; anything before it the client could forge.
            return forwarded.split(",")[-1].strip()
    return request.META.get("REMOTE_ADDR", "")


def address_group(address: str) -> str | None:
    """An address as the limits count it: an IPv4 address as itself (also when written as
    IPv6), an IPv6 one as the first address of its /64, None when it is not an address.
    One host is given a whole /64: counted address by address, it would get its guesses
    2**64 times over."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return None
    if ip.version == 6 and ip.ipv4_mapped:
        return str(ip.ipv4_mapped)
    if ip.version == 6:
        return str(ipaddress.ip_network(f"{ip}/64", strict=False).network_address)
    return str(ip)


def login_address(request: HttpRequest) -> str | None:
    """The address wrong passwords are counted against, as axes stores it (an IP address
    column); with None, axes counts by the account alone."""
    return address_group(client_address(request))
