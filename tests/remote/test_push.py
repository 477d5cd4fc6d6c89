"""Web Push: a browser's subscription is kept only when its endpoint and keys are sound; a notice
reaches the browser encrypted for it and signed with the site's key; a subscription the push
service has forgotten goes; a push service down or silent is an OSError, which the delivery
tasks retry (remote/push.py, remote/views_push.py, remote/vapid.py)."""

from __future__ import annotations

import json
import stat
import time
from collections.abc import Iterator

import pytest
from django.middleware.csrf import get_token
from django.template.loader import render_to_string
from django.test import Client, RequestFactory

from remote import vapid
from remote.models import PushSubscription
from remote.push import PushFailed, push_send, push_subscribe, push_to_user
from tests.factories import make_user
from tests.remote.push_server import FakePushService, FakeSubscription

pytestmark = pytest.mark.django_db

PAYLOAD = {
    "title": "Your move",
    "body": "Monaco, turn 12: car 7 to play",
    "url": "/races/3/live/",
    "tag": "move-3",
}


@pytest.fixture(autouse=True)
def _push_settings(settings, monkeypatch, tmp_path) -> None:
    private, public = vapid.key_pair_new()
    settings.VAPID_PRIVATE_KEY = private
    settings.VAPID_PUBLIC_KEY = public
    settings.VAPID_KEY_FILE = tmp_path / "var" / "vapid.json"
    settings.VAPID_SUBJECT = "mailto:stewards@example.org"
    settings.PUSH_ALLOW_HTTP_ENDPOINTS = True
    # requests would take the fake service's address through a proxy named in the environment
    monkeypatch.setenv("NO_PROXY", "127.0.0.1,localhost")
    monkeypatch.setenv("no_proxy", "127.0.0.1,localhost")


@pytest.fixture
def service() -> Iterator[FakePushService]:
    with FakePushService() as running:
        yield running


def signed_in(username: str = "ayrton") -> tuple[Client, object]:
    user = make_user(username)
    client = Client()
    client.force_login(user)
    return client, user


def post_json(client: Client, url: str, data: object, **extra: str):
    return client.post(url, json.dumps(data), content_type="application/json", **extra)


def stored(phone, user) -> PushSubscription:
    return push_subscribe(user=user, endpoint=phone.endpoint, p256dh=phone.p256dh, auth=phone.auth)


def error_codes(response) -> dict[str, list[str]]:
    return {name: [e["code"] for e in errors] for name, errors in response.json()["errors"].items()}


# -- Subscribing ------------------------------------------------------------------------------------


def test_it_keeps_a_signed_in_player_s_subscription(service):
    client, user = signed_in()
    phone = service.subscription()
    response = post_json(client, "/me/push/subscribe/", phone.to_json(), HTTP_USER_AGENT="Firefox on Android")
    assert response.status_code == 201
    row = PushSubscription.objects.get()
    assert (row.user, row.endpoint, row.p256dh, row.auth) == (user, phone.endpoint, phone.p256dh, phone.auth)
    assert row.user_agent == "Firefox on Android"


def test_it_gives_a_known_endpoint_to_the_player_signed_in_now(service):
    phone = service.subscription()
    first, _ = signed_in("ayrton")
    second, alain = signed_in("alain")
    assert post_json(first, "/me/push/subscribe/", phone.to_json()).status_code == 201
    assert post_json(second, "/me/push/subscribe/", phone.to_json()).status_code == 201
    assert list(PushSubscription.objects.values_list("user", flat=True)) == [alain.pk]


def test_it_keeps_a_known_push_service_s_https_endpoint(settings):
    settings.PUSH_ALLOW_HTTP_ENDPOINTS = False
    client, _ = signed_in()
    phone = FakeSubscription(id="x", endpoint="https://fcm.googleapis.com/fcm/send/abc:def")
    assert post_json(client, "/me/push/subscribe/", phone.to_json()).status_code == 201


