// One import for tests: the test kit and the conformance suite it builds on.
@_exported import GameHostConformance
