"""Issue 23, item 4: a form body Django cannot read (a foreign charset, a multipart body with no
boundary) is answered with a 400 in words on every address, never a 500. Django refuses a
`charset=utf-16` form each time the body is read, and its own error pages read it again."""

import pytest
from django.test import Client

URLS = ["/health/", "/t/", "/accounts/login/", "/admin/login/", "/clubs/new/", "/nowhere/"]

BODIES = {
    "utf-16 form": ("application/x-www-form-urlencoded; charset=utf-16", "a=b".encode("utf-16")),
    "latin-1 form": ("application/x-www-form-urlencoded; charset=iso-8859-1", b"a=\xe9"),
    "multipart without boundary": ("multipart/form-data", b"--XX\r\n\r\n"),
}


def _post(client: Client, url: str, content_type: str, body: bytes):
    # A csrftoken cookie is what sends the CSRF check to read the body; generic() posts the
    # bytes as they are (post() would encode them in the named charset first).
    client.cookies["csrftoken"] = "x" * 32
    return client.generic("POST", url, data=body, content_type=content_type)


@pytest.mark.django_db
@pytest.mark.parametrize("url", URLS)
@pytest.mark.parametrize("body", BODIES)
def test_an_unreadable_form_is_answered_in_words(url, body):
    client = Client(enforce_csrf_checks=True, raise_request_exception=False)
    response = _post(client, url, *BODIES[body])
    assert response.status_code == 400
    text = response.content.decode()
    assert "could not be read" in text
    assert "nothing was saved" in text


@pytest.mark.django_db
def test_the_charset_answer_says_what_to_send(director_client):
    director_client.raise_request_exception = False
    response = _post(director_client, "/clubs/new/", *BODIES["utf-16 form"])
    assert response.status_code == 400
    assert "UTF-8" in response.content.decode()


@pytest.mark.django_db
def test_a_form_that_names_utf8_is_still_read(client, director):
    response = client.generic(
        "POST",
        "/accounts/login/",
        data=b"username=director&password=wrong",
        content_type="application/x-www-form-urlencoded; charset=UTF-8",
    )
    assert response.status_code == 200
    assert "correct username and password" in response.content.decode()
