"""Helpers the tests share: test files import these, never each other (tests/README.md)."""
