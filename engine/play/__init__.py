"""What every game's rules engine shares (issue 20's play kernel, begun): the event base so far."""
