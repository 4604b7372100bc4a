import * as vscode from 'vscode';
import { conditionsHtml } from '../../../webview/conditions/conditions-html';
import { isMessageFromConditionsWebview, MessageFromConditionsWebview, ShowConditionsMessage } from '../../../webview/shared/conditions-protocol';
import { PanelMessageHandler, WebviewPanelHost } from '../webview-panel-host';

/** The data-condition panel's webview (conditions.js + conditions.css): see WebviewPanelHost. */
export class ConditionsPanel extends WebviewPanelHost<ShowConditionsMessage, MessageFromConditionsWebview> {
  static readonly viewType = 'understudy.conditions';

  constructor(extensionUri: vscode.Uri, onMessage: PanelMessageHandler<MessageFromConditionsWebview>) {
    super(extensionUri, { viewType: ConditionsPanel.viewType, bundle: 'conditions', documentTitle: 'Understudy data conditions', html: conditionsHtml, isMessage: isMessageFromConditionsWebview }, onMessage);
  }
}
