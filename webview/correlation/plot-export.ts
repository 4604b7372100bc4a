import { el } from '../report/dom';

/**
 * A plot as a standalone SVG document: what the panel shows (theme colours included), with the theme's font and
 * foreground as presentation attributes (the page's stylesheet does not travel with the file) and the theme's editor
 * background behind it, so it stays legible on paper and in slides. Text is serialised as XML text, so a system name
 * such as `<img src=x onerror=alert(1)>` stays text in the file.
 */
export function standaloneSvg(svg: SVGSVGElement): string {
  const style = getComputedStyle(document.body);
  const clone = svg.cloneNode(true) as SVGSVGElement;
  const width = svg.getAttribute('width') ?? String(svg.clientWidth);
  const height = svg.getAttribute('height') ?? String(svg.clientHeight);
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  clone.setAttribute('width', width);
  clone.setAttribute('height', height);
  clone.removeAttribute('class');
  clone.setAttribute('color', style.getPropertyValue('--vscode-foreground').trim() || getComputedStyle(svg).color || '#000');
  clone.setAttribute('font-family', style.getPropertyValue('--vscode-font-family').trim() || 'sans-serif');
  clone.setAttribute('font-size', '10');
  for (const point of clone.querySelectorAll('[tabindex]')) point.removeAttribute('tabindex');
  const background = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
  background.setAttribute('width', '100%');
  background.setAttribute('height', '100%');
  background.setAttribute('fill', style.getPropertyValue('--vscode-editor-background').trim() || '#ffffff');
  clone.insertBefore(background, clone.firstChild);
  return new XMLSerializer().serializeToString(clone);
}

/** The plot as a PNG data URL at twice its size (drawn from the standalone SVG through an <img> and a canvas). */
export async function pngDataUrl(svg: SVGSVGElement, scale = 2): Promise<string> {
  const text = standaloneSvg(svg);
  const width = Number(svg.getAttribute('width') ?? svg.clientWidth);
  const height = Number(svg.getAttribute('height') ?? svg.clientHeight);
  const image = new Image();
  const loaded = new Promise<void>((resolve, reject) => {
    image.onload = () => resolve();
    image.onerror = () => reject(new Error('the plot could not be drawn as an image'));
  });
  // data: images are what the CSP allows (img-src data:); UTF-8 text → base64 through its bytes.
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  image.src = `data:image/svg+xml;base64,${btoa(binary)}`;
  await loaded;
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2D canvas to draw the plot on');
  context.scale(scale, scale);
  context.drawImage(image, 0, 0, width, height);
  return canvas.toDataURL('image/png');
}

/** "SVG" and "PNG" buttons under a figure; `onExport` gets the file's content. */
export function plotExportButtons(figure: HTMLElement, name: string, onExport: (name: string, format: 'svg' | 'png', data: string) => void): HTMLElement {
  const svgOf = (): SVGSVGElement | null => figure.querySelector('svg');
  const svgButton = el('button', { type: 'button', class: 'export-plot', 'data-format': 'svg', title: 'Save this plot as SVG' }, 'SVG');
  svgButton.addEventListener('click', () => {
    const svg = svgOf();
    if (svg) onExport(name, 'svg', standaloneSvg(svg));
  });
  const pngButton = el('button', { type: 'button', class: 'export-plot', 'data-format': 'png', title: 'Save this plot as PNG' }, 'PNG');
  pngButton.addEventListener('click', () => {
    const svg = svgOf();
    if (svg) void pngDataUrl(svg).then((data) => onExport(name, 'png', data));
  });
  return el('span', { class: 'export' }, el('span', { class: 'export-label' }, 'Export'), svgButton, pngButton);
}
