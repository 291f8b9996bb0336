import { type CodeName, Limits } from '@ferry/shared';
import sharp, { type Sharp } from 'sharp';
import { fail } from '../../http/errors.js';
import { headerDimensions } from './dimensions.js';
import { type SniffedType, sniffType } from './sniff.js';

/** How many pixels a picture may have, and the code of one past them (a cover's or avatar's: 10119). */
export interface PictureLimit {
  maxPixels: number;
  tooLarge: CodeName;
}

const SHOWN_PICTURE: PictureLimit = { maxPixels: Limits.pictureMaxPixels, tooLarge: 'IMAGE_FORMAT_INVALID' };

/**
 * A picture uploaded to be shown (a project cover, a team avatar, a design QA screenshot), checked before anyone
 * sees it: its type told by its bytes (10114 when not `accepted`), the size its header declares checked before
 * any pixel is made, then decoded whole by `render` under the same pixel limit. A picture past the limit is
 * `limit.tooLarge`; one that does not decode is 10119.
 */
export async function renderPicture<T>(
  data: Buffer,
  accepted: readonly SniffedType[],
  render: (image: Sharp) => Promise<T>,
  limit: PictureLimit = SHOWN_PICTURE,
): Promise<{ type: SniffedType; rendered: T }> {
  const type = sniffType(data);
  if (!type || !accepted.includes(type)) throw fail('IMAGE_FORMAT_UNSUPPORTED');
  const declared = headerDimensions(data, type);
  if (declared && declared.width * declared.height > limit.maxPixels) throw fail(limit.tooLarge);
  const rendered = await render(sharp(data, { limitInputPixels: limit.maxPixels })).catch(() => {
    throw fail('IMAGE_FORMAT_INVALID');
  });
  return { type, rendered };
}
