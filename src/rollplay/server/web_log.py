"""The log's page: to be filled in."""

from __future__ import annotations

from fastapi import APIRouter

router = APIRouter(include_in_schema=False)
