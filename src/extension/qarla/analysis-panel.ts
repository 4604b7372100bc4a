import * as vscode from 'vscode';
import { analysisHtml } from '../../../webview/qarla/analysis-html';
import { AnalysisKind, isMessageFromAnalysisWebview, MessageFromAnalysisWebview, ShowAnalysisMessage } from '../../../webview/shared/analysis-protocol';
import { PanelMessageHandler, WebviewPanelHost } from '../webview-panel-host';

/** A QARLA or heterogeneity panel's webview (one editor panel per kind, reused by later tables; see WebviewPanelHost). */
export class AnalysisPanel extends WebviewPanelHost<ShowAnalysisMessage, MessageFromAnalysisWebview> {
  static viewType(kind: AnalysisKind): string {
    return kind === 'qarla' ? 'understudy.qarla' : 'understudy.heterogeneity';
  }

  constructor(extensionUri: vscode.Uri, kind: AnalysisKind, onMessage: PanelMessageHandler<MessageFromAnalysisWebview>) {
    super(
      extensionUri,
      { viewType: AnalysisPanel.viewType(kind), bundle: 'qarla', documentTitle: kind === 'qarla' ? 'Understudy QARLA' : 'Understudy heterogeneity', html: analysisHtml, isMessage: isMessageFromAnalysisWebview },
      onMessage,
    );
  }
}
