"""The findings dock's Upgrades menu: checking a card re-validates the board for a saucer holding it."""
from __future__ import annotations

from crashgrab.engine.crash_and_grab.validation import validate_layout
from crashgrab.engine.formats.layout_io import save_layout
from tests.editor_fixtures import settings, wait_validated, window  # noqa: F401 (fixtures)
from tests.test_validation_upgrades import eight_apart_layout


def loops(window):
    return [(f.cells, f.details["distance"]) for f in window.findings.findings() if f.code == "accelerator-loop"]


def test_checking_hyperdrive_shows_the_loop_of_two_accelerators_8_apart(window, qtbot, tmp_path):
    path = tmp_path / "eight-apart.json"
    save_layout(eight_apart_layout(), path)
    assert window.open_path(path)
    wait_validated(qtbot, window)
    panel = window.findings
    assert loops(window) == [] and panel.upgrades() == ()
    assert panel.upgrades_button.text() == "Upgrades: none"
    assert [a.text() for a in panel.upgrades_menu.actions()] == [
        "Hyperdrive", "Boost Amplifier", "Acceleration Regulator", "Waste Accelerator"]

    with qtbot.waitSignal(panel.upgradesChanged) as changed:
        panel.upgrade_actions["Hyperdrive"].trigger()  # what clicking the menu item does
    assert changed.args == [("Hyperdrive",)]
    wait_validated(qtbot, window)
    assert loops(window) == [(((0, 0), (8, 0)), 8)]
    assert panel.findings() == validate_layout(window.document.layout, upgrades=["Hyperdrive"]).findings
    assert panel.upgrades_button.text() == "Upgrades: Hyperdrive"
    assert "(with Hyperdrive)" in panel.summary.text() and "(with Hyperdrive)" in window.summary_label.text()
    # A view setting, not an edit: nothing to undo, the document is unchanged.
    assert window.document.undo_stack.count() == 0 and not window.document.is_modified()

    # The choice holds for every later edit: flipping the right-hand tile to its plain side B
    # removes the Accelerator at [8,0] and the loop; undoing the flip brings both back.
    window.scene.select_tile("right")
    assert window.flip_selected()
    wait_validated(qtbot, window)
    assert loops(window) == [] and window.validator.report.upgrades == ("Hyperdrive",)
    window.document.undo_stack.undo()
    wait_validated(qtbot, window)
    assert loops(window) == [(((0, 0), (8, 0)), 8)]

    panel.upgrade_actions["Boost Amplifier"].trigger()
    wait_validated(qtbot, window)
    assert window.validator.report.upgrades == ("Hyperdrive", "Boost Amplifier")
    assert panel.upgrades_button.text() == "Upgrades: 2 cards"
    assert panel.upgrades_button.toolTip().endswith("holding Hyperdrive, Boost Amplifier")

    panel.set_upgrades(())
    wait_validated(qtbot, window)
    assert loops(window) == [] and window.validator.report.upgrades == ()
    assert "(with" not in window.summary_label.text()
