/**
 * Typed access to the webview API VS Code injects. `acquireVsCodeApi` may be called only once per page load,
 * so the handle is acquired lazily and cached.
 */
export interface VsCodeApi<Outgoing, State> {
  postMessage(message: Outgoing): void;
  getState(): State | undefined;
  setState(state: State): State;
}

declare function acquireVsCodeApi(): VsCodeApi<unknown, unknown>;

let api: VsCodeApi<unknown, unknown> | undefined;

export function vscodeApi<Outgoing, State>(): VsCodeApi<Outgoing, State> {
  api ??= acquireVsCodeApi();
  return api as VsCodeApi<Outgoing, State>;
}
