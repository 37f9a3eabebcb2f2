"""`python -m game check|fill`: answers, JSON shapes and exit statuses, run as a subprocess."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def game(*args):
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    return subprocess.run(
        [sys.executable, "-m", "game", *args],
        cwd=ROOT, capture_output=True, text=True, encoding="utf-8", env=env, timeout=60,
    )


def test_check_says_yes_with_the_reading():
    done = game("check", "5H", "6H", "JK")
    assert done.returncode == 0
    assert done.stdout.strip() == "✓ run 5♥ 6♥ 🃏=7♥"


def test_check_says_no_with_the_reason():
    done = game("check", "5H", "6H", "7S")
    assert done.returncode == 0
    assert done.stdout.startswith("✗ ") and "one suit" in done.stdout


def test_check_json_run():
    done = game("check", "--json", "5H", "6H", "JK")
    assert json.loads(done.stdout) == {
        "ok": True, "kind": "run", "reading": ["5H", "6H", "7H"], "reason": None}


def test_check_json_set_wild_reads_as_bare_rank():
    answer = json.loads(game("check", "--json", "7H", "7S", "2C").stdout)
    assert answer == {"ok": True, "kind": "set", "reading": ["7H", "7S", "7"], "reason": None}


def test_check_json_high_ace():
    answer = json.loads(game("check", "--json", "--kind", "run", "qh", "KH", "AH").stdout)
    assert answer["reading"] == ["QH", "KH", "AH"]


def test_check_json_not_a_meld():
    done = game("check", "--json", "--kind", "set", "7H", "8H", "9H")
    answer = json.loads(done.stdout)
    assert done.returncode == 0
    assert answer["ok"] is False and answer["kind"] is None and answer["reading"] == []
    assert "one number" in answer["reason"]


def test_fill_json_ok():
    done = game("fill", "--json", "1", "7H", "7S", "7C", "9D", "9C", "JK", "4S")
    answer = json.loads(done.stdout)
    assert done.returncode == 0
    assert answer["ok"] is True and answer["missing"] is None
    assert sorted(map(sorted, answer["melds"])) == [["7C", "7H", "7S"], ["9C", "9D", "JK"]]


def test_fill_json_missing():
    answer = json.loads(game("fill", "--json", "1", "7H", "7S", "9D", "9C", "9S", "4S").stdout)
    assert answer == {"ok": False, "melds": [],
                      "missing": "Needs one more 7 for the set of 3 (or a wild)"}


def test_fill_human_output_and_ten_as_10():
    done = game("fill", "2", "8h", "9h", "10h", "JS", "QS", "KS")
    assert done.returncode == 0
    lines = done.stdout.splitlines()
    assert lines[0] == "✓ round 2: two runs of 3"
    assert sorted(lines[1:]) == ["  run 8♥ 9♥ 10♥", "  run J♠ Q♠ K♠"]


def test_repeated_codes_are_distinct_cards():
    answer = json.loads(game("fill", "--json", "11", *["5H"] * 10).stdout)
    assert answer["ok"] is True


@pytest.mark.parametrize("args", [
    ("check", "5H", "ZZ", "JK"),
    ("fill", "1", "7H", "1X"),
    ("check", "--json", "QH", "QQ"),
])
def test_a_bad_card_code_exits_2_naming_it(args):
    done = game(*args)
    bad = args[-2] if args[-1] == "JK" else args[-1]
    assert done.returncode == 2
    assert done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1 and repr(bad) in done.stderr


@pytest.mark.parametrize("round_text", ["0", "12", "x"])
def test_a_bad_round_exits_2(round_text):
    done = game("fill", round_text, "7H", "7S", "7C")
    assert done.returncode == 2
    assert round_text in done.stderr and "round" in done.stderr


def test_no_subcommand_is_a_usage_error():
    assert game().returncode == 2


# ---------------------------------------------------------------- --rules


def test_check_under_gallery_takes_a_pair_and_aggravation_does_not():
    assert game("check", "--rules", "gallery", "7H", "JK").stdout.strip() == "✓ pair 7♥ 🃏=7"
    assert game("check", "7H", "JK").stdout.startswith("✗ ")


def test_check_under_contract_rummy_reads_a_two_as_itself_only():
    answer = json.loads(game("check", "--rules", "contract", "--json", "7H", "7S", "2C").stdout)
    assert answer["ok"] is False
    answer = json.loads(game("check", "--rules", "contract", "--json", "AH", "2H", "3H").stdout)
    assert answer["reading"] == ["AH", "2H", "3H"]


def test_fill_under_each_rulebook_names_its_own_contracts():
    pair = json.loads(game("fill", "--rules", "gallery", "--json", "8", "7H", "7S", "7C", "7D", "JK", "9C", "9D").stdout)
    assert pair["ok"] and pair["melds"] == [["7C", "7D", "7H", "7S", "JK"], ["9C", "9D"]]
    runs = game("fill", "--rules", "contract", "7", *"3H 4H 5H 6H 3C 4C 5C 6C 9S TS JS QS".split())
    assert runs.stdout.startswith("✓ round 7: three runs of 4")
    eleven = game("fill", "--rules", "gallery", "11", *"3H 4H 5H 6H 7H 8H 9H TH JH QH".split())
    assert eleven.stdout.startswith("✗ round 11: a run of 11")


def test_a_round_past_the_rulebooks_last_is_bad_input():
    done = game("fill", "--rules", "contract", "8", "7H")
    assert done.returncode == 2 and "1 to 7" in done.stderr


def test_an_unknown_rulebook_is_bad_usage():
    assert game("check", "--rules", "poker", "7H").returncode == 2


def test_sim_seats_each_rulebooks_own_table_sizes():
    done = game("sim", "--rules", "gallery", "--table", "sprout,scout", "--games", "1", "--json")
    assert done.returncode == 0 and json.loads(done.stdout)["errors"] == 0
    assert game("sim", "--table", "sprout,scout", "--games", "1").returncode == 2  # Aggravation seats 3 to 5
    refused = game("sim", "--rules", "contract", "--table", "sprout,scout", "--games", "1")
    assert refused.returncode == 2 and "3 to 8" in refused.stderr
