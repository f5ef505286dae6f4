import sharp from 'sharp';
import { makeThumbnail } from '../api/attachments/photoFiles.ts';

/** A sample photo and its thumbnail. */
export interface SamplePhoto {
  data: Buffer;
  thumb: Buffer;
}

/** Draws a simple 1024×768 JPEG in the group's colour (a landscape with a marker), labelled as a sample by its file name. */
export async function samplePhoto(color: string, variant: number): Promise<SamplePhoto> {
  const cx = 300 + (variant % 5) * 100;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="768">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#dbeafe"/><stop offset="1" stop-color="#f8fafc"/></linearGradient></defs>
    <rect width="1024" height="768" fill="url(#sky)"/>
    <path d="M0 520 L220 330 L420 470 L640 280 L1024 540 L1024 768 L0 768 Z" fill="#9fb99a"/>
    <path d="M0 620 Q 512 520 1024 640 L1024 768 L0 768 Z" fill="#6f8f69"/>
    <circle cx="${cx}" cy="560" r="120" fill="${color}" stroke="#ffffff" stroke-width="16"/>
    <circle cx="${cx}" cy="560" r="40" fill="#ffffff" opacity="0.8"/>
  </svg>`;
  const data = await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
  return { data, thumb: await makeThumbnail(data) };
}