@pytest.mark.parametrize(
    ("endpoint", "code"),
    [
        ("http://127.0.0.1:9/push/x", "not_https"),  # plain http, PUSH_ALLOW_HTTP_ENDPOINTS off
        ("http://updates.push.services.mozilla.com/wpush/v2/x", "not_https"),
        ("https://intranet.example.org/admin", "unknown_push_service"),
        ("https://user:pw@fcm.googleapis.com/fcm/send/x", "not_https"),
        ("ftp://fcm.googleapis.com/x", "not_https"),
        ("", "required"),
        ("https://fcm.googleapis.com/" + "x" * 1000, "too_long"),
    ],
)
def test_it_refuses_an_endpoint_that_is_not_a_push_service_s_https_address(settings, endpoint, code):
    settings.PUSH_ALLOW_HTTP_ENDPOINTS = False
    client, _ = signed_in()
    data = FakeSubscription(id="x", endpoint=endpoint).to_json()
    response = post_json(client, "/me/push/subscribe/", data)
    assert response.status_code == 400
    assert error_codes(response) == {"endpoint": [code]}
    assert not PushSubscription.objects.exists()


def test_debug_allows_a_plain_http_endpoint_on_this_machine_only(settings):
    settings.PUSH_ALLOW_HTTP_ENDPOINTS = False
    settings.DEBUG = True
    client, _ = signed_in()
    local = FakeSubscription(id="x", endpoint="http://localhost:8123/push/x").to_json()
    assert post_json(client, "/me/push/subscribe/", local).status_code == 201
    elsewhere = FakeSubscription(id="y", endpoint="http://push.example.org/push/y").to_json()
    assert error_codes(post_json(client, "/me/push/subscribe/", elsewhere)) == {"endpoint": ["not_https"]}


@pytest.mark.parametrize(
    ("keys", "errors"),
    [
        ({"p256dh": "BAAA", "auth": "AAAAAAAAAAAAAAAAAAAAAA"}, {"p256dh": ["bad_p256dh"]}),
        # 65 bytes starting 0x04, but not a point of the curve
        ({"p256dh": "BA" + "A" * 85, "auth": "AAAAAAAAAAAAAAAAAAAAAA"}, {"p256dh": ["bad_p256dh"]}),
        ({"p256dh": None, "auth": "not base64url!"}, {"p256dh": ["bad_p256dh"], "auth": ["bad_auth"]}),
        ({"auth": "AAAAAAAAAAAAAAAAAAAAAAAA"}, {"p256dh": ["bad_p256dh"], "auth": ["bad_auth"]}),  # 18 bytes
    ],
)
def test_it_refuses_keys_that_are_not_a_browser_s(service, keys, errors):
    client, _ = signed_in()
    phone = service.subscription()
    data = phone.to_json() | {"keys": keys}
    response = post_json(client, "/me/push/subscribe/", data)
    assert response.status_code == 400
    assert error_codes(response) == errors
    assert not PushSubscription.objects.exists()


def test_it_refuses_a_body_that_is_not_a_subscription():
    client, _ = signed_in()
    response = client.post("/me/push/subscribe/", "[1, 2", content_type="application/json")
    assert response.status_code == 400
    assert error_codes(response) == {"__all__": ["not_an_object"]}


def test_it_refuses_an_anonymous_visitor(service):
    response = post_json(Client(), "/me/push/subscribe/", service.subscription().to_json())
    assert response.status_code == 403
    assert response.json()["error"] == "not_signed_in"
    assert not PushSubscription.objects.exists()


def test_it_takes_the_csrf_token_from_the_x_csrftoken_header(service):
    user = make_user("ayrton")
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    data = service.subscription().to_json()
    assert post_json(client, "/me/push/subscribe/", data).status_code == 403
    # the token the button's include writes in data-csrf, and the cookie that comes with it
    page = RequestFactory().get("/")
    token = get_token(page)
    client.cookies["csrftoken"] = page.META["CSRF_COOKIE"]
    assert post_json(client, "/me/push/subscribe/", data, HTTP_X_CSRFTOKEN=token).status_code == 201


