import * as vscode from 'vscode';
import { correlationHtml } from '../../../webview/correlation/correlation-html';
import {
  isMessageFromCorrelationWebview,
  MessageFromCorrelationWebview,
  MessageToCorrelationWebview,
  ShowCorrelationsMessage,
} from '../../../webview/shared/correlation-protocol';
import { AnalysisPanel } from '../analysis-panel';

/**
 * The correlation panel's webview: the `correlations` state (throttled progress updates, re-sent when the webview is
 * ready again) and one-off messages such as segment texts; see AnalysisPanel.
 */
export class CorrelationPanel extends AnalysisPanel<ShowCorrelationsMessage, MessageFromCorrelationWebview> {
  static readonly viewType = 'understudy.correlations';

  constructor(extensionUri: vscode.Uri, onMessage: (message: MessageFromCorrelationWebview) => void) {
    super(extensionUri, CorrelationPanel.viewType, 'correlation', correlationHtml, isMessageFromCorrelationWebview, onMessage, 'Understudy correlations');
  }

  override send(message: MessageToCorrelationWebview): void {
    super.send(message);
  }
}
