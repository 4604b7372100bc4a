import * as vscode from 'vscode';
import { fragmentsHtml } from '../../../webview/fragments/fragments-html';
import { isMessageFromFragmentsWebview, MessageFromFragmentsWebview, ShowFragmentsMessage } from '../../../webview/shared/fragments-protocol';
import { PanelMessageHandler, WebviewPanelHost } from '../webview-panel-host';

/** The truncated-sentence panel's webview (fragments.js + fragments.css): see WebviewPanelHost. */
export class FragmentsPanel extends WebviewPanelHost<ShowFragmentsMessage, MessageFromFragmentsWebview> {
  static readonly viewType = 'understudy.fragments';

  constructor(extensionUri: vscode.Uri, onMessage: PanelMessageHandler<MessageFromFragmentsWebview>) {
    super(extensionUri, { viewType: FragmentsPanel.viewType, bundle: 'fragments', documentTitle: 'Understudy truncated sentences', html: fragmentsHtml, isMessage: isMessageFromFragmentsWebview }, onMessage);
  }
}
