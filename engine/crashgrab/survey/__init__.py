"""Board survey: every arrangement of a template (or a seeded sample of setups), checked
by a fast path proven equal to the networkx reference, summed up into a report.

    from engine.crashgrab.survey import run_survey, SurveyRequest
"""
