// Git data on the extension side: pure computations, no git process.
export * from './hashing';
export * from './resolveCommitish';
