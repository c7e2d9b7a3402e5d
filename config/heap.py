"""How a server process sets Python's garbage collector before its first request.

A request for a big night's pages builds hundreds of thousands of short-lived objects (a
1,600-player standings page reads 38,400 hands). With the collector's default threshold (a
young collection every 700 new objects) such a request ran a young collection hundreds of
times and, once it held enough, a full collection of the whole heap, which at 1,600 players
cost 100-300 ms by itself: pages grew more than 4 times for 4 times the players
(`bench/pages.py --growth`). Here the code loaded at start (Django, the app, its URLs) is set
aside for good (`gc.freeze`: it is never garbage), and young collections come every 50,000
new objects: a few megabytes of cyclic garbage at most wait a little longer to be freed.

Called by every server the app has: config/wsgi.py (gunicorn) and the serve command (the hall
and the demo, under waitress); the benches call it as the server does.
"""

import gc

# (young objects between collections, young collections between middle ones, middle ones
# between full ones): Python's defaults are (700, 10, 10); 3.14's incremental collector reads
# the first the same way.
THRESHOLD = (50_000, 20, 100)


def settle() -> None:
    """Load the app's URLs and views, set what is loaded aside from the collector, and space
    its collections out. Call once the application is made, before serving."""
    from django.urls import get_resolver

    # Reading the patterns imports every view module now, not on the first request.
    _ = get_resolver().url_patterns
    gc.collect()
    gc.freeze()
    gc.set_threshold(*THRESHOLD)
