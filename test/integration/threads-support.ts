// What the inline review threads' test seam hands the integration tests: each
// thread VS Code holds, with where RepoDesk placed it.
import * as vscode from 'vscode';

/** A comment of a thread as RepoDesk draws it: its menu context, the service's comment, its text. */
export interface ThreadComment extends vscode.Comment {
  contextValue: string;
  comment?: { id: number; position: number | null; body?: string };
  text: string;
}

/** A thread of an open document: its line, its kind (a review thread or a pending draft), its root comment and side. */
export interface ThreadEntry {
  thread: vscode.CommentThread;
  line: number | undefined;
  kind: string;
  rootId: number | undefined;
  place: { side: string; path: string };
}

/** The threads of the open documents, drawn again first. */
export const threads = async (): Promise<ThreadEntry[]> => (await vscode.commands.executeCommand<ThreadEntry[]>('repodesk.testing.commentThreads')) ?? [];

/** A thread's comments as "author: text". */
export const bodies = (e: ThreadEntry) => e.thread.comments.map((c) => `${c.author.name}: ${(c as ThreadComment).text}`);
