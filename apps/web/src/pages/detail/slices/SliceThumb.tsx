import { PictureOutlined } from '@ant-design/icons';
import type { Frame } from '@ferry/shared';

/** Thumbnails fit this square (CSS px). */
const BOX = 40;
/** Tiny icons are enlarged at most this much. */
const MAX_ZOOM = 4;

/**
 * A layer's thumbnail: the design picture cropped to the layer's frame with CSS (no request per slice).
 * `designWidth/Height` are the picture's design pixels, which the frames are measured in.
 */
export function SliceThumb({
  imageUrl,
  designWidth,
  designHeight,
  frame,
}: {
  imageUrl: string;
  designWidth: number;
  designHeight: number;
  frame: Frame;
}) {
  if (!imageUrl || frame.width <= 0 || frame.height <= 0) {
    return (
      <span className="slice-thumb is-empty">
        <PictureOutlined />
      </span>
    );
  }
  const zoom = Math.min(BOX / frame.width, BOX / frame.height, MAX_ZOOM);
  return (
    <span className="slice-thumb">
      <span
        className="slice-thumb-crop"
        data-testid="slice-thumb"
        style={{
          width: frame.width * zoom,
          height: frame.height * zoom,
          backgroundImage: `url("${imageUrl}")`,
          backgroundSize: `${designWidth * zoom}px ${designHeight * zoom}px`,
          backgroundPosition: `${-frame.x * zoom}px ${-frame.y * zoom}px`,
        }}
      />
    </span>
  );
}
