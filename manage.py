#!/usr/bin/env python
"""Django's command-line utility for administrative tasks."""

import os
import sys


def main():
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    from django.core.exceptions import ImproperlyConfigured
    from django.core.management import execute_from_command_line

    try:
        execute_from_command_line(sys.argv)
    except ImproperlyConfigured as exc:
        # A setting the person at the keyboard can fix (config/settings.py says which and how):
        # the words alone, not a traceback.
        sys.exit(f"Cannot start: {exc}")


if __name__ == "__main__":
    main()
