"""The RoboRally editor's playtest (session, panel, board overlay) and its route overlay and
route checks off the GUI thread."""
