"""The combat tracker's pages (FS3): to be filled in."""

from __future__ import annotations

from fastapi import APIRouter

router = APIRouter(include_in_schema=False)
