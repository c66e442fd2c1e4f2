"""Poses through the API's command language (issue 30): a long pose with line breaks is
taken, its answer says who posed what; a bad one is a 400 with one line."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.server.conftest import sign_in


def test_a_pose_through_the_api(server: TestClient) -> None:
    headers = sign_in(server, "Pia")

    def line(text: str) -> tuple[int, dict[str, object]]:
        answer = server.post("/api/v1/games/Pegasus/commands", json={"text": text},
                             headers=headers)  # fmt: skip
        return answer.status_code, answer.json()

    code, said = line(":leans in.")
    assert code == 400
    assert "join or start a scene first" in str(said["error"])
    assert line("scene/start Docks=Rain")[0] == 200
    long = "leans in.\nThen " + "waits, " * 1_100
    code, said = line(":" + long)
    assert code == 200, said
    assert said["pose"] == {"scene": 1, "style": "pose", "who": "Nikos", "text": long.strip()}
    code, said = line(":" + "x" * 8_001)
    assert code == 400
    assert "at most 8,000" in str(said["error"])
    code, said = line("say a\u202eb")
    assert code == 400
    assert "bidi" in str(said["error"])
