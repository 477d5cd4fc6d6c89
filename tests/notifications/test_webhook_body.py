"""What the league's chat receives: a message that pings nobody whatever a display name says, and
names on one line (no CR, LF or other control character from a profile)."""

from __future__ import annotations

import json
from unittest import mock

import pytest

from accounts.profiles import profile_for
from notifications import channels
from notifications.recipients import one_line
from notifications.tasks import announce_send
from tests.factories import make_user

pytestmark = pytest.mark.django_db

PARAMS = {"season": "S", "round": 1, "circuit": "Ovale", "url": "/races/1/"}


def _posted(settings, url: str, name: str) -> dict:
    settings.LEAGUE_WEBHOOK_URL = url
    user = make_user("mallory")
    profile = profile_for(user)
    profile.display_name, profile.notify_email = name, False
    profile.save()
    with mock.patch.object(channels.urllib.request, "urlopen") as urlopen:
        urlopen.return_value.__enter__.return_value.status = 204
        announce_send(key="results-published:1", kind="results_published", params=PARAMS, user_ids=[user.pk])
    (call,) = urlopen.call_args_list
    return json.loads(call.args[0].data)


def test_a_discord_message_allows_no_mention_and_keeps_a_name_on_its_line(settings):
    body = _posted(settings, "https://discord.example/api/webhooks/1/x", "@everyone\r\n**Boss** <@&42>\x07")

    assert body["allowed_mentions"] == {"parse": []}  # @everyone, roles, users: none pings
    subject, text = body["content"].split("\n")  # the name added no line
    assert subject.endswith("(@everyone **Boss** <@&42>)")
    assert "\r" not in body["content"] and "\x07" not in body["content"]


def test_a_slack_message_escapes_its_control_sequences(settings):
    body = _posted(settings, "https://hooks.slack.com/services/T/B/x", "<!channel> & co\nhi")

    assert "<!channel>" not in body["text"]
    assert "(&lt;!channel&gt; &amp; co hi)" in body["text"]
    assert body["text"].count("\n") == 1


def test_one_line_removes_control_and_invisible_characters():
    assert one_line("Ana\r\nBel\tle\u2028x\u202e\u200by\x00") == "Ana Bel le xy"
