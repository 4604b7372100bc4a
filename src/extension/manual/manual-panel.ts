import * as vscode from 'vscode';
import { manualHtml } from '../../../webview/manual/manual-html';
import { isMessageFromManualWebview, MessageFromManualWebview, ShowManualMessage } from '../../../webview/shared/manual-protocol';
import { PanelMessageHandler, WebviewPanelHost } from '../webview-panel-host';

/** The Manual Evaluation panel's webview (one editor panel, reused by later analyses; see WebviewPanelHost). */
export class ManualPanel extends WebviewPanelHost<ShowManualMessage, MessageFromManualWebview> {
  static readonly viewType = 'understudy.manualEvaluation';

  constructor(extensionUri: vscode.Uri, onMessage: PanelMessageHandler<MessageFromManualWebview>) {
    super(extensionUri, { viewType: ManualPanel.viewType, bundle: 'manual', documentTitle: 'Understudy manual evaluation', html: manualHtml, isMessage: isMessageFromManualWebview }, onMessage);
  }
}
