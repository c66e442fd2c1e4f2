"""Reading an AresMUSH config folder or zip (issue 38 §1: bad input is one line, nothing
made; every setting of every file is named)."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rollplay.aresmush import config
from rollplay.aresmush.report import UNKNOWN, Claims
from tests.aresmush import damaged_zips
from tests.aresmush.damaged_zips import DAMAGED
from tests.aresmush.fixtures import GAMES, game_dir, needs_configs


@needs_configs
@pytest.mark.parametrize("game", GAMES)
def test_a_folder_and_a_zip_of_it_read_the_same(game: str, tmp_path: Path) -> None:
    folder = config.read(game_dir(game))
    assert len(folder.files) == 17  # every fs3skills_ and fs3combat_ file of the game
    packed = tmp_path / "config.zip"
    with zipfile.ZipFile(packed, "w") as archive:
        for path in game_dir(game).iterdir():
            archive.write(path, f"game/config/{path.name}")
    assert config.read(packed) == folder


@needs_configs
def test_every_leaf_is_reported_and_unclaimed_ones_as_unknown() -> None:
    read = config.read(game_dir("Red-Planet-MU__aresmush"))
    claims = Claims(read)
    claims.claim("fs3combat_weapons.yml", "fs3combat.weapons.Lasso", "kept", "a weapon")
    items = claims.finished()
    assert len(items) == sum(len(f.leaves) for f in read.files.values())
    lasso = [i for i in items if i.key.startswith("fs3combat.weapons.Lasso.")]
    assert lasso
    assert all(i.status == "kept" for i in lasso)
    assert "fs3combat.weapons.Lasso.accuracy" in {i.key for i in lasso}
    rest = [i for i in items if i not in lasso]
    assert all(i.status == "unsupported" and i.note == UNKNOWN for i in rest)


def _one(tmp_path: Path, text: str, name: str = "fs3skills_attrs.yml") -> Path:
    (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


def test_a_folder_without_a_config_is_refused_in_one_line(tmp_path: Path) -> None:
    (tmp_path / "game.yml").write_text("game:\n  name: Somewhere\n", encoding="utf-8")
    with pytest.raises(config.ConfigError, match="no AresMUSH FS3 config in it"):
        config.read(tmp_path)


def test_malformed_yaml_names_the_file_and_the_line(tmp_path: Path) -> None:
    bad = "fs3skills:\n  attributes:\n  - name: Brawn\n    desc: [unclosed\n"
    with pytest.raises(config.ConfigError) as caught:
        config.read(_one(tmp_path, bad))
    said = str(caught.value)
    assert said.startswith("fs3skills_attrs.yml")
    assert "line" in said
    assert "\n" not in said


def test_a_python_tag_is_refused_never_run(tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    tag = f"fs3skills:\n  x: !!python/object/apply:os.system ['touch {marker}']\n"
    with pytest.raises(config.ConfigError, match=r"fs3skills_attrs\.yml"):
        config.read(_one(tmp_path, tag))
    assert not marker.exists()


def test_a_file_past_the_limit_is_refused(tmp_path: Path) -> None:
    big = "fs3skills:\n  blurb: '" + "x" * config.MAX_FILE_BYTES + "'\n"
    with pytest.raises(config.ConfigError, match="larger than"):
        config.read(_one(tmp_path, big))


def test_a_zip_bomb_is_refused_before_it_is_unpacked(tmp_path: Path) -> None:
    body = io.BytesIO()
    with zipfile.ZipFile(body, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("fs3skills_attrs.yml", "#" * (config.MAX_FILE_BYTES * 4))
    with pytest.raises(config.ConfigError, match=r"larger than|unpack past"):
        config.unzip(body.getvalue(), "bomb.zip")


_names = st.text(st.characters(categories=("L", "N")), min_size=1, max_size=8)
_values = st.recursive(
    st.none() | st.booleans() | st.integers() | _names,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_names, inner, max_size=3),
    max_leaves=12,
)


@given(st.dictionaries(_names, _values, max_size=4))
def test_a_files_leaves_are_its_walk(data: dict[str, object]) -> None:
    keys = [key for key, _ in config.walk({"fs3skills": data})]
    named = config.ConfigFile("fs3skills_x.yml", {"fs3skills": data}).leaves
    assert list(named) == keys
    assert all(k.startswith("fs3skills") for k in keys)


@pytest.mark.parametrize("label", sorted(DAMAGED))
def test_a_damaged_zip_is_one_line_naming_the_zip_and_the_file(label: str, tmp_path: Path) -> None:
    path = tmp_path / label
    path.write_bytes(DAMAGED[label]())
    with pytest.raises(config.ConfigError) as raised:
        config.read(path)
    said = str(raised.value)
    assert label in said
    assert damaged_zips.NAME in said
    assert "\n" not in said
