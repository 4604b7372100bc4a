import { copyText } from '../copy-text';
import { exportPlot } from './table-export';

/** What every table panel's webview may ask besides its own requests: copy a text, save a plot it drew. */
export async function handleSharedMessage(message: { readonly type: string } & Record<string, unknown>, what: string): Promise<void> {
  if (message.type === 'copy' && typeof message.text === 'string') {
    await copyText(message.text);
  } else if (message.type === 'exportPlot' && typeof message.name === 'string' && (message.format === 'svg' || message.format === 'png') && typeof message.data === 'string') {
    await exportPlot(message.name, message.format, message.data, what);
  }
}
