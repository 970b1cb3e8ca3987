// The emulator's git data library: real bare repositories driven by `git`.
export * from './errors';
export { Repositories, GitRepository, repoGitPath, initBare, cloneBare } from './repository';
export { gitEnv, runGit, runGitText, identityEnv, type GitEnvironment, type GitResult, type RunOptions } from './run';
export type { ObjectType, ObjectInfo, GitObject } from './object-reader';
export { type GitIdentity, type IdentityInput, type TreeMode, TREE_MODES } from './format';
export { createBlob, readBlob, writeBlobs, decodeContent, type BlobContent, type BlobEncoding } from './blobs';
export { readTree, readTreeEntries, type TreeListing, type TreeListingEntry } from './tree-read';
export { createTree, checkTreePath, type CreateTreeInput, type TreeEntryInput } from './tree-create';
export { readCommit, createCommit, type CommitData, type CreateCommitInput, type CommitDefaults } from './commits';
export { findRef, getRef, listRefs, createRef, updateRef, deleteRef, checkRefName, type GitRef, type RefChange } from './refs';
export { readTag, createTagObject, type TagData, type CreateTagInput } from './tags';
export { readHistory, type HistoryCommit, type FileChange, type HistoryOptions } from './history';
