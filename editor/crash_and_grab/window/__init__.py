"""The main window and what it holds besides the board: menus and toolbars, opening and
saving, the panels (findings, history, messages), dialogs, help, icons and live validation."""
