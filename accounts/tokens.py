"""Who gets an API token: whoever could sign in on the site, so not an account whose e-mail
address is still unconfirmed (ACCOUNT_EMAIL_VERIFICATION is mandatory there)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from allauth.account.models import EmailAddress
from django.utils.translation import gettext_lazy as _
from rest_framework.authtoken.serializers import AuthTokenSerializer
from rest_framework.exceptions import PermissionDenied

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractBaseUser


class EmailUnconfirmed(PermissionDenied):
    default_detail = _(
        "Confirm your e-mail address first: follow the link in the e-mail sent when you signed up "
        "(or sign in on the site to have it sent again). Until then this account gets no API token."
    )
    default_code = "email_unconfirmed"


def email_unconfirmed(user: AbstractBaseUser) -> bool:
    """True for an account that signed up with an address (allauth keeps it) and has confirmed none.
    An account the league's admins made themselves has no address on record: they vouch for it."""
    verified = list(EmailAddress.objects.filter(user_id=user.pk).values_list("verified", flat=True))
    return bool(verified) and not any(verified)


class ConfirmedAuthTokenSerializer(AuthTokenSerializer):
    """DRF's user name and password check, then the address's: a 403 saying why, not a 400."""

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        attrs = super().validate(attrs)
        if email_unconfirmed(attrs["user"]):
            raise EmailUnconfirmed()
        return attrs
