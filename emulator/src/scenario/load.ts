// Reads a scenario file (YAML, or JSON, which YAML 1.2 reads too), checks
// its fields (schema.ts) and its references (references.ts), and reports
// every problem at once with its path and line. Nothing touches the data
// folder here: a bad file stops the start before the folder is opened.
import fs from 'node:fs';
import { LineCounter, parseDocument, type Document } from 'yaml';
import type { z } from 'zod';
import type { PlannedHistory } from './history';
import { ScenarioError, type Problem } from './problems';
import { checkReferences } from './references';
import { scenarioSchema, type Scenario } from './schema';

export interface LoadedScenario {
  /** The file it came from (absolute), for the seed marker and the log. */
  file: string;
  scenario: Scenario;
  histories: PlannedHistory[];
  /** The seed time (Unix seconds) that relative dates (`-3h`) count back from: when the file was loaded. */
  now: number;
}

/** Line of the node at `path`, or of its nearest ancestor in the file (a missing key: the object that lacks it). */
function lineOf(doc: Document, lines: LineCounter, path: ReadonlyArray<string | number>): number | undefined {
  for (let n = path.length; n >= 0; n--) {
    const node = doc.getIn(path.slice(0, n), true);
    const range = (node as { range?: [number, number, number] } | null | undefined)?.range;
    if (range) return lines.linePos(range[0]).line;
  }
  return undefined;
}

/** The value at `path` in the parsed file (undefined when absent). */
function valueAt(data: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let value = data;
  for (const key of path) value = (value as Record<PropertyKey, unknown> | null | undefined)?.[key];
  return value;
}

/** A zod issue in the words of the file: "is required", "unknown field", otherwise zod's message. */
function zodProblem(issue: z.core.$ZodIssue, data: unknown): Problem {
  const path = issue.path as Array<string | number>;
  if (issue.code === 'unrecognized_keys') {
    const [first, ...more] = issue.keys;
    return { path: [...path, first!], message: `unknown field${more.length ? `s ${issue.keys.map((k) => `"${k}"`).join(', ')}` : ''}` };
  }
  if (issue.code === 'invalid_type' && valueAt(data, path) === undefined) return { path, message: `is required (${issue.expected})` };
  // A record's key (a file path): the key's own check says what is wrong.
  const message = (issue.code === 'invalid_key' ? issue.issues[0]?.message : undefined) ?? issue.message.replace(/^Invalid (?:input|option): /, '');
  return { path, message: message.charAt(0).toLowerCase() + message.slice(1) };
}

/** Parses and checks a scenario given as text; throws ScenarioError with every problem. */
export function parseScenario(text: string, file: string, now = Math.floor(Date.now() / 1000)): LoadedScenario {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: true });
  if (doc.errors.length) {
    // The parser's message without its own position and excerpt: the line goes first, as for the other problems.
    const message = (e: Error) => e.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
    throw new ScenarioError(
      file,
      doc.errors.map((e) => ({ path: [], message: message(e), line: e.linePos?.[0].line })),
    );
  }
  return checkScenarioData(doc.toJS() ?? {}, file, now, (path) => lineOf(doc, lines, path));
}

/**
 * Checks a scenario already parsed into data (parseScenario, or the build's
 * JSON copy of a shipped file); `lineAt` gives a problem its line.
 */
export function checkScenarioData(
  data: unknown,
  file: string,
  now = Math.floor(Date.now() / 1000),
  lineAt: (path: ReadonlyArray<string | number>) => number | undefined = () => undefined,
): LoadedScenario {
  const parsed = scenarioSchema.safeParse(data);
  if (!parsed.success) {
    throw new ScenarioError(
      file,
      parsed.error.issues.map((issue) => {
        const p = zodProblem(issue, data);
        return { ...p, line: lineAt(p.path) };
      }),
    );
  }
  const { problems, histories } = checkReferences(parsed.data, now);
  if (problems.length)
    throw new ScenarioError(
      file,
      problems.map((p) => ({ ...p, line: lineAt(p.path) })),
    );
  return { file, scenario: parsed.data, histories, now };
}

/** Reads and checks a scenario file. */
export function loadScenarioFile(file: string): LoadedScenario {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new ScenarioError(file, [{ path: [], message: `cannot be read: ${(err as Error).message}` }]);
  }
  return parseScenario(text, file);
}
