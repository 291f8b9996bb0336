import sharp from 'sharp';

const PALETTE = ['#2878ff', '#00b365', '#f5a623', '#e5484d', '#7b61ff', '#13a8a8', '#eb2f96', '#1f2329'];

/**
 * A mock app screen as a designer would export it: a coloured bar, a title, cards and a button, drawn as SVG
 * and rendered by sharp to PNG (mobile, 375×812) or JPEG (desktop, 1440×900).
 */
export async function mockScreen(index: number, kind: 'png' | 'jpeg'): Promise<Buffer> {
  const [width, height] = kind === 'png' ? [375, 812] : [1440, 900];
  const accent = PALETTE[index % PALETTE.length];
  const cards = Array.from({ length: kind === 'png' ? 4 : 6 }, (_, n) => {
    const columns = kind === 'png' ? 1 : 3;
    const cardWidth = (width - 48 - (columns - 1) * 16) / columns;
    const x = 24 + (n % columns) * (cardWidth + 16);
    const y = 150 + Math.floor(n / columns) * 150;
    return `<rect x="${x}" y="${y}" width="${cardWidth}" height="130" rx="12" fill="#fff" stroke="#e6e8eb"/>
      <rect x="${x + 16}" y="${y + 18}" width="48" height="48" rx="10" fill="${accent}" opacity="${0.25 + n * 0.1}"/>
      <rect x="${x + 80}" y="${y + 24}" width="${cardWidth * 0.45}" height="12" rx="6" fill="#1f2329"/>
      <rect x="${x + 80}" y="${y + 46}" width="${cardWidth * 0.3}" height="10" rx="5" fill="#8f959e"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#f5f6f8"/>
    <rect width="100%" height="96" fill="${accent}"/>
    <text x="24" y="62" font-family="sans-serif" font-size="28" font-weight="700" fill="#fff">Screen ${index}</text>
    ${cards}
    <rect x="24" y="${height - 96}" width="${width - 48}" height="52" rx="26" fill="${accent}"/>
  </svg>`;
  const image = sharp(Buffer.from(svg));
  return kind === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 85 }).toBuffer();
}
