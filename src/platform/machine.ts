// This machine, for the Node build; the browser build replaces this file with
// machine.web.ts (a web worker has no host name and no home folder).
import os from 'node:os';

/** Names the machine in a token's note (`RepoDesk on <host name>`). */
export function hostName(): string {
  return os.hostname();
}

/** The home folder, where a file picker starts (`~/.ssh` for deploy keys); undefined when there is none. */
export function homeFolder(): string | undefined {
  return os.homedir();
}
