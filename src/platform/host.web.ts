// The browser build (see host.ts): a web worker has no local files or processes.
export const LOCAL_FILES = false;
// No port to listen on: the OAuth redirect comes back through the workbench's callback page and the UriHandler.
export const LOOPBACK_RECEIVER = false;
