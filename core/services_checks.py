"""A model's validation without its queries, for services that write many rows of a set at once.

`full_clean()` asks the database, row by row, whether each foreign key exists, whether each
unique constraint holds and whether each check constraint holds: a 10-car result sheet spent
about 150 queries there. A service writing a set of rows it built from rows it holds (locked,
loaded) knows the keys exist, and checks the set's uniqueness itself, over the set; what is left
(field validators, the model's clean(), the check constraints) needs no database. The database
still enforces every constraint on the insert: a check forgotten here is an error, never bad data.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable
from typing import Any

from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.db import models
from django.db.models import F, Q

# Three-valued, as SQL: None is "unknown", and a check constraint holds unless it is false.
_COMPARE: dict[str, Callable[[Any, Any], bool]] = {
    "exact": operator.eq,
    "lt": operator.lt,
    "lte": operator.le,
    "gt": operator.gt,
    "gte": operator.ge,
}


def _value(instance: models.Model, name: str) -> Any:
    if "__" in name:
        raise NotImplementedError(f"a check across a relation ({name}) needs the database")
    return getattr(instance, instance._meta.get_field(name).attname)


def _lookup(instance: models.Model, lookup: str, expected: Any) -> bool | None:
    name, _sep, kind = lookup.rpartition("__")
    if not name or kind not in (*_COMPARE, "isnull", "in"):
        name, kind = lookup, "exact"
    left = _value(instance, name)
    if kind == "isnull":
        return (left is None) == bool(expected)
    right = _value(instance, expected.name) if isinstance(expected, F) else expected
    if isinstance(right, models.Model):
        right = right.pk
    if kind == "in":
        return None if left is None else left in right
    if left is None or right is None:
        return None
    return _COMPARE[kind](left, right)


def q_holds(instance: models.Model, condition: Q) -> bool | None:
    """The value of a Q of plain lookups (exact, lt, lte, gt, gte, isnull, in; F of the same row)
    for one unsaved instance: True, False, or None where SQL would say unknown."""
    values: list[bool | None] = []
    for child in condition.children:
        if isinstance(child, Q):
            values.append(q_holds(instance, child))
        elif isinstance(child, tuple) and len(child) == 2:
            values.append(_lookup(instance, *child))
        else:
            raise NotImplementedError(f"cannot check {child!r} without the database")
    if condition.connector == Q.OR:
        result = True if True in values else (None if None in values else False)
    else:
        result = False if False in values else (None if None in values else True)
    if condition.negated and result is not None:
        result = not result
    return result


def _relations(instance: models.Model) -> list[models.Field]:
    return [f for f in instance._meta.concrete_fields if f.is_relation]


def clean_without_queries(instance: models.Model, *, exclude: Iterable[str] = ()) -> None:
    """full_clean() but for what needs the database: the existence of related rows (the caller
    passes rows it holds) and the unique constraints (the caller checks them over its set).

    Runs the field validators, the model's clean() and its check constraints (in Python);
    raises the ValidationError full_clean() would for those.
    """
    relations = _relations(instance)
    skipped = {f.name for f in relations} | set(exclude)
    errors: dict[str, list[ValidationError]] = {}
    for field in relations:
        if field.name not in exclude and getattr(instance, field.attname) is None and not field.null:
            errors.setdefault(field.name, []).append(
                ValidationError(field.error_messages["null"], code="null")
            )
    try:
        instance.full_clean(exclude=sorted(skipped), validate_unique=False, validate_constraints=False)
    except ValidationError as exc:
        for name, found in exc.update_error_dict({}).items():
            errors.setdefault(name, []).extend(found)
    for constraint in instance._meta.constraints:
        if not isinstance(constraint, models.CheckConstraint):
            continue
        names = {name.split("__")[0] for name in _lookups(constraint.condition)}
        if names & set(errors) or names & set(exclude):
            continue  # as full_clean(): a field already in error is not checked again
        if q_holds(instance, constraint.condition) is False:
            errors.setdefault(NON_FIELD_ERRORS, []).append(
                ValidationError(
                    constraint.get_violation_error_message(), code=constraint.violation_error_code
                )
            )
    if errors:
        raise ValidationError(errors)


def _lookups(condition: Q) -> list[str]:
    found = []
    for child in condition.children:
        if isinstance(child, Q):
            found += _lookups(child)
        else:
            found.append(child[0])
            if isinstance(child[1], F):
                found.append(child[1].name)
    return found


def unique_violation(model: type[models.Model], name: str) -> ValidationError:
    """The error full_clean() gives for the model's unique constraint `name`, for a check over a set."""
    constraint = next(c for c in model._meta.constraints if c.name == name)
    return ValidationError(
        {
            NON_FIELD_ERRORS: [
                ValidationError(
                    constraint.get_violation_error_message(), code=constraint.violation_error_code
                )
            ]
        }
    )
