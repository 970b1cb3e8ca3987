// The steps of one question (a pick, then a box, then another) in VS Code's
// quick input, each step's box shown in the place of the last one.
// `showInputBox` and `showQuickPick` close their box on Enter, and VS Code then
// hands the focus back to where the question started (a view's row) until the
// next step's box comes, a round trip later: on a loaded machine the next box
// once showed with that row still focused, so what was typed went to the view.
// VS Code's multi-step pattern (its quickinput sample), with the next box
// shown before the last one is closed.
import * as vscode from 'vscode';
import { stepShown } from './confirmation';

type TextStep = Pick<vscode.InputBoxOptions, 'title' | 'prompt' | 'placeHolder' | 'value' | 'password' | 'ignoreFocusOut'> & {
  /** What is wrong with the value, or undefined when it is accepted (InputBoxOptions' validateInput, synchronous). */
  validateInput?: (value: string) => string | undefined;
};

type PickStep = Pick<vscode.QuickPickOptions, 'title' | 'placeHolder' | 'matchOnDescription' | 'matchOnDetail' | 'ignoreFocusOut'>;

export class StepBoxes implements vscode.Disposable {
  private current: vscode.QuickInput | undefined;

  /**
   * One item of `items`, or undefined when the box was closed (Escape, or the focus left without ignoreFocusOut).
   * `start`: the item in front at first (Enter takes it), rather than the first.
   */
  pick<T extends vscode.QuickPickItem>(items: readonly T[], options: PickStep & { start?: T | undefined }): Promise<T | undefined> {
    const box = vscode.window.createQuickPick<T>();
    box.items = items;
    box.title = options.title;
    box.placeholder = options.placeHolder;
    box.matchOnDescription = options.matchOnDescription ?? false;
    box.matchOnDetail = options.matchOnDetail ?? false;
    box.ignoreFocusOut = options.ignoreFocusOut ?? false;
    const answer = this.ask<T>(box, (settle) => [box.onDidAccept(() => box.selectedItems[0] && settle(box.selectedItems[0]))]);
    // Set once shown: VS Code puts a new box's first item in front as it shows it.
    if (options.start) box.activeItems = [options.start];
    return answer;
  }

  /** The items checked (those `picked` checked at first), or undefined when the box was closed. */
  pickMany<T extends vscode.QuickPickItem>(items: readonly T[], options: PickStep): Promise<T[] | undefined> {
    const box = vscode.window.createQuickPick<T>();
    box.canSelectMany = true;
    box.items = items;
    // createQuickPick does not read `picked` (showQuickPick does): the items checked at first are its selection.
    box.selectedItems = items.filter((i) => i.picked);
    box.title = options.title;
    box.placeholder = options.placeHolder;
    box.matchOnDescription = options.matchOnDescription ?? false;
    box.ignoreFocusOut = options.ignoreFocusOut ?? false;
    return this.ask(box, (settle) => [box.onDidAccept(() => settle([...box.selectedItems]))]);
  }

  /** The text entered, or undefined when the box was closed. Enter on a refused value leaves the box as it is. */
  text(options: TextStep): Promise<string | undefined> {
    const box = vscode.window.createInputBox();
    box.title = options.title;
    box.prompt = options.prompt;
    box.placeholder = options.placeHolder;
    box.value = options.value ?? '';
    box.password = options.password ?? false;
    box.ignoreFocusOut = options.ignoreFocusOut ?? false;
    const refusal = (value: string) => options.validateInput?.(value);
    box.validationMessage = box.value ? refusal(box.value) : undefined;
    return this.ask(box, (settle) => [
      box.onDidChangeValue((value) => (box.validationMessage = refusal(value))),
      box.onDidAccept(() => {
        const message = refusal(box.value);
        box.validationMessage = message;
        if (message === undefined) settle(box.value);
      }),
    ]);
  }

  /** Closes the last step's box: the question is over (before what it asked for is done, with its own progress). */
  dispose(): void {
    this.current?.dispose();
    this.current = undefined;
  }

  private ask<T>(box: vscode.QuickInput, listen: (settle: (answer: T) => void) => vscode.Disposable[]): Promise<T | undefined> {
    return new Promise((resolve) => {
      let done = false;
      const subscriptions: vscode.Disposable[] = [];
      const settle = (answer: T | undefined) => {
        if (done) return;
        done = true;
        for (const s of subscriptions) s.dispose();
        // Answered, the box stays until the next step's replaces it: busy, as the question may read something first.
        if (answer !== undefined) box.busy = true;
        resolve(answer);
      };
      subscriptions.push(
        ...listen(settle),
        box.onDidHide(() => settle(undefined)),
      );
      // This box takes the place of the last one, whose step is answered: shown first, VS Code swaps the two in its
      // quick input without giving the focus back; the last one then goes (closed first, its hiding would hand the
      // focus back for that moment). Both are sent to VS Code at once, in this order.
      const previous = this.current;
      this.current = box;
      box.show();
      stepShown(box.title);
      previous?.dispose();
    });
  }
}

/** Asks `ask`'s questions as the steps of one StepBoxes, closed when they are answered or one is closed. */
export async function inSteps<T>(ask: (steps: StepBoxes) => Promise<T>): Promise<T> {
  const steps = new StepBoxes();
  try {
    return await ask(steps);
  } finally {
    steps.dispose();
  }
}
