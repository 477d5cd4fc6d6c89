"""Services that are atomic on their own, and callable without a savepoint from a service that is.

Every write service runs in a transaction of its own; called from another one, Django makes that a
savepoint (two round trips to the database), so that a caller may catch the service's error and
carry on. A caller that lets every error end its own transaction needs no savepoint: a judged sheet
went through four of them. `service.within(...)` runs the same body in the caller's transaction.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, Protocol, TypeVar

from django.db import transaction
from django.db.transaction import TransactionManagementError

ResultT = TypeVar("ResultT", covariant=True)


class AtomicService(Protocol[ResultT]):
    def __call__(self, *args: Any, **kwargs: Any) -> ResultT: ...

    def within(self, *args: Any, **kwargs: Any) -> ResultT: ...


def atomic_service(func: Callable[..., ResultT]) -> AtomicService[ResultT]:
    """`transaction.atomic`, plus `.within()`: the body alone, for a caller inside a transaction
    that lets the service's errors propagate (it refuses to run outside one)."""
    wrapped: Any = transaction.atomic(func)

    @wraps(func)
    def within(*args: Any, **kwargs: Any) -> ResultT:
        if not transaction.get_connection().in_atomic_block:
            raise TransactionManagementError(f"{func.__name__}.within() runs inside a transaction only")
        return func(*args, **kwargs)

    wrapped.within = within
    return wrapped
