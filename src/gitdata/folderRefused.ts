// The limits on a folder to commit, and the error that names what broke them
// (apart from folderFiles.ts, which the browser build replaces).

export interface FolderLimits {
  /** Refuse a folder with more files than this. */
  maxFiles?: number;
  /** Refuse any file larger than this many bytes. */
  maxFileBytes?: number;
}

/** A folder that cannot be committed as it is: too many files, or files too large (all of them named). */
export class FolderRefusedError extends Error {
  constructor(
    message: string,
    readonly offenders: readonly string[],
  ) {
    super(offenders.length ? `${message}: ${offenders.slice(0, 10).join(', ')}${offenders.length > 10 ? ', …' : ''}` : message);
  }
}
