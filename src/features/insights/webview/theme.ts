// Chart colours from the VS Code theme's own variables, read again whenever
// the theme changes (VS Code swaps the body's vscode-light / vscode-dark /
// vscode-high-contrast class).
export interface ChartTheme {
  foreground: string;
  muted: string;
  grid: string;
  palette: string[];
  highContrast: boolean;
}

const css = (name: string, fallback: string) => getComputedStyle(document.body).getPropertyValue(name).trim() || fallback;

export function readTheme(): ChartTheme {
  const highContrast = document.body.classList.contains('vscode-high-contrast') || document.body.classList.contains('vscode-high-contrast-light');
  return {
    foreground: css('--vscode-foreground', '#cccccc'),
    muted: css('--vscode-descriptionForeground', '#999999'),
    grid: highContrast ? css('--vscode-contrastBorder', '#6fc3df') : css('--vscode-editorWidget-border', css('--vscode-panel-border', '#80808040')),
    palette: [
      css('--vscode-charts-blue', '#3794ff'),
      css('--vscode-charts-orange', '#d18616'),
      css('--vscode-charts-green', '#89d185'),
      css('--vscode-charts-purple', '#b180d7'),
      css('--vscode-charts-red', '#f14c4c'),
      css('--vscode-charts-yellow', '#cca700'),
      css('--vscode-charts-foreground', '#cccccc'),
    ],
    highContrast,
  };
}

/** Calls back when the theme changes. */
export function onThemeChange(callback: () => void): void {
  new MutationObserver(callback).observe(document.body, { attributes: true, attributeFilter: ['class', 'data-vscode-theme-id'] });
}
