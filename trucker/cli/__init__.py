"""The command line: one module per command, each reading options, making one library call,
rendering and returning an exit code (``trucker --help`` lists them)."""
