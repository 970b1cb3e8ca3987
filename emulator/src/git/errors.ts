// Typed failures of the git data library. Each carries the HTTP status a
// route should answer with and a message fit for the spec's error bodies, so
// routes translate errors without parsing git's stderr.

export type GitErrorStatus = 404 | 422 | 500;

export class GitDataError extends Error {
  constructor(
    message: string,
    readonly status: GitErrorStatus,
    /** The input field at fault (`tree.path`, `sha`, `ref`...), when there is one. */
    readonly field?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** A read asked for an object that is missing or of another type (404). */
export class ObjectNotFoundError extends GitDataError {
  constructor(
    readonly sha: string,
    readonly expectedType?: string,
  ) {
    super('Not Found', 404);
  }
}

/** Input that cannot be accepted (422); `field` names what is wrong. */
export class InvalidInputError extends GitDataError {
  constructor(message: string, field?: string) {
    super(message, 422, field);
  }
}

/** A SHA given as input that is malformed, unknown, or of the wrong type. */
export class InvalidObjectError extends InvalidInputError {}

/** A tree entry path with `..`, `.`, empty segments or a leading/trailing slash. */
export class InvalidPathError extends InvalidInputError {}

/** A tree entry whose mode, type, `sha` and `content` do not fit together. */
export class InvalidTreeEntryError extends InvalidInputError {}

/** A reference name that is not fully qualified or breaks git's rules. */
export class InvalidReferenceNameError extends InvalidInputError {}

export class ReferenceExistsError extends InvalidInputError {
  constructor(readonly ref: string) {
    super('Reference already exists', 'ref');
  }
}

export class NotFastForwardError extends InvalidInputError {
  constructor(readonly ref: string) {
    super('Update is not a fast forward', 'sha');
  }
}

/** The ref moved (or a ref in the way appeared) between our read and our write. */
export class ReferenceConflictError extends InvalidInputError {}

export class ReferenceNotFoundError extends GitDataError {
  constructor(readonly ref: string) {
    super('Not Found', 404, 'ref');
  }
}

/** git itself failed in a way no input explains (500). */
export class GitCommandError extends GitDataError {
  constructor(
    readonly args: readonly string[],
    readonly stderr: string,
    readonly exitCode: number | null,
  ) {
    super(`git ${args[0] ?? ''} failed: ${stderr.trim() || `exit code ${String(exitCode)}`}`, 500);
  }
}
