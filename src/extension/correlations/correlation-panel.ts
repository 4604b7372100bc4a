import * as vscode from 'vscode';
import { correlationHtml } from '../../../webview/correlation/correlation-html';
import {
  isMessageFromCorrelationWebview,
  MessageFromCorrelationWebview,
  MessageToCorrelationWebview,
  ShowCorrelationsMessage,
} from '../../../webview/shared/correlation-protocol';
import { PanelMessageHandler, WebviewPanelHost } from '../webview-panel-host';

/**
 * The correlation panel's webview (one editor panel, reused by later evaluations): the latest `correlations`
 * message, and the webview's messages, validated (see WebviewPanelHost).
 */
export class CorrelationPanel extends WebviewPanelHost<ShowCorrelationsMessage, MessageFromCorrelationWebview, MessageToCorrelationWebview> {
  static readonly viewType = 'understudy.correlations';

  constructor(extensionUri: vscode.Uri, onMessage: PanelMessageHandler<MessageFromCorrelationWebview>) {
    super(extensionUri, { viewType: CorrelationPanel.viewType, bundle: 'correlation', documentTitle: 'Understudy correlations', html: correlationHtml, isMessage: isMessageFromCorrelationWebview }, onMessage);
  }
}
