import * as vscode from 'vscode';

/** Copies a panel's text (a command line, a signature) to the clipboard and says so in the status bar. */
export async function copyText(text: string): Promise<void> {
  await vscode.env.clipboard.writeText(text);
  vscode.window.setStatusBarMessage('Understudy: copied', 3000);
}
