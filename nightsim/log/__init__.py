"""The log: JSON Lines in RFC 8785, one event a line, hash-chained (docs/log-format.md).

- `writer`: the structlog pipeline that writes lines and chains their hashes;
- `reader`: the streaming reader, one check per concern (`iter_log`, `read_log`);
- `format1`: format-1 lines (nightsim 0.1) read as format 2;
- `schema`: the JSON Schema of a line, and the documentation's field tables;
- `cloudevents`: a line wrapped as a CloudEvents 1.0 event;
- `verify`: a log re-simulated and compared line by line;
- `whatif`: a verified night told again with one thing changed, on the same luck.

The reader, the schema and the narration never load SimPy or the engine.
"""
