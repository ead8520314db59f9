/** A mistake in the command line found after parsing (a second `-`, a measure a command cannot use): said, with exit code 2. */
export class UsageError extends Error {}
