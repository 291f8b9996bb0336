import { Limits } from '@ferry/shared';
import sharp, { type Sharp } from 'sharp';
import { fail } from '../../http/errors.js';
import { headerDimensions } from './dimensions.js';
import { type SniffedType, sniffType } from './sniff.js';

/**
 * A picture uploaded to be shown (a project cover, a team avatar), checked before anyone sees it: its type
 * told by its bytes (10114 when not `accepted`), the size its header declares checked before any pixel is
 * made, then decoded whole by `render` under the same pixel limit. A picture too large or that does not
 * decode is 10119.
 */
export async function renderPicture<T>(
  data: Buffer,
  accepted: readonly SniffedType[],
  render: (image: Sharp) => Promise<T>,
): Promise<{ type: SniffedType; rendered: T }> {
  const type = sniffType(data);
  if (!type || !accepted.includes(type)) throw fail('IMAGE_FORMAT_UNSUPPORTED');
  const declared = headerDimensions(data, type);
  if (declared && declared.width * declared.height > Limits.pictureMaxPixels)
    throw fail('IMAGE_FORMAT_INVALID');
  const rendered = await render(sharp(data, { limitInputPixels: Limits.pictureMaxPixels })).catch(() => {
    throw fail('IMAGE_FORMAT_INVALID');
  });
  return { type, rendered };
}
