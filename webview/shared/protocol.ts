import type { JsonReport } from '../../src/core/report/report-json';

/**
 * Messages between the extension host and the score report webview. Both sides import these types, and the host
 * validates what it receives with `isMessageFromReportWebview` (a webview is untrusted input like any other).
 */

/** Extension → webview: show this report (sent whenever the webview says it is ready, and on every new score). */
export interface ShowReportMessage {
  readonly type: 'report';
  readonly report: JsonReport;
  readonly title: string;
}

export type MessageToReportWebview = ShowReportMessage;

/** Webview → extension: the script has loaded and listens for `report` messages. */
export interface ReadyMessage {
  readonly type: 'ready';
}

/** Webview → extension: open a system output file named in the report (as given in `systems[].file`). */
export interface OpenFileMessage {
  readonly type: 'openFile';
  readonly file: string;
}

/** Webview → extension: put a metric signature on the clipboard. */
export interface CopySignatureMessage {
  readonly type: 'copySignature';
  readonly text: string;
}

export type MessageFromReportWebview = ReadyMessage | OpenFileMessage | CopySignatureMessage;

export function isMessageFromReportWebview(value: unknown): value is MessageFromReportWebview {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as Record<string, unknown>;
  switch (message.type) {
    case 'ready':
      return true;
    case 'openFile':
      return typeof message.file === 'string';
    case 'copySignature':
      return typeof message.text === 'string';
    default:
      return false;
  }
}

export function isMessageToReportWebview(value: unknown): value is MessageToReportWebview {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as Record<string, unknown>;
  return (
    message.type === 'report' &&
    typeof message.title === 'string' &&
    typeof message.report === 'object' &&
    message.report !== null &&
    Array.isArray((message.report as Record<string, unknown>).systems)
  );
}
