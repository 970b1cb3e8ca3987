// Browser bundle of the Insights webview (statistics charts and linked
// support cases). It talks to the extension host only through typed messages.
interface VsCodeApi {
  postMessage(message: unknown): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const vscodeApi = acquireVsCodeApi();
window.addEventListener('message', (event: MessageEvent) => {
  const root = document.getElementById('root');
  if (root && typeof event.data === 'object' && event.data && 'type' in event.data) {
    root.dataset.lastMessage = String((event.data as { type: unknown }).type);
  }
});
vscodeApi.postMessage({ type: 'ready' });
