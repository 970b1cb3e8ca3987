// A step of a filter's question that starts on the current choice, marked
// "current": pressing Enter through a filter's steps keeps what was chosen
// before (a quick pick starts on its first item, so Enter would silently
// reset each step to its first option).
import * as vscode from 'vscode';
import type { StepBoxes } from '../stepBoxes';

export interface Choice<V extends string> {
  value: V;
  /** Shown after the value; "current" is added for the current choice. */
  description?: string;
}

export async function pickCurrent<V extends string>(steps: StepBoxes, title: string, choices: readonly Choice<V>[], current: V): Promise<V | undefined> {
  const items = choices.map((c) => ({
    label: c.value,
    value: c.value,
    description: [c.description, c.value === current ? vscode.l10n.t('current') : undefined].filter(Boolean).join(' · ') || undefined,
  }));
  return (await steps.pick(items, { title, start: items.find((i) => i.value === current) }))?.value;
}

/** Choices with no description of their own. */
export function plain<V extends string>(values: readonly V[]): Choice<V>[] {
  return values.map((value) => ({ value }));
}

/** The two directions of a sorted list, worded for what is sorted (ascending/descending by default). */
export function directions(ascending = vscode.l10n.t('ascending'), descending = vscode.l10n.t('descending')): Choice<'asc' | 'desc'>[] {
  return [
    { value: 'asc', description: ascending },
    { value: 'desc', description: descending },
  ];
}
