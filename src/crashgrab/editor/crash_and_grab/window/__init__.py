"""The main window and what it holds besides the board: menus and toolbars, opening and
saving, the panels (findings, history, messages), dialogs (export image, print and play among
them), help, icons, live validation, and offscreen pictures of the window (screenshots)."""
