"""Size limits of race-sheet uploads, enforced while the request is read, not after.

A 20 MB log must be refused without reading 20 MB: the declared Content-Length is
checked before the body is touched, and an upload handler stops reading a file
the moment it passes its limit. Both must be in place before anything reads the
body, the CSRF check included (see `sheets.views.sheet_new`).
"""

from __future__ import annotations

from django.conf import settings
from django.core.files.uploadhandler import FileUploadHandler, StopUpload
from django.http import HttpRequest

LOG_FIELDS = frozenset({"log", "log_file"})
SLACK = 1024 * 1024  # multipart boundaries, headers and small fields


class UploadLimitHandler(FileUploadHandler):
    """First in the chain: counts each file's bytes and stops the whole upload past its limit.

    It passes every chunk on untouched; the next handlers (memory, temporary file)
    store it. The request remembers what was too large, for the view to say so.
    """

    def new_file(self, field_name: str, *args, **kwargs) -> None:
        super().new_file(field_name, *args, **kwargs)
        self.limit = (
            settings.RACE_SHEET_MAX_BYTES if field_name in LOG_FIELDS else settings.RACE_SHEET_PHOTO_MAX_BYTES
        )
        self.received = 0

    def receive_data_chunk(self, raw_data: bytes, start: int) -> bytes:
        self.received += len(raw_data)
        if self.received > self.limit:
            self.request.upload_too_large = (self.field_name, self.limit)
            # connection_reset: do not read (and throw away) the rest of the body either.
            raise StopUpload(connection_reset=True)
        return raw_data

    def file_complete(self, file_size: int) -> None:
        return None


def install_upload_limits(request: HttpRequest) -> None:
    """Put the limiting handler first; call before anything reads the request body."""
    request.upload_too_large = None
    request.upload_handlers.insert(0, UploadLimitHandler(request))


def declared_size(request: HttpRequest) -> int:
    try:
        return int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return 0


def body_limit(request: HttpRequest) -> int:
    """The most a sheet submission may weigh: a log and its photos, or a log in a JSON body."""
    if request.content_type == "multipart/form-data":
        photos = settings.RACE_SHEET_MAX_PHOTOS * settings.RACE_SHEET_PHOTO_MAX_BYTES
        return settings.RACE_SHEET_MAX_BYTES + photos + SLACK
    return settings.DATA_UPLOAD_MAX_MEMORY_SIZE


def declared_too_large(request: HttpRequest) -> bool:
    """The Content-Length alone says no: refuse before reading a byte of the body."""
    return declared_size(request) > body_limit(request)
