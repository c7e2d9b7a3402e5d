"""The Content-Security-Policy in chromium: the pages the other browser tests do not visit (the
login and its refusals, the admin) break nothing under it; and a browser test does fail on a
violation (conftest's watch on the console, which every browser test carries)."""

import pytest
from conftest import CSP_VIOLATIONS
from playwright.sync_api import expect

pytestmark = pytest.mark.django_db(transaction=True)

DESK = {"width": 1280, "height": 900}


def test_an_inline_style_is_refused_and_the_browser_tests_see_it(browser, live_server):
    page = browser.new_page(viewport=DESK)
    page.goto(f"{live_server.url}/")
    page.evaluate(
        "document.body.insertAdjacentHTML('beforeend', '<p id=\"x\" style=\"color: red\">x</p>')"
    )
    expect(page.locator("#x")).not_to_have_css("color", "rgb(255, 0, 0)")
    page.wait_for_timeout(200)  # the console message arrives after the refusal

    found = list(CSP_VIOLATIONS)
    CSP_VIOLATIONS.clear()  # seen on purpose: the test's own teardown must not fail on it
    assert any("style-src" in text for text in found), found
    page.context.close()


def test_the_login_its_refusals_and_the_admin_break_nothing(
    browser, live_server, django_user_model, director, event
):
    sam = django_user_model.objects.create_superuser("sam", password="sam-pass-123")
    page = browser.new_page(viewport=DESK)
    base = live_server.url

    for path in ("/", "/rules/", "/accounts/password_reset/", "/no-such-page/"):
        page.goto(base + path)
    page.goto(f"{base}/accounts/login/")
    for n in range(10):
        page.fill("#id_username", "dora")
        page.fill("#id_password", f"guess-{n}")
        page.click("button[type=submit]")
    expect(page.locator("h1")).to_have_text("Login locked for 15 minutes")

    admin = browser.new_page(viewport=DESK)
    admin.goto(f"{base}/admin/login/")
    admin.fill("#id_username", "sam")
    admin.fill("#id_password", "sam-pass-123")
    admin.click("input[type=submit]")
    expect(admin.locator("#site-name")).to_be_visible()
    for path in (
        "/admin/auth/user/",
        f"/admin/auth/user/{sam.pk}/change/",
        f"/admin/tournaments/event/{event.pk}/change/",
        "/admin/axes/accessattempt/",
    ):
        admin.goto(base + path)
        expect(admin.locator("#content")).to_be_visible()
    # The date widget's calendar, drawn by the admin's own scripts.
    admin.goto(f"{base}/admin/tournaments/event/add/")
    admin.click(".datetimeshortcuts a:has-text('Today')")
    expect(admin.locator("#id_date")).not_to_have_value("")
    page.context.close()
    admin.context.close()