def test_a_player_unsubscribes_his_browser_only(service):
    client, user = signed_in("ayrton")
    _other, alain = signed_in("alain")
    mine, his = service.subscription(), service.subscription()
    stored(mine, user)
    stored(his, alain)
    assert post_json(client, "/me/push/unsubscribe/", {"endpoint": his.endpoint}).json() == {"removed": 0}
    assert post_json(client, "/me/push/unsubscribe/", {"endpoint": mine.endpoint}).json() == {"removed": 1}
    assert list(PushSubscription.objects.values_list("endpoint", flat=True)) == [his.endpoint]


def test_a_player_keeps_his_ten_latest_browsers(service):
    _client, user = signed_in()
    phones = [service.subscription() for _ in range(12)]
    for phone in phones:
        stored(phone, user)
    kept = set(PushSubscription.objects.values_list("endpoint", flat=True))
    assert kept == {phone.endpoint for phone in phones[2:]}


# -- Sending --------------------------------------------------------------------------------------


def test_a_notice_reaches_the_browser_encrypted_for_it_and_signed_by_the_site(service, settings):
    _client, user = signed_in()
    phone = service.subscription()
    assert push_send(stored(phone, user), PAYLOAD) == 201
    [request] = service.wait_for(1)
    assert phone.payload(request) == PAYLOAD
    assert request.headers["content-encoding"] == "aes128gcm"
    assert request.ttl == settings.PUSH_TTL == 6 * 3600
    assert len(request.headers["topic"]) <= 32  # a newer "your move" replaces one still undelivered
    claims = service.vapid_claims(request, vapid.public_key())
    assert claims["sub"] == "mailto:stewards@example.org"
    assert claims["aud"] == service.origin


def test_another_browser_cannot_read_the_notice(service):
    _client, user = signed_in()
    phone, stranger = service.subscription("phone"), service.subscription("stranger")
    push_send(stored(phone, user), PAYLOAD)
    [request] = service.wait_for(1)
    with pytest.raises(Exception):  # noqa: B017, PT011 - http_ece's authentication failure
        stranger.decrypt(request)


@pytest.mark.parametrize("status", [404, 410])
def test_a_subscription_the_push_service_forgot_is_deleted(service, status):
    _client, user = signed_in()
    phone = service.subscription()
    service.answer(phone.id, status)
    assert push_send(stored(phone, user), PAYLOAD) == status
    assert not PushSubscription.objects.exists()


def test_another_refusal_is_an_oserror_and_the_subscription_stays(service):
    _client, user = signed_in()
    phone = service.subscription()
    service.answer(phone.id, 503)
    with pytest.raises(OSError) as raised:  # the delivery tasks' autoretry_for=(OSError,)
        push_send(stored(phone, user), PAYLOAD)
    assert isinstance(raised.value, PushFailed)
    assert raised.value.status == 503
    assert PushSubscription.objects.count() == 1


def test_a_push_service_that_hangs_is_given_up_after_push_timeout(service, settings):
    settings.PUSH_TIMEOUT = 1
    _client, user = signed_in()
    phone = service.subscription()
    service.hang(phone.id)
    subscription = stored(phone, user)
    started = time.monotonic()
    with pytest.raises(OSError) as raised:
        push_send(subscription, PAYLOAD)
    assert time.monotonic() - started < 2.5
    assert raised.value.status is None
    assert PushSubscription.objects.count() == 1


def test_a_push_service_that_is_not_there_is_an_oserror():
    _client, user = signed_in()
    with FakePushService() as gone:
        phone = gone.subscription()
    with pytest.raises(OSError):
        push_send(stored(phone, user), PAYLOAD)


def test_a_player_s_notice_goes_to_each_of_his_browsers_and_counts_those_that_took_it(service):
    _client, user = signed_in()
    phone, laptop, old = service.subscription(), service.subscription(), service.subscription()
    for browser in (phone, laptop, old):
        stored(browser, user)
    service.answer(old.id, 410)
    assert push_to_user(user, PAYLOAD) == 2
    assert {r.id for r in service.wait_for(3)} == {phone.id, laptop.id, old.id}
    assert PushSubscription.objects.count() == 2


