"""Crash Board Studio's editor: a PySide6 view over the engine (the [editor] extra).

`crashgrab.editor.app.main` is the entry point. The modules here serve every game; each game's
own editor is a package beside them, found through the "crashgrab.editors" entry point
(`game_editor.GameEditor`).
"""
