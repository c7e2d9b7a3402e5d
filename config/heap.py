"""How a server process runs Python's garbage collector: between requests, not inside them.

A request for a big night's pages holds hundreds of thousands of objects while it runs (a
1,600-player standings page reads 38,400 hands). Python's collector runs when enough new
objects are alive, so it ran inside such requests, again and again, and each run scanned
everything the request held so far: at 1,600 players a page grew more than 4 times for 4 times
the players (`bench/pages.py --growth`), with a single run costing 100-300 ms. Nearly all of a
request's objects are freed as soon as it ends (they are counted by reference, not found by
the collector), so a run just after the request has little left to scan: only the cycles the
request left, which are the collector's whole job.

So: the code loaded at start (Django, the app, its URLs) is set aside for good (`gc.freeze`),
the collector's own runs are pushed far out (a safety net, for a request that builds millions
of objects), and each request's end runs it when more than YOUNG new objects are still alive:
on the young and middle generations, and on everything every FULL-th time. Everything is
scanned rarely because it holds all the server has kept (its caches, the fonts of the PDFs):
a full run took 80 ms in bench/pages.py's world, where Python runs one only once the
long-lived objects have grown by a quarter. Cyclic garbage waits for the end of a request,
never more than YOUNG objects' worth.

Called by every server the app has: config/wsgi.py (gunicorn) and the serve command (the hall
and the demo, under waitress); the benches call it as the servers do, so their times include
the collections.
"""

import gc

from django.core.signals import request_finished

# Objects still alive since the last run after which a request's end runs the collector.
YOUNG = 50_000
# Of those runs, every FULL-th scans everything rather than the young and middle generations.
FULL = 100
# The collector's own thresholds (Python's defaults are 700, 10, 10; 3.14's incremental
# collector reads the first the same way): its first run only past a million new objects.
THRESHOLD = (1_000_000, 10, 10)


def settle() -> None:
    """Load the app's URLs and views, set what is loaded aside from the collector, and run the
    collector between requests. Call once the application is made, before serving."""
    from django.urls import get_resolver

    # Reading the patterns imports every view module now, not on the first request.
    _ = get_resolver().url_patterns
    gc.collect()
    gc.freeze()
    gc.set_threshold(*THRESHOLD)
    request_finished.connect(collect_after_request, dispatch_uid="config.heap")


def collect_after_request(**kwargs) -> None:
    young, _, middle_runs = gc.get_count()
    if young > YOUNG:
        gc.collect(2 if middle_runs >= FULL else 1)
