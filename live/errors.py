"""What race night says when the engine cannot read an input or cannot play the race: a code and
params for programs, the text in the reader's language (docs/race-night-api.md, "Errors").

The words come from the site's renderers, never from `str(exc)` (the engine's English):
`core.read_errors.reading_text` for a reading error, `core.messages.message_text` for a
violation, `sheets.failures.FailureReason` for a race the site cannot judge (its circuit or
its season's rules). Rendered when a payload is asked for, in the active language.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext

from core.messages import message_text
from core.read_errors import reading_message, reading_text
from core.site_messages import SiteCode, site_violation
from live.serializers import ConflictSerializer, RefusalSerializer, as_json
from rules.messages import params_json
from rules.messages.reading import ReadCode, ReadingError
from rules.ruleset import UnknownOptionError
from sheets.failures import Failure, FailureReason

if TYPE_CHECKING:
    from races.models import Race
    from rules.verdict import Violation
    from sheets.engine import SheetEngineError

CIRCUIT_BROKEN = "live.circuit_broken"
RULES_BROKEN = "live.rules_broken"
TABLE_BROKEN = "live.table_broken"


class TableConflict(Exception):
    """The table is not where the caller thought (another device played, or it is finished; on
    a remote table, not the car's turn); `payload`: the API's 409 body
    (`live.serializers.ConflictSerializer`)."""

    def __init__(self, detail: str, **answer: Any) -> None:
        super().__init__(detail)
        self.answer = {"detail": detail, **answer}

    @property
    def payload(self) -> dict[str, Any]:
        return as_json(ConflictSerializer, self.answer)


def reading_error(exc: ReadingError) -> dict[str, Any]:
    """`{"detail", "code", "params"}`: why an input cannot be read, `detail` in the active language."""
    return {"detail": reading_text(exc), **exc.to_json()}


def unreadable(exc: ReadingError) -> dict[str, Any]:
    """The `SITE-format` violation of an input the engine cannot read, as a sheet's verdict holds
    it (its `error` param the nested reading message), its message in the active language."""
    violation = site_violation("SITE-format", SiteCode.UNREADABLE, error=exc.to_json())
    return {**violation, "message": message_text(violation["code"], violation["params"])}


class Refusal:
    """An input the engine refuses, nothing stored: `answer` is what the API's 400 body says, as the
    engine's objects (`detail`; `code` and `params`, `violations`, `tests_due` when given), and
    `payload` that body (`live.serializers.RefusalSerializer`)."""

    def __init__(self, detail: str, **answer: Any) -> None:
        super().__init__(detail)
        self.answer = {"detail": detail, **answer}

    @property
    def payload(self) -> dict[str, Any]:
        return as_json(RefusalSerializer, self.answer)


class TableUnplayable(Exception):
    """The engine cannot play this race at the table now, through no fault of the caller: the
    API's 409 (`payload`: detail, code, params), a message on the pages. `str()` is the English."""

    def __init__(self, english: str, code: str, params: dict[str, Any]) -> None:
        super().__init__(english)
        self.code = code
        self.params = params

    def text(self) -> str:
        """The reason in the active language."""
        raise NotImplementedError

    @property
    def payload(self) -> dict[str, Any]:
        return as_json(ConflictSerializer, {"detail": self.text(), "code": self.code, "params": self.params})


class CircuitBroken(TableUnplayable):
    """The race's circuit document cannot be read (`sheets.engine.race_track` refused it):
    params `circuit` (its slug) and `error` (the reading error's code and params)."""

    def __init__(self, race: Race, exc: SheetEngineError) -> None:
        self.reason = _reading_cause(exc)
        self.failure = exc.reason
        error = self.reason.to_json() if self.reason is not None else None
        super().__init__(str(exc), CIRCUIT_BROKEN, {"circuit": race.circuit.slug, "error": error})

    def text(self) -> str:
        if self.reason is None:
            return self.failure.text()
        detail = _place(self.params["circuit"], reading_text(self.reason))
        return FailureReason(Failure.CIRCUIT, detail).text()


class RulesBroken(TableUnplayable):
    """The race's season rules cannot be read (`race_rules` refused them): params `season` (its
    slug) and, for an unknown option, `error` (`read.unknown_option` and the option)."""

    def __init__(self, race: Race, exc: SheetEngineError) -> None:
        self.season = str(race.season)
        self.failure = exc.reason
        cause = exc.__cause__
        error = None
        if isinstance(cause, UnknownOptionError):
            error = {"code": ReadCode.UNKNOWN_OPTION.value, "params": {"option": cause.option}}
        super().__init__(str(exc), RULES_BROKEN, {"season": race.season.slug, "error": error})

    def text(self) -> str:
        error = self.params["error"]
        if error is None:
            return self.failure.text()
        detail = _place(self.season, reading_message(error["code"], error["params"]))
        return FailureReason(Failure.RULES, detail).text()


class TableBroken(TableUnplayable):
    """The table's stored header or one of its steps, refused by the engine now (the season's
    rules or the circuit changed since): params `step` (its index, -1 the header), `violation`
    (the engine's rule, code and params) or `error` (a reading error's code and params)."""

    def __init__(
        self, table: int, step: int, wrong: Violation | None = None, error: ReadingError | None = None
    ) -> None:
        self.wrong = wrong
        self.error = error
        params: dict[str, Any] = {"step": step, "violation": None, "error": None}
        if wrong is not None:
            params["violation"] = {
                "rule": wrong.rule,
                "code": wrong.code.value,
                "params": params_json(wrong.params),
            }
        if error is not None:
            params["error"] = error.to_json()
        super().__init__(f"table {table}, step {step}: {error or wrong}", TABLE_BROKEN, params)

    def text(self) -> str:
        if self.error is not None:
            why = reading_text(self.error)
        elif self.wrong is not None:
            why = message_text(self.wrong.code, self.wrong.params)
        else:
            why = "—"
        if self.params["step"] < 0:
            return gettext(
                "The header of this table is refused by the engine now (the circuit or the season's "
                "rules changed since): %(why)s"
            ) % {"why": why}
        return gettext(
            "Step %(step)d of this table is refused by the engine now (the circuit or the season's "
            "rules changed since): %(why)s"
        ) % {"step": self.params["step"], "why": why}


def _place(where: str, what: str) -> str:
    """`where: what`, as the reading errors say it in the active language."""
    return gettext("%(where)s: %(what)s") % {"where": where, "what": what}


def _reading_cause(exc: BaseException) -> ReadingError | None:
    """The reading error a `SheetEngineError` was raised from, if any."""
    cause = exc.__cause__
    return cause if isinstance(cause, ReadingError) else None
