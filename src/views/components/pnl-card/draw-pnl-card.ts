import QRCode from 'qrcode';
import type { DrawnCard, PnlCardPicture } from '../../../machines/pnl-card.machine.ts';

/** The card's size in CSS pixels; the PNG is drawn at twice that, sharp on a phone's screen. */
export const CARD_WIDTH = 640;
export const CARD_HEIGHT = 360;
const SCALE = 2;
const PAD = 28;
const QR_SIZE = 148;

/** Sets a font of `size` px, shrunk until `text` fits `width` (long words of some languages). */
function fit(
  ctx: CanvasRenderingContext2D,
  text: string,
  size: number,
  weight: number,
  font: string,
  width: number,
) {
  let px = size;
  ctx.font = `${weight} ${px}px ${font}`;
  while (px > 9 && ctx.measureText(text).width > width) {
    px -= 1;
    ctx.font = `${weight} ${px}px ${font}`;
  }
}

function roundRect(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, r: number) {
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, r);
}

/**
 * The QR code of the invite link, dark on white whatever the theme (scanners want that contrast),
 * on a white square with a quiet zone.
 */
function drawQr(ctx: CanvasRenderingContext2D, link: string, x: number, y: number, size: number) {
  const code = QRCode.create(link, { errorCorrectionLevel: 'M' });
  const modules = code.modules.size;
  const quiet = 2;
  const cell = size / (modules + quiet * 2);
  ctx.fillStyle = '#ffffff';
  roundRect(ctx, x, y, size, size, 8);
  ctx.fill();
  ctx.fillStyle = '#000000';
  for (let row = 0; row < modules; row++)
    for (let col = 0; col < modules; col++)
      if (code.modules.get(row, col))
        ctx.fillRect(x + (col + quiet) * cell, y + (row + quiet) * cell, Math.ceil(cell), Math.ceil(cell));
}

/** Words of `text` broken into at most `lines` lines of `width` (a caption under the QR code). */
function wrap(ctx: CanvasRenderingContext2D, text: string, width: number, lines: number): string[] {
  // Languages written without spaces (zh, jp, th) break between any two characters.
  const words = text.includes(' ') ? text.split(' ') : [...text];
  const joiner = text.includes(' ') ? ' ' : '';
  const out: string[] = [];
  let line = '';
  for (const word of words) {
    const next = line ? `${line}${joiner}${word}` : word;
    if (line && ctx.measureText(next).width > width) {
      out.push(line);
      line = word;
    } else line = next;
  }
  if (line) out.push(line);
  return out.slice(0, lines);
}

/** The card drawn on a canvas, as a PNG (and the same PNG as a data address to show it). */
export async function drawPnlCard(picture: PnlCardPicture): Promise<DrawnCard> {
  // The page's own font, loaded before the first word is measured.
  if (typeof document !== 'undefined' && document.fonts) await document.fonts.ready;
  const canvas = document.createElement('canvas');
  canvas.width = CARD_WIDTH * SCALE;
  canvas.height = CARD_HEIGHT * SCALE;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d canvas');
  ctx.scale(SCALE, SCALE);
  const p = picture.palette;
  const font = p.font;
  const tone = picture.pnlTone === 'up' ? p.up : picture.pnlTone === 'down' ? p.down : p.text;

  ctx.fillStyle = p.background;
  ctx.fillRect(0, 0, CARD_WIDTH, CARD_HEIGHT);
  ctx.strokeStyle = p.border;
  ctx.lineWidth = 2;
  roundRect(ctx, 1, 1, CARD_WIDTH - 2, CARD_HEIGHT - 2, 16);
  ctx.stroke();
  // A band of the brand's colour along the top edge.
  ctx.fillStyle = p.brand;
  ctx.fillRect(PAD, 0, 64, 4);

  const left = PAD;
  const textWidth = CARD_WIDTH - PAD * 3 - QR_SIZE;
  ctx.textBaseline = 'alphabetic';
  ctx.fillStyle = p.brand;
  ctx.font = `700 20px ${font}`;
  ctx.fillText('TESSERA', left, 44);
  const brandWidth = ctx.measureText('TESSERA').width;
  ctx.fillStyle = p.muted;
  fit(ctx, `${picture.product} · ${picture.moment}`, 13, 400, font, textWidth - brandWidth - 12);
  ctx.fillText(`${picture.product} · ${picture.moment}`, left + brandWidth + 12, 43);

  ctx.fillStyle = p.text;
  fit(ctx, picture.pair, 30, 700, font, textWidth);
  ctx.fillText(picture.pair, left, 92);

  // The side as a chip in its colour.
  ctx.font = `600 15px ${font}`;
  const chip = ctx.measureText(picture.side).width + 20;
  ctx.strokeStyle = picture.sideUp ? p.up : p.down;
  ctx.lineWidth = 1.5;
  roundRect(ctx, left, 106, chip, 26, 6);
  ctx.stroke();
  ctx.fillStyle = picture.sideUp ? p.up : p.down;
  ctx.fillText(picture.side, left + 10, 124);

  ctx.fillStyle = tone;
  fit(ctx, picture.percent, 56, 700, font, textWidth);
  ctx.fillText(picture.percent, left, 200);
  fit(ctx, picture.pnl, 22, 600, font, textWidth);
  ctx.fillText(picture.pnl, left, 234);

  const column = textWidth / Math.max(1, picture.rows.length);
  picture.rows.forEach((row, index) => {
    const x = left + index * column;
    ctx.fillStyle = p.muted;
    fit(ctx, row.label, 13, 400, font, column - 12);
    ctx.fillText(row.label, x, 284);
    ctx.fillStyle = p.text;
    fit(ctx, row.value, 18, 600, font, column - 12);
    ctx.fillText(row.value, x, 310);
  });

  const qrX = CARD_WIDTH - PAD - QR_SIZE;
  drawQr(ctx, picture.invite.link, qrX, 64, QR_SIZE);
  ctx.fillStyle = p.muted;
  ctx.font = `400 12px ${font}`;
  ctx.textAlign = 'center';
  wrap(ctx, picture.invite.caption, QR_SIZE + 8, 3).forEach((line, index) => {
    ctx.fillText(line, qrX + QR_SIZE / 2, 64 + QR_SIZE + 22 + index * 16);
  });

  const png = await new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no image'))), 'image/png'),
  );
  return { png, preview: canvas.toDataURL('image/png') };
}

/** Puts the PNG on the clipboard as an image. */
export async function copyCardImage(image: Blob): Promise<void> {
  if (typeof ClipboardItem === 'undefined' || !navigator.clipboard?.write) throw new Error('no clipboard');
  await navigator.clipboard.write([new ClipboardItem({ [image.type]: image })]);
}

/** Downloads the PNG under `fileName`. */
export function saveCardImage(image: Blob, fileName: string): void {
  const url = URL.createObjectURL(image);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its bytes once the click returned; the URL is let go a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
