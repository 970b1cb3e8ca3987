// Types of big-pull.mjs for the TypeScript tests that use it.
export function createBigPull(options: {
  emulatorUrl: string;
  token: string;
  reviewerToken: string;
  repo?: string;
  files?: number;
  commits?: number;
  comments?: number;
  parallel?: number;
}): Promise<{ owner: string; repo: string; number: number; title: string; head: string; files: number; commits: number; comments: number; threads: number }>;

/** A token of a demo user's (password `<login>-demo-password`), made with the password. */
export function demoToken(emulatorUrl: string, login: string): Promise<string>;
