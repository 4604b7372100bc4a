import type { DependencyTreesView } from '../../src/core/inspect/dependency-view';

/** Messages between the dependency trees panel (src/extension/dependency-views.ts) and its webview. */
export interface ShowDependencyTreesMessage {
  readonly type: 'trees';
  /** e.g. `hyp.Facebook-AI.en · segment 3`. */
  readonly title: string;
  readonly view: DependencyTreesView;
}

export interface EmptyDependencyTreesMessage {
  readonly type: 'empty';
  readonly text: string;
}

export type MessageToDependencyWebview = ShowDependencyTreesMessage | EmptyDependencyTreesMessage;

export type MessageFromDependencyWebview = { readonly type: 'ready' };

export function isMessageToDependencyWebview(value: unknown): value is MessageToDependencyWebview {
  const type = (value as { type?: unknown } | null)?.type;
  return type === 'trees' || type === 'empty';
}

export function isMessageFromDependencyWebview(value: unknown): value is MessageFromDependencyWebview {
  return (value as { type?: unknown } | null)?.type === 'ready';
}
