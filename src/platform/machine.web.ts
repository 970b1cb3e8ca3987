// This machine, for the browser build (see machine.ts).

export function hostName(): string {
  return 'VS Code for the Web';
}

export function homeFolder(): string | undefined {
  return undefined;
}
