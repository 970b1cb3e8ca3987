// Git data on the extension side: pure computations, no git process.
export * from './hashing';
export * from './resolveCommitish';
export * from './ignoreRules';
export * from './changePlan';
export * from './commitWorkspace';
export * from './folderFiles';
export * from './refNames';
export * from './branchBase';