def test_a_player_s_notice_that_no_browser_took_raises_for_a_retry(service):
    _client, user = signed_in()
    phone, old = service.subscription(), service.subscription()
    stored(phone, user)
    stored(old, user)
    service.answer(phone.id, 500)
    service.answer(old.id, 410)
    with pytest.raises(PushFailed):
        push_to_user(user, PAYLOAD)


def test_the_test_button_sends_a_notice_that_opens_the_page_it_was_asked_from(service):
    client, user = signed_in()
    phone = service.subscription()
    stored(phone, user)
    response = post_json(client, "/me/push/test/", {"url": "/me/remote/"})
    assert response.json() == {"sent": 1, "devices": 1}
    payload = phone.payload(service.wait_for(1)[0])
    assert (payload["url"], payload["tag"]) == ("/me/remote/", "push-test")
    assert payload["title"]
    # not another site's address, and not twice in a row at once
    assert post_json(client, "/me/push/test/", {"url": "https://evil.example/"}).status_code == 429


def test_the_test_button_opens_the_home_page_rather_than_another_site(service):
    client, user = signed_in()
    phone = service.subscription()
    stored(phone, user)
    post_json(client, "/me/push/test/", {"url": "//evil.example/x"})
    assert phone.payload(service.wait_for(1)[0])["url"] == "/"


def test_the_test_button_says_when_no_push_service_answered(service):
    client, user = signed_in()
    phone = service.subscription()
    stored(phone, user)
    service.answer(phone.id, 500)
    response = post_json(client, "/me/push/test/", {})
    assert response.status_code == 502
    assert response.json()["error"] == "push_failed"


# -- The key, the worker, the button ------------------------------------------------------------


def test_the_key_view_gives_the_site_s_public_key_as_applicationserverkey_wants():
    response = Client().get("/me/push/key/")
    key = response.json()["public_key"]
    assert key == vapid.public_key()
    raw = vapid.b64url_decode(key)
    assert (len(raw), raw[0], "=" in key) == (65, 4, False)


def test_without_keys_a_pair_is_made_once_into_the_key_file(settings, tmp_path):
    settings.VAPID_PRIVATE_KEY = settings.VAPID_PUBLIC_KEY = ""
    settings.VAPID_KEY_FILE = tmp_path / "var" / "vapid.json"
    first = vapid.public_key()
    assert stat.S_IMODE(settings.VAPID_KEY_FILE.stat().st_mode) == 0o600
    vapid._load.cache_clear()  # as a new process would
    assert vapid.public_key() == first
    assert json.loads(settings.VAPID_KEY_FILE.read_text())["public_key"] == first


def test_a_public_key_that_is_not_the_private_key_s_is_refused(settings):
    from django.core.exceptions import ImproperlyConfigured

    settings.VAPID_PUBLIC_KEY = vapid.key_pair_new()[1]
    with pytest.raises(ImproperlyConfigured, match="VAPID_PUBLIC_KEY"):
        vapid.private_key()


def test_the_service_worker_is_served_at_the_root_for_the_whole_site():
    response = Client().get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/javascript; charset=utf-8"
    assert response["Service-Worker-Allowed"] == "/"
    assert response["Cache-Control"] == "no-cache"
    source = response.content.decode()
    assert 'addEventListener("push"' in source and 'addEventListener("notificationclick"' in source
    assert "worker-src 'self'" in response["Content-Security-Policy"]


def test_the_button_s_include_needs_only_the_request():
    request = RequestFactory().get("/me/remote/")
    request.user = make_user("ayrton")
    html = render_to_string("remote/_push_button.html", request=request)
    for url in ("/sw.js", "/me/push/key/", "/me/push/subscribe/", "/me/push/unsubscribe/", "/me/push/test/"):
        assert f'="{url}"' in html
    assert 'data-csrf="' in html and 'data-csrf=""' not in html
    assert "js/remote-push.js" in html
