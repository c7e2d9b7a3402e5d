"""What the computer the app runs on says about where it is: its time zone and its locale.

A club's laptop is set to the club's own zone and country, so a fresh install writes times
and dates as the club does without anyone configuring it. Each guess falls back quietly (UTC,
no country): a laptop that cannot tell must still start. Plain Python, read before Django
is set up (config/settings.py).
"""

import functools
import locale
import os
import subprocess
import sys
import zoneinfo


def time_zone() -> str:
    """The computer's IANA zone ("America/Detroit"), found by tzlocal on Windows, macOS and
    Linux (it reads TZ first, as the C library does), or "UTC" when it cannot tell."""
    try:
        import tzlocal

        name = tzlocal.get_localzone_name()
        # A name the zone database does not know (a bare offset, a broken /etc/localtime link)
        # would stop Django at start: UTC instead.
        zoneinfo.ZoneInfo(name)
    except Exception:  # any failure to guess is the same to the club: no zone known
        return "UTC"
    return name or "UTC"


def _windows_locale() -> str:
    import ctypes

    buffer = ctypes.create_unicode_buffer(85)  # LOCALE_NAME_MAX_LENGTH
    if ctypes.windll.kernel32.GetUserDefaultLocaleName(buffer, len(buffer)):
        return buffer.value  # "en-NZ"
    return ""


def _macos_locale() -> str:
    # An app started from the Dock has no LANG; the system keeps the user's region here.
    done = subprocess.run(
        ["defaults", "read", "-g", "AppleLocale"], capture_output=True, text=True, timeout=5
    )
    return done.stdout.strip()  # "en_NZ" or "en_NZ@rg=auzzzz"


@functools.cache
def country() -> str:
    """The two-letter country of the computer's locale ("NZ"), or "" when it has none.

    The environment first (LC_ALL, LC_TIME, LANG, as the C library reads them for dates),
    then the locale Python was started in, then the system's own setting on Windows and macOS.
    """
    found = [os.environ.get(name, "") for name in ("LC_ALL", "LC_TIME", "LANG")]
    try:
        found.append(locale.getlocale(locale.LC_TIME)[0] or "")
        found.append(locale.getlocale()[0] or "")
        if sys.platform == "win32":
            found.append(_windows_locale())
        elif sys.platform == "darwin":
            found.append(_macos_locale())
    except Exception:  # a locale the system cannot describe: the next guess, or none
        pass
    for name in found:
        # "en_NZ.UTF-8", "en-NZ", "en_NZ@euro", "English_New Zealand" (Windows' own names)
        name = name.split(".")[0].split("@")[0].replace("-", "_")
        if "_" in name:
            territory = name.split("_", 1)[1]
            # Windows' "English_New Zealand" is no code: its own setting below says "en-NZ".
            if len(territory) == 2 and territory.isalpha():
                return territory.upper()
    return ""
