import qrcode from 'qrcode-generator';
import { useMemo } from 'react';

/** The SVG path of a QR code's dark modules, one unit per module. */
export function qrPath(text: string): { size: number; path: string } {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  const size = qr.getModuleCount();
  let path = '';
  for (let row = 0; row < size; row++)
    for (let col = 0; col < size; col++) if (qr.isDark(row, col)) path += `M${col} ${row}h1v1h-1z`;
  return { size, path };
}

/** A QR code of `text` (WeChat Pay Native's code_url), with the quiet zone scanners need. */
export function QrCode({ text, label, px = 200 }: { text: string; label: string; px?: number }) {
  const { size, path } = useMemo(() => qrPath(text), [text]);
  const quiet = 4;
  const box = size + quiet * 2;
  return (
    <svg
      role="img"
      aria-label={label}
      width={px}
      height={px}
      viewBox={`${-quiet} ${-quiet} ${box} ${box}`}
      shapeRendering="crispEdges"
      data-qr={text}
    >
      <rect x={-quiet} y={-quiet} width={box} height={box} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
