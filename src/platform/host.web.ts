// The browser build (see host.ts): a web worker has no local files or processes.
export const LOCAL_FILES = false;
