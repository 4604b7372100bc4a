import * as vscode from 'vscode';
import { correlationHtml } from '../../../webview/correlation/correlation-html';
import {
  isMessageFromCorrelationWebview,
  MessageFromCorrelationWebview,
  MessageToCorrelationWebview,
  ShowCorrelationsMessage,
} from '../../../webview/shared/correlation-protocol';
import { PanelHost } from '../panel-host';

/**
 * The correlation panel's webview (one editor panel, reused by later evaluations; see PanelHost): the latest
 * `correlations` message, and one-off messages such as a system's segment texts.
 */
export class CorrelationPanel extends PanelHost<ShowCorrelationsMessage, MessageFromCorrelationWebview> {
  static readonly viewType = 'understudy.correlations';

  constructor(extensionUri: vscode.Uri, onMessage: (message: MessageFromCorrelationWebview) => void) {
    super(extensionUri, { viewType: CorrelationPanel.viewType, bundle: 'correlation', documentTitle: 'Understudy correlations', html: correlationHtml, isMessage: isMessageFromCorrelationWebview }, onMessage);
  }

  /** A one-off message (segment texts), sent at once. */
  send(message: MessageToCorrelationWebview): void {
    this.post(message);
  }
}
