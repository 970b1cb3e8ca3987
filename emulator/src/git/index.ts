// The emulator's git data library: real bare repositories driven by `git`.
export * from './errors';
export { Repositories, GitRepository, repoGitPath, initBare, cloneBare } from './repository';
export { type ObjectReader } from './object-reader';
export { gitEnv, runGit, runGitText, identityEnv, type GitEnvironment } from './run';
export { type GitIdentity, type IdentityInput } from './format';
export { createBlob, readBlob } from './blobs';
export { readTree, type TreeListing } from './tree-read';
export { createTree } from './tree-create';
export { readCommit, createCommit, type CommitData } from './commits';
export { findRef, getRef, listRefs, createRef, updateRef, deleteRef, type GitRef } from './refs';
export { readTag, createTagObject, type TagData } from './tags';
export { readHistory } from './history';
