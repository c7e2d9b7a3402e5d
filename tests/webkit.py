"""WebKit for the browser tests: the engine of every iPhone's Safari, as Debian ships it
(WebKitGTK's MiniBrowser, driven by WebKitWebDriver through Selenium), on a virtual screen
(Xvfb); and the hall's Wi-Fi between a phone and the laptop, which a test can cut and bring
back. WebKitGTK has no headless mode and WebKitWebDriver no offline switch, hence both."""

import contextlib
import glob
import os
import shutil
import socket
import subprocess
import threading
from urllib.parse import urlsplit

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait
from selenium.webdriver.webkitgtk.service import Service

DRIVER = "/usr/bin/WebKitWebDriver"
XVFB = "/usr/bin/Xvfb"
PHONE = {"width": 360, "height": 740}


def minibrowser() -> str:
    # Beside the library, in a folder named for the machine's architecture.
    found = glob.glob("/usr/lib/*/webkit2gtk-4.1/MiniBrowser")
    assert found, "WebKitGTK's MiniBrowser is missing: run the README's test command"
    return found[0]


@contextlib.contextmanager
def virtual_screen():
    """An X display of its own, on a number Xvfb chose free (-displayfd): ":N"."""
    assert shutil.which(XVFB), f"{XVFB} is missing: run the README's test command"
    read, write = os.pipe()
    screen = subprocess.Popen(
        [XVFB, "-displayfd", str(write), "-screen", "0", "1024x768x24", "-nolisten", "tcp"],
        pass_fds=[write],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    try:
        with os.fdopen(read) as answer:
            number = answer.readline().strip()  # written once the display is ready
        assert number, "Xvfb did not start"
        yield f":{number}"
    finally:
        screen.terminate()
        try:
            screen.wait(timeout=10)
        except subprocess.TimeoutExpired:
            screen.kill()
            screen.wait()


@contextlib.contextmanager
def webkit_phone(display: str):
    """MiniBrowser at a phone's 360x740, on `display`. Full screen, because its toolbar keeps
    a window at least 447 pixels wide; with arguments of our own, --automation must be among
    them or the browser never answers the driver."""
    assert shutil.which(DRIVER), f"{DRIVER} is missing: run the README's test command"
    options = webdriver.WebKitGTKOptions()
    options.binary_location = minibrowser()
    options.add_argument("--automation")
    options.add_argument("--full-screen")
    # On that screen even where the machine has a desktop of its own (X or Wayland).
    screen = {"DISPLAY": display, "GDK_BACKEND": "x11"}
    service = Service(executable_path=DRIVER, env={**os.environ, **screen})
    driver = webdriver.WebKitGTK(options=options, service=service)
    try:
        driver.set_window_size(PHONE["width"], PHONE["height"])
        yield driver
    finally:
        driver.quit()


# Installed after each page load: WebKitWebDriver gives no console log and no WebDriver BiDi,
# so the page itself notes its script errors and Content-Security-Policy refusals. The page's
# own swaps of its body (static/captain.js) keep the window, and with it this list.
WATCH_ERRORS = """
window.phoneErrors = [];
window.addEventListener("error", function (e) {
  window.phoneErrors.push(e.message + " at " + e.filename + ":" + e.lineno);
});
window.addEventListener("unhandledrejection", function (e) {
  window.phoneErrors.push("unhandled rejection: " + e.reason);
});
document.addEventListener("securitypolicyviolation", function (e) {
  window.phoneErrors.push("refused by the CSP: " + e.violatedDirective + " " + e.blockedURI);
});
"""


def errors_seen(driver) -> list[str]:
    return driver.execute_script("return window.phoneErrors")


def wait_for(driver, check, seconds: float = 30, message: str = ""):
    """Wait until `check(driver)` is true (a slow machine's generous limit), and return it. The
    captain's script replaces the page's body as answers come: an element found just before
    that is gone, and the check is simply tried again."""
    wait = WebDriverWait(
        driver, seconds, poll_frequency=0.2, ignored_exceptions=[StaleElementReferenceException]
    )
    return wait.until(check, message)


def shown_text(driver) -> str:
    """What the screen shows, as the captain reads it (hidden parts left out)."""
    return driver.execute_script("return document.body.innerText")


def see(driver, text: str, seconds: float = 30) -> None:
    """Wait until the page shows `text`; if it never does, say what it shows instead."""
    try:
        wait_for(driver, lambda driver: text in shown_text(driver), seconds)
    except TimeoutException:
        raise AssertionError(
            f"never shown: {text!r}; the page shows:\n{shown_text(driver)}"
        ) from None


def no_longer_see(driver, text: str, seconds: float = 30) -> None:
    try:
        wait_for(driver, lambda driver: text not in shown_text(driver), seconds)
    except TimeoutException:
        raise AssertionError(
            f"still shown: {text!r}; the page shows:\n{shown_text(driver)}"
        ) from None


def _quoted(text: str) -> str:
    # An XPath 1.0 string literal: player names may hold an apostrophe, never both quotes.
    return f'"{text}"' if '"' not in text else f"'{text}'"


def _tap(driver, path: str, what: str) -> None:
    def tapped(driver) -> bool:
        # The one on the screen: a copy of a button may sit folded away.
        shown = [e for e in driver.find_elements(By.XPATH, path) if e.is_displayed()]
        if shown:
            shown[0].click()
        return bool(shown)

    wait_for(driver, tapped, seconds=15, message=f"no {what} on the screen")


def tap_choice(driver, question: str, answer: str) -> None:
    """Tap the answer to one of the hand's questions, as a finger does: on its label."""
    path = (
        f"//fieldset[legend[contains(normalize-space(), {_quoted(question)})]]"
        f"//label[normalize-space()={_quoted(answer)}]"
    )

    # As a captain looks for the choice to show as chosen and taps again if it does not: a tap
    # that lands as the page is brought up to date (a kept hand just sent, the table refreshed
    # under the finger) can meet the page being replaced, and is lost.
    def chosen(driver) -> bool:
        shown = [e for e in driver.find_elements(By.XPATH, path) if e.is_displayed()]
        if not shown:
            return False
        if driver.execute_script("return arguments[0].control.checked", shown[0]):
            return True
        shown[0].click()
        return False

    wait_for(driver, chosen, seconds=15, message=f"answer {answer!r} to {question!r} not chosen")


def tap_button(driver, name: str) -> None:
    """Tap the button that says `name`."""
    _tap(driver, f"//button[normalize-space()={_quoted(name)}]", f"button {name!r}")


class HallWifi:
    """The hall's Wi-Fi: a relay on loopback that the phone reaches the app through, passing
    bytes both ways, which a test can `cut` (open connections drop, new ones are closed at
    once, as a phone out of reach finds) and `restore`. It counts the connections it refused:
    proof that the phone tried while cut off."""

    def __init__(self, url: str):
        target = urlsplit(url)
        self._target = (target.hostname, target.port)
        self._listener = socket.create_server(("127.0.0.1", 0))
        self._listener.settimeout(0.2)
        self.url = f"http://127.0.0.1:{self._listener.getsockname()[1]}"
        self._up = True
        self._open: set[socket.socket] = set()
        self._lock = threading.Lock()
        self.refused = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    def _serve(self) -> None:
        while not self._stop.is_set():
            try:
                phone, _ = self._listener.accept()
            except TimeoutError:
                continue
            with self._lock:
                up = self._up
                if up:
                    self._open.add(phone)
                else:
                    self.refused += 1
            if not up:
                phone.close()
                continue
            try:
                app = socket.create_connection(self._target, timeout=10)
            except OSError:
                self._drop(phone)
                continue
            app.settimeout(None)
            with self._lock:
                self._open.add(app)
            finished = threading.Semaphore(0)  # one release per direction done
            for source, sink in ((phone, app), (app, phone)):
                threading.Thread(
                    target=self._pass, args=(source, sink, finished), daemon=True
                ).start()
            threading.Thread(
                target=self._close_when_done, args=(phone, app, finished), daemon=True
            ).start()

    def _pass(self, source: socket.socket, sink: socket.socket, finished) -> None:
        try:
            while chunk := source.recv(65536):
                sink.sendall(chunk)
            sink.shutdown(socket.SHUT_WR)  # one side is done; the other may still answer
            finished.release()
        except OSError:
            self._drop(source, sink)  # one side is gone: so is the connection
            finished.release()
            finished.release()

    def _close_when_done(self, phone, app, finished) -> None:
        finished.acquire()
        finished.acquire()
        self._drop(phone, app)

    def _drop(self, *sockets: socket.socket) -> None:
        for sock in sockets:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)  # wakes the thread reading it
            sock.close()
            with self._lock:
                self._open.discard(sock)

    def cut(self) -> None:
        with self._lock:
            self._up = False
            dropped = list(self._open)
        self._drop(*dropped)

    def restore(self) -> None:
        with self._lock:
            self._up = True

    def close(self) -> None:
        self._stop.set()
        self._thread.join(timeout=5)
        self._listener.close()
        self.cut()
