"""The type every event's data is (``Payload``), and ``Sparse``, for those that say some
fields only when set; payloads.py names every kind."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, Literal

from pydantic import JsonValue, SerializerFunctionWrapHandler, model_serializer

from rollplay.table.events.outcomes import Record

Visibility = Literal["public", "private", "secret"]


class Payload(Record):
    """An event's data. ``kind`` is the name its rows carry."""

    kind: ClassVar[str]


class Sparse(Payload):
    """A payload some of whose fields are said only when set (``unset``: each, with the
    value it holds while unset): those a reader's fold adds (events/ledger.py: a secret
    roll's reveal, a pose's own time), which no row stores, and those older rows never had
    (a roll's request). The one serializer that leaves them out, for the row and the reader
    alike, so a payload is written and shown as it was before the field existed."""

    unset: ClassVar[Mapping[str, JsonValue]] = {}

    @model_serializer(mode="wrap")
    def _set_only(self, handler: SerializerFunctionWrapHandler) -> dict[str, JsonValue]:
        said: dict[str, JsonValue] = handler(self)
        unset = self.unset
        return {k: v for k, v in said.items() if k not in unset or v != unset[k]}
